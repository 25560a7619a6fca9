// Players' text in Survival, Dice ORG and Survival circle
// (faults.test.mjs checks the same in Mini-Survivor): zero-width and
// other invisible characters copied from a forum fold away when pasted
// text is read, and a right-to-left override (U+202E) in a player's line
// cannot turn the console's own words around it: the player's text is in
// its own element, isolated (style/main.css: `unicode-bidi: isolate`), and
// the posts the moderator copies carry no bidi control from it.
//
// Each pasted text with invisible characters is compared with the same
// text without them: the readings must be equal. Each bidi check is made
// twice: as the page is, and with the isolation taken away (a style sheet
// added by the test) to show that the check sees a reason turned around.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, dealSurvival, nightThenDay, paste, readingDone, startSeason, startCircle } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const PLAYERS = CASE._deal.players;
const CLIPBOARD = { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } };

/** The bidi controls: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069). */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** The characters the readers fold away (core names::is_invisible) and the bidi isolates. */
const INVISIBLE = /[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFE00-\uFE0F\uFEFF]/g;
/** `text` as typed without the invisible characters. */
const clean = (text) => text.replace(INVISIBLE, '');
const shown = (s) => JSON.stringify(s).replace(/[\u0080-\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Where the page draws `word` (the console's own words) in the first
 * element `selector` matches, in the first of its text nodes holding it:
 * the left edges of its first and last letters. Read left to right, the
 * first is left of the last. */
function drawn(page, selector, word) {
  return page.$eval(selector, (el, word) => {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const i = n.data.indexOf(word);
      if (i < 0) continue;
      const left = (k) => {
        const r = document.createRange();
        r.setStart(n, k);
        r.setEnd(n, k + 1);
        return r.getBoundingClientRect().left;
      };
      return [left(i), left(i + word.length - 1)];
    }
    throw new Error(`no "${word}" in ${el.outerHTML}`);
  }, word);
}
const leftToRight = async (page, selector, word) => {
  const [first, last] = await drawn(page, selector, word);
  return first < last;
};

/** Runs `f` with every `unicode-bidi` on the page back to `normal`, as
 * before the fix (a constructed style sheet: the page's CSP refuses
 * inline styles), then takes the sheet away. */
async function withoutIsolation(page, f) {
  await page.evaluate(() => {
    const s = new CSSStyleSheet();
    s.replaceSync('main *, header * { unicode-bidi: normal !important; }');
    window.noIsolation = s;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];
  });
  try {
    return await f();
  } finally {
    await page.evaluate(() => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== window.noIsolation);
    });
  }
}

/** Checks that the console's `word` in `selector` reads left to right,
 * and (`control`) that without the isolation it would not: the check
 * sees the bug. */
async function staysLeftToRight(page, selector, word, control = true) {
  assert.ok(await leftToRight(page, selector, word), `"${word}" in ${selector} is drawn left to right`);
  if (!control) return;
  assert.equal(await withoutIsolation(page, () => leftToRight(page, selector, word)), false,
    `without the isolation "${word}" in ${selector} would be turned around (the check sees it)`);
}

const bidiOf = (page, selector) => page.$eval(selector, (e) => getComputedStyle(e).unicodeBidi);

/** A post the moderator copies: no embedding or override at all, and
 * every isolate it opens closed (a name may be wrapped, never left open). */
function noBidiLeak(post, what) {
  assert.doesNotMatch(post, /[\u202A-\u202E]/, `${what}: no bidi embedding or override: ${shown(post)}`);
  let open = 0;
  for (const c of post) {
    if (c >= '\u2066' && c <= '\u2068') open += 1;
    if (c === '\u2069') open -= 1;
    assert.ok(open >= 0, `${what}: an isolate closed that was not opened`);
  }
  assert.equal(open, 0, `${what}: every isolate closed`);
}

// ---------------------------------------------------------------- Survival

/** The Day screen's reading of the thread: the posts read, the live
 * count, the rejected vote lines and each post's reads, the lines' reasons
 * without the lines themselves (the `<code>` holding the player's line). */
function dayReading(page) {
  return page.evaluate(() => {
    const words = (li) => [...li.childNodes].filter((n) => !(n.nodeType === 1 && n.tagName === 'CODE')).map((n) => n.textContent).join('');
    return {
      posts: document.querySelector('[data-testid=post-count]').textContent,
      count: [...document.querySelectorAll('[data-testid=count] table.count tbody tr')].map((tr) => tr.innerText),
      notVoting: document.querySelector('[data-testid=not-voting]').textContent,
      rejected: [...document.querySelectorAll('[data-testid=count] [data-testid=vote-rejections] li')].map(words),
      reads: [...document.querySelectorAll('[data-testid=split-posts] tbody tr')].map((tr) => [
        tr.dataset.author,
        ...[...tr.querySelectorAll('ul.reads li')].map((li) => `${li.className}: ${words(li)}`),
      ]),
    };
  });
}

