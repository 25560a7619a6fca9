// Survival circle, the move preview from the engine (hover,
// focus, a first tap; a second tap, a click or Enter plays) with the cells
// a landing in the middle of a string removes and the fate of the cell
// each value sends the opponent to, on desktop and on a 390x844 touch
// screen (circle, both hands and the status on one screen; messages in the
// flow, never over a control, gone with their screen); a forum game from
// posts written as players write them (how each was read, a doubtful post
// asked, the text not read listed), with the moderator's actions counted;
// a whole record that parts with the game, restarted from there; the AI's
// figures only while they describe the game; Setup's level box.
// Screenshots go to /tmp/circle-shots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { open, goto, screen, startCircleForum } from './helpers.mjs';

const SHOTS = '/tmp/circle-shots';
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page, name, fullPage = false) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

/** The board as the circle draws it: 16 characters, cell 0 first. */
const board = (page) => page.$$eval('[data-testid=circle] g[data-cell]', (gs) => gs
  .sort((a, b) => a.dataset.cell - b.dataset.cell)
  .map((g) => (g.querySelector('.token.blue') ? 'B' : g.querySelector('.token.red') ? 'R' : '.'))
  .join(''));

/** The cells crossed on the circle as `kind` ('now': removed by this
 * turn's landing; 'next': by the next token where the value sends it). */
const crossed = (page, kind) => page.$$eval(`[data-testid=circle] g[data-removed=${kind}]`, (gs) => gs.map((g) => Number(g.dataset.cell)));

const live = (page, t) => page.waitForFunction((x) => document.querySelector('[data-testid=live]').textContent === x, t);
const liveMatch = async (page, re) => {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=live]').textContent), re.source);
  return page.textContent('[data-testid=live]');
};

/** A new game of two players on this device. */
async function hotSeat(page) {
  await goto(page, 'survival-circle/#/setup');
  await page.click('[data-testid=kind-hotseat]');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=circle]');
}

// Worked by hand from C3.1-C3.2 (each token lands the previous token's
// value clockwise of its landing cell), C5.2-C5.3 (own token: the string
// from the landing cell clockwise is removed with the played token) and
// C6.2 (opposing token: the played token is discarded):
// B7 lands on 0; R8 on 7; B1 on 15; R1 on 0 (Blue's: discarded); B7 on 1;
// R8 on 8. Blue holds 15, 0, 1 and Red 7, 8; Blue's 7th token lands on 0,
// the middle of the string 15-0-1: cells 0 and 1 go, cell 15 stays. Then 7
// sends Red to cell 7, the start of Red's string 7-8: both would go; 8
// sends Red to cell 8: only 8 would go (7 stays); 1 sends Red to cell 1,
// emptied by Blue's landing: Red's token would stay.
const OPENING = ['7', '8', '1', '1', '7', '8'];
const BEFORE = 'BB.....RR......B';

async function playOpening(page) {
  for (const k of OPENING) {
    const turn = await page.textContent('[data-testid=turn]');
    await page.keyboard.press(k);
    await page.waitForFunction((t) => document.querySelector('[data-testid=turn]').textContent !== t, turn);
  }
  assert.equal(await board(page), BEFORE);
  assert.match(await page.textContent('[data-testid=turn]'), /Turn 7 of 96: Blue to move, lands on cell 0/);
}

const LANDING = 'Blue lands on cell 0, on Blue\'s own token: cells 0, 1 are removed and the played token with them (cell 15 of the string stays)';

