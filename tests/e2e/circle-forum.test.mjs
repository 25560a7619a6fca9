// Survival circle by forum: a whole record pasted (any mix of C8.1
// separators and prefixes), rejected moves shown with the engine's reason
// while nothing is played (C8.2), a record that disagrees with the game
// refused, the opponent's next move pasted, and the position copied as a
// post in each format with the move list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startCircleForum } from './helpers.mjs';

/** The board as the circle draws it: 16 characters, cell 0 first. */
const board = (page) => page.$$eval('[data-testid=circle] g[data-cell]', (gs) => gs
  .sort((a, b) => a.dataset.cell - b.dataset.cell)
  .map((g) => (g.querySelector('.token.blue') ? 'B' : g.querySelector('.token.red') ? 'R' : '.'))
  .join(''));

const live = (page, text) => page.waitForFunction((t) => document.querySelector('[data-testid=live]').textContent === t, text);

/** Types a paste of `kind` ('next' or 'whole') and presses Play. */
async function paste(page, kind, text) {
  await page.check(`[data-testid=paste-${kind}]`);
  await page.fill('[data-testid=paste-text]', text);
  await page.click('[data-testid=paste-play]');
}

const verdicts = (page) => page.$$eval('[data-testid=verdicts] li', (ls) => ls.map((l) => `${l.className}: ${l.textContent}`));
const record = async (page) => {
  await screen(page, 'Play');
  const r = await page.textContent('[data-testid=record]');
  await screen(page, 'Forum');
  return r;
};

test('a game by forum from a pasted record, rejected moves changing nothing, posts', async () => {
  // Boards and scores below come from the case command on the same moves
  // (cargo run --release --quiet --bin adjudicate -- CASE.json).
  const t = await open({ page: 'survival-circle/', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  try {
    await startCircleForum(page, 'Ann', 'Bob');

    // The thread's record so far: 20 moves, commas, line breaks, prefixes in either case.
    await page.check('[data-testid=paste-whole]');
    await page.fill('[data-testid=paste-text]', 'B1, R1 b5 r1\n4,1 2 4 7 2 5 6 4 3 3 3 6 2 6 3');
    const v = await verdicts(page);
    assert.equal(v.length, 20);
    assert.ok(v.every((l) => l.startsWith('ok: ')), v.join('\n'));
    assert.equal(v[0], 'ok: 1. B1: B1 on cell 0, on an empty cell: it stays');
    assert.equal(v[19], 'ok: 20. 3: R3 on cell 2, on an opposing token: discarded');
    await page.click('[data-testid=paste-play]');
    await live(page, '20 moves played. Red (Bob) played 3 on cell 2, on an opposing token: discarded. Blue (Ann) lands next on cell 5.');
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    const twenty = 'B1 R1 B5 R1 B4 R1 B2 R4 B7 R2 B5 R6 B4 R3 B3 R3 B6 R2 B6 R3';
    assert.equal(await record(page), twenty);
    await screen(page, 'Play');
    assert.equal(await board(page), 'BRBBB..RB...BBBR');
    assert.match(await page.textContent('[data-testid=score]'), /Blue \(Ann\) 8 .*Red \(Bob\) 3/);
    await screen(page, 'Forum');

    // Red's move while Blue is to move: rejected with the reason, nothing played.
    await paste(page, 'next', 'R2');
    assert.deepEqual(await verdicts(page), ['bad: 1. “R2” rejected: the move is marked for Red but Blue is to move']);
    assert.match(await page.textContent('[data-testid=refusal]'), /Nothing will be played: 1 move is rejected/);
    await live(page, 'Nothing was played: 1 move is rejected (see the list).');
    assert.equal(await record(page), twenty);

    // A good move then one out of range: nothing at all is played.
    await paste(page, 'next', '2 9');
    assert.deepEqual(await verdicts(page), [
      'ok: 1. 2: B2 on cell 5, on an empty cell: it stays',
      'bad: 2. “9” rejected: 9 is not a token value: values are 1 to 8',
    ]);
    await live(page, 'Nothing was played: 1 move is rejected (see the list).');
    assert.equal(await record(page), twenty);

    // A whole record that disagrees with the game at turn 4: refused.
    await paste(page, 'whole', '1 1 5 2');
    assert.match(await page.textContent('[data-testid=refusal]'), /the record differs from this game's moves at turn 4/);
    assert.equal(await record(page), twenty);

    // The opponent's next move (Ann's B2), then Bob's R1 pasted with the whole record.
    await paste(page, 'next', 'B2');
    await live(page, '1 move played. Blue (Ann) played 2 on cell 5, on an empty cell: it stays. Red (Bob) lands next on cell 7.');
    await page.check('[data-testid=paste-whole]');
    await page.fill('[data-testid=paste-text]', `${twenty} B2 R1`);
    assert.equal((await verdicts(page)).filter((l) => l.endsWith('(already played)')).length, 21);
    await page.click('[data-testid=paste-play]');
    await live(page, '1 move played. Red (Bob) played 1 on cell 7, on its own token: cell 7 removed. Blue (Ann) lands next on cell 8.');
    assert.equal(await record(page), `${twenty} B2 R1`);

    // The position as a post: Discord (drawing in a code block), BBCode, plain.
    await page.selectOption('[data-testid=post-format]', 'markdown');
    let post = await page.textContent('[data-testid=post]');
    assert.match(post, /Survival circle: Blue \(Ann\) v Red \(Bob\), turn 23 of 96/);
    assert.match(post, /```\n\s+14\s+15\s+0\s+1\s+2\n/);
    assert.match(post, /1\. B1 R1 {2}2\. B5 R1 {2}3\. B4 R1/);
    assert.match(post, /11\. B2 R1/);
    await page.click('text=Copy the post');
    await live(page, 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), post);
    await page.selectOption('[data-testid=post-format]', 'bbcode');
    post = await page.textContent('[data-testid=post]');
    assert.match(post, /\[code\]/);
    assert.match(post, /\[b\]Score:\[\/b\] Blue \(Ann\) 9, Red \(Bob\) 2/);
    await page.selectOption('[data-testid=post-format]', 'plain');
    post = await page.textContent('[data-testid=post]');
    assert.doesNotMatch(post, /\[code\]|```/);
    assert.match(post, /Next: Blue \(Ann\) to move; the token lands on cell 8 \(cell 7 \+ value 1\)/);
    await t.shot('circle-forum');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
