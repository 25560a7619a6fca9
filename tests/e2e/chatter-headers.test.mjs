// A line of chatter ending in ':' ("sorry, amending:", "ok here goes:")
// is not a player's header, or the orders under it would be taken for
// nobody. A header is a line naming a player: the shared
// splitter (console_core::text::split_bulk) keeps such a line with the
// message it stands in, so what follows it stays with the player whose
// header came before. A real header naming no player ("Zed:" where a
// header stands, after a blank line) is still one: its lines are nobody's,
// and the moderator is told.
//
// Checked in every game with a bulk "paste all messages at once" box, on
// the page as the moderator sees it: Mini-Survivor's Orders (R3), Survival's
// Night (S2), the Dice ORG round wizard's DMs (D12). Each pile is a copy of
// PMs as players write them: a header, an order, a line of chatter ending
// in ':' (one with a comma, which no name has, and one that could be a
// name), then the amended order; then a part under an unknown name. Were
// the chatter taken for a header, the amended order would be nobody's (and
// not in the player's box); were every colon line ignored, the unknown
// name's order would land in the box above it. Both would fail here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, openDemo, dealSurvival, readingDone, startSeason, ROOT } from './helpers.mjs';

// The account's sentences (console_core::text::take_bulk).
const NOT_A_HEADER = /names no player, so it was read as a line of the message above it, not as a header$/;

/** The split account under the bulk box: { players: the per-player lines,
 * warns: every problem }. */
async function account(page) {
  return {
    players: await page.locator('[data-testid=split-result] li[data-player]').allTextContents(),
    warns: await page.locator('[data-testid=split-result] li.warn').allTextContents(),
  };
}

/** A line of chatter header-like in form (`ok here goes:`) may be named in
 * the account only to say it was kept in the message, not taken for a
 * header; `sorry, amending:` is no name at all and is never named. The
 * other problems are `expected`, exactly. */
function chatterNotHeaders(warns, expected, chatter) {
  assert.ok(!warns.some((w) => /sorry, amending/.test(w)), `"sorry, amending:" is in no problem: ${JSON.stringify(warns)}`);
  for (const w of warns.filter((w) => w.includes(chatter))) {
    assert.match(w, NOT_A_HEADER, `"${chatter}" kept in the message above it`);
  }
  assert.deepEqual(warns.filter((w) => !NOT_A_HEADER.test(w)), expected);
}

/** Opens the bulk box (closed while empty on some screens), fills it and
 * splits; prints the moderator's actions for the phase's pile (`what`):
 * opening the box, the paste, the split. */
async function split(page, pile, what) {
  let actions = 0;
  if (!(await page.locator('details.bulk').evaluate((d) => d.open))) {
    await page.click('details.bulk summary');
    actions++;
  }
  await page.fill('[data-testid=bulk]', pile);
  await page.click('[data-testid=split]');
  actions += 2;
  // Split in the site's worker: the account comes a moment later.
  await page.waitForSelector('[data-testid=split-result]');
  console.log(`# ${what}, a pile of PMs with chatter ending in ':': actions from paste to split: ${actions}`);
}