test('desktop: hover, focus and Enter preview and play; removed cells and the sent-to cell\'s fate', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await hotSeat(page);
    await playOpening(page);
    // Nothing pointed at: the landing alone, its cells crossed.
    assert.equal(await page.textContent('[data-testid=preview]'), `${LANDING}.`);
    assert.deepEqual(await crossed(page, 'now'), [0, 1]);
    assert.deepEqual(await crossed(page, 'next'), []);

    // Hover 7: the sent-to cell 7 starts Red's string 7-8: both would go.
    await page.hover('.hand[data-player=Blue] button.value[data-value="7"]');
    const seven = await page.textContent('[data-testid=preview]');
    assert.ok(seven.startsWith(`B7: ${LANDING}; 7 sends Red to cell 7, on Red's own token: cells 7, 8 would be removed and Red's token with them`), seven);
    assert.deepEqual(await crossed(page, 'now'), [0, 1]);
    assert.deepEqual(await crossed(page, 'next'), [7, 8]);
    assert.match(await page.getAttribute('[data-testid=circle]', 'aria-label'), /7 sends Red to cell 7/);
    await shot(page, 'desktop-hover-7');

    // Hover 1: cell 1 is emptied by Blue's landing: Red's token would stay.
    await page.hover('.hand[data-player=Blue] button.value[data-value="1"]');
    assert.equal(await page.textContent('[data-testid=preview]'),
      `B1: ${LANDING}; 1 sends Red to cell 1, on an empty cell: Red's token would stay.`);
    assert.deepEqual(await crossed(page, 'next'), []);

    // Focus 8 (keyboard): only cell 8 would go, 7 stays. Enter plays it.
    await page.mouse.move(0, 0);
    await page.focus('.hand[data-player=Blue] button.value[data-value="8"]');
    const eight = await page.textContent('[data-testid=preview]');
    assert.ok(eight.startsWith(`B8: ${LANDING}; 8 sends Red to cell 8, on Red's own token: cell 8 would be removed and Red's token with it (cell 7 of the string would stay)`), eight);
    assert.deepEqual(await crossed(page, 'next'), [8]);
    await shot(page, 'desktop-focus-8');
    await page.keyboard.press('Enter');
    await liveMatch(page, /^Blue played 8 on cell 0/);
    assert.equal(await board(page), '.......RR......B');
    assert.equal(await page.textContent('[data-testid=record]'), 'B7 R8 B1 R1 B7 R8 B8');
    // The message is in the page's flow (under the hands), the floating one hidden.
    assert.match(await page.textContent('[data-testid=said]'), /^Blue played 8 on cell 0/);
    assert.equal(await page.$$eval('[data-testid=toast]', (ts) => ts.filter((e) => e.offsetParent !== null).length), 0);
    // A click plays at once on desktop (the hover already previewed).
    await page.click('.hand[data-player=Red] button.value[data-value="2"]');
    await liveMatch(page, /^Red played 2 on cell 8/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('phone 390x844 with touch: one screen, first tap previews, second tap plays, messages leave with their screen', async () => {
  const t = await open({ page: 'survival-circle/', contextOptions: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } });
  const { page } = t;
  try {
    await hotSeat(page);
    await playOpening(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Status, circle and both hands on one screen, nothing wider than it.
    const boxes = await page.evaluate(() => ['[data-testid=turn]', '[data-testid=score]', '[data-testid=circle]', '[data-testid=preview]',
      '.hand[data-player=Blue]', '.hand[data-player=Red]'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return { s, top: Math.round(r.top), bottom: Math.round(r.bottom), right: Math.round(r.right) };
    }));
    for (const b of boxes) {
      assert.ok(b.top >= 0 && b.bottom <= 844 && b.right <= 390, `${b.s} at ${b.top}-${b.bottom}, right ${b.right}: off the 390x844 screen`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page scrolls sideways');

    // First tap on 7: previewed, not played.
    await page.tap('.hand[data-player=Blue] button.value[data-value="7"]');
    const seven = await page.textContent('[data-testid=preview]');
    assert.ok(seven.startsWith(`B7: ${LANDING}; 7 sends Red to cell 7, on Red's own token: cells 7, 8 would be removed`), seven);
    assert.match(seven, /Tap 7 again to play it\.$/);
    assert.deepEqual(await crossed(page, 'now'), [0, 1]);
    assert.deepEqual(await crossed(page, 'next'), [7, 8]);
    assert.equal(await board(page), BEFORE);
    assert.match(await page.textContent('[data-testid=turn]'), /Turn 7 of 96/);
    await shot(page, 'phone-first-tap-7');
    // A tap on 8 moves the preview there; a second tap on 8 plays it.
    await page.tap('.hand[data-player=Blue] button.value[data-value="8"]');
    assert.match(await page.textContent('[data-testid=preview]'), /^B8: .*8 sends Red to cell 8, on Red's own token: cell 8 would be removed .*Tap 8 again to play it\.$/);
    assert.deepEqual(await crossed(page, 'next'), [8]);
    await page.tap('.hand[data-player=Blue] button.value[data-value="8"]');
    await liveMatch(page, /^Blue played 8 on cell 0/);
    assert.equal(await page.textContent('[data-testid=record]'), 'B7 R8 B1 R1 B7 R8 B8');
    // The message sits in the flow under the hands: no control under it.
    const said = await page.evaluate(() => {
      const s = document.querySelector('[data-testid=said]').getBoundingClientRect();
      const hands = [...document.querySelectorAll('.hand')].map((h) => h.getBoundingClientRect());
      return { text: document.querySelector('[data-testid=said]').textContent, top: s.top, handsBottom: Math.max(...hands.map((h) => h.bottom)) };
    });
    assert.match(said.text, /^Blue played 8 on cell 0/);
    assert.ok(said.top >= said.handsBottom - 1, `message at ${said.top}, hands end at ${said.handsBottom}`);
    assert.equal(await page.$$eval('[data-testid=toast]', (ts) => ts.filter((e) => e.offsetParent !== null).length), 0);
    await shot(page, 'phone-after-second-tap');
    await shot(page, 'phone-full', true);
    // Another screen: the message does not follow, nor come back.
    await screen(page, 'History');
    await page.waitForFunction(() => !document.querySelector('[data-testid=toast]'));
    await screen(page, 'Play');
    assert.equal((await page.textContent('[data-testid=said]')).trim(), '');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a forum game from posts as players write them, a doubtful post asked, then a whole record that parts with the game', async () => {
  const t = await open({ page: 'survival-circle/', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  let actions = 0;
  try {
    await startCircleForum(page, 'Ann', 'Bob');
    assert.match(await page.textContent('[data-testid=next-line]'), /^Next: Blue lands on cell 0, on an empty cell: the token stays\. Values: 1: cell 1, empty; .*8: cell 8, empty\.$/);

    // Posts pasted as the forum or Discord shows them (the default kind
    // of paste is a post). Each: paste, then Play.
    const posts = [
      ['Opening with B1. Good luck!', /“B1” \(line 1\) read as B1/],
      ['Bob — Today at 20:15\nR1 please, 3 left of those', /“R1” \(line 2\) read as R1/],
      ['> R1 please\n\nOuch. B 5', /read as B5 \(.*colour and value apart/],
      ['Red plays 1', /“Red plays 1” \(line 1\) read as R1 \(colour written as a word; “plays” between colour and value/],
      ['B４.', /read as B4 \(.*full-width characters read as ASCII/],
      ['R1 for me\n--\nBob, 3 wins in 2025', /read as R1/],
    ];
    const expected = ['B1', 'R1', 'B5', 'R1', 'B4', 'R1'];
    for (const [i, [post, how]] of posts.entries()) {
      await page.fill('[data-testid=paste-text]', post); actions += 1;
      const read = await page.textContent('[data-testid=post-read]');
      assert.match(read, how, `post ${i + 1}: ${read}`);
      assert.match(await page.textContent('[data-testid=post-does]'), new RegExp(`^${expected[i]}: `));
      if (i === 1) {
        // Discord's header (a time) is no move; the bare 3 beside R1 is listed as not read.
        assert.match(await page.textContent('[data-testid=post-unused]'), /“3” \(line 2\): a number without a colour: not read/);
      }
      if (i === 5) {
        // The signature is listed as not read, with why.
        assert.match(await page.textContent('[data-testid=post-unused]'), /\(line \d\): a signature: not read/);
      }
      await page.click('[data-testid=paste-play]'); actions += 1;
      await liveMatch(page, new RegExp(`^${expected[i][0] === 'B' ? 'Blue \\(Ann\\)' : 'Red \\(Bob\\)'} played ${expected[i][1]} on cell`));
      assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    }
    await shot(page, 'forum-after-posts', true);

    // Two different moves: asked, never guessed; one click plays the one meant.
    await page.fill('[data-testid=paste-text]', 'I was going to play B3 but no, B2'); actions += 1;
    assert.match(await page.textContent('[data-testid=post-read]'), /^Not played: 2 different moves in the post: “B3” \(line 1\), “B2” \(line 1\); say which one is meant\.$/);
    assert.ok(await page.isDisabled('[data-testid=paste-play]'));
    assert.deepEqual(await page.$$eval('[data-testid=post-choice]', (bs) => bs.map((b) => b.textContent)), ['Play 3', 'Play 2']);
    await shot(page, 'forum-doubt');
    await page.click('[data-testid=post-choice][data-value="2"]'); actions += 1;
    await liveMatch(page, /^Blue \(Ann\) played 2 on cell/);

    // A move the position refuses: said, nothing played.
    await page.fill('[data-testid=paste-text]', 'B4 from me'); actions += 1;
    assert.match(await page.textContent('[data-testid=post-read]'), /^Not played: “B4” \(line 1\): the move is marked for Blue but Red is to move\.$/);
    await page.fill('[data-testid=paste-text]', 'R4'); actions += 1;
    await page.click('[data-testid=paste-play]'); actions += 1;
    await liveMatch(page, /^Red \(Bob\) played 4 on cell/);

    await screen(page, 'Play');
    assert.equal(await page.textContent('[data-testid=record]'), 'B1 R1 B5 R1 B4 R1 B2 R4');
    await screen(page, 'Forum');
    // The result post, copied.
    assert.match(await page.textContent('[data-testid=post]'), /Next:/);
    await page.click('text=Copy the post'); actions += 1;
    await live(page, 'Copied');
    console.log(`actions: ${actions} (8 moves from 9 pasted posts to the copied post)`);

    // The thread's whole record, which parts with the game at turn 8
    // (R3 where the game has R4): compared move by move, not by count.
    await page.check('[data-testid=paste-whole]');
    await page.fill('[data-testid=paste-text]', 'B1 R1 B5 R1 B4 R1 B2 R3 B7');
    const v = await page.$$eval('[data-testid=verdicts] li', (ls) => ls.map((l) => `${l.className}: ${l.textContent}`));
    assert.equal(v.length, 9);
    assert.ok(v.slice(0, 7).every((l) => l.startsWith('ok: ') && l.endsWith('(already played)')), v.join('\n'));
    assert.match(v[7], /^bad: 8\. R3: R3 on cell \d+, .*: the game played R4 at this turn, record and game part here$/);
    assert.match(v[8], /^ok: 9\. B7: B7 on cell \d+, .*\(after the parting: the record's own line\)$/);
    assert.match(await page.textContent('[data-testid=refusal]'), /turn 8: the record has R3, the game R4/);
    await shot(page, 'forum-whole-record-parts', true);
    await page.click('[data-testid=restart]');
    await liveMatch(page, /^Restarted from turn 8: the game's moves from there \(4\) were replaced by the record's 2 moves\. Blue \(Ann\) played 7/);
    await screen(page, 'Play');
    assert.equal(await page.textContent('[data-testid=record]'), 'B1 R1 B5 R1 B4 R1 B2 R3 B7');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('the AI\'s figures only while they describe the game; Setup states the Strongest level\'s time; the level box fits at 1280', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await goto(page, 'survival-circle/#/setup');
    await page.click('[data-testid=kind-ai]');
    assert.match(await page.textContent('[data-testid=level-time]'), /^The Strongest level searches for 1 s per move/);
    assert.match(await page.textContent('[data-testid=level] option[value=Strongest]'), /full search, 1 s per move/);
    const fits = await page.$eval('[data-testid=level]', (s) => {
      const c = document.createElement('canvas').getContext('2d');
      c.font = getComputedStyle(s).font;
      const longest = Math.max(...[...s.options].map((o) => c.measureText(o.textContent).width));
      const r = s.getBoundingClientRect();
      return { need: Math.ceil(longest), width: Math.floor(r.width), right: r.right, form: s.closest('form').getBoundingClientRect().right };
    });
    assert.ok(fits.width >= fits.need && fits.right <= fits.form, `level box ${fits.width}px for text of ${fits.need}px`);
    await shot(page, 'setup-ai-1280');
    await page.selectOption('[data-testid=level]', 'Beginner');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=circle]');
    await page.keyboard.press('5');
    await page.waitForSelector('[data-testid=ai-last]', { timeout: 30000 });
    const said = await page.textContent('[data-testid=ai-last]');
    assert.match(said, /^The AI's move at turn 2, R\d: Beginner scored each of its 8 values 1 turn ahead \(no deeper search\) and added noise of up to [\d.]+ tokens; \d+ positions looked at in [\d.]+ s/);
    await page.click('[data-testid=undo]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=ai-last]'));
    assert.equal(await page.textContent('[data-testid=record]'), '(no moves yet)');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
