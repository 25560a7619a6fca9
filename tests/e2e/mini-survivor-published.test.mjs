// Published means published (R9.7), on a dealt game: six players, two
// survivors each, a 1 x 2 grid. Round 1's deadline is set; round 1 is
// played (each tribe votes out its lowest ID); round 2's deadline comes
// by itself (round 1's plus 48 hours, R9.6) and is set a day earlier; Zed
// replaces Bob,
// the deadline is extended and Cid is removed (R10). Every post copied at
// its time (the deal's line-up with its commitment, each round's result
// and private messages, the new player's catch-up message) is byte for
// byte the same at every later step and at the end; Cid gets no private
// message once removed and the result post says why he is out; the final
// post repeats the deal commitment with the names as dealt, and Verify,
// filled in from the game, matches it. Prints the moderator's actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, commit, text } from './helpers.mjs';

const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'];

/** The posts of the stage the Posts screen shows: the public post's
 * messages, each private message by player, the events' posts. */
async function shown(page) {
  const priv = {};
  for (const p of await page.locator('.private .post').all()) {
    priv[await p.getAttribute('data-player')] = await p.locator('pre').textContent();
  }
  return {
    public: await page.locator('[data-testid=public-post]').allTextContents(),
    private: priv,
    events: await page.locator('[data-testid=event-post]').allTextContents(),
  };
}

/** Shows stage `s` of the Posts screen, whose public post starts `title`. */
async function stage(page, s, title) {
  await page.selectOption('[data-testid=posts-stage]', String(s));
  await page.waitForFunction((t) => document.querySelector('[data-testid=public-post]')?.textContent.startsWith(t), title);
}

/** Each tribe votes out its lowest ID: every living member's controller
 * sends `N v LOWEST` (from each player's survivors on the Orders screen). */
async function lowestVotes(page) {
  await screen(page, 'Orders');
  const tribes = {};
  const mine = {};
  for (const a of await page.locator('article.player').all()) {
    const name = await a.getAttribute('data-player');
    for (const [, id, tribe] of (await a.locator('[data-testid=survivors]').textContent()).matchAll(/(\d+) in ([A-Z])/g)) {
      (tribes[tribe] ??= []).push(Number(id));
      mine[id] = name;
    }
  }
  const orders = {};
  for (const ids of Object.values(tribes)) {
    const low = Math.min(...ids);
    for (const id of ids) (orders[mine[id]] ??= []).push(`${id} v ${low}`);
  }
  for (const [name, lines] of Object.entries(orders)) {
    await page.fill(`article[data-player="${name}"] textarea`, lines.join('\n'));
  }
  return Object.keys(orders).length;
}

