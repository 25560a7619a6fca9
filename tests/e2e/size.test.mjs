// Every page of the built site: its first load (the wasm, js and css its
// index.html loads, brotli) stays within 350 KB, and it loads only its own
// game's code (a page's wasm is its own binary). Files loaded later, such
// as the circle AI's Web Worker, are not part of the first load. Figures
// are printed by scripts/bench.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST, ROOT, firstLoad } from './helpers.mjs';

const LIMIT_KB = 350;
const pages = [['home', ''], ...fs.readdirSync(path.join(ROOT, 'pages')).sort().map((p) => [p, p])];

test('every page loads within 350 KB (brotli) and ships only its own binary', () => {
  const over = [];
  for (const [name, dir] of pages) {
    const d = path.join(DIST, dir);
    const files = firstLoad(d);
    const wasm = files.filter((f) => f.endsWith('.wasm'));
    assert.ok(wasm.length >= 1, `${name} has a wasm file`);
    const own = name === 'home' ? 'console-home' : `console-${name}`;
    assert.ok(wasm.some((f) => f.startsWith(`${own}-`)), `${name} loads ${own}, not another page's code: ${wasm}`);
    const br = files.reduce((sum, f) => sum + zlib.brotliCompressSync(fs.readFileSync(path.join(d, f)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0) / 1024;
    if (br > LIMIT_KB) over.push(`${name}: ${br.toFixed(0)} KB`);
  }
  assert.deepEqual(over, [], `pages over ${LIMIT_KB} KB brotli`);
});