test('Mini-Survivor Orders: chatter ending in ":" stays in the player\'s submission, the amended order after it counts (R3.5); "Zed:" is still a header of no player', async () => {
  const t = await open();
  const { page } = t;
  try {
    // The demo's round 1: Rook holds 40 in tribe A (with Quill's 45 and
    // Mimic's 48), 4 in tribe H (with Lumen's 14) and 9 in tribe D.
    await openDemo(page);
    await screen(page, 'Orders');
    const rook = 'article.player[data-player="Rook"]';
    await page.fill(`${rook} textarea`, '');
    await page.waitForSelector(`${rook} ol.verdicts li`, { state: 'detached' });
    const pile = [
      'Rook:', //            1
      '40 v 45', //          2
      'sorry, amending:', // 3  chatter: no name has a comma
      '40 v 48', //          4  the amended vote (R3.5)
      'ok here goes:', //    5  chatter that could be a name: inside a message, a line of it
      '4 v 14', //           6
      '', //                 7
      'Zed:', //             8  a header where one stands, naming no player
      '9 v 46', //           9  Rook's survivor, but under Zed: nobody's
    ].join('\n');
    await split(page, pile, 'Mini-Survivor orders (the demo round)');

    // Rook's box holds every line under Rook's header, chatter included,
    // up to the blank line before Zed's part; nothing of Zed's.
    assert.equal(await page.inputValue(`${rook} textarea`), '40 v 45\nsorry, amending:\n40 v 48\nok here goes:\n4 v 14');
    await page.waitForFunction((s) => document.querySelector(`${s} .canonical`)?.textContent.includes('40 v 48'), rook);
    // The orders after the chatter are checked as Rook's: the amended vote
    // replaces the first (R3.5), the chatter lines are rejected (R3.4).
    const rows = await page.locator(`${rook} ol.verdicts li`).evaluateAll((ls) => ls.map((l) => [l.className, l.querySelector('code').textContent]));
    assert.deepEqual(rows, [
      ['warn', '40 v 45'],
      ['bad', 'sorry, amending:'],
      ['ok', '40 v 48'],
      ['bad', 'ok here goes:'],
      ['ok', '4 v 14'],
    ]);
    const inForce = await page.textContent(`${rook} .canonical`);
    assert.match(inForce, /40 v 48/);
    assert.match(inForce, /4 v 14/);
    assert.doesNotMatch(inForce, /40 v 45|9 v 46/);

    // The account: one part, Rook's, with its five lines; no part for the
    // chatter; "Zed" is a header of no player and its line nobody's.
    const a = await account(page);
    assert.deepEqual(a.players, ['Rook: new (5 lines)']);
    chatterNotHeaders(a.warns, [
      'line 8: "Zed" is not a player of this game; the lines under it were not taken',
      'line 9 under no player\'s header, so not taken for anyone',
    ], 'ok here goes');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Survival Night: chatter ending in ":" stays in the player\'s message, the later kill after it replaces the earlier (S2.5); "Zed:" is still a header of no player', async () => {
  const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
  const t = await open({ page: 'survival/' });
  const { page } = t;
  try {
    // Game 001's deal: Basil kills, Cobalt checks, Hazel protects (its
    // night 1: "kill Aurora", "check Fjord", "protect Cobalt").
    await dealSurvival(page, 'Chatter night', CASE._deal.players, CASE._deal);
    await page.waitForSelector('[data-testid=private]');
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=bulk]', { state: 'attached' });
    const pile = [
      '**Basil**:', //       1  a Discord copy's bold header
      'kill Lumen', //       2
      'sorry, amending:', // 3  chatter: no name has a comma
      'kill Aurora', //      4  the later kill (S2.5)
      '', //                 5
      'Cobalt:', //          6
      'ok here goes:', //    7  chatter that could be a name: inside a message, a line of it
      'check Fjord', //      8
      '', //                 9
      'Zed:', //             10 a header where one stands, naming no player
      'protect Cobalt', //   11 nobody's: not Cobalt's, not Hazel's
    ].join('\n');
    await split(page, pile, 'Survival night 1');
    await readingDone(page);

    const box = (p) => `article.player[data-player="${p}"]`;
    assert.equal(await page.inputValue(`${box('Basil')} textarea`), 'kill Lumen\nsorry, amending:\nkill Aurora');
    assert.equal(await page.inputValue(`${box('Cobalt')} textarea`), 'ok here goes:\ncheck Fjord');
    assert.equal(await page.inputValue(`${box('Hazel')} textarea`), '', 'Zed\'s line is no one\'s');
    // The engine reads the lines after the chatter as the player's: Basil's
    // later kill replaces the first (S2.5), the chatter is rejected (S2.4).
    await page.waitForFunction((s) => document.querySelectorAll(`${s} ol.verdicts li`).length === 3, box('Basil'));
    const rows = (p) => page.locator(`${box(p)} ol.verdicts li`).evaluateAll((ls) => ls.map((l) => [l.className, l.querySelector('code').textContent]));
    assert.deepEqual(await rows('Basil'), [['warn', 'kill Lumen'], ['bad', 'sorry, amending:'], ['ok', 'kill Aurora']]);
    assert.deepEqual(await rows('Cobalt'), [['bad', 'ok here goes:'], ['ok', 'check Fjord']]);

    const a = await account(page);
    assert.deepEqual(a.players, ['Basil: new (3 lines)', 'Cobalt: new (2 lines)']);
    chatterNotHeaders(a.warns, [
      'line 10: "Zed" is not a player of this game; the lines under it were not taken',
      'line 11 under no player\'s header, so not taken for anyone',
    ], 'ok here goes');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Dice ORG round wizard: chatter ending in ":" stays in the player\'s DM and the choice after it fills the controls (D12.1, D12.6); "Zed:" is still a header of no player', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  try {
    await startSeason(page, 'Chatter season', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal']);
    await screen(page, 'Round');
    await page.waitForSelector('section[aria-label=Competition]');
    const pile = [
      'Ann:', //                1
      'boost +2 (1 RP)', //     2
      'sorry, amending:', //    3  chatter: no name has a comma
      'I deduct 3 for 1 RP', // 4
      '', //                    5
      'Bob:', //                6
      'ok here goes:', //       7  chatter that could be a name: inside a message, a line of it
      'deduct', //              8
      '', //                    9
      'Zed:', //                10 a header where one stands, naming no player
      'boost +2', //            11 nobody's: not Bob's
    ].join('\n');
    await split(page, pile, 'Dice ORG round 1 DMs');
    await page.waitForSelector('[data-testid=reading]');

    // The controls show what each player's DM gave: the choices after the
    // chatter are theirs; Zed's boost is no one's.
    const row = (p) => page.locator(`section[aria-label=Competition] tr[data-player=${p}]`);
    assert.ok(await row('Ann').locator('[data-testid=deduct]').isChecked(), 'Ann deducts');
    assert.equal(await row('Ann').locator('[data-testid=boost]').inputValue(), '2', 'Ann boosts +2');
    assert.ok(await row('Bob').locator('[data-testid=deduct]').isChecked(), 'Bob deducts');
    assert.equal(await row('Bob').locator('[data-testid=boost]').inputValue(), '', 'Zed\'s boost is not Bob\'s');

    // How each line was read: the chatter is a line of the player's DM,
    // rejected (no choice word, D12.2), the choice after it accepted.
    const rows = (p) => page.locator(`[data-testid=reading] table[data-player=${p}] tr[data-verdict]`).evaluateAll((rs) => rs.map((r) => [r.dataset.verdict, r.querySelector('code').textContent]));
    const ann = await rows('Ann');
    assert.equal(ann.find(([, l]) => l === 'sorry, amending:')?.[0], 'rejected', JSON.stringify(ann));
    assert.equal(ann.find(([, l]) => l === 'I deduct 3 for 1 RP')?.[0], 'accepted', JSON.stringify(ann));
    const bob = await rows('Bob');
    assert.equal(bob.find(([, l]) => l === 'ok here goes:')?.[0], 'rejected', JSON.stringify(bob));
    assert.equal(bob.find(([, l]) => l === 'deduct')?.[0], 'accepted', JSON.stringify(bob));
    assert.equal(await page.locator('[data-testid=reading] table[data-player]').count(), 2, 'a table per player, none for the chatter');
    // The lines of nobody: Zed's header and line (D12.1); the chatter is
    // no header, and a line of its player's DM (shown there with its
    // verdict), so not listed here as unread.
    const unread = await page.locator('[data-testid=reading] [data-testid=unread] li').allTextContents();
    assert.ok(!unread.some((u) => /sorry, amending|ok here goes/.test(u)), JSON.stringify(unread));
    const zed = unread;
    assert.equal(zed.length, 2, JSON.stringify(unread));
    assert.match(zed[0], /^Line 10: "Zed": "Zed" names no player: the lines under it are not read \(D12\.1\)/);
    assert.match(zed[1], /^Line 11: "boost \+2": before any player's header, or under a header naming no player \(D12\.1\)/);

    // The account: a part per player, none for the chatter; each chatter
    // line named once, as a rejected line of its player's DM.
    const a = await account(page);
    assert.deepEqual(a.players, ['Ann: new (3 lines)', 'Bob: new (2 lines)']);
    assert.ok(a.warns.some((w) => /^line 10: "Zed" not read: "Zed" names no player/.test(w)), JSON.stringify(a.warns));
    assert.ok(a.warns.some((w) => /^Ann, line \d+: "sorry, amending:" rejected/.test(w)), JSON.stringify(a.warns));
    for (const w of a.warns.filter((w) => /sorry, amending|ok here goes/.test(w))) {
      // (A rejected line is numbered within its player's DM.)
      assert.match(w, /^Ann, line \d+: "sorry, amending:" rejected: "sorry" starts no choice \(D12\.2\)$|^Bob, line \d+: "ok here goes:" rejected: "ok" starts no choice \(D12\.2\)$/, w);
    }
    assert.equal(a.warns.filter((w) => w.includes('ok here goes')).length, 1, JSON.stringify(a.warns));
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
