// The benchmark table of scripts/bench. Every figure is a median over
// repeated runs with min and max (sizes are exact, measured once).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve } from '../e2e/server.mjs';
import { launch } from '../e2e/browser.mjs';
import { ROOT, DIST, firstLoad } from '../e2e/helpers.mjs';

const BENCH_DIST = path.join(ROOT, 'target/bench-dist');
const rows = [];
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { median: mid, min: s[0], max: s[s.length - 1], n: s.length };
};
const row = (figure, unit, st, goal, met) => rows.push({ figure, unit, ...st, goal, met });
const fmt = (x) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

// 1. First-load transfer, per page (the home page and each game's page
// download only their own code: what the page's index.html loads). GitHub
// Pages serves gzip; brotli is the goal. Files loaded later (the circle
// AI's Web Worker, at the first AI move) are a row of their own.
const PAGES = [['home', ''], ...fs.readdirSync(path.join(ROOT, 'pages')).sort().map((p) => [p, p])];
const one = (x) => ({ median: x, min: x, max: x, n: 1 });
const sizes = (dir, files) => {
  let raw = 0, gz = 0, br = 0;
  for (const f of files) {
    const b = fs.readFileSync(path.join(dir, f));
    raw += b.length;
    gz += zlib.gzipSync(b, { level: 9 }).length;
    br += zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw: raw / 1024, gz: gz / 1024, br: br / 1024 };
};
for (const [name, dir] of PAGES) {
  const d = path.join(DIST, dir);
  const first = firstLoad(d);
  const { raw, gz, br } = sizes(d, first);
  row(`first load ${name}, raw (wasm+js+css)`, 'KB', one(raw), '', '');
  row(`first load ${name}, gzip`, 'KB', one(gz), 'report', '');
  row(`first load ${name}, brotli`, 'KB', one(br), '<= 250', br <= 250);
  const later = fs.readdirSync(d).filter((f) => /\.(wasm|js)$/.test(f) && f !== 'sw.js' && !first.includes(f));
  if (later.length) {
    const l = sizes(d, later);
    row(`  ${name}, loaded later (${later.filter((f) => f.endsWith('.wasm')).join(', ')}): gzip / brotli`, 'KB', one(l.br), `report (gzip ${fmt(l.gz)})`, '');
  }
}

const release = await serve(DIST);
const bench = await serve(BENCH_DIST);
const browser = await launch();
const ARGS = { viewport: { width: 1280, height: 900 } };

// A game with 5 rounds of history, as localStorage holds it.
async function fiveRoundStorage() {
  const ctx = await browser.newContext(ARGS);
  const page = await ctx.newPage();
  // Committing a round in which a player sent nothing asks first (yes).
  page.on('dialog', (d) => d.accept());
  await page.goto(release.url + 'mini-survivor/#/demo');
  await page.waitForSelector('.tribe');
  for (let r = 1; r <= 5; r++) {
    await page.click('a.nav[data-screen="Adjudicate"]');
    await page.click('[data-testid=commit]');
    await page.waitForFunction((n) => document.querySelector('[data-testid=live]').textContent.startsWith(`Round ${n} adjudicated`), r);
  }
  await page.waitForTimeout(800);
  const storage = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  await ctx.close();
  return storage;
}

// 2. First render: navigation start to the selector in the DOM, 15 cold loads.
async function firstRender(selector, storage, rel = '') {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const ctx = await browser.newContext(ARGS);
    await ctx.addInitScript(([sel, items]) => {
      if (items) for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      new MutationObserver((_, obs) => {
        if (document.querySelector(sel)) { window.__rendered = performance.now(); obs.disconnect(); }
      }).observe(document, { subtree: true, childList: true });
    }, [selector, storage]);
    const page = await ctx.newPage();
    await page.goto(release.url + rel);
    await page.waitForFunction(() => window.__rendered !== undefined);
    times.push(await page.evaluate(() => window.__rendered));
    await ctx.close();
  }
  return stats(times);
}
const storage = await fiveRoundStorage();
const home = await firstRender('section.home', null);
const game = await firstRender('.tribe', storage, 'mini-survivor/');
row('first render: home page', 'ms', home, 'report', '');
row('first render: Mini-Survivor, 60 survivors, 5 rounds restored', 'ms', game, `report (${(game.median / home.median).toFixed(2)}x home)`, '');

