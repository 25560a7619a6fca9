// Dice ORG: a 12-player season run from pasted DMs alone. Every
// phase of every round is the players' DMs pasted in the bulk box, split,
// checked and played; production gives an Extra Vote (round 2) and merges
// the teams (after round 3); after each round the producer copies every
// player's message in one text and the round's public posts. Every ruling
// (the result, the engine's reasons, how many lines were refused) is
// checked against the engine's own play of the same text
// (games/dice-org/examples/paste_season.rs, kept as the fixture read here).
// The producer's actions (clicks, pastes, selections) are counted per
// round and printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, startSeason } from './helpers.mjs';

const SEASON = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/dice-org/tests/fixtures/paste-season.json'), 'utf8'));

test('a 12-player season from pasted DMs matches the engine, in few actions a round', async () => {
  const started = Date.now();
  const t = await open({ page: 'dice-org/#/setup', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  const counts = new Map();
  let round = 1;
  // One producer action: counted for the round being run.
  const act = async (f) => {
    counts.set(round, (counts.get(round) ?? 0) + 1);
    await f();
  };
  const explain = (scope) => page.locator(`${scope} [data-testid=explain] li`).allTextContents();
  try {
    await startSeason(page, 'Paste season', SEASON.players, SEASON.seed);
    assert.equal(await page.locator('section.team tr[data-row]').count(), 12);

    let onRound = false;
    for (const [i, step] of SEASON.steps.entries()) {
      const n = i + 1;
      round = step.round;
      if (step.kind === 'edit') {
        // A production edit, then its post and messages.
        await act(() => screen(page, 'Production'));
        onRound = false;
        if (step.note === 'The merge') {
          await act(() => page.selectOption('[data-testid=change-kind]', 'merge'));
          await act(() => page.fill('[data-testid=name]', 'Merged'));
        } else {
          const holder = step.note.replace('An Extra Vote for ', '');
          await act(() => page.selectOption('[data-testid=change-kind]', 'player'));
          await act(() => page.selectOption('[data-testid=player]', holder));
          await act(() => page.fill('[data-testid=advantages]', 'Extra Vote'));
        }
        await act(() => page.click('[data-testid=add-change]'));
        await act(() => page.fill('[data-testid=edit-note]', step.note));
        await page.waitForSelector('[data-testid=edit-preview]');
        await act(() => page.click('[data-testid=apply-edit]'));
        await screen(page, 'History');
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid=history] > li').length === n, n);
        assert.deepEqual(await explain('[data-testid=history] > li:last-child'), step.explain, `step ${n}: the edit`);
        continue;
      }
      if (!onRound) {
        await act(() => screen(page, 'Round'));
        await page.waitForSelector('section.round');
        onRound = true;
      }
      // Paste the DMs, split, check every refused line, play.
      await act(() => page.fill('[data-testid=bulk]', step.paste));
      await act(() => page.click('[data-testid=split]'));
      await page.waitForSelector('[data-testid=reading]');
      const rejected = await page.locator('[data-testid=reading] tr[data-verdict=rejected] td:nth-child(2)').allTextContents();
      assert.deepEqual(rejected, step.rejected_lines, `step ${n} (${step.kind}): the lines refused`);
      assert.equal(await page.locator('[data-testid=reading] tr[data-verdict=accepted]').count(), step.accepted, `step ${n}: lines accepted`);
      assert.equal(await page.locator('[data-testid=reading] tr[data-verdict=skipped]').count(), step.skipped, `step ${n}: lines skipped`);
      await act(() => page.click('[data-testid=play]'));
      await page.waitForFunction((n) => document.querySelector('[data-testid=last-step] h3')?.textContent.includes(`(step ${n})`), n);
      assert.equal(await page.getAttribute('[data-testid=last-step]', 'data-kind'), step.kind, `step ${n}`);
      if (step.result !== null) {
        assert.equal((await page.textContent('[data-testid=last-result]')).trim(), step.result, `step ${n}: ${step.kind}`);
      }
      assert.deepEqual(await explain('[data-testid=last-step]'), step.explain, `step ${n}: the engine's reasons`);

      // The round ends with its vote, or with the revote of a tied vote
      // (D7.5), or with the final.
      if ((step.kind === 'vote' && !step.revote_due) || step.kind === 'revote' || step.kind === 'final') {
        // The round's messages: one text for every player, and its posts.
        await act(() => screen(page, 'Posts'));
        onRound = false;
        await page.waitForSelector('[data-testid=copy-all]');
        const all = await page.textContent('[data-testid=copy-all]');
        await act(() => page.click('section.round-messages button:has-text("Copy all")'));
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), all);
        if (round === 1) {
          // The same messages downloaded: one file the
          // text copied, and a file per player, each its part of that text.
          const [one] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download-all]')]);
          assert.equal(one.suggestedFilename(), 'round-1-messages.txt');
          assert.equal(fs.readFileSync(await one.path(), 'utf8'), all);
          const headers = [...all.matchAll(/^== (.+) ==$/gm)].map((m) => m[1]);
          const each = [];
          const got = (d) => each.push(d);
          page.on('download', got);
          await page.click('[data-testid=download-each]');
          for (let k = 0; k < 300 && each.length < headers.length; k++) await page.waitForTimeout(50);
          page.off('download', got);
          assert.equal(headers.length, 12, 'round 1: a message for each of the 12 players');
          assert.equal(new Set(each.map((d) => d.suggestedFilename())).size, each.length, 'each file its own name');
          assert.equal(each.length, headers.length, `a file per player: ${each.map((d) => d.suggestedFilename()).join(', ')} for ${headers.join(', ')}`);
          for (const d of each) {
            const text = fs.readFileSync(await d.path(), 'utf8').trim();
            assert.ok(text && all.includes(text), `${d.suggestedFilename()}: a player's message of the round`);
          }
        }
        if (step.kind === 'vote' || step.kind === 'revote') {
          for (const name of SEASON.players) {
            if (!SEASON.voted_out.slice(0, round - 1).includes(name)) assert.match(all, new RegExp(`== ${name} ==`), `round ${round}: a message for ${name}`);
          }
        }
        // The public posts of the round's vote (shown first), competition and camp.
        const posts = SEASON.steps.map((s, k) => [s, k]).filter(([s]) => s.round === round && ['competition', 'camp', 'vote', 'revote', 'final'].includes(s.kind));
        posts.sort((a, b) => (b[1] === i) - (a[1] === i));
        for (const [s, k] of posts) {
          if (k !== i) await act(() => page.selectOption('[data-testid=post-step]', String(k)));
          await page.waitForFunction((k) => document.querySelector('[data-testid=post-step]')?.value === String(k), k);
          const text = await page.textContent('[data-testid=public-post]');
          await act(() => page.locator('div.post:has([data-testid=public-post]) button').first().click());
          assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text, `round ${round}: the ${s.kind} post copied`);
        }
        console.log(`round ${round} actions: ${counts.get(round)}`);
      }
    }
    await screen(page, 'Board');
    await page.waitForSelector('[data-testid=winner]');
    assert.equal((await page.textContent('[data-testid=winner]')).trim(), SEASON.winner);
    for (const [r, k] of counts) assert.ok(k <= 30, `round ${r}: ${k} actions (at most 30)`);
    assert.deepEqual(t.errors, []);
    console.log(`# the season took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await t.close();
  }
});
