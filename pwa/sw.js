// Service worker: precaches the app shell and every hashed asset of this
// build, serves them cache-first, and waits to take over until the page
// asks (so one page never mixes two versions). The list and version below
// are written at build time by scripts/postbuild.mjs; never edit them by hand.
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `mini-survivor-${VERSION}`;
const scoped = (path) => new URL(path, self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map(scoped))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('mini-survivor-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The app has one page: any navigation inside the scope gets the cached shell.
    event.respondWith(caches.match(scoped('./'), { cacheName: CACHE }).then((hit) => hit || fetch(request)));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(request)));
});