// 3. Adjudication, native (cargo bench output).
const native = fs.readFileSync(path.join(ROOT, 'target/bench-native.txt'), 'utf8');
const m = native.match(/adjudicate: (\d+) complete games\/s \(median of (\d+); min (\d+), max (\d+)/);
row('adjudication, native (3 shared games)', 'games/s', { median: +m[1], min: +m[3], max: +m[4], n: +m[2] }, '>= 60000', +m[1] >= 60000);
// The same with a new position and report allocated every round (`play_round`).
const f = native.match(/adjudicate, fresh position and report per round: (\d+) complete games\/s \(median of (\d+); min (\d+), max (\d+)/);
row('  the same, allocating per round (play_round)', 'games/s', { median: +f[1], min: +f[3], max: +f[4], n: +f[2] }, 'report', '');

// 4 and 5. In the page (bench bundle): adjudication in wasm, autosave.
{
  const ctx = await browser.newContext(ARGS);
  const page = await ctx.newPage();
  await page.goto(bench.url + 'mini-survivor/');
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.bench_adjudicate);
  const rates = [];
  // Warm-up first: Chromium compiles wasm with a baseline tier and swaps in
  // optimised code for hot functions between calls (not inside a running
  // call), so many short calls let it reach the steady state measured next.
  for (let i = 0; i < 30; i++) await page.evaluate(() => window.wasmBindings.bench_adjudicate(50));
  for (let i = 0; i < 7; i++) rates.push(await page.evaluate(() => window.wasmBindings.bench_adjudicate(400)));
  const wasm = stats(rates);
  row('adjudication in Chromium (wasm, 3 shared games)', 'games/s', wasm, '>= 20000', wasm.median >= 20000);
  const saves = (await page.evaluate(() => Array.from(window.wasmBindings.bench_autosave(51)))).slice(1);
  const save = stats(saves);
  row('autosave: 15-round game, serialise + write + read back', 'ms', save, '<= 2', save.median <= 2);
  await ctx.close();
}

// 6. Long tasks during a drag and during adjudicate + render.
{
  const ctx = await browser.newContext(ARGS);
  await ctx.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration))).observe({ type: 'longtask', buffered: true });
  });
  const page = await ctx.newPage();
  // Committing a round in which a player sent nothing asks first (yes).
  page.on('dialog', (d) => d.accept());
  await page.goto(release.url + 'mini-survivor/#/demo');
  await page.waitForSelector('.tribe');
  const worst = async (action) => {
    await page.waitForTimeout(300);
    await page.evaluate(() => { window.__long = []; });
    await action();
    await page.waitForTimeout(300);
    return page.evaluate(() => Math.max(0, ...window.__long));
  };
  const center = async (sel) => { const b = await page.locator(sel).boundingBox(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; };
  const drags = [];
  for (const [id, to] of [['1', 'B'], ['40', 'E'], ['45', 'B'], ['48', 'E'], ['50', 'B']]) {
    drags.push(await worst(async () => {
      const a = await center(`[data-survivor="${id}"]`);
      const b = await center(`[data-tribe="${to}"] h3`);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 20 });
      await page.mouse.up();
    }));
  }
  const dragStats = stats(drags);
  row('longest task during a drag', 'ms', dragStats, 'none > 50', dragStats.max <= 50);
  const commits = [];
  for (let r = 1; r <= 5; r++) {
    await page.click('a.nav[data-screen="Adjudicate"]');
    commits.push(await worst(async () => {
      await page.click('[data-testid=commit]');
      await page.waitForFunction((n) => document.querySelector('[data-testid=live]').textContent.startsWith(`Round ${n} adjudicated`), r);
    }));
  }
  const commitStats = stats(commits);
  row('longest task during adjudicate + render', 'ms', commitStats, 'none > 50', commitStats.max <= 50);
  await ctx.close();
}
// 7. Survival: recounting a 2,000-post day thread, natively and in the page.
{
  const nat = fs.readFileSync(path.join(ROOT, 'target/bench-survival.txt'), 'utf8');
  const r = nat.match(/split of the pasted thread and recount: median ([\d.]+) ms/);
  row('Survival: split + recount of a 2,000-post thread, native', 'ms', one(+r[1]), 'report', '');
  const ctx = await browser.newContext(ARGS);
  const page = await ctx.newPage();
  await page.goto(bench.url + 'survival/');
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.bench_survival_recount);
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.wasmBindings.bench_survival_recount(2000));
  const runs = [];
  for (let i = 0; i < 7; i++) runs.push(await page.evaluate(() => window.wasmBindings.bench_survival_recount(2000)));
  const st = stats(runs);
  row('Survival: split + recount of a 2,000-post thread in Chromium (each run a median of 21)', 'ms', st, '< 16', st.median < 16);
  await ctx.close();
}

