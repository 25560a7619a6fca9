// Survival circle, two players on one device: a whole game of 96 moves
// played by clicks (Blue) and the keys 1-8 (Red), with undo and redo on the
// way, ending with the final score the engine gives for the same moves
// natively; the history at any move; export and import of the game; the
// AI's worker never loaded in a game without the AI; no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { open, goto, screen, startCircle } from './helpers.mjs';

// A fixed game: each player's 48 tokens in a shuffled order (6 of each
// value). Played natively with the case command
//   cargo run --release --quiet --bin adjudicate -- CASE.json
// (a case with these moves from the start, default options) it ends with
// the board below, Blue 4, Red 5: Red wins.
const MOVES = '1 1 5 1 4 1 2 4 7 2 5 6 4 3 3 3 6 2 6 3 2 1 5 7 8 7 5 2 1 2 6 4 4 4 1 8 1 3 6 1 3 8 5 3 2 2 4 6 6 5 3 8 4 5 2 6 2 7 6 6 3 3 1 8 5 7 7 1 7 4 7 7 8 5 4 7 1 5 8 8 3 6 8 4 7 8 3 5 8 5 2 6 8 4 7 2'
  .split(' ').map(Number);
const FINAL_BOARD = '..BR.....BRRBRBR';
const RECORD = MOVES.map((v, i) => `${i % 2 ? 'R' : 'B'}${v}`).join(' ');

/** The board as the circle draws it: 16 characters, cell 0 first. */
async function board(page) {
  return page.$$eval('[data-testid=circle] g[data-cell]', (gs) => gs
    .sort((a, b) => a.dataset.cell - b.dataset.cell)
    .map((g) => (g.querySelector('.token.blue') ? 'B' : g.querySelector('.token.red') ? 'R' : '.'))
    .join(''));
}

/** Starts a game for two players on this device from Setup. */
const newGame = (page, name, blue, red) => startCircle(page, 'hotseat', blue, red, name);

const turnIs = (page, n) => page.waitForFunction(
  (n) => document.querySelector('[data-testid=turn]')?.textContent.startsWith(n > 96 ? 'All 96' : `Turn ${n} of 96`), n);

test('a hot-seat game to the end by clicks and keys, scored as the engine scores it', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await newGame(page, 'Hot seat', 'Ann', 'Bob');
    assert.match(await page.textContent('[data-testid=turn]'), /^Turn 1 of 96: Blue \(Ann\) to move, lands on cell 0/);
    // Only the mover's held values are enabled.
    assert.equal(await page.locator('.hand[data-player=Red] button:enabled').count(), 0);
    assert.equal(await page.locator('.hand[data-player=Blue] button:enabled').count(), 8);
    for (let i = 0; i < MOVES.length; i++) {
      const v = MOVES[i];
      if (i % 2 === 0) {
        await page.click(`.hand[data-player=Blue] button[data-value="${v}"]`);
      } else {
        await page.keyboard.press(String(v));
      }
      await turnIs(page, i + 2);
      if (i === 10) {
        // Undo twice and redo twice: the same position again.
        const before = await board(page);
        await page.click('[data-testid=undo]');
        await turnIs(page, i + 1);
        await page.click('[data-testid=undo]');
        await turnIs(page, i);
        await page.click('[data-testid=redo]');
        await page.click('[data-testid=redo]');
        await turnIs(page, i + 2);
        assert.equal(await board(page), before);
      }
      if (i === 62) {
        // Red has played all six 3s: the key 3 is refused with the reason.
        const spent = await page.$$eval('.hand[data-player=Red] button[data-value]', (bs) => bs.filter((b) => b.querySelector('.n').textContent === '0 left').map((b) => b.dataset.value));
        assert.deepEqual(spent, ['3']);
        await page.keyboard.press('3');
        await page.waitForFunction(() => document.querySelector('[data-testid=live]').textContent === 'Not played: Red has no token of value 3 left');
        await turnIs(page, i + 2);
      }
    }
    assert.equal(await board(page), FINAL_BOARD);
    assert.equal(await page.textContent('[data-testid=record]'), RECORD);
    assert.match(await page.textContent('[data-testid=score]'), /Blue \(Ann\) 4\s+R?\s*Red \(Bob\) 5/);
    assert.equal(await page.textContent('[data-testid=result]'), 'Game over: Red (Bob) wins 5 to 4.');
    assert.equal(await page.locator('button.value:enabled').count(), 0);
    assert.match(await page.textContent('[data-testid=phase]'), /over: Red \(Bob\) wins 5 to 4/);
    await t.shot('circle-hotseat-end');

    // History: the position at move 2 (B1 on cell 0, R1 on cell 1).
    await screen(page, 'History');
    assert.equal(await page.locator('[data-testid=show-move]').count(), 96);
    await page.locator('[data-testid=show-move]').nth(1).click();
    assert.equal(await page.textContent('[data-testid=history-caption]'), 'The circle after move 2');
    assert.equal(await board(page), 'BR..............');
    await page.click('[data-testid=show-latest]');
    assert.equal(await board(page), FINAL_BOARD);
    // Take back to move 94 (asked first), then redo the last two moves.
    await page.locator('[data-testid=show-move]').nth(93).click();
    page.once('dialog', (d) => d.accept());
    await page.click('[data-testid=back-to]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=show-move]').length === 94);
    await screen(page, 'Play');
    await turnIs(page, 95);
    await page.click('[data-testid=redo]');
    await page.click('[data-testid=redo]');
    await turnIs(page, 97);
    assert.equal(await board(page), FINAL_BOARD);
    await screen(page, 'History');

    // Export, then import the file: the same game under a new id.
    await page.waitForTimeout(500);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^\{"format":"survival-circle-game","version":1,"name":"Hot seat"/);
    const id = new URL(page.url()).hash.split('/')[1];
    await screen(page, 'Setup');
    await page.setInputFiles('[data-testid=import-file]', file);
    await page.waitForFunction((id) => !location.hash.includes(id), id);
    await page.waitForSelector('[data-testid=circle]');
    assert.equal(await board(page), FINAL_BOARD);
    assert.equal(await page.textContent('[data-testid=record]'), RECORD);

    // The home page hands a game file to this page (#/import).
    await goto(page, '');
    await page.evaluate((t) => sessionStorage.setItem('console.import', t), text.replace('"name":"Hot seat"', '"name":"Handed over"'));
    await goto(page, 'survival-circle/#/import');
    await page.waitForSelector('[data-testid=circle]');
    assert.match(await page.textContent('[data-testid=phase]'), /over/);
    assert.equal(await page.textContent('.game-title strong'), 'Handed over');

    // A game without the AI never loads its worker (the service worker
    // precaches it in the background for offline use; the page does not fetch it).
    assert.deepEqual(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.includes('circle-worker'))), []);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
