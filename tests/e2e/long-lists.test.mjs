// A sign-up list of thousands of lines pasted into a players box does not
// hold the page: the browser's own paste into a textarea costs the square
// of the lines (2,000 lines held Chromium about 5 s, 20,000 lines
// minutes), so a paste of many lines is put in by the page
// (shell::paste::take_many_lines), and the set-up reads the list at once:
// Mini-Survivor refuses more than 200 players before reading a name. Each
// paste is a real one (Control+V from the clipboard); the time to the
// page's answer and the longest task are printed, not asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goto, open } from './helpers.mjs';

const GAMES = [
  {
    kind: 'mini-survivor',
    start: (page) => page.click('[data-testid=new-mini-survivor]'),
    answer: (n) => `${n} players is too many (at most 200)`,
    read: (page) => page.textContent('[data-testid=setup-problem]'),
  },
  {
    kind: 'survival',
    start: (page) => goto(page, 'survival/'),
    answer: (n) => `${n} players`,
    read: (page) => page.textContent('[data-testid=player-count]'),
  },
  {
    kind: 'dice-org',
    start: (page) => goto(page, 'dice-org/#/setup'),
    answer: () => '4 to 40 players',
    read: (page) => page.textContent('[data-testid=setup-problem]'),
  },
];

for (const g of GAMES) {
  test(`${g.kind}: a sign-up list of 2,000 and 20,000 lines pasted into the players box is taken at once and read`, async () => {
    const t = await open({ contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
    const { page } = t;
    try {
      await g.start(page);
      const box = '[data-testid=players]';
      await page.waitForSelector(box);
      await page.evaluate(() => {
        window.__longest = 0;
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: 'longtask' });
        // What became of each paste: taken by the page (default prevented) or left to the browser.
        document.addEventListener('paste', (ev) => { window.__taken = ev.defaultPrevented; });
      });
      for (const n of [2000, 20000]) {
        const list = Array.from({ length: n }, (_, i) => `${i + 1}. Player${i + 1}`).join('\n');
        await page.evaluate((text) => navigator.clipboard.writeText(text), list);
        await page.fill(box, '');
        await page.focus(box);
        const start = Date.now();
        await page.keyboard.press('Control+V');
        await page.waitForFunction(([sel, len]) => document.querySelector(sel).value.length === len, [box, list.length]);
        assert.equal(await page.evaluate(() => window.__taken), true, 'the page took the paste');
        await page.waitForFunction(([want, sel]) => document.querySelector(sel)?.textContent.includes(want), [g.answer(n), g.kind === 'survival' ? '[data-testid=player-count]' : '[data-testid=setup-problem]']);
        const read = await g.read(page);
        assert.ok(read.includes(g.answer(n)), read);
        const longest = await page.evaluate(() => window.__longest);
        console.log(`# ${g.kind}: ${n} lines pasted, answered in ${Date.now() - start} ms, longest task ${longest.toFixed(0)} ms`);
        await page.evaluate(() => { window.__longest = 0; });
      }
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });
}
