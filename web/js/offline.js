// Offline play: register the service worker, and offer a new version when one is deployed.
//
// A new build installs beside the old one and waits; the page shows a notice with a button.
// Only when the visitor accepts does the new worker take over, and the page reloads once, so
// the page, its engine worker and every file they load come from one build.

import { t } from "./i18n.js";

let accepted = false;

function showNotice(worker) {
  if (document.getElementById("update-notice")) return;
  const notice = document.createElement("div");
  notice.id = "update-notice";
  notice.className = "update-notice";
  notice.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = t("offline.update-ready");
  const button = document.createElement("button");
  button.type = "button";
  button.id = "update-accept";
  button.textContent = t("offline.update-reload");
  button.addEventListener("click", () => {
    accepted = true;
    button.disabled = true;
    worker.postMessage("activate-new-version");
  });
  notice.append(text, " ", button);
  document.body.append(notice);
}

/** Register ./sw.js (the site's root: every page sits beside it) and watch for updates. */
export async function startOffline() {
  if (!("serviceWorker" in navigator)) return null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) window.location.reload();
  });
  const registration = await navigator.serviceWorker.register(
    new URL("../sw.js", import.meta.url),
    { scope: new URL("../", import.meta.url).pathname },
  );
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