/** The thread emptied (the test's doing), then `text` pasted as one page
 * and added; ready when its `posts` posts are read and the split shown. */
async function readThread(page, text, posts) {
  if (!(await page.isVisible('[data-testid=thread]'))) await page.click('details:has([data-testid=thread]) > summary');
  await page.fill('[data-testid=thread]', '');
  await page.waitForFunction(() => /after 0 posts/.test(document.querySelector('[data-testid=count] h3')?.textContent ?? ''));
  await paste(page, '[data-testid=page]', text);
  await page.click('[data-testid=add-page]');
  await page.waitForFunction((n) => document.querySelector('[data-testid=post-count]')?.textContent === `${n} posts read.`
    && document.querySelector('[data-testid=count] h3')?.textContent.includes(`after ${n} posts`), posts);
  await readingDone(page);
  if (!(await page.locator('details.split-posts').evaluate((d) => d.open))) await page.click('details.split-posts summary');
  await page.waitForSelector('[data-testid=split-posts] tbody tr');
}

/** "Copy the vote count post": what reaches the clipboard. */
async function copiedCount(page) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click('[data-testid=copy-count]');
  await page.waitForFunction(async () => (await navigator.clipboard.readText()).startsWith('[b]Vote count'));
  return page.evaluate(() => navigator.clipboard.readText());
}

/** A day thread page as copied from a forum: zero-width spaces, a soft
 * hyphen and a byte-order mark in votes and an author's name, and right-to-left
 * overrides in a vote for no player (rejected) and in a vote for Basil. */
const DAY = [
  'Aurora:', 'I keep coming back to Basil.', 'vote Ba\u200Bsil', '',
  'Cobalt:', '\u200Bvote Basil', '',
  'Dahlia:', 'vote \u202EXylophone', '',
  'Ember:', 'vote \u202EBasil', '',
  'Fjord:', '\uFEFF[b]vote: Co\u00ADbalt[/b]', '',
  'Gar\u200Bnet:', 'vote Dahlia', '',
].join('\n');

