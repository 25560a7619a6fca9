// A static file server for dist/ on 127.0.0.1, at the root and under a
// sub-path (as GitHub Pages serves a project site). Used by the tests and
// the benchmark. With `gzip: true` it compresses text and wasm responses
// for clients that accept gzip (Content-Encoding: gzip, as GitHub Pages
// does; each file compressed once and kept), so transfer sizes are those
// users download; by default every file is sent as it is on disk.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };
// What GitHub Pages compresses (images such as PNG are already compressed).
const COMPRESSED = new Set(['.html', '.js', '.wasm', '.css', '.json', '.svg', '.webmanifest']);

export function serve(dir, { prefix = '/', port = 0, gzip = false } = {}) {
  const root = path.resolve(dir);
  // file -> { mtime, body } for gzip-compressed files.
  const packed = new Map();
  const server = http.createServer((req, res) => {
    let url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!url.startsWith(prefix)) { res.writeHead(404); res.end('not found'); return; }
    url = url.slice(prefix.length);
    let file = path.join(root, url || 'index.html');
    if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end('not found'); return; }
      const ext = path.extname(file);
      const headers = { 'content-type': TYPES[ext] || 'application/octet-stream', 'cache-control': 'no-cache' };
      if (gzip && COMPRESSED.has(ext)) {
        headers.vary = 'Accept-Encoding';
        if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
          const mtime = fs.statSync(file).mtimeMs;
          let hit = packed.get(file);
          if (!hit || hit.mtime !== mtime || hit.size !== data.length) {
            hit = { mtime, size: data.length, body: zlib.gzipSync(data, { level: 6 }) };
            packed.set(file, hit);
          }
          headers['content-encoding'] = 'gzip';
          data = hit.body;
        }
      }
      res.writeHead(200, headers);
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => {
    const { port } = server.address();
    resolve({ url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((r) => server.close(r)) });
  }));
}
