// Survival circle by forum, large pastes: a thread's
// whole record of a megabyte is read off the page (the circle's Web
// Worker: the page says it is reading and stays free), its verdicts come
// a page at a time with every rejected move first and reachable (C8.2),
// the box holding it is not laid out; and a long record's moves are
// played, or the game restarted from where they part (C8.1), from the
// worker's reading; a long player's post is read there too (C8.6).
// Prints the moderator's actions from paste to moves played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, goto, screen } from './helpers.mjs';

/** The first 20 moves of a real game (as in circle-forum). */
const TWENTY = 'B1, R1 b5 r1\n4,1 2 4 7 2 5 6 4 3 3 3 6 2 6 3\n';
const TWENTY_PLAYED = 'B1 R1 B5 R1 B4 R1 B2 R4 B7 R2 B5 R6 B4 R3 B3 R3 B6 R2 B6 R3';

const live = (page, text) => page.waitForFunction((t) => document.querySelector('[data-testid=live]').textContent === t, text);
const rows = (page) => page.$$eval('[data-testid=verdicts] li', (ls) => ls.map((l) => [l.className, l.textContent]));

async function forumGame(page, kind = 'whole') {
  await goto(page, 'survival-circle/#/setup');
  await page.click('[data-testid=kind-forum]');
  await page.fill('[data-testid=name-blue]', 'Ann');
  await page.fill('[data-testid=name-red]', 'Bob');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=paste-text]');
  await page.check(`[data-testid=paste-${kind}]`);
}

/** Pastes `text` as Chromium does (the value set, an input event), and
 * reports what the page shows in the first task after it. */
const pasteNow = (page, text) => page.evaluate((text) => new Promise((resolve) => {
  const ta = document.querySelector('[data-testid=paste-text]');
  ta.focus();
  ta.value = text;
  ta.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  setTimeout(() => resolve({
    reading: document.querySelector('[data-testid=reading]')?.textContent ?? null,
    verdicts: document.querySelectorAll('[data-testid=verdicts] li').length,
  }), 0);
}), text);