test('Survival day: a pasted page with zero-width spaces reads as without them; a right-to-left override is taken out with them, the player\'s lines isolated; the count post carries no bidi control', async () => {
  const t = await open({ page: 'survival/', ...CLIPBOARD });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await dealSurvival(page, 'Bidi day', PLAYERS, CASE._deal);
    await nightThenDay(page);

    // The same page without its invisible characters: the reading to match.
    await readThread(page, clean(DAY), 6);
    const want = await dayReading(page);
    const wantPost = await copiedCount(page);
    assert.deepEqual(want.count, ['Basil\t3\tAurora, Cobalt, Ember\t', 'Cobalt\t1\tFjord\t', 'Dahlia\t1\tGarnet\t'], 'the clean page as read');
    assert.equal(want.rejected.length, 1);

    // The page as copied: the same reading, the same count post.
    await readThread(page, DAY, 6);
    assert.deepEqual(await dayReading(page), want, 'read as without the invisible characters');
    const post = await copiedCount(page);
    assert.equal(post, wantPost, 'the same vote count post');
    noBidiLeak(post, 'the vote count post');

    // Dahlia's rejected vote: her line in its own isolated element, the
    // override taken out as the post was read (invisible characters are
    // not read); the console's reason outside it, with no bidi control,
    // drawn left to right.
    const rejection = '[data-testid=count] [data-testid=vote-rejections] li';
    const line = await page.$eval(`${rejection} code`, (c) => c.textContent);
    assert.equal(line, 'vote Xylophone', 'the line shown is Dahlia\'s, without the override');
    assert.equal(await bidiOf(page, `${rejection} code`), 'isolate', 'the player\'s line is isolated');
    const reason = await page.$eval(rejection, (li) => [...li.childNodes].filter((n) => n.nodeName !== 'CODE').map((n) => n.textContent).join(''));
    assert.match(reason, /^Dahlia, post 3, line 1:  rejected: "Xylophone" names no player$/);
    assert.doesNotMatch(reason, BIDI, 'the console\'s words hold no bidi control');
    // Ember's counted vote in the split table: the page was split without
    // its invisible characters, the override with them; isolated still.
    const ember = '[data-testid=split-posts] tr[data-author=Ember] li.counted';
    assert.equal(await bidiOf(page, `${ember} code`), 'isolate');
    assert.doesNotMatch(await page.textContent(ember), BIDI, 'the override is not in the post as split');
    await t.shot('bidi-survival-day');

    // The day committed on that page: the day's result post carries the
    // count as copied, and no bidi control.
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    await screen(page, 'Posts');
    await page.waitForSelector('[data-testid=public-post]');
    const result = await page.textContent('[data-testid=public-post]');
    for (const row of post.split('\n').filter((l) => /^\[b\].*\[\/b\] \(\d+\): /.test(l))) assert.ok(result.includes(row), `${row} in ${result}`);
    noBidiLeak(result, 'the day\'s result post');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Survival day: a zero-width space right after the vote word (as `24 v\u200B 2` in Mini-Survivor) reads as without it',
  async () => {
    const t = await open({ page: 'survival/' });
    const { page } = t;
    page.on('dialog', (d) => d.accept());
    try {
      await dealSurvival(page, 'Bidi vote word', PLAYERS, CASE._deal);
      await nightThenDay(page);
      const text = 'Aurora:\nvote\u200B Basil\n\nCobalt:\nvo\u200Bte Basil\n\nDahlia:\n\u2068vote Basil\u2069\n';
      await readThread(page, clean(text), 3);
      const want = await dayReading(page);
      assert.deepEqual(want.count, ['Basil\t3\tAurora, Cobalt, Dahlia\t']);
      await readThread(page, text, 3);
      assert.deepEqual(await dayReading(page), want);
    } finally {
      await t.close();
    }
  });

/** Each player's checked lines on the Night screen: [class, line, verdict]. */
const nightLines = (page, player) => page.locator(`article.player[data-player="${player}"] ol.verdicts li`)
  .evaluateAll((ls) => ls.map((l) => [l.className, l.querySelector('code').textContent, l.querySelector('span').textContent]));

test('Survival night: a pile of messages with zero-width spaces splits and reads as without them; a right-to-left override is taken out of its line, which stays isolated', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await dealSurvival(page, 'Bidi night', PLAYERS, CASE._deal);
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=bulk]', { state: 'attached' });
    await page.click('details.bulk summary');
    const pile = 'Basil:\nki\u200Bll Aurora\n\u202Eoops 99 q\n\n== Cob\u200Balt ==\ncheck\u200B Fjord\n';
    await paste(page, '[data-testid=bulk]', pile);
    await page.click('[data-testid=split]');
    await page.waitForSelector('[data-testid=split-result] li[data-player]');
    await readingDone(page);
    await page.waitForSelector('article.player[data-player="Cobalt"] ol.verdicts li');
    // The boxes hold the messages as typed without the invisible characters.
    assert.equal(await page.inputValue('article.player[data-player="Basil"] textarea'), 'kill Aurora\noops 99 q');
    assert.equal(await page.inputValue('article.player[data-player="Cobalt"] textarea'), 'check Fjord');
    const basil = await nightLines(page, 'Basil');
    assert.deepEqual(basil, [['ok', 'kill Aurora', 'accepted: kill Aurora'], ['bad', 'oops 99 q', 'rejected: "oops" is not a verb']]);
    assert.deepEqual(await nightLines(page, 'Cobalt'), [['ok', 'check Fjord', 'accepted: check Fjord']]);
    const bad = 'article.player[data-player="Basil"] ol.verdicts li.bad';
    assert.deepEqual(await page.$eval(bad, (l) => [getComputedStyle(l.querySelector('code')).unicodeBidi, getComputedStyle(l.querySelector('span')).unicodeBidi]), ['isolate', 'isolate']);
    assert.doesNotMatch(await page.textContent('[data-testid=preview]'), BIDI, 'the night preview holds no bidi control');

    // A message typed (or pasted) into a box: read as without them too (S2.3).
    const box = 'article.player[data-player="Basil"]';
    await page.fill(`${box} textarea`, 'watch');
    await page.waitForFunction((b) => document.querySelector(`${b} ol.verdicts li code`)?.textContent === 'watch', box);
    await page.fill(`${box} textarea`, 'ki\u200Bll Aurora\n\u202Eoops 99 q');
    await page.waitForFunction((b) => document.querySelectorAll(`${b} ol.verdicts li`).length === 2, box);
    await readingDone(page);
    const typed = await nightLines(page, 'Basil');
    assert.deepEqual(typed.map(([c, , v]) => [c, v]), basil.map(([c, , v]) => [c, v]), 'the same verdicts');
    assert.deepEqual(typed.map(([, l]) => clean(l)), ['kill Aurora', 'oops 99 q']);
    assert.equal(await bidiOf(page, `${bad} code`), 'isolate');
    await staysLeftToRight(page, bad, 'rejected');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

// ---------------------------------------------------------------- Dice ORG

const DICE_PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
const competition = 'section[aria-label=Competition]';

/** A split's account as the same DMs pasted again give it: every player's
 * choices already there (D12.11: a paste adds to the choices held). */
const sameAgain = (account) => account.replace(/: new \(/g, ': already there, unchanged (');

/** The round wizard's DM box: `text` split and read; what the page shows. */
async function readDms(page, text) {
  await page.fill('[data-testid=bulk]', text);
  await page.click('[data-testid=split]');
  await page.waitForFunction((t) => document.querySelector('[data-testid=bulk]').value === t && document.querySelector('[data-testid=reading]'), text);
  await page.waitForFunction(() => document.querySelector('[data-testid=split-result]'));
  return {
    reading: await page.locator('[data-testid=reading]').evaluate((d) => [...d.querySelectorAll('tr[data-verdict]')].map((tr) => [tr.closest('table').dataset.player, ...[...tr.cells].map((c) => c.textContent)])),
    account: await page.textContent('[data-testid=split-result]'),
  };
}

test('Dice ORG: DMs pasted with zero-width spaces read as without them; a right-to-left override is taken out of the line, which stays isolated', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  try {
    await startSeason(page, 'Bidi season', DICE_PLAYERS);
    await screen(page, 'Round');
    await page.waitForSelector(competition);
    const dms = ['\u200BAnn:', 'I de\u200Bduct 3 for 1 RP', 'boost\u200B +2 (1 RP)', '\u202Ehello producers!', '', '== B\u200Bob ==', '\uFEFFvote Cid'].join('\n');
    // Pasted as copied: the controls filled as the text says.
    const got = await readDms(page, dms);
    const ann = page.locator(`${competition} tr[data-player=Ann]`);
    assert.ok(await ann.locator('[data-testid=deduct]').isChecked(), 'Ann deducts');
    assert.equal(await ann.locator('[data-testid=boost]').inputValue(), '2', 'Ann boosts +2');
    assert.deepEqual(got.reading.map(([p, n, , v]) => [p, n, v]), [['Ann', '1', 'accepted'], ['Ann', '2', 'accepted'], ['Ann', '3', 'rejected'], ['Bob', '1', 'rejected']]);

    // The override is taken out of the line shown; the line and the
    // reason beside it are each isolated; the account names no control.
    const row = 'table[data-player=Ann] tr[data-verdict=rejected]';
    assert.equal(await page.$eval(`${row} code`, (c) => c.textContent), 'hello producers!');
    assert.deepEqual(await page.$eval(row, (tr) => [getComputedStyle(tr.querySelector('code')).unicodeBidi, getComputedStyle(tr.cells[3]).unicodeBidi]), ['isolate', 'isolate']);
    assert.doesNotMatch(got.account, BIDI, `the account: ${shown(got.account)}`);
    assert.doesNotMatch(await page.textContent('[data-testid=reading]'), /[\u200B\u202E\uFEFF]/, 'no invisible character left in the reading');

    // The same DMs without the invisible characters: the same reading,
    // and the same choices as the paste before (a paste adds, D12.11).
    const want = await readDms(page, clean(dms));
    assert.deepEqual(got.reading, want.reading, 'read as without the invisible characters');
    assert.equal(want.account, sameAgain(got.account), 'the same choices as the paste before');

    // Played as pasted.
    await readDms(page, dms);
    await page.click('[data-testid=play]');
    await page.waitForSelector('[data-testid=last-step]');
    assert.match(await page.textContent('[data-testid=last-step] [data-testid=explain]'), /Ann.*deducted 3 for 1 RP; spent 1 RP on the boost/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Dice ORG: a DM line wrapped in bidi isolates (U+2068 ... U+2069, as chat apps wrap text) reads as without them',
  async () => {
    const t = await open({ page: 'dice-org/#/setup' });
    const { page } = t;
    try {
      await startSeason(page, 'Bidi isolates', DICE_PLAYERS);
      await screen(page, 'Round');
      await page.waitForSelector(competition);
      const dms = 'Ann:\n\u2068I deduct 3 for 1 RP\u2069\nboost +2 \u2066(1 RP)\u2069';
      const got = await readDms(page, dms);
      const want = await readDms(page, clean(dms));
      assert.deepEqual(want.reading.map(([, , , v]) => v), ['accepted', 'accepted']);
      assert.deepEqual(got.reading, want.reading);
      assert.equal(want.account, sameAgain(got.account), 'the same choices as the paste before');
    } finally {
      await t.close();
    }
  });

// --------------------------------------------------------- Survival circle

/** The forum box: `text` pasted as a `kind` paste ('next', 'whole' or
 * 'post'); what the page read of it (each move's verdict, or the post's
 * reading). */
async function readForum(page, kind, text) {
  await page.check(`[data-testid=paste-${kind}]`);
  await page.fill('[data-testid=paste-text]', text);
  if (kind === 'post') {
    await page.waitForSelector('[data-testid=post-read]');
    return page.locator('[data-testid=post-reading]').evaluate((d) => d.innerText);
  }
  await page.waitForSelector('[data-testid=verdicts] li');
  return page.$$eval('[data-testid=verdicts] li', (ls) => ls.map((l) => `${l.className}: ${l.textContent}`));
}

test('Survival circle: a move pasted with a zero-width space reads as the same move',
  async () => {
    const t = await open({ page: 'survival-circle/' });
    const { page } = t;
    try {
      await startCircle(page, 'forum', 'Ann', 'Bob');
      const cases = [['next', 'B\u200B1'], ['whole', '\uFEFFB1, R\u200B1'], ['post', 'My move: B\u200B1\nthanks']];
      const differ = [];
      for (const [kind, text] of cases) {
        const got = await readForum(page, kind, text);
        const want = await readForum(page, kind, clean(text));
        if (JSON.stringify(got) !== JSON.stringify(want)) differ.push(`${kind} ${shown(text)}: ${shown(got)}, without it: ${shown(want)}`);
      }
      assert.deepEqual(differ, [], differ.join('\n'));
      // Played as pasted.
      await readForum(page, 'post', 'My move: B\u200B1\nthanks');
      await page.click('[data-testid=paste-play]');
      await screen(page, 'Play');
      assert.equal(await page.textContent('[data-testid=record]'), 'B1');
    } finally {
      await t.close();
    }
  });

test('Survival circle: a right-to-left override in a pasted move is not read, the move is in its own isolated element, the rejection reason is not turned around',
  async () => {
    const t = await open({ page: 'survival-circle/' });
    const { page } = t;
    try {
      await startCircle(page, 'forum', 'Ann', 'Bob');
      const v = await readForum(page, 'next', 'B1 \u202ER9 oops');
      assert.equal(v.length, 3);
      // (The override is not read: the move is R9, which has no value.)
      assert.match(v[1], /^bad: 2\. “R9” rejected: 9 is not a token value/);
      const li = '[data-testid=verdicts] li:nth-child(2)';
      assert.doesNotMatch(await page.textContent('[data-testid=refusal]'), BIDI);
      // The player's text in an element of its own, isolated.
      const own = await page.$eval(li, (l) => [...l.querySelectorAll('*')].filter((e) => e.textContent.includes('R9') && !e.textContent.includes('rejected'))
        .map((e) => getComputedStyle(e).unicodeBidi));
      assert.ok(own.includes('isolate'), `the move "R9" is in an isolated element of its own: ${await page.$eval(li, (l) => l.innerHTML)}`);
      assert.doesNotMatch(await page.textContent(li), BIDI, 'the override was not read, nor shown');
    } finally {
      await t.close();
    }
  });

test('Survival circle: a right-to-left override in the game\'s name stays in the header\'s name', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  try {
    await startCircle(page, 'forum', 'Ann', 'Bob', 'Game \u202Egnirts');
    assert.equal(await page.textContent('header .game-title strong'), 'Game \u202Egnirts');
    assert.equal(await bidiOf(page, 'header .game-title strong'), 'isolate');
    await page.waitForFunction(() => /^turn /.test(document.querySelector('[data-testid=phase]')?.textContent ?? ''));
    // (The header's name and phase are flex items, each drawn apart: no
    // control without the isolation here, the name's own is checked above.)
    await staysLeftToRight(page, '[data-testid=phase]', 'turn', false);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Survival circle: the position post copied carries no bidi control from the players\' names',
  async () => {
    const t = await open({ page: 'survival-circle/' });
    const { page } = t;
    try {
      await startCircle(page, 'forum', 'An\u202En', 'Bob');
      await readForum(page, 'next', 'B1');
      await page.click('[data-testid=paste-play]');
      await page.waitForFunction(() => document.querySelector('[data-testid=paste-text]').value === '');
      for (const format of ['markdown', 'bbcode', 'plain']) {
        await page.selectOption('[data-testid=post-format]', format);
        noBidiLeak(await page.textContent('[data-testid=post]'), `the ${format} post`);
      }
    } finally {
      await t.close();
    }
  });