// 8. Survival circle: the AI's speed, natively (cargo bench) and in the page.
{
  const nat = fs.readFileSync(path.join(ROOT, 'target/bench-circle.txt'), 'utf8');
  const sp = nat.match(/speed: ([\d.]+) million nodes\/s/);
  const native = +sp[1];
  row('Survival circle AI, native, one core', 'M nodes/s', one(native), '>= 20', native >= 20);
  for (const m of nat.matchAll(/^\s+(\d+) turns left: median\s+([\d.]+|inf) s \(min ([\d.]+|inf), max ([\d.]+|inf)\)(.*)$/gm)) {
    const v = (x) => (x === 'inf' ? Infinity : +x);
    const turns = +m[1];
    const n = +(nat.match(/solve: exact solve times on CPU, (\d+) positions/) || [0, 0])[1];
    row(`  exact solve, ${turns} turns before the end${m[5] ? ' (' + m[5].replace(/^, /, '') + ')' : ''}`, 's', { median: v(m[2]), min: v(m[3]), max: v(m[4]), n }, turns === 26 ? '<= 1' : 'report', turns === 26 ? v(m[2]) <= 1 : '');
  }
  for (const m of nat.matchAll(/^match: full AI \(([\d.]+) ms\/move\) v (.+?): ([\d.]+) of (\d+) points \((\d+)%\), (\d+) paired/gm)) {
    row(`  match, full AI at ${m[1]} ms/move v ${m[2]} (${m[6]} paired openings, both colours)`, '% points', one(+m[5]), 'report', '');
  }
  const ctx = await browser.newContext(ARGS);
  const page = await ctx.newPage();
  await page.goto(bench.url + 'survival-circle/');
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.bench_circle_nodes);
  await page.evaluate(() => window.wasmBindings.bench_circle_nodes(500));
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await page.evaluate(() => window.wasmBindings.bench_circle_nodes(1000)) / 1e6);
  const st = stats(runs);
  row('Survival circle AI in Chromium (page build, opt-level 3)', 'M nodes/s', st, `>= ${fmt(native / 4)} (a quarter of native)`, st.median >= native / 4);
  await ctx.close();
}

await browser.close();
await release.close();
await bench.close();

const header = ['figure', 'unit', 'median', 'min', 'max', 'runs', 'goal', 'met'];
const lines = rows.map((r) => [r.figure, r.unit, fmt(r.median), fmt(r.min), fmt(r.max), String(r.n), r.goal, r.met === '' ? '' : r.met ? 'yes' : 'NO']);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
const out = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(out(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const l of lines) console.log(out(l));
