// The service worker: precache every file of one build, then serve them cache-first.
//
// The build prepends two constants to this file: BUILD (a hash of every file's content) and
// FILES (every file the site needs, relative to this script). One cache per build, named by its
// hash, so a page never mixes files of two versions: the old worker keeps serving the old cache
// until the page accepts the new version, and the new worker deletes every other cache when it
// takes over.
/* global BUILD, FILES */

const CACHE = `tabula-${BUILD}`;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // Bypass the HTTP cache so a new build never picks up an old copy of a file.
      cache.addAll(FILES.map((file) => new Request(new URL(file, SCOPE), { cache: "reload" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("tabula-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "activate-new-version") self.skipWaiting();
  if (event.data === "build") event.source?.postMessage({ build: BUILD });
});

/** The precached response for a request of this site, or undefined. */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  // Pages are cached without their query (game options travel in the query and the hash).
  const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : url.href;
  return (await cache.match(key, { ignoreSearch: true })) ?? undefined;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(fromCache(request).then((cached) => cached ?? fetch(request)));
});
