// Dice ORG: a megabyte of players' DMs pasted into the round wizard's bulk
// box is read in the site's worker, not on the page: the
// page answers while the paste is read, every player's DMs are taken into
// the controls, and the reading is shown 100 rows at a time, the lines not
// read and the rejected ones first, each with its reason, the rest one
// click away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startSeason } from './helpers.mjs';

const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
// The benchmark's DMs (tests/bench/bench.mjs, diceText): a choice or a
// line of chatter, under `Name:` or `== Name ==` headers.
const LINES = ['I deduct 3 for 1 RP', 'boost +2 (1 RP)', 'hello producers!', 'deduct', 'boost +1', 'good luck all'];
const ORPHANS = ['morning all, DMs below', 'copied from the forum'];

/** About `bytes` of DMs after two lines of nobody: { text, parts, lines }. */
function dms(bytes) {
  let text = ORPHANS.join('\n') + '\n\n';
  let parts = 0;
  while (text.length < bytes) {
    const p = PLAYERS[parts % PLAYERS.length];
    const body = [0, 1, 2].map((k) => LINES[(parts + k * 2) % LINES.length]);
    text += `${parts % 2 ? `${p}:` : `== ${p} ==`}\n${body.join('\n')}\n\n`;
    parts += 1;
  }
  return { text, parts, lines: parts * 3 + ORPHANS.length };
}

test('a 1 MB paste of DMs is read off the page and shown a page at a time, unused lines first', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  let actions = 0;
  const act = async (f) => { actions += 1; return f(); };
  try {
    await startSeason(page, 'Large paste', PLAYERS);
    await screen(page, 'Round');
    await page.waitForSelector('[data-testid=bulk]', { state: 'visible' });

    const { text, lines } = dms(1024 * 1024);
    // A paste as Chromium does one (the box's value and an input event; a
    // box of over 16 KB is then held out of the layout), and Split at once.
    // The page's next task comes before the split's result: the megabyte
    // is read elsewhere, not in the click.
    actions += 2;
    const waited = await page.evaluate(async (text) => {
      const box = document.querySelector('[data-testid=bulk]');
      box.focus();
      box.value = text;
      box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      await new Promise((r) => setTimeout(r, 0));
      document.querySelector('[data-testid=split]').click();
      await new Promise((r) => setTimeout(r, 0));
      return document.querySelector('[data-testid=split-result]') === null;
    }, text);
    assert.ok(waited, 'the split waits for the worker, not the page');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=split-result] li[data-player]').length === n, PLAYERS.length, { timeout: 60000 });
    await page.waitForSelector('[data-testid=reading] table');

    // Every player's DMs were taken into the controls (each deducts).
    for (const p of PLAYERS) {
      assert.ok(await page.locator(`section[aria-label=Competition] tr[data-player=${p}] [data-testid=deduct]`).isChecked(), `${p} deducts`);
    }
    // The account counts every line not used, lists the first 100 and says
    // where the rest are.
    const account = await page.locator('[data-testid=split-result] li.warn').allTextContents();
    assert.equal(account.length, 101, 'a hundred problems and where the rest are');
    assert.match(account[100], /^\d+ more lines not used: each is under "How each line was read"/);

    // The reading: 100 rows, the lines of nobody first, then rejected ones,
    // each with its reason; every line is counted.
    const more = page.locator('[data-testid=verdicts-more]');
    assert.match(await more.textContent(), new RegExp(`^100 of ${lines} lines shown: lines not read and rejected first\\. Show 100 more`));
    const unread = await page.locator('[data-testid=reading] [data-testid=unread] li').allTextContents();
    assert.deepEqual(unread.map((u) => u.match(/"(.*?)"/)[1]), ORPHANS);
    assert.match(unread[0], /before any player's header.*D12\.1/);
    const verdicts = await page.locator('[data-testid=reading] tr[data-verdict]').evaluateAll((rows) => rows.map((r) => r.dataset.verdict));
    assert.equal(verdicts.length, 100 - ORPHANS.length);
    assert.deepEqual([...new Set(verdicts)], ['rejected'], 'rejected lines come before the lines used');
    assert.match(await page.textContent('[data-testid=reading] tr[data-verdict=rejected]'), /hello producers!|good luck all/);

    // One click shows the next hundred.
    await act(() => page.click('[data-testid=verdicts-more] button'));
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=reading] tr[data-verdict=rejected]').length === n, 200 - ORPHANS.length);
    assert.match(await more.textContent(), new RegExp(`^200 of ${lines} lines shown`));

    // The phase is played as the controls show it.
    await act(() => page.click('[data-testid=play]'));
    await page.waitForSelector('[data-testid=last-step]');
    assert.equal(await page.inputValue('[data-testid=bulk]'), '', 'the paste was for the phase played');
    console.log(`# Dice ORG 1 MB paste: ${actions} moderator actions from paste to played (paste, split, show more, play)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
