// Survival circle against the AI: a whole game at every level (the person
// plays by keys, alternately Blue and Red), with no long task (over 50 ms,
// PerformanceObserver 'longtask') on the page's thread while the AI thinks:
// it runs in a Web Worker, loaded under the site's CSP only when first
// asked. Stop, Resume and Move now; the hint; no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, goto } from './helpers.mjs';

/** The board as the circle draws it: 16 characters, cell 0 first. */
const board = (page) => page.$$eval('[data-testid=circle] g[data-cell]', (gs) => gs
  .sort((a, b) => a.dataset.cell - b.dataset.cell)
  .map((g) => (g.querySelector('.token.blue') ? 'B' : g.querySelector('.token.red') ? 'R' : '.'))
  .join(''));

/** Starts a game against the AI from Setup; `colour` is the person's. */
async function newGame(page, colour, level) {
  await goto(page, 'survival-circle/#/setup');
  await page.click('[data-testid=kind-ai]');
  await page.fill('[data-testid=name-you]', 'Tester');
  await page.check(`[data-testid=you-${colour}]`);
  await page.selectOption('[data-testid=level]', level);
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=circle]');
}

const LEVELS = ['Beginner', 'Easy', 'Medium', 'Hard', 'Strongest'];

/** Records long tasks and the intervals when the "thinking" indicator is shown. */
function observe() {
  window.__long = [];
  window.__thinking = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  let since = null;
  new MutationObserver(() => {
    const on = !!document.querySelector('[data-testid=thinking]');
    if (on && since === null) since = performance.now();
    if (!on && since !== null) { window.__thinking.push([since, performance.now()]); since = null; }
  }).observe(document, { subtree: true, childList: true });
}

/** Long tasks that overlap a time the AI was thinking. */
const duringThinking = (page) => page.evaluate(() => window.__long.filter((l) =>
  window.__thinking.some(([a, b]) => l.start < b && l.start + l.duration > a)));

test('a game against the AI at every level, the page never blocked while it thinks', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  // Same-document navigations from here on (the URL's hash changes).
  await page.evaluate(observe);
  const figures = [];
  try {
    for (const [i, level] of LEVELS.entries()) {
      const colour = i % 2 ? 'red' : 'blue';
      await newGame(page, colour, level);
      await page.selectOption('[data-testid=think-ms]', '100');
      const started = await page.evaluate(() => performance.now());
      let moves = 0;
      let aiMs = 0;
      let aiNodes = 0;
      for (;;) {
        // The person's turn (an enabled value), or the end.
        await page.waitForSelector('button.value:enabled, [data-testid=result]', { timeout: 30000 });
        if (await page.$('[data-testid=result]')) break;
        const v = await page.$eval('button.value:enabled', (b) => b.dataset.value);
        const turn = await page.textContent('[data-testid=turn]');
        await page.keyboard.press(v);
        await page.waitForFunction((t) => document.querySelector('[data-testid=turn]').textContent !== t, turn);
        moves += 1;
        const last = await page.$('[data-testid=ai-last]');
        if (last) {
          aiNodes += Number(await last.getAttribute('data-nodes'));
          aiMs += Number(await last.getAttribute('data-ms'));
        }
      }
      const result = await page.textContent('[data-testid=result]');
      assert.match(result, /^Game over: /);
      assert.ok(moves >= 47 && moves <= 48, `${level}: ${moves} moves by the person`);
      const long = await duringThinking(page);
      const all = await page.evaluate((s) => window.__long.filter((l) => l.start >= s), started);
      figures.push(`${level} (person ${colour}): ${result} ${(await board(page))}; long tasks while thinking ${long.length}, in the game ${all.length}${all.length ? ` (${all.map((l) => `${l.duration.toFixed(0)} ms`).join(', ')})` : ''}${aiMs ? `; ~${(aiNodes / aiMs / 1000).toFixed(1)} M nodes/s` : ''}`);
      assert.deepEqual(long, [], `${level}: long tasks while the AI thought`);
    }
    console.log(figures.join('\n'));

    // Stop, Resume, Move now: the strongest AI with 10 s to think.
    await newGame(page, 'blue', 'Strongest');
    await page.selectOption('[data-testid=think-ms]', '10000');
    await page.keyboard.press('5');
    await page.waitForSelector('[data-testid=thinking]');
    await page.click('[data-testid=stop]');
    await page.waitForSelector('[data-testid=paused]');
    assert.equal(await page.$('[data-testid=thinking]'), null);
    assert.match(await page.textContent('[data-testid=turn]'), /^Turn 2 of 96: Red/);
    await page.click('[data-testid=resume]');
    await page.waitForSelector('[data-testid=thinking]');
    // Move now, once a depth is done: the best value so far is played.
    await page.waitForSelector('[data-testid=move-now]:enabled');
    // Every 'best so far' the page shows until the move (a deeper search
    // may report a new one between reading it and the click landing).
    await page.evaluate(() => {
      window.__best = [];
      const read = () => {
        const m = document.querySelector('[data-testid=progress]')?.textContent.match(/best so far (\d)/);
        if (m && window.__best.at(-1) !== m[1]) window.__best.push(m[1]);
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.click('[data-testid=move-now]');
    await page.waitForFunction(() => document.querySelector('[data-testid=turn]').textContent.startsWith('Turn 3 of 96'));
    const shown = await page.evaluate(() => window.__best);
    const played = (await page.textContent('[data-testid=record]')).match(/^B5 R(\d)$/);
    assert.ok(played, await page.textContent('[data-testid=record]'));
    assert.ok(shown.includes(played[1]), `Move now played R${played[1]}, a best so far shown: ${shown.join(', ')}`);
    // Undo takes back the AI's reply and the person's move.
    await page.click('[data-testid=undo]');
    await page.waitForFunction(() => document.querySelector('[data-testid=record]').textContent === '(no moves yet)');

    // The hint: every value scored by the AI, best first.
    await page.click('[data-testid=hint-button]');
    await page.waitForSelector('[data-testid=hint]', { timeout: 10000 });
    const rows = await page.$$eval('[data-testid=hint] tbody tr', (rs) => rs.map((r) => r.dataset.value));
    assert.deepEqual([...rows].sort(), ['1', '2', '3', '4', '5', '6', '7', '8']);
    const cells = await page.$$eval('[data-testid=hint] tbody tr td:nth-child(2)', (ts) => ts.map((t) => t.textContent));
    // Value v sends Red to cell 0 + v (C3.3).
    assert.deepEqual(cells, rows.map((v) => `cell ${v}`));
    await t.shot('circle-ai-hint');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
