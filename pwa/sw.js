// Service worker: precaches every page of the site and every hashed asset
// of this build, serves them cache-first, and waits to take over until a
// page asks (so one page never mixes two versions). The lists, hashes and
// version below are written at build time by scripts/postbuild.mjs; never
// edit them by hand.
//
// A version is installed whole or not at all: every file is fetched past
// the HTTP cache, its SHA-256 compared with the build's, and every
// `integrity` a page gives for a file compared with that file; one file
// that differs (a deployment half done, a file changed after the build, a
// stale copy on the way) and the install fails, the new cache is dropped,
// and the version installed before keeps serving every page.
const VERSION = '__VERSION__';
// Page folders relative to the scope: '' (home), 'survival/', ...
const PAGES = __PAGES__;
// Every file of the build (pages by their folder URL) and its SHA-256, base64.
const FILES = __FILES__;
const CACHE = `console-${VERSION}`;
const scoped = (path) => new URL(path, self.registration.scope).href;

const base64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));
const digest = async (algorithm, body) => base64(await crypto.subtle.digest(algorithm, body));

// Each `integrity="sha256|384|512-..."` of a page, with the URL it is for.
function integrities(html, pageUrl) {
  const found = [];
  for (const tag of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const integrity = /\bintegrity="(sha(256|384|512)-[^"]+)"/.exec(tag[0]);
    const href = /\b(?:href|src)="([^"]+)"/.exec(tag[0]);
    if (integrity && href) found.push({ url: new URL(href[1], pageUrl).href, integrity: integrity[1], algorithm: `SHA-${integrity[2]}` });
  }
  return found;
}

async function install() {
  const fetched = await Promise.all(Object.entries(FILES).map(async ([path, hash]) => {
    const url = scoped(path);
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await digest('SHA-256', body)) !== hash) throw new Error(`${path} is not the file this version was built with`);
    return { url, body, type: response.headers.get('content-type') || '' };
  }));
  const byUrl = new Map(fetched.map((f) => [f.url, f]));
  for (const f of fetched) {
    if (!f.type.startsWith('text/html')) continue;
    for (const { url, integrity, algorithm } of integrities(new TextDecoder().decode(f.body), f.url)) {
      const file = byUrl.get(url);
      if (!file) throw new Error(`${f.url} loads ${url}, which is not part of this version`);
      const want = integrity.slice(integrity.indexOf('-') + 1);
      if ((await digest(algorithm, file.body)) !== want) throw new Error(`${url} fails the integrity check of ${f.url}`);
    }
  }
  const cache = await caches.open(CACHE);
  await Promise.all(fetched.map((f) => cache.put(f.url, new Response(f.body, { headers: { 'content-type': f.type } }))));
}

self.addEventListener('install', (event) => {
  event.waitUntil(install().catch(async (e) => {
    await caches.delete(CACHE);
    throw e;
  }));
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
