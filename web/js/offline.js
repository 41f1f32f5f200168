// Offline play: register the service worker, and offer a new version when one is deployed.
//
// A new build installs beside the old one and waits; the page shows a notice with a button.
// Only when the visitor accepts does the new worker take over; then every page of the site that
// is open reloads once, so a page, its engine worker and every file they load come from one build.

import { has, preferredLanguage, setLanguage, t } from "./i18n.js";

const NOTICE = ["offline.update-ready", "offline.update-reload"];

async function showNotice(worker) {
  if (document.getElementById("update-notice")) return;
  // The page loads its catalogue at start; a notice found sooner waits for it.
  if (!NOTICE.every(has)) await setLanguage(preferredLanguage(), { remember: false });
  const notice = document.createElement("div");
  notice.id = "update-notice";
  notice.className = "update-notice";
  notice.setAttribute("role", "status");
  const text = document.createElement("span");
  text.dataset.i18n = NOTICE[0];
  text.textContent = t(NOTICE[0]);
  const button = document.createElement("button");
  button.type = "button";
  button.id = "update-accept";
  button.className = "primary";
  button.dataset.i18n = NOTICE[1];
  button.textContent = t(NOTICE[1]);
  button.addEventListener("click", () => {
    button.disabled = true;
    worker.postMessage("activate-new-version");
  });
  notice.append(text, " ", button);
  document.body.append(notice);
}

/** Register ./sw.js (the site's root: every page sits beside it) and watch for updates. */
export async function startOffline() {
  if (!("serviceWorker" in navigator)) return null;
  // A page that was served by one build reloads when another takes over (accepted here or in
  // another tab); the very first worker taking over a first visit changes nothing.
  if (navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload());
  }
  const registration = await navigator.serviceWorker.register(
    new URL("../sw.js", import.meta.url),
    { scope: new URL("../", import.meta.url).pathname },
  );
  if (!registration) return null; // a browser that turns service workers off answers nothing
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showNotice(worker);
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  registration.update().catch(() => {}); // offline: nothing to check, the cache serves
  return registration;
}
