// Paddock's service worker: after one visit the site also works offline.
//
// Installing it stores every file the site needs (the list below, written by build.py)
// in a cache named after the build. Requests then go to the network first -- online,
// the browser's own HTTP cache answers the pinned runtime, which keeps its compiled
// wasm; answering from Cache Storage instead measured slower, as the browser then
// compiles the wasm again -- and only when the network fails does the cache answer.
// A new deploy has a new build id, so the next visit installs a new worker, which
// replaces the old cache.

const BUILD = "__PADDOCK_BUILD__"; // {"id": …, "files": […]} filled in by build.py
const CACHE = `paddock-${BUILD.id}`;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Fetched with the HTTP cache allowed: most files have just been downloaded.
      await cache.addAll(BUILD.files.map((file) => new URL(file, SCOPE).href));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("paddock-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  // HEAD too (web/boot.js asks early whether each boot file is there).
  const hit = await cache.match(request, { ignoreSearch: true, ignoreMethod: true });
  if (hit) return hit;
  // The app's own addresses (#/play/…) are all the one page.
  if (request.mode === "navigate") return cache.match(new URL("./", SCOPE).href);
  return undefined;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await fromCache(request);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!["GET", "HEAD"].includes(request.method)) return;
  if (new URL(request.url).origin !== SCOPE.origin) return;
  event.respondWith(networkFirst(request));
});
