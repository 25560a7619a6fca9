// A sign-up list of thousands of lines pasted into a players box does not
// hold the page: the browser's own paste into a textarea costs the square
// of the lines (2,000 lines held Chromium about 5 s, 20,000 lines
// minutes), so a paste of many lines is put in by the page, and one over
// 16 KB is held, read but not laid out (shell::paste::ListBox); the
// set-up reads the list at once: Mini-Survivor refuses more than 200
// players before reading a name, and a paste of more lines than a sign-up
// list holds (core::signup::MAX_LINES, 2,000) is measured, not read. Each
// paste is a real one (Control+V from the clipboard); the time to the
// page's answer and the longest task are printed, not asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goto, open } from './helpers.mjs';

// The most lines a sign-up list is read with, and the answer to more.
const MAX_LINES = 2000;
const tooLong = (n) => `the list has ${n} lines, more than a sign-up list holds`;

const GAMES = [
  {
    kind: 'mini-survivor',
    start: (page) => page.click('[data-testid=new-mini-survivor]'),
    answer: (n) => (n > MAX_LINES ? tooLong(n) : `${n} players is too many (at most 200)`),
    read: (page) => page.textContent('[data-testid=setup-problem]'),
  },
  {
    kind: 'survival',
    start: (page) => goto(page, 'survival/'),
    answer: (n) => (n > MAX_LINES ? tooLong(n) : `${n} players`),
    read: (page) => page.textContent('[data-testid=player-count]'),
  },
  {
    kind: 'dice-org',
    start: (page) => goto(page, 'dice-org/#/setup'),
    answer: (n) => (n > MAX_LINES ? tooLong(n) : '4 to 40 players'),
    read: (page) => page.textContent('[data-testid=setup-problem]'),
  },
];

for (const g of GAMES) {
  for (const n of [2000, 20000]) {
    test(`${g.kind}: a sign-up list of ${n} lines pasted into the players box is taken and answered at once`, async () => {
      const t = await open({ contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
      const { page } = t;
      try {
        await g.start(page);
        const box = '[data-testid=players]';
        await page.waitForSelector(box);
        await page.evaluate(() => {
          window.__longest = 0;
          new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: 'longtask' });
          // What became of the paste: taken by the page (default prevented) or left to the browser.
          document.addEventListener('paste', (ev) => { window.__taken = ev.defaultPrevented; });
        });
        const list = Array.from({ length: n }, (_, i) => `${i + 1}. Player${i + 1}`).join('\n');
        await page.evaluate((text) => navigator.clipboard.writeText(text), list);
        await page.fill(box, '');
        await page.focus(box);
        const start = Date.now();
        await page.keyboard.press('Control+V');
        const answer = g.kind === 'survival' ? '[data-testid=player-count]' : '[data-testid=setup-problem]';
        await page.waitForFunction(([want, sel]) => document.querySelector(sel)?.textContent.includes(want), [g.answer(n), answer]);
        const ms = Date.now() - start;
        assert.equal(await page.evaluate(() => window.__taken), true, 'the page took the paste');
        // Shown in the box, or (over 16 KB) held: read in full, laid out
        // only when asked.
        const shown = await page.inputValue(box);
        const held = await page.isVisible('[data-testid=long-paste]');
        assert.ok(shown === list || (shown === '' && held), `the box shows the list or holds it (${shown.length} characters shown)`);
        const read = await g.read(page);
        assert.ok(read.includes(g.answer(n)), read);
        const longest = await page.evaluate(() => window.__longest);
        // The moderator's actions: outside the console, the sign-up list
        // copied from the forum or channel; inside, one paste.
        console.log(`# ${g.kind}: ${n} lines (${(list.length / 1024).toFixed(0)} KB) pasted, ${held ? 'held' : 'shown'}, answered in ${ms} ms, longest task ${longest.toFixed(0)} ms; moderator's actions: 2 (1 outside: copy the list; 1 inside: paste)`);
        assert.deepEqual(t.errors, []);
      } finally {
        await t.close();
      }
    });
  }
}