test('a 1 MB record is read off the page, its rejected moves first, a page at a time', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await forumGame(page);
    // The 20 moves, then posts of two moves each up to 1 MB (most of them
    // rejected: wrong colour, not held, or after the game's end).
    let text = TWENTY;
    for (let i = 1; text.length < 1024 * 1024; i++) text += `B${(i % 7) + 1} R${((i * 3) % 7) + 1}\n`;
    const total = text.split(/[\s,]+/).filter(Boolean).length;

    const first = await pasteNow(page, text);
    // Not read in the paste's own task: the page says it is reading.
    assert.equal(first.verdicts, 0, 'no verdicts in the task of the paste');
    assert.match(first.reading ?? '', /^Reading the record \(\d+ KB\) off the page/);
    // The page answers meanwhile: a choice made while it reads is kept.
    await page.selectOption('[data-testid=post-format]', 'bbcode');
    assert.match(await page.textContent('[data-testid=post]'), /\[code\]/);

    await page.waitForSelector('[data-testid=verdicts] li');
    const refusal = await page.textContent('[data-testid=refusal]');
    const rejected = Number(refusal.match(/Nothing will be played: (\d+) moves are rejected/)?.[1]);
    assert.ok(rejected > 100 && rejected < total, refusal);
    let shown = await rows(page);
    assert.equal(shown.length, 100);
    assert.ok(shown.every(([c, l]) => c === 'bad' && / rejected: /.test(l)), shown.slice(0, 3).join('\n'));
    // Every line numbered, in order among the rejected.
    const numbers = shown.map(([, l]) => Number(l.split('.')[0]));
    assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
    assert.equal(await page.textContent('[data-testid=verdicts-more]'), `100 of ${total} moves shown: the rejected first. Show 100 more`);
    await page.click('[data-testid=verdicts-more] button');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=verdicts] li').length === 200);
    shown = await rows(page);
    assert.ok(shown.every(([c]) => c === 'bad'));
    assert.match(await page.textContent('[data-testid=verdicts-more]'), new RegExp(`^200 of ${total} moves shown`));

    // The box is kept whole but not laid out: empty and hidden until "Show it".
    assert.ok(await page.isVisible('[data-testid=long-paste]'));
    assert.ok(await page.isHidden('[data-testid=paste-text]'));
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    await page.check('[data-testid=long-paste] input');
    await page.waitForSelector('[data-testid=paste-text]', { state: 'visible' });
    assert.equal((await page.inputValue('[data-testid=paste-text]')).length, text.length);
    await page.uncheck('[data-testid=long-paste] input');

    await page.click('[data-testid=paste-play]');
    await live(page, `Nothing was played: ${rejected} moves are rejected (see the list).`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test("a long record's moves are played, and a game restarted where it parts, from the worker's reading", async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  let actions = 0;
  const act = async (f) => { actions += 1; await f(); };
  try {
    await forumGame(page);
    // The record with the thread's blank lines around it: 40 KB.
    const blank = ' \n'.repeat(10000);
    const first = await pasteNow(page, `${blank}${TWENTY}${blank}`);
    actions += 1;
    assert.equal(first.verdicts, 0);
    await page.waitForSelector('[data-testid=verdicts] li');
    const v = await rows(page);
    assert.equal(v.length, 20);
    assert.ok(v.every(([c]) => c === 'ok'), v.join('\n'));
    assert.deepEqual(v[19], ['ok', '20. 3: R3 on cell 2, on an opposing token: discarded']);
    await act(() => page.click('[data-testid=paste-play]'));
    await live(page, '20 moves played. Red (Bob) played 3 on cell 2, on an opposing token: discarded. Blue (Ann) lands next on cell 5.');
    console.log(`moderator's actions, a 40 KB record pasted to its 20 moves played: ${actions}`);
    await screen(page, 'Play');
    assert.equal(await page.textContent('[data-testid=record]'), TWENTY_PLAYED);
    await screen(page, 'Forum');

    // A long record parting with the game at turn 4: refused, then restarted from there.
    await page.check('[data-testid=paste-whole]');
    await pasteNow(page, `${blank}1 1 5 2${blank}`);
    await page.waitForSelector('[data-testid=restart]');
    assert.match(await page.textContent('[data-testid=refusal]'), /the record differs from this game's moves at turn 4: the record has R2, the game R1/);
    await page.click('[data-testid=restart]');
    await page.waitForFunction(() => /^Restarted from turn 4: .* replaced by the record's 1 move\./.test(document.querySelector('[data-testid=live]').textContent));
    await screen(page, 'Play');
    assert.equal(await page.textContent('[data-testid=record]'), 'B1 R1 B5 R2');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test("a long player's post is read off the page and its move played", async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await forumGame(page, 'post');
    // Ann's move, then a long thread's chatter under it (135 KB).
    const text = `B1 please\n${'Great game so far, waiting for Bob to answer\n'.repeat(3000)}`;
    const first = await pasteNow(page, text);
    assert.match(first.reading ?? '', /^Reading the post \(\d+ KB\) off the page/);
    assert.equal(await page.locator('[data-testid=post-read]').count(), 0);
    await page.waitForSelector('[data-testid=post-read]');
    assert.equal(await page.textContent('[data-testid=post-read]'), 'Read: “B1” (line 1) read as B1 (the rest of the post not read).');
    assert.equal(await page.textContent('[data-testid=paste-play]'), 'Play 1');
    await page.click('[data-testid=paste-play]');
    await page.waitForFunction(() => document.querySelector('[data-testid=paste-text]').value === '');
    await screen(page, 'Play');
    assert.equal(await page.textContent('[data-testid=record]'), 'B1');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a long paste is taken from the clipboard event, never put into the box', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await forumGame(page, 'whole');
    const text = `B1, R1 b5 r1\n${'B2 R3\n'.repeat(8000)}`;
    // A paste as the browser sends it: a cancelable paste event carrying
    // the clipboard's text, whose default action would fill the box.
    const caught = await page.evaluate((text) => {
      const ta = document.querySelector('[data-testid=paste-text]');
      ta.focus();
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', text);
      const ev = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
      ta.dispatchEvent(ev);
      return { prevented: ev.defaultPrevented, value: ta.value.length };
    }, text);
    assert.deepEqual(caught, { prevented: true, value: 0 });
    await page.waitForSelector('[data-testid=long-paste]', { state: 'visible' });
    await page.waitForSelector('[data-testid=verdicts] li');
    // Read as pasted: a page of its verdicts, the box still empty.
    assert.equal(await page.locator('[data-testid=verdicts] li').count(), 100);
    assert.match(await page.textContent('[data-testid=verdicts-more]'), /^100 of \d+ moves shown/);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    await page.check('[data-testid=long-paste] input');
    assert.equal(await page.inputValue('[data-testid=paste-text]'), text, 'the whole paste is the box\'s text');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
