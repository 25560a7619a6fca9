// What a moderator meets in a full Mini-Survivor game, each checked in the
// browser as the moderator meets it: Commit (once, missing orders asked),
// bulk text added to what a player sent, deadlines per round, results and
// posts of any round, a phone screen, the keyboard and the order panel,
// screens with their own URLs, Setup, Verify and games started from case
// files played to the end. The demo is shared game 1001 (its
// round-1 orders pre-filled; Rook sends nothing in round 2); case files are
// the catalogue's (games/mini-survivor/cases/FORMAT.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, text, ids, openDemo, commit, goto, fixture, ROOT, ARTIFACTS, clearStorage } from './helpers.mjs';

const phase = async (page) => (await page.locator('.game-title').textContent()).replace(/\s+/g, ' ');
const roundsPlayed = async (page) => {
  await screen(page, 'History');
  return page.locator('.history .row button:not([data-testid=undo])').count();
};
const box = (name) => `article[data-player="${name}"] textarea`;
const publicPost = async (page) => (await page.locator('[data-testid=public-post]').allTextContents()).join('\n');
const caseFile = (dir, name) => path.join(ROOT, 'games/mini-survivor/cases', dir, name);

/** Starts a game from a case file's text pasted on Setup. */
async function startFromCaseText(page, json) {
  await screen(page, 'Setup');
  if (await page.locator('[data-testid=new-game]').count()) await page.click('[data-testid=new-game]');
  await page.check('[data-testid=mode-case]');
  await page.fill('[data-testid=case-text]', json);
  await page.click('[data-testid=start-case]');
  await page.waitForSelector('.tribe');
}

