// The service worker: precache every file of one build, then serve them cache-first.
//
// The build prepends two constants to this file: BUILD (a hash of every file's content) and
// FILES (every file the site needs, relative to this script, with the SHA-256 of its content).
// One cache per build, named by its hash, so a page never mixes files of two versions: each file
// is checked against its hash before it is cached, the old worker keeps serving the old cache
// until the page accepts the new version, and the new worker deletes every other cache when it
// takes over.
/* global BUILD, FILES */

const PREFIX = "tabula-";
const CACHE = `${PREFIX}${BUILD}`;
const SCOPE = new URL("./", self.location).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A file of this build as a response to cache: the browser's HTTP cache is used when its copy
 * has the right content (a first visit has just loaded most files), else the file is fetched
 * again past it; a file that still differs (a deployment under way) fails the install. */
async function fetchChecked(file, hash) {
  const url = new URL(file, SCOPE);
  for (const mode of ["default", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", body)) === hash) {
      const type = response.headers.get("Content-Type");
      return new Response(body, { headers: type ? { "Content-Type": type } : {} });
    }
  }
  throw new Error(`${file}: its content is not that of build ${BUILD}`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(FILES).map(async ([file, hash]) => {
      const url = new URL(file, SCOPE).href;
      if (!(await cache.match(url))) await cache.put(url, await fetchChecked(file, hash));
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "activate-new-version") self.skipWaiting();
  if (event.data === "build") event.source?.postMessage({ build: BUILD, cache: CACHE });
});

let opened = null;

/** The precached response for a request of this site, or undefined. */
async function fromCache(request) {
  opened ??= caches.open(CACHE);
  const cache = await opened;
  const url = new URL(request.url);
  // A folder is its index page; the query is ignored (pages keep their state in the fragment).
  // The key is the exact URL: a match that ignores the query would read every entry of the cache.
  url.hash = "";
  url.search = "";
  const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : url.href;
  return (await cache.match(key)) ?? undefined;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(fromCache(request).then((cached) => cached ?? fetch(request)));
});