test('Mini-Survivor: every post stays as published through a replacement, an extension and a removal; the deal verifies with its names', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let actions = 0;
  try {
    await page.click('[data-testid=new-mini-survivor]');
    await page.fill('[data-testid=players]', PLAYERS.join('\n'));
    await page.fill('input[inputmode=numeric]', '7');
    await page.fill('.form label:has-text("Survivors per player") input', '2');
    await page.fill('.form label:has-text("Rows") input', '1');
    await page.fill('.form label:has-text("Columns") input', '2');
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=public-post]');
    // Round 1's deadline, then the deal's posts as copied.
    await page.fill('[data-testid=deadline]', '2030-01-01T12:00');
    await page.dispatchEvent('[data-testid=deadline]', 'change');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.includes('Orders due: 2030-01-01 12:00 UTC'));
    const deal = await shown(page);
    const hash = deal.public.join('').match(/Deal commitment[^:]*: ([0-9a-f]{64})/)[1];
    assert.deepEqual(Object.keys(deal.private), PLAYERS);

    // Round 1; round 2's deadline is round 1's plus 48 hours (R9.6).
    actions += await lowestVotes(page);
    await commit(page, 1);
    actions += 2;
    assert.match(await text(page, 'live'), /Round 2's deadline: 2030-01-03 12:00 UTC \(round 1's plus 2 days 0 hours, R9\.6; change it on the Posts screen\)/);
    await screen(page, 'Posts');
    assert.equal(await page.inputValue('[data-testid=deadline]'), '2030-01-03T12:00');
    // A one-day round 2.
    await page.fill('[data-testid=deadline]', '2030-01-02T12:00');
    await page.dispatchEvent('[data-testid=deadline]', 'change');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]').textContent.endsWith('Orders due: 2030-01-02 12:00 UTC'));
    actions += 3;
    const round1 = await shown(page);
    assert.ok(round1.private.Bob && !round1.private.Zed);

    // Round 2's events (Setup screen): Zed replaces Bob, 24 hours more, Cid removed.
    await screen(page, 'Setup');
    await page.waitForSelector('[data-testid=player-events]');
    await page.selectOption('[data-testid=replace-old]', 'Bob');
    await page.fill('[data-testid=replace-new]', 'Zed');
    await page.click('[data-testid=replace]');
    await page.waitForSelector('[data-testid=player-events] [data-testid=event-post]');
    const welcome = (await page.locator('[data-testid=player-events] [data-testid=event-post]').allTextContents())
      .find((p) => p.startsWith('Welcome, [b]Zed[/b]: you replace Bob in round 2.'));
    assert.match(welcome, /Orders due: 2030-01-02 12:00 UTC/);
    await page.fill('[data-testid=extend-reason]', 'holiday');
    await page.click('[data-testid=extend]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-notes] li').length === 2);
    await page.selectOption('[data-testid=remove-player]', 'Cid');
    await page.click('[data-testid=remove]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-notes] li').length === 3);
    actions += 9;

    // Nothing published changed: round 1's posts (Bob's message, the
    // deadline as set), the deal's (its commitment); the catch-up message
    // is as it was given, before the extension.
    await screen(page, 'Posts');
    await page.waitForSelector('[data-testid=event-post]');
    const now = await shown(page);
    assert.deepEqual({ public: now.public, private: now.private }, { public: round1.public, private: round1.private });
    assert.ok(now.events.includes(welcome), now.events.join('\n---\n'));
    await stage(page, 0, '[b]Round 1: line-up');
    assert.deepEqual(await shown(page), deal);

    // Round 2: Cid is out (no message; the post says why); round 3's
    // deadline is round 2's with its extension plus round 2's length (a day).
    actions += await lowestVotes(page);
    await commit(page, 2);
    actions += 2;
    assert.match(await text(page, 'live'), /Round 3's deadline: 2030-01-04 12:00 UTC \(round 2's plus 1 day 0 hours, the length of round 2, R9\.6/);
    await screen(page, 'Posts');
    await stage(page, 2, '[b]Round 2 results');
    const round2 = await shown(page);
    assert.equal(round2.private.Cid, undefined, 'no message for a removed player');
    assert.ok(round2.private.Zed);
    assert.match(round2.public.join(''), /\[u\]\[b\]Out of the game\[\/b\]\[\/u\]\nCid: removed from the game by the moderator for inactivity\./);
    assert.match(round2.public.join(''), /Orders due: 2030-01-04 12:00 UTC$/);
    // Round 1's stage keeps its posts, and the round-2 events given after
    // them, the catch-up message among them, as they were given.
    await stage(page, 1, '[b]Round 1 results');
    assert.deepEqual(await shown(page), now);

    // Round 3 with no orders: every survivor votes for itself and falls (R5.5).
    await screen(page, 'Orders');
    for (const b of await page.locator('article.player textarea:visible').all()) await b.fill('');
    await commit(page, 3);
    actions += 1;
    await screen(page, 'Posts');
    await stage(page, 3, '[b]Round 3 results');
    const end = (await shown(page)).public.join('');
    assert.equal(end.match(/Deal commitment[^:]*: ([0-9a-f]{64})/)[1], hash, 'the end post gives the commitment published at the deal');
    assert.match(end, /It was made with the players as dealt, in order: Ann, Bob, Cid, Dee, Eve, Fay; 2 survivors per player; grid 1 x 2\./);
    assert.match(end, /: every survivor eliminated, the last in the Voting segment of round 3\./);
    for (const [s, title, was] of [[0, '[b]Round 1: line-up', deal], [1, '[b]Round 1 results', now], [2, '[b]Round 2 results', round2]]) {
      await stage(page, s, title);
      assert.deepEqual(await shown(page), was, `stage ${s}`);
    }

    // Verify, from the open game: the names as dealt, the seed and salt
    // revealed, the commitment published at the deal: it matches.
    await screen(page, 'Verify');
    await page.click('[data-testid=fill]');
    actions += 2;
    assert.equal(await page.inputValue('.verify textarea'), PLAYERS.join('\n'));
    assert.equal(await page.inputValue('[data-testid=published]'), hash);
    assert.equal(await text(page, 'commitment'), hash);
    assert.match(await text(page, 'match'), /^It matches the published commitment/);
    console.log(`Mini-Survivor published posts (deal, 3 rounds, replacement, extension, removal, verify): ${actions} moderator actions`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