test('a double click on Commit commits one round; missing orders are asked first, naming who', async () => {
  const t = await open();
  const { page } = t;
  const asked = [];
  let answer = true;
  page.on('dialog', (d) => { asked.push(d.message()); if (answer) d.accept(); else d.dismiss(); });
  try {
    await openDemo(page);
    await screen(page, 'Adjudicate');
    // Two clicks on the same button in one task (before the page redraws):
    // the second is for a round already committed and does nothing (it
    // would commit round 2, where Rook sent nothing: a question).
    await page.evaluate(() => { const b = document.querySelector('[data-testid=commit]'); b.click(); b.click(); });
    await page.waitForFunction(() => document.querySelector('[data-testid=live]').textContent.startsWith('Round 1 adjudicated'));
    assert.match(await phase(page), /round 2 next/);
    assert.deepEqual(asked, [], 'nothing was asked: round 2 was never committed');
    assert.equal(await roundsPlayed(page), 1);

    // A real double click where the button is, in a round where everyone
    // sent orders, as in the next (round 3): the second click must not land
    // on round 3's button.
    await screen(page, 'Orders');
    await page.fill(box('Rook'), '4 v 14');
    await screen(page, 'Adjudicate');
    assert.equal(await page.locator('[data-testid=missing-warning]').count(), 0);
    await page.dblclick('[data-testid=commit]');
    await page.waitForFunction(() => /^Round [23] adjudicated/.test(document.querySelector('[data-testid=live]').textContent));
    assert.match(await page.locator('[data-testid=live]').textContent(), /^Round 2 adjudicated/);
    assert.match(await phase(page), /round 3 next/);
    assert.deepEqual(asked, []);
    assert.equal(await roundsPlayed(page), 2);

    // Missing orders, declined: nothing is committed, and the moderator is told.
    answer = false;
    await screen(page, 'Orders');
    await page.fill(box('Pebble'), '');
    await page.fill(box('Wren'), '');
    await screen(page, 'Adjudicate');
    assert.match(await text(page, 'missing-warning'), /No orders yet from: Pebble, Wren\./);
    await page.click('[data-testid=commit]');
    assert.match(asked[0], /^No orders from Pebble, Wren for round 3\./);
    await page.waitForSelector('[data-testid=toast]:has-text("Round 3 not committed")');
    assert.match(await phase(page), /round 3 next/);
    // Nobody at all: said so.
    await screen(page, 'Orders');
    for (const b of await page.locator('article.player textarea:visible').all()) await b.fill('');
    await screen(page, 'Adjudicate');
    await page.click('[data-testid=commit]');
    assert.match(asked[1], /^Nobody has sent orders for round 3\./);
    assert.match(await phase(page), /round 3 next/);
    assert.equal(await roundsPlayed(page), 2);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('bulk text is added to what a player sent, with an account per player, and its notice stays where it applies', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await screen(page, 'Orders');
    const pebble = await page.inputValue(box('Pebble'));
    const lumen = await page.inputValue(box('Lumen'));
    assert.equal(pebble.split('\n').length, 8);
    // Each box shows that player's survivors, as orders are checked against them.
    assert.equal(await text(page, 'survivors', 'article[data-player="Pebble"]'), '12 in C · 24 in B · 27 in D · 30 in I · 50 in A');
    assert.match(lumen, /\nEND\n1 v 2$/);
    await page.fill(box('Rook'), '');
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) await page.click('details.bulk summary');
    // The help names a player of this game.
    assert.match(await page.locator('details.bulk').textContent(), /== Pebble ==/);
    await page.fill('[data-testid=bulk]', [
      '== Pebble ==', '24 m F', '27 v 11', '',
      '== Rook ==', '40 v 45', '',
      '== Lumen ==', '39 v 44', '',
      '== Nobody ==', '1 v 2',
    ].join('\n'));
    await page.click('[data-testid=split]');
    // Read in the site's worker: the account comes a moment later.
    await page.waitForSelector('[data-testid=split-result] li[data-player="Pebble"]');
    // Appended after the earlier text; a later order of a kind replaces an
    // earlier one (R3.5), so 24's move and 27's vote are now these.
    assert.equal(await page.inputValue(box('Pebble')), `${pebble}\n24 m F\n27 v 11`);
    assert.equal(await page.inputValue(box('Rook')), '40 v 45');
    // Before Lumen's `end`, which would hide it (R3.3).
    assert.equal(await page.inputValue(box('Lumen')), lumen.replace(/\nEND\n/, '\n39 v 44\nEND\n'));
    const canonical = await page.locator('article[data-player="Pebble"] .canonical').textContent();
    assert.match(canonical, /24 m F/);
    assert.doesNotMatch(canonical, /24 m B/);
    const said = async (name) => (await page.locator(`[data-testid=split-result] li[data-player="${name}"]`).textContent()).trim();
    assert.equal(await said('Pebble'), 'Pebble: added after the earlier text (2 lines)');
    assert.equal(await said('Rook'), 'Rook: new (1 line)');
    assert.equal(await said('Lumen'), 'Lumen: added after the earlier text (1 line)');
    // The lines under a header naming nobody are said to be nobody's.
    assert.deepEqual(await page.locator('[data-testid=split-result] li.warn').allTextContents(), [
      'line 11: "Nobody" is not a player of this game; the lines under it were not taken',
      'line 12 under no player\'s header, so not taken for anyone',
    ]);
    // Said visibly (and to screen readers), not only in the live region.
    await page.waitForSelector('[data-testid=toast]:has-text("3 submissions split from the bulk box, 2 added to earlier text; 2 problems, see below the box")');
    assert.match(await page.locator('[data-testid=live]').textContent(), /3 submissions split/);
    await t.shot('mini-survivor-orders');
    // The same text again changes nothing: not Lumen's part (before an
    // `end` line), nor Pebble's move, corrected by hand in between (a
    // later line counts, R3.5: the pile's must not come back after it).
    await page.fill(box('Pebble'), `${pebble}\n24 m G\n27 v 11`);
    const boxes = {};
    for (const name of ['Pebble', 'Rook', 'Lumen']) boxes[name] = await page.inputValue(box(name));
    await page.click('[data-testid=split]');
    await page.waitForSelector('[data-testid=split-result] li[data-player="Rook"]:has-text("unchanged")');
    for (const name of ['Pebble', 'Rook', 'Lumen']) {
      assert.equal(await page.inputValue(box(name)), boxes[name], `${name}'s box`);
      assert.equal(await said(name), `${name}: already taken from this paste, unchanged (${name === 'Pebble' ? 2 : 1} line${name === 'Pebble' ? 's' : ''})`);
    }
    assert.equal(await page.inputValue(box('Rook')), '40 v 45');
    // A message added to the pile is taken alone.
    await page.fill('[data-testid=bulk]', `${await page.inputValue('[data-testid=bulk]')}\n\n== Rook ==\n40 v 46`);
    await page.click('[data-testid=split]');
    await page.waitForSelector('[data-testid=split-result] li[data-player="Rook"]:has-text("added")');
    assert.equal(await page.inputValue(box('Rook')), '40 v 45\n40 v 46');
    assert.equal(await page.inputValue(box('Pebble')), boxes.Pebble);
    assert.equal(await page.inputValue(box('Lumen')), boxes.Lumen);

    // The account belongs to the Orders screen: no banner follows the
    // moderator to other screens or into another game.
    for (const name of ['Board', 'Adjudicate', 'Posts']) {
      await screen(page, name);
      assert.equal(await page.locator('[data-testid=notice], [data-testid=split-result]').count(), 0, name);
    }
    await screen(page, 'Orders');
    assert.equal(await page.locator('[data-testid=split-result]').count(), 0, 'a past split is not shown again');
    await openDemo(page);
    await screen(page, 'Orders');
    assert.equal(await page.locator('[data-testid=notice], [data-testid=split-result]').count(), 0, 'another game');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('each round has its own deadline, shown in the input, clearable, kept on reload', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await openDemo(page);
    await screen(page, 'Posts');
    assert.equal(await page.inputValue('[data-testid=posts-stage]'), '0');
    assert.match(await page.locator('label:has([data-testid=deadline])').textContent(), /Deadline of round 1/);
    assert.equal(await page.inputValue('[data-testid=deadline]'), '');
    assert.ok(await page.isDisabled('[data-testid=clear-deadline]'));
    assert.doesNotMatch(await publicPost(page), /Orders due/);
    await page.fill('[data-testid=deadline]', '2026-12-01T18:00');
    // The input shows what was entered, and the posts use it.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=public-post]')].some((p) => p.textContent.includes('Orders due: 2026-12-01 18:00 UTC')));
    assert.equal(await page.inputValue('[data-testid=deadline]'), '2026-12-01T18:00');
    assert.match((await page.locator('.private pre').first().textContent()), /Orders due: 2026-12-01 18:00 UTC/);

    // Round 2's posts announce round 2, whose deadline is round 1's plus
    // 48 hours (R9.6: round 1's length is not known), said at the commit;
    // it can be changed.
    await commit(page, 1);
    assert.match(await text(page, 'live'), /Round 2's deadline: 2026-12-03 18:00 UTC \(round 1's plus 2 days 0 hours, R9\.6; change it on the Posts screen\)/);
    await screen(page, 'Posts');
    assert.equal(await page.inputValue('[data-testid=posts-stage]'), '1');
    assert.match(await page.locator('label:has([data-testid=deadline])').textContent(), /Deadline of round 2/);
    assert.equal(await page.inputValue('[data-testid=deadline]'), '2026-12-03T18:00');
    assert.match(await publicPost(page), /Orders due: 2026-12-03 18:00 UTC/);
    await page.fill('[data-testid=deadline]', '2026-12-03T20:30');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.includes('Orders due: 2026-12-03 20:30 UTC'));
    // Each stays with its round, and a reload keeps both.
    await page.reload();
    await page.waitForSelector('[data-testid=posts-stage]');
    assert.equal(await page.inputValue('[data-testid=deadline]'), '2026-12-03T20:30');
    // Round 1 is played: its posts are published, its deadline is shown,
    // not changed (R9.7).
    await page.selectOption('[data-testid=posts-stage]', '0');
    await page.waitForFunction(() => document.querySelector('[data-testid=deadline]').value === '2026-12-01T18:00');
    assert.match(await publicPost(page), /Orders due: 2026-12-01 18:00 UTC/);
    assert.ok(await page.isDisabled('[data-testid=deadline]'));
    assert.ok(await page.isDisabled('[data-testid=clear-deadline]'));
    // Round 2's, cleared: the input and the posts say no deadline.
    await page.selectOption('[data-testid=posts-stage]', '1');
    await page.waitForFunction(() => document.querySelector('[data-testid=deadline]').value === '2026-12-03T20:30');
    await page.click('[data-testid=clear-deadline]');
    await page.waitForFunction(() => document.querySelector('[data-testid=deadline]').value === '');
    assert.doesNotMatch(await publicPost(page), /Orders due/);
    assert.ok(await page.isDisabled('[data-testid=clear-deadline]'));
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('after a commit its result and the way to its posts; the posts of any earlier round', async () => {
  const game = fixture('game-1001.json');
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await openDemo(page);
    await screen(page, 'Adjudicate');
    const where = await page.locator('[data-testid=commit]').boundingBox();
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    // Where the button was: round 1's result, not round 2's commit button.
    const committed = page.locator('[data-testid=committed]');
    assert.match(await committed.locator('h2').textContent(), /^Round 1 committed$/);
    const expected = game.expect.rounds[0];
    assert.equal(await text(page, 'alive', '[data-testid=committed]'), String(expected.alive));
    assert.equal(await text(page, 'removed', '[data-testid=committed]'), ids(expected.removed));
    const next = await page.locator('[data-testid=commit]').boundingBox();
    assert.match(await page.locator('[data-testid=commit]').textContent(), /Commit round 2/);
    assert.ok(next.y > where.y + where.height, `round 2's button (${next.y}) is below where round 1's was (${where.y})`);
    const top = await committed.boundingBox();
    assert.ok(top.y + top.height <= next.y, 'the result comes before the next round');
    await page.click('[data-testid=to-posts]');
    await page.waitForSelector('[data-testid=posts-stage]');
    assert.equal(await page.inputValue('[data-testid=posts-stage]'), '1');
    assert.match(await publicPost(page), /^\[b\]Round 1 results\[\/b\]/);

    // The survivors beside the orders follow the game.
    await screen(page, 'Orders');
    assert.equal(await text(page, 'survivors', 'article[data-player="Pebble"]'), '24 in B · 27 in D · 30 in I (2 eliminated)');
    assert.match(await text(page, 'survivors', 'article[data-player="Juniper"]'), /^1 outcast · /);
    await commit(page, 2);
    await screen(page, 'Posts');
    assert.match(await publicPost(page), /^\[b\]Round 2 results\[\/b\]/);
    const stages = await page.locator('[data-testid=posts-stage] option').allTextContents();
    assert.deepEqual(stages, ['Start: round 1 line-up', 'Round 1 results', 'Round 2 results']);
    await page.selectOption('[data-testid=posts-stage]', '1');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.startsWith('[b]Round 1 results'));
    // Round 1's private messages: as after round 1 (Pebble's line-up then).
    const pebble = await page.locator('.private [data-player="Pebble"] pre').textContent();
    assert.match(pebble, /^\[b\]Round 2: private message for Pebble\[\/b\]/);
    await page.selectOption('[data-testid=posts-stage]', '0');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.includes('Round 1'));
    assert.doesNotMatch(await publicPost(page), /results/);
    // From History: round 1's posts and private messages.
    await screen(page, 'History');
    await page.click('.history button:has-text("Round 1")');
    await page.click('[data-testid=round-posts]');
    await page.waitForSelector('[data-testid=posts-stage]');
    assert.equal(await page.inputValue('[data-testid=posts-stage]'), '1');
    assert.match(await publicPost(page), /^\[b\]Round 1 results\[\/b\]/);
    assert.equal(await page.locator('.private [data-player="Pebble"] pre').textContent(), pebble);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a 390 px phone keeps the 4-column map, folds removed tribes, compact navigation, no sideways scroll', async () => {
  const t = await open({ contextOptions: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } });
  const { page } = t;
  try {
    await openDemo(page);
    await commit(page, 1);
    // A reload keeps the screen (and clears the commit's passing message
    // from the screenshot).
    await screen(page, 'Board');
    await page.reload();
    await page.waitForSelector('.tribe.removed');
    const layout = await page.evaluate(() => {
      const box = (e) => e.getBoundingClientRect();
      const tribes = [...document.querySelectorAll('.tribe')];
      return {
        columns: getComputedStyle(document.querySelector('.grid')).gridTemplateColumns.split(' ').length,
        width: document.documentElement.scrollWidth,
        rows: [...new Set(tribes.map((e) => Math.round(box(e).top)))].length,
        header: box(document.querySelector('header')).height,
        removed: tribes.filter((e) => e.classList.contains('removed')).map((e) => ({ id: e.dataset.tribe, h: box(e).height, r: box(e).right, count: box(e.querySelector('.count')).right })),
        live: tribes.filter((e) => !e.classList.contains('removed')).map((e) => ({ id: e.dataset.tribe, h: box(e).height, top: box(e).top })),
        outcasts: box(document.querySelector('section.outcasts')).top + window.scrollY,
        // Every element inside the page's width.
        wide: [...document.querySelectorAll('main *')].filter((e) => box(e).right > document.documentElement.clientWidth + 0.5).map((e) => e.className || e.tagName).slice(0, 5),
      };
    });
    assert.equal(layout.columns, 4, 'the 3 x 4 map keeps its 4 columns');
    assert.equal(layout.rows, 3, 'in 3 rows');
    assert.ok(layout.width <= 390, `no horizontal overflow: ${layout.width}`);
    assert.deepEqual(layout.wide, []);
    assert.ok(layout.header <= 844 / 6, `the navigation is compact: ${layout.header} px`);
    assert.deepEqual(layout.removed.map((r) => r.id), ['A', 'C', 'G', 'J']);
    const lowest = Math.min(...layout.live.map((l) => l.h));
    for (const r of layout.removed) {
      assert.ok(r.h < lowest / 1.5, `removed tribe ${r.id} is folded (${r.h} px against ${lowest})`);
      assert.ok(r.count <= r.r, `"removed" stays in tribe ${r.id}'s tile`);
    }
    assert.ok(layout.outcasts < 844 * 1.5, `the outcasts are within reach: ${layout.outcasts}`);
    await t.shot('mini-survivor-phone-board');

    // The order panel follows the outcasts instead of covering them.
    await page.click('[data-survivor="1"]');
    await page.waitForSelector('aside.panel');
    const [outcasts, panel] = await Promise.all(['section.outcasts', 'aside.panel'].map((s) => page.locator(s).boundingBox()));
    assert.ok(panel.y >= outcasts.y + outcasts.height, 'the panel does not cover the outcast row');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
    await t.shot('mini-survivor-phone-panel');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('the keyboard goes into the order panel and Escape closes it; no duplicate board order; messages are seen', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    // Enter on a chip: the focus is in the panel, on its first control.
    await page.focus('[data-survivor="50"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('aside.panel');
    await page.waitForFunction(() => !!document.activeElement.closest('aside.panel'));
    assert.match(await page.locator('aside.panel h3').textContent(), /^Survivor 50, in tribe A/);
    // The survivor's current orders (Pebble's round-1 text gives 50 a vote for itself).
    assert.match(await text(page, 'current-orders'), /50 v 50/);
    // Escape (the focus on the panel's first control) closes the panel and
    // gives the focus back to the chip.
    await page.keyboard.press('Escape');
    await page.waitForSelector('aside.panel', { state: 'detached' });
    await page.waitForFunction(() => document.activeElement.dataset.survivor === '50');
    // Escape on the chip itself closes it too.
    await page.keyboard.press('Enter');
    await page.waitForSelector('aside.panel');
    await page.focus('[data-survivor="50"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('aside.panel', { state: 'detached' });
    // A destination within a few Tabs of the chip's Enter.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.activeElement.closest('aside.panel'));
    let tabs = 0;
    while (!(await page.evaluate(() => document.activeElement.dataset.move === 'E')) && tabs < 12) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    assert.ok(tabs < 12, 'the move buttons are reached from the panel');
    await page.keyboard.press('Enter');
    // Said where it can be seen, and read out.
    await page.waitForSelector('[data-testid=toast]:has-text("Order added: 50 m E")');
    assert.match(await page.locator('[data-testid=live]').textContent(), /Order added: 50 m E/);
    assert.match(await text(page, 'current-orders'), /50 m E/);
    // The same order again adds no second line.
    await page.click('aside.panel [data-move="E"]');
    await page.waitForSelector('[data-testid=toast]:has-text("Already ordered: 50 m E")');
    await page.focus('aside.panel [data-move="B"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('aside.panel', { state: 'detached' });

    // Dropping a chip on the tribe it is already moving to: no duplicate.
    const drag = async (from, to) => {
      const a = await page.locator(from).boundingBox();
      const b = await page.locator(to).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + 20, a.y + 20, { steps: 3 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
      await page.mouse.up();
    };
    await drag('[data-survivor="50"]', '[data-tribe="E"] h3');
    await page.waitForSelector('[data-testid=toast]:has-text("Already ordered: 50 m E")');
    // A refused drop is said where it can be seen, not only read out.
    await drag('[data-survivor="45"]', '[data-tribe="G"] h3');
    await page.waitForSelector('[data-testid=toast].error:has-text("Survivor 45 cannot move to tribe G: not a legal destination")');
    assert.ok(await page.locator('[data-testid=toast]').isVisible());
    await screen(page, 'Orders');
    const pebble = await page.inputValue(box('Pebble'));
    assert.equal(pebble.split('\n').filter((l) => l === '50 m E').length, 1, pebble);
    // Export is confirmed visibly too.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    await download.path();
    await page.waitForSelector('[data-testid=toast]:has-text("Game exported")');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('each screen has its own URL under a sub-path: Back, Forward and reload', async () => {
  const t = await open({ prefix: '/console/' });
  const { page } = t;
  try {
    await openDemo(page);
    const at = () => new URL(page.url());
    assert.equal(at().pathname, '/console/mini-survivor/');
    const id = at().hash.match(/^#\/([^/]+)\/board$/)?.[1];
    assert.ok(id, `the URL names the game and the screen: ${at().hash}`);
    const shown = async (cls) => page.waitForSelector(`main section.${cls}`);
    await screen(page, 'Orders');
    await shown('orders');
    await screen(page, 'Posts');
    await shown('posts');
    assert.equal(at().hash, `#/${id}/posts`);
    await page.goBack();
    await shown('orders');
    assert.equal(at().hash, `#/${id}/orders`);
    await page.goBack();
    await shown('board');
    assert.equal(at().hash, `#/${id}/board`);
    await page.goForward();
    await shown('orders');
    await page.reload();
    await shown('orders');
    assert.equal(at().hash, `#/${id}/orders`);
    assert.match(await page.locator('a.nav[aria-current=page]').textContent(), /Orders/);
    // A bookmark of a screen opens that screen of that game.
    await goto(page, `mini-survivor/#/${id}/history`);
    await shown('history');
    assert.match(await page.locator('.game-title').textContent(), /Demo: game 1001/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Setup shows the open game; Deal lands at the top of Posts; the small things', async () => {
  const t = await open({ page: 'mini-survivor/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    // The default names give no clash warning (R3.2), and Verify says
    // nothing wrong before anything is typed.
    await screen(page, 'Setup');
    await page.waitForSelector('[data-testid=players]');
    assert.equal(await page.locator('[data-testid=clashes]').count(), 0);
    assert.equal(await page.locator('[data-testid=setup-problem]').count(), 0);
    await screen(page, 'Verify');
    await page.waitForSelector('section.verify');
    assert.equal(await page.locator('section.verify .error').count(), 0);
    // Deal, with a small screen so the posts scroll: Posts from the top.
    await page.setViewportSize({ width: 1280, height: 500 });
    await screen(page, 'Setup');
    await page.fill('input[inputmode=numeric]', '12345678901234567890');
    await page.fill('label:has-text("Game name") input', 'Spring');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=public-post]');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    const post = await publicPost(page);
    const published = post.match(/Deal commitment[^:]*: ([0-9a-f]{64})/)[1];
    await page.setViewportSize({ width: 1280, height: 900 });
    // Setup during a game: that game's settings, not a blank form.
    await screen(page, 'Setup');
    const settings = await page.locator('[data-testid=game-settings]').textContent();
    assert.match(settings, /Spring/);
    assert.match(settings, /dealt from a seed, 5 survivors per player/);
    assert.match(settings, /Ash, Birch, Cedar, Dune, Ember, Fern, Gale, Heath, Iris, Juniper, Kestrel, Lark/);
    assert.match(settings, /3 x 4: A Amethyst/);
    assert.equal(await page.locator('[data-testid=players]').count(), 0);
    // The bulk help names a player of the game.
    await screen(page, 'Orders');
    assert.match(await page.locator('details.bulk').textContent(), /Ash:.*== Ash ==/);
    // Verify fills in from the open game and says whether it matches
    // (the seed and salt only once the game is over).
    await screen(page, 'Verify');
    await page.click('[data-testid=fill]');
    assert.equal(await page.inputValue('[data-testid=published]'), published);
    assert.equal(await page.inputValue('.verify label:has-text("Seed") input'), '');
    // The post format and the screen are kept across a reload.
    await screen(page, 'Posts');
    await page.selectOption('[data-testid=format]', 'markdown');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.startsWith('# '));
    await page.reload();
    await page.waitForSelector('[data-testid=format]');
    assert.equal(await page.inputValue('[data-testid=format]'), 'markdown');
    assert.match(await publicPost(page), /^# /);
    // Just imported from a file the moderator holds: not "never exported".
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const file = path.join(ARTIFACTS, `full-game-${Date.now()}.json`);
    await download.saveAs(file);
    const setup = JSON.parse(fs.readFileSync(file, 'utf8')).setup;
    assert.equal(setup.seed, '12345678901234567890');
    // Verify says whether the revealed seed and salt give the commitment.
    await screen(page, 'Verify');
    await page.click('[data-testid=fill]');
    await page.fill('.verify label:has-text("Seed") input', setup.seed);
    await page.fill('.verify label:has-text("Salt") input', setup.salt);
    assert.equal(await text(page, 'commitment'), published);
    assert.match(await text(page, 'match'), /^It matches the published commitment/);
    await page.fill('.verify label:has-text("Salt") input', '0'.repeat(64));
    assert.match(await text(page, 'match'), /^It does NOT match/);
    await clearStorage(page);
    await goto(page, '');
    await page.setInputFiles('[data-testid=import]', file);
    await page.waitForSelector('.tribe');
    await commit(page, 1);
    await screen(page, 'Board');
    assert.equal(await page.locator('.reminder').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

/** Plays every round of an imported case (its orders come in as drafts),
 * checking each against the case's expected record. */
async function playCase(page, c) {
  for (const [i, expected] of c.expect.rounds.entries()) {
    await screen(page, 'Orders');
    for (const [name, sub] of Object.entries(c.rounds[i])) {
      assert.equal(await page.inputValue(box(name)), sub, `round ${i + 1}: ${name}'s orders from the case`);
    }
    await commit(page, i + 1);
    const scope = '[data-testid=last-result]';
    if (expected.voted_out) assert.equal(await text(page, 'voted-out', scope), ids(expected.voted_out), `round ${i + 1} voted out`);
    if (expected.assassinated) assert.equal(await text(page, 'assassinated', scope), ids(expected.assassinated), `round ${i + 1} assassinated`);
    if (expected.removed) assert.equal(await text(page, 'removed', scope), ids(expected.removed), `round ${i + 1} removed`);
    if (expected.outcasts) assert.equal(await text(page, 'outcasts', scope), ids(expected.outcasts), `round ${i + 1} outcasts`);
    assert.equal(await text(page, 'alive', scope), String(expected.alive), `round ${i + 1} alive`);
  }
}

test('a game started from an imported case file plays to the end: final post, final standing, no deadline', async () => {
  const file = caseFile('public', 'move-006.json');
  const c = JSON.parse(fs.readFileSync(file, 'utf8'));
  const t = await open({ page: 'mini-survivor/' });
  const { page } = t;
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.accept(); });
  try {
    await screen(page, 'Setup');
    await page.check('[data-testid=mode-case]');
    await page.setInputFiles('[data-testid=case-file]', file);
    await page.waitForSelector('.tribe');
    assert.match(await page.locator('[data-testid=toast]').textContent(), /from the case's position at round 1; its 2 rounds of orders come in as drafts/);
    await screen(page, 'Setup');
    assert.match(await page.locator('[data-testid=game-settings]').textContent(), /from a position at round 1/);
    await playCase(page, c);
    assert.equal(c.expect.game_over, true);
    assert.match(await phase(page), /game over after round 2/);
    // No round 3 to commit, and Dee (fully eliminated) was not asked for.
    assert.equal(await page.locator('[data-testid=commit]').count(), 0);
    assert.deepEqual(asked, []);
    // Tokens of Life (R8.2): Ann 2 (1, 5), Bob 2 (2, 6), Cid 1 (3).
    assert.equal(await text(page, 'tokens'), 'Ann 2, Bob 2, Cid 1');
    // Dee's 4 and 8 were voted out in round 1: the first player fully eliminated (R8.4).
    assert.equal(await text(page, 'ec'), 'Dee (fully eliminated in the Voting segment of round 1)');

    await screen(page, 'Posts');
    assert.equal(await page.inputValue('[data-testid=posts-stage]'), '2');
    assert.equal(await page.locator('[data-testid=deadline]').count(), 0, 'no deadline after the end');
    for (const format of ['bbcode', 'markdown', 'plain']) {
      await page.selectOption('[data-testid=format]', format);
      const post = await publicPost(page);
      assert.match(post, /Final line-up/, format);
      assert.match(post, /The game is over/, format);
      assert.ok(post.indexOf('Final line-up') < post.indexOf('The game is over'), format);
      assert.doesNotMatch(post, /Orders due|Line-up for round/, format);
      // Dee, out of the game since round 1, gets no message (R9.3).
      assert.equal(await page.locator('.private [data-player="Dee"]').count(), 0, format);
      for (const name of c.players.filter((n) => n !== 'Dee')) {
        const msg = await page.locator(`.private [data-player="${name}"] pre`).textContent();
        assert.match(msg, /Final standing for .* \(the game ended after round 2\)/, `${format} ${name}`);
        assert.match(msg, /Tokens of Life/, `${format} ${name}`);
        assert.doesNotMatch(msg, /Round 3|must move|Next idol|idol costs|Orders due/, `${format} ${name}: ${msg}`);
      }
    }
    // Round 1's post said Dee is out, and why (R9.1).
    await page.selectOption('[data-testid=posts-stage]', '1');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.startsWith('Round 1 results'));
    assert.match(await publicPost(page), /\nOut of the game\n-+\nDee: every survivor eliminated, the last in the Voting segment of round 1\.\n/);
    // Eliminated players' order boxes are folded away.
    await screen(page, 'Orders');
    assert.equal(await page.locator('article.player.out[data-player="Dee"] details.box').evaluate((d) => d.open), false);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a survivor placed at random under R6.7 is in the public post in all three formats', async () => {
  // Fay's outcasts 6 and 7 give no move in a 1 x 1 grid: both are placed in A.
  const c = {
    grid: { rows: 1, cols: 1 },
    options: { outcast_without_move: 'random' },
    players: ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'],
    tribes: { A: { 1: 'Ann', 2: 'Bob', 3: 'Cid', 4: 'Dee', 5: 'Eve' } },
    outcasts: { 6: 'Fay', 7: 'Fay' },
    seed: 3,
    rounds: [{ Ann: '1 v 5', Bob: '2 v 5', Cid: '3 v 5', Dee: '4 v 5', Eve: '5 v 4' }],
    expect: { rounds: [{ voted_out: [5], outcasts: [], alive: 6 }] },
  };
  const t = await open({ page: 'mini-survivor/' });
  const { page } = t;
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.accept(); });
  try {
    await startFromCaseText(page, JSON.stringify(c));
    await playCase(page, c);
    assert.equal(asked.length, 1);
    assert.match(asked[0], /^No orders from Fay for round 1\. .*placed by R6\.7/);
    // The Adjudicate screen says it ...
    const result = await page.locator('[data-testid=last-result]').textContent();
    for (const id of [6, 7]) assert.ok(result.includes(`${id}: outcast with no move, placed at random in A (R6.7)`), result);
    // ... and so does the post the players read.
    await screen(page, 'Posts');
    for (const format of ['bbcode', 'markdown', 'plain']) {
      await page.selectOption('[data-testid=format]', format);
      const post = await publicPost(page);
      assert.match(post, /Outcasts without a move \(R6\.7\)/, format);
      for (const id of [6, 7]) assert.ok(post.includes(`#${id} gave no move and was placed in Amethyst (A) at random.`), `${format}: ${id}\n${post}`);
    }
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a long game from a case file (shared game 1003, 8 rounds) plays to the end as the case says', async () => {
  const file = caseFile('games', 'game-1003.json');
  const c = JSON.parse(fs.readFileSync(file, 'utf8'));
  const t = await open({ page: 'mini-survivor/' });
  const { page } = t;
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.accept(); });
  try {
    await screen(page, 'Setup');
    await page.check('[data-testid=mode-case]');
    await page.setInputFiles('[data-testid=case-file]', file);
    await page.waitForSelector('.tribe');
    await playCase(page, c);
    assert.match(await phase(page), /game over after round 8/);
    // Rounds where somebody with survivors sent nothing were asked about.
    assert.ok(asked.length > 0 && asked.every((m) => /^(No orders from .*|Nobody has sent orders) for round \d\./.test(m)), asked.join('\n'));
    const tokens = c.players.filter((p) => c.expect.tokens_of_life[p]).map((p) => `${p} ${c.expect.tokens_of_life[p]}`).join(', ');
    assert.equal(await text(page, 'tokens'), tokens);
    assert.ok((await text(page, 'ec')).startsWith(c.expect.elimination_candidate.players.join(', ')));
    await screen(page, 'Posts');
    assert.match(await publicPost(page), /Final line-up[\s\S]*The game is over/);
    assert.equal(await page.locator('[data-testid=deadline]').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
