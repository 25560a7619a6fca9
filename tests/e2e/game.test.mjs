// Plays shared game 1001 from its set-up to the end through the UI, pasting
// every player's submission round by round, and checks every round and the
// final result against the game's expected record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, fixture, screen, text, ids, external, openDemo } from './helpers.mjs';

test('game 1001 plays to the end through pasted submissions', async () => {
  const game = fixture('game-1001.json');
  const t = await open({ contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  // The moderator's actions from the pasted DMs to the copied posts, per
  // bulk-pasted round (each click, paste, screen change and confirmation).
  const counts = [];
  // Rounds where a player sent nothing are confirmed (Rook in round 2).
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.accept(); });
  try {
    await openDemo(page);
    await t.shot('board');
    for (const [i, round] of game.rounds.entries()) {
      const expected = game.expect.rounds[i];
      let actions = 1;
      const confirmed = asked.length;
      await screen(page, 'Orders');
      // Clear every box (the demo pre-fills them; a fully eliminated player
      // has none), then paste as a moderator would.
      for (const box of await page.locator('article.player textarea:visible').all()) await box.fill('');
      if (i % 2 === 0) {
        for (const [name, sub] of Object.entries(round)) await page.fill(`article[data-player="${name}"] textarea`, sub);
      } else {
        if (!(await page.locator('details.bulk').evaluate((d) => d.open))) {
          await page.click('details.bulk summary');
          actions += 1;
        }
        const pile = Object.entries(round).map(([name, sub]) => `== ${name} ==\n${sub}`).join('\n\n');
        await page.fill('[data-testid=bulk]', pile);
        await page.click('[data-testid=split]');
        actions += 2;
        // The split is read in the site's worker: its account comes a moment later.
        await page.waitForSelector('[data-testid=split-result]');
        for (const [name, sub] of Object.entries(round)) {
          assert.equal(await page.inputValue(`article[data-player="${name}"] textarea`), sub.trimEnd(), `bulk split for ${name}`);
        }
      }
      if (i === 0) await t.shot('orders');
      await screen(page, 'Adjudicate');
      if (i === 0) await t.shot('adjudicate-preview');
      await page.click('[data-testid=commit]');
      await page.waitForFunction((n) => document.querySelector('[data-testid=live]').textContent.startsWith(`Round ${n} adjudicated`), i + 1);
      const scope = '[data-testid=last-result]';
      assert.equal(await text(page, 'assassinated', scope), ids(expected.assassinated), `round ${i + 1} assassinated`);
      assert.equal(await text(page, 'voted-out', scope), ids(expected.voted_out), `round ${i + 1} voted out`);
      assert.equal(await text(page, 'removed', scope), ids(expected.removed), `round ${i + 1} removed`);
      assert.equal(await text(page, 'outcasts', scope), ids(expected.outcasts), `round ${i + 1} outcasts`);
      assert.equal(await text(page, 'alive', scope), String(expected.alive), `round ${i + 1} alive`);
      if (i % 2 === 1) {
        // Adjudicate, commit, the confirmations; then the posts copied.
        actions += 2 + (asked.length - confirmed);
        await screen(page, 'Posts');
        actions += 1;
        for (const copy of await page.locator('.post button.copy').all()) {
          await copy.click();
          actions += 1;
        }
        const last = (await page.locator('[data-testid=public-post]').allTextContents()).at(-1);
        await page.waitForFunction((want) => navigator.clipboard.readText().then((t) => t === want), last);
        await page.click('[data-testid=all-private] button:has-text("Copy all private messages")');
        actions += 1;
        await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.startsWith('== ')));
        counts.push(`round ${i + 1}: ${actions}`);
      }
    }
    console.log(`Mini-Survivor actions per bulk-pasted round (12 players, paste to copied posts): ${counts.join(', ')}`);
    assert.ok(counts.length > 0);
    assert.ok(asked.some((m) => /No orders from Rook for round 2/.test(m)), `asked: ${asked}`);
    await t.shot('end');
    const tokens = game.players.filter((p) => game.expect.tokens_of_life[p]).map((p) => `${p} ${game.expect.tokens_of_life[p]}`).join(', ');
    assert.equal(await text(page, 'tokens'), tokens || 'none');
    const ec = game.expect.elimination_candidate;
    assert.ok((await text(page, 'ec')).startsWith(ec.players.join(', ')), 'elimination candidate');
    await screen(page, 'Posts');
    const post = await page.locator('[data-testid=public-post]').first().textContent();
    assert.match(post, /The game is over/);
    assert.match(post, new RegExp(`Seed: ${game.seed}`));
    await t.shot('posts-final');
    assert.deepEqual(t.errors, []);
    assert.ok(t.requests.length > 3, 'requests are recorded');
    assert.deepEqual(external(t.requests), [], 'no request leaves 127.0.0.1');
  } finally {
    await t.close();
  }
});
