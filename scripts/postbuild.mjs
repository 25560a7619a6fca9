#!/usr/bin/env node
// After every page is built (scripts/build), over the whole site in DIR:
//  0. minifies each page's wasm-bindgen glue (the ES module its index.html
//     imports; terser, names of exports kept) and updates its Subresource
//     Integrity hash: 2 KB (brotli) less in every page's first load;
//  1. puts the start-up notice first in each page's <body> (shown when the
//     app has not started 8 s in, or at once when a file fails to load;
//     the app removes it when it mounts: never a blank page);
//  2. puts a Content-Security-Policy meta tag first in each page's <head>,
//     allowing only this origin, plus the SHA-256 of Trunk's inline loader
//     script and 'wasm-unsafe-eval' for WebAssembly;
//  3. writes sw.js at the root with every file of every page and its
//     SHA-256 (it installs a version only when every file matches), and a
//     version derived from their contents (no hand-kept list);
//  4. writes 404.html (a copy of the home page) for GitHub Pages.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { minify } from 'terser';

const dir = process.argv[2];
if (!dir) { console.error('postbuild: usage: postbuild.mjs DIST'); process.exit(2); }
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const files = [];
(function walk(d, rel) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(path.join(d, e.name), r);
    else if (r !== 'sw.js' && r !== '404.html') files.push(r);
  }
})(dir, '');
files.sort();

const pages = files.filter((f) => f === 'index.html' || f.endsWith('/index.html'));

let minified = 0;
for (const page of pages) {
  const p = path.join(dir, page);
  let html = fs.readFileSync(p, 'utf8');
  for (const m of html.matchAll(/<link rel="modulepreload" href="\.\/([\w.-]+\.js)"[^>]*>/g)) {
    const js = path.join(path.dirname(p), m[1]);
    const src = fs.readFileSync(js, 'utf8');
    // Already done (postbuild run twice over the same build).
    if (src.startsWith('/*! minified */')) continue;
    const out = await minify(src, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    const code = `/*! minified */${out.code}`;
    fs.writeFileSync(js, code);
    const sri = `sha384-${crypto.createHash('sha384').update(code).digest('base64')}`;
    html = html.replace(m[0], m[0].replace(/integrity="[^"]*"/, `integrity="${sri}"`));
    minified += 1;
  }
  fs.writeFileSync(p, html);
}

// The start-up notice (style/main.css shows it; shell::mount removes it).
const BOOT = `<div id="boot" role="alert"><p>The console has not started. Its files could not all be loaded, or they do not match one another (the connection was cut, or a new version was arriving as the page loaded). Reload the page; if it stays like this, come back later. Your saved games are kept in this browser and are not touched.</p></div>
<script>(function(){function failed(){var b=document.getElementById('boot');if(b)b.className='failed'}addEventListener('error',failed,true);addEventListener('unhandledrejection',failed)})()</script>`;
for (const page of pages) {
  const p = path.join(dir, page);
  const html = fs.readFileSync(p, 'utf8');
  if (!html.includes('<div id="boot"')) fs.writeFileSync(p, html.replace(/<body>/, `<body>\n${BOOT}`));
}

let hashCount = 0;
for (const page of pages) {
  const p = path.join(dir, page);
  let html = fs.readFileSync(p, 'utf8').replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]).digest('base64')}'`);
  hashCount += hashes.length;
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    // Only the delivery page talks to Discord (its webhooks).
    page.startsWith('deliver/') ? "connect-src 'self' https://discord.com" : "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
  html = html.replace(/<head>/, `<head>\n  <meta http-equiv="Content-Security-Policy" content="${csp}">`);
  fs.writeFileSync(p, html);
  if (page === 'index.html') fs.writeFileSync(path.join(dir, '404.html'), html);
}

const version = crypto.createHash('sha256');
// Pages are cached under their folder URL ('./', './survival/'), as they are navigated to.
const precache = {};
for (const f of files) {
  const body = fs.readFileSync(path.join(dir, f));
  version.update(f).update(body);
  const url = f === 'index.html' ? './' : f.endsWith('/index.html') ? `./${f.slice(0, -'index.html'.length)}` : f;
  precache[url] = crypto.createHash('sha256').update(body).digest('base64');
}
const sw = fs.readFileSync(path.join(root, 'pwa/sw.js'), 'utf8')
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__PAGES__', JSON.stringify(pages.map((p) => p.slice(0, -'index.html'.length))))
  .replace('__FILES__', JSON.stringify(precache, null, 2));
fs.writeFileSync(path.join(dir, 'sw.js'), sw);
console.log(`postbuild: ${pages.length} pages, ${minified} glue module(s) minified, CSP with ${hashCount} inline script hash(es); sw.js precaches ${files.length} files`);
