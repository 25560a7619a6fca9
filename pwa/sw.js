// Service worker: precaches every page of the site and every hashed asset
// of this build, serves them cache-first, and waits to take over until a
// page asks (so one page never mixes two versions). The lists and version
// below are written at build time by scripts/postbuild.mjs; never edit them
// by hand.
const VERSION = '__VERSION__';
// Page folders relative to the scope: '' (home), 'survival/', ...
const PAGES = __PAGES__;
const PRECACHE = __PRECACHE__;
const CACHE = `console-${VERSION}`;
const scoped = (path) => new URL(path, self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map(scoped))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => (k.startsWith('console-') || k.startsWith('mini-survivor-')) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

// The page a navigation inside the scope belongs to: the longest page folder
// its path starts with (the home page for anything else).
function pageFor(url) {
  const rel = url.href.startsWith(self.registration.scope) ? url.pathname.slice(new URL(self.registration.scope).pathname.length) : '';
  let best = '';
  for (const p of PAGES) if (p && (rel === p.slice(0, -1) || rel.startsWith(p)) && p.length > best.length) best = p;
  return scoped(`./${best}`);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(caches.match(pageFor(url), { cacheName: CACHE }).then((hit) => hit || fetch(request)));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(request)));
});
