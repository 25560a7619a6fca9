// Survival circle, the referee's events (C9) through the page:
// by forum, a replacement mid-game (a mistaken one undone first), then a
// post under the new name accepted for that side and one under the old
// name read as the same side, the event's post in each format, History's
// list; a forfeit that ends the game (the other side wins, C9.2), undone,
// and on the hot-seat Play screen a forfeit scored as it stands. Prints
// the referee's actions per event, from the first click to the copied post.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startCircle, startCircleForum } from './helpers.mjs';

const live = (page, text) => page.waitForFunction((t) => document.querySelector('[data-testid=live]').textContent === t, text);
const record = async (page, back = 'Forum') => {
  await screen(page, 'Play');
  const r = await page.textContent('[data-testid=record]');
  await screen(page, back);
  return r;
};

test('by forum: a replacement and a forfeit made by the referee, posts and History', async () => {
  const t = await open({ page: 'survival-circle/', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  // The referee's actions: each click, typed field and choice.
  let actions = 0;
  const act = async (f) => { actions += 1; await f(); };
  try {
    await startCircleForum(page, 'Ann', 'Bob');
    // Four moves from the thread (the record of circle-forum.test.mjs).
    await page.check('[data-testid=paste-whole]');
    await page.fill('[data-testid=paste-text]', 'B1 R1 B5 R1');
    await page.click('[data-testid=paste-play]');
    await live(page, '4 moves played. Red (Bob) played 1 on cell 7, on an empty cell: it stays. Blue (Ann) lands next on cell 8.');

    // The referee panel is open on the Forum screen. A mistaken name is
    // undone (Undo withdraws the latest event first: no move is taken back).
    await page.selectOption('[data-testid=event-side]', 'red');
    await page.fill('[data-testid=replace-name]', 'Zed');
    await page.click('[data-testid=replace]');
    await live(page, 'Zed replaces Bob as Red: the position and the hand stay');
    await screen(page, 'Play');
    await page.click('[data-testid=undo]');
    await live(page, 'Undone: Zed replacing Bob as Red');
    assert.match(await page.textContent('[data-testid=score]'), /Red \(Bob\)/);
    assert.equal(await record(page), 'B1 R1 B5 R1');

    // The replacement as the referee makes it: side, name, Replace, post copied.
    actions = 0;
    await act(() => page.selectOption('[data-testid=event-side]', 'red'));
    await act(() => page.fill('[data-testid=replace-name]', 'Cy'));
    await act(() => page.click('[data-testid=replace]'));
    await live(page, 'Cy replaces Bob as Red: the position and the hand stay');
    let post = await page.textContent('[data-testid=event-post]');
    assert.equal(post, '# Replacement\n**Cy** replaces Bob as Red, after move 4. The position, Red\'s hand and score stay; posts by either name count for Red.\n');
    await act(() => page.click('text=Copy the event\'s post'));
    await live(page, 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), post);
    const replacementActions = actions;
    await page.selectOption('[data-testid=event-format]', 'bbcode');
    post = await page.textContent('[data-testid=event-post]');
    assert.match(post, /^\[b\]Replacement\[\/b\]\n\[b\]Cy\[\/b\] replaces Bob as Red, after move 4\./);
    await page.selectOption('[data-testid=event-format]', 'markdown');

    // Blue's post, then Red's under the new name: accepted for Red.
    await page.check('[data-testid=paste-post]');
    await page.fill('[data-testid=paste-text]', 'Ann — Today at 8:15 PM\nB4, your turn');
    assert.equal(await page.textContent('[data-testid=post-author]'), 'Posted by Ann: Blue (Ann) (line 1, not read for a move).');
    await page.click('[data-testid=paste-play]');
    await live(page, 'Blue (Ann) played 4 on cell 8, on an empty cell: it stays. Red (Cy) lands next on cell 12.');
    // Red to move: Cy's post is Red's.
    await page.fill('[data-testid=paste-text]', 'Cy — Today at 8:40 PM\nR1 please');
    assert.equal(await page.textContent('[data-testid=post-author]'), 'Posted by Cy: Red (Cy) (line 1, not read for a move).');
    assert.match(await page.textContent('[data-testid=post-read]'), /^Read: “R1” \(line 2\) read as R1/);
    await page.click('[data-testid=paste-play]');
    await live(page, 'Red (Cy) played 1 on cell 12, on an empty cell: it stays. Blue (Ann) lands next on cell 13.');
    // Bob's account posting for Red while Blue is to move: not played, said why.
    await page.fill('[data-testid=paste-text]', 'Post by Bob » Tue Nov 24, 2026 9:02 pm\nR2');
    assert.equal(await page.textContent('[data-testid=post-author]'), 'Posted by Bob: Red (Cy), a former name of the side (replaced) (line 1, not read for a move).');
    assert.equal(await page.textContent('[data-testid=post-read]'), 'Not played: posted by Bob, who plays Red, but Blue is to move.');
    assert.equal(await page.isDisabled('[data-testid=paste-play]'), true);
    await page.fill('[data-testid=paste-text]', '');
    assert.equal(await record(page), 'B1 R1 B5 R1 B4 R1');

    // History lists the replacement (the undone one is gone).
    await screen(page, 'History');
    assert.deepEqual(await page.$$eval('[data-testid=events] li', (ls) => ls.map((l) => l.textContent)),
      ['After move 4: Cy replaces Bob as Red']);

    // A forfeit: Ann is removed for inactivity; Red (Cy) wins (C9.2).
    await screen(page, 'Forum');
    actions = 0;
    await act(() => page.selectOption('[data-testid=event-side]', 'blue'));
    await act(() => page.fill('[data-testid=forfeit-note]', 'No move in 72 hours after two prods.'));
    await act(() => page.click('[data-testid=forfeit]'));
    await live(page, 'Game over: Red (Cy) wins by forfeit (Blue (Ann) left: inactivity).');
    post = await page.textContent('[data-testid=event-post]');
    assert.equal(post, '# Forfeit\n**Blue \\(Ann\\)** forfeits the game (inactivity). No move in 72 hours after two prods.\nRed \\(Cy\\) wins by forfeit.\n');
    await act(() => page.click('text=Copy the event\'s post'));
    await live(page, 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), post);
    const forfeitActions = actions;
    await page.selectOption('[data-testid=event-format]', 'plain');
    assert.equal(await page.textContent('[data-testid=event-post]'),
      'Forfeit\n=======\nBlue (Ann) forfeits the game (inactivity). No move in 72 hours after two prods.\nRed (Cy) wins by forfeit.\n');
    // The game is over: no move is read, no second forfeit.
    assert.equal(await page.isDisabled('[data-testid=forfeit]'), true);
    await page.fill('[data-testid=paste-text]', 'B2');
    assert.match(await page.textContent('[data-testid=post-read]'), /^Not played:/);
    await page.fill('[data-testid=paste-text]', '');
    await screen(page, 'Play');
    assert.equal(await page.textContent('[data-testid=result]'), 'Game over: Red (Cy) wins by forfeit (Blue (Ann) left: inactivity).');
    await screen(page, 'History');
    assert.deepEqual(await page.$$eval('[data-testid=events] li', (ls) => ls.map((l) => l.textContent)), [
      'After move 4: Cy replaces Bob as Red',
      'After move 6: Blue (Ann) forfeits (inactivity) “No move in 72 hours after two prods.”; Red (Cy) wins by forfeit (Blue (Ann) left: inactivity)',
    ]);
    // Undo withdraws the forfeit alone: the game goes on, moves kept.
    await screen(page, 'Play');
    await page.click('[data-testid=undo]');
    await live(page, 'Undone: Blue\'s forfeit; the game goes on');
    assert.equal(await page.$('[data-testid=result]'), null);
    assert.equal(await record(page, 'Play'), 'B1 R1 B5 R1 B4 R1');
    console.log(`circle referee's actions: replacement ${replacementActions} (side, name, Replace, copy), forfeit ${forfeitActions} (side, note, Forfeit, copy)`);
    await t.shot('circle-events');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('hot seat: a forfeit scored as it stands from the Play screen (C9.2)', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await startCircle(page, 'hotseat', 'Ann', 'Bob');
    // The 20 moves of circle-forum.test.mjs: Blue 8, Red 3 on the board.
    for (const [i, v] of '1 1 5 1 4 1 2 4 7 2 5 6 4 3 3 3 6 2 6 3'.split(' ').entries()) {
      await page.keyboard.press(v);
      await page.waitForFunction((n) => document.querySelector('[data-testid=turn]')?.textContent.startsWith(`Turn ${n} of 96`), i + 2);
    }
    assert.match(await page.textContent('[data-testid=score]'), /Blue \(Ann\) 8 .*Red \(Bob\) 3/);
    // Blue leaves; scored as it stands, Blue still wins 8 to 3.
    await page.click('[data-testid=referee] summary');
    await page.selectOption('[data-testid=forfeit-reason]', 'quit');
    await page.check('[data-testid=forfeit-scored]');
    await page.click('[data-testid=forfeit]');
    await live(page, 'Game over: Blue (Ann) wins 8 to 3.');
    assert.equal(await page.textContent('[data-testid=event-post]'),
      '# Forfeit\n**Blue \\(Ann\\)** forfeits the game (leaving the game).\nScored as it stands: Blue \\(Ann\\) wins 8 to 3.\n');
    // No value can be played after it.
    assert.equal(await page.locator('.hand button:enabled').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
