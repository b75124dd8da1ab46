// Ranklab's service worker: on the first visit it keeps every file of the
// app in a cache, so later visits work with no network at all (workshops,
// trains). The build writes the file list and a version into sw-files.js;
// a new build has a new version, whose cache replaces the old one.
importScripts('sw-files.js');

const CACHE = `ranklab-${self.RANKLAB_VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(self.RANKLAB_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith('ranklab-') && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Same-origin GETs come from the cache first (the page's query string, such
// as ?embed, does not matter); anything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(event.request)),
  );
});
