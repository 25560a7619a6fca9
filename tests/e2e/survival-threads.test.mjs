// Survival on real threads: three days of one game, each pasted on the Day
// screen exactly as the software gives a page when it is selected and
// copied: a phpBB (prosilver) topic page, a Discord channel and a XenForo
// thread page (games/survival/tests/fixtures/threads/*.txt, written for
// these tests in each layout). What the engine reads from each page is in
// games/survival/tests/fixtures/threads.json, kept equal to the engine by
// the survival crate's browser_threads test: the page must name the same
// layout and post count, list the same guesses and ignored vote lines, and
// copy the same vote count post. On each day the moderator answers the
// doubtful readings in one click each (a guess kept as a nickname, a
// guess refused), then copies the count post; the test prints the
// moderator's actions from the paste to the copied post ("actions: N").
// The house-rule options are in Setup and on the Rules screen.
// A second test pastes the same group's day 1 as five other sites give
// it: a vBulletin, an Invision, a Discourse and an SMF topic page and the
// BBCode source of a multi-quote (fixtures/threads/day4..8-*.txt, with
// quotes, signatures and page chrome; threads-layouts.json holds what the
// engine reads from each, kept equal by browser_threads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, nightThenDay } from './helpers.mjs';

const DIR = path.join(ROOT, 'games/survival/tests/fixtures');
const FIX = JSON.parse(fs.readFileSync(path.join(DIR, 'threads.json'), 'utf8'));
const LAYOUTS = JSON.parse(fs.readFileSync(path.join(DIR, 'threads-layouts.json'), 'utf8'));

const capital = (s) => s[0].toUpperCase() + s.slice(1);
const summaryOf = (s, chosen = false) => `${capital(s)} (${chosen ? 'the layout you chose' : 'the layout detected'}).`;

/** The engine's guesses, one per written text (any case) and player, as
 * the page groups them: "written -> player (how)". */
function guessKeys(list) {
  const seen = new Map();
  for (const g of list) {
    const k = `${g.written.toLowerCase()}|${g.read_as}`;
    if (!seen.has(k)) seen.set(k, `${g.written} -> ${g.read_as} (${g.how})`);
  }
  return [...seen.values()].sort();
}

/** The guesses the page lists, in the same terms. */
async function shownGuesses(page) {
  return (await page.locator('[data-testid=guesses] li[data-testid=guess]').evaluateAll((ls) => ls.map((l) => `${l.dataset.written} -> ${l.dataset.readAs} (${l.dataset.how})`))).sort();
}

/** Waits until the split summary says `text`. */
async function summaryIs(page, text) {
  await page.waitForFunction((s) => document.querySelector('[data-testid=split-summary]')?.textContent === s, text).catch(async () => {
    assert.fail(`split summary: ${await page.textContent('[data-testid=split-summary]')} (wanted ${text})`);
  });
}

/** The live count's rows as the BBCode count post writes them. */
async function liveRows(page) {
  const rows = [];
  for (const tr of await page.locator('[data-testid=count] table.count tbody tr').all()) {
    const [name, n, voters] = (await tr.locator('td, th').allTextContents()).map((s) => s.trim());
    rows.push(`[b]${name}[/b] (${n}): ${voters}`);
  }
  return rows;
}
const postRows = (post) => post.split('\n').filter((l) => /^\[b\].*\[\/b\] \(\d+\): /.test(l));

/** Deals the game of `fix` (its players and seed) on Setup under `name`;
 * `form()` runs on the filled form before Deal. */
async function deal(page, name, fix, form = async () => {}) {
  await page.waitForSelector('[data-testid=deal]');
  await page.fill('[data-testid=name]', name);
  await page.fill('[data-testid=players]', fix.players.join('\n'));
  await page.fill('[data-testid=seed]', fix.seed);
  await form();
  await page.click('[data-testid=deal]');
  await page.waitForSelector('[data-testid=public-post]');
}

test('a phpBB page, a Discord channel and a XenForo page pasted as copied: the split, the doubtful readings answered in one click, the count post copied', async () => {
  const t = await open({ page: 'survival/', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let total = 0;
  try {
    // Setup: the players pasted, the seed; the house rules for reading the
    // thread on offer, at their defaults (S5.3, S5.4, S5.6, S2.8).
    await deal(page, 'Real threads', FIX, async () => {
      const defaults = { 'opt-vote-bold': 'optional', 'opt-vote-place': 'line_start', 'opt-invalid-vote': 'keeps', 'opt-no-elimination': 'on', 'opt-reading': '2' };
      for (const [id, v] of Object.entries(defaults)) {
        assert.equal(await page.inputValue(`[data-testid=${id}]`), v, id);
      }
      // Chosen and chosen back: the form follows.
      await page.selectOption('[data-testid=opt-vote-bold]', 'required');
      assert.equal(await page.inputValue('[data-testid=opt-vote-bold]'), 'required');
      await page.selectOption('[data-testid=opt-vote-bold]', 'optional');
    });

    // The Rules screen lists the game's reading options.
    await screen(page, 'Rules');
    await page.waitForSelector('[data-testid=game-options]');
    const options = await page.textContent('[data-testid=game-options]');
    for (const o of [/S2\.8 reading rules: edition 2/, /S5\.3 votes must be bold: no/, /S5\.3 a vote stands at the start of its line/, /S5\.4 a vote naming no candidate leaves the earlier vote standing/, /S5\.6 votes for no elimination: counted/]) {
      assert.match(options, o);
    }

    for (const day of FIX.days) {
      const { before, after } = day;
      // The night before: no private message (committed anyway).
      await nightThenDay(page);
      const started = Date.now();
      let actions = 0;
      // 1. Paste the page as copied; 2. add it to the thread.
      await page.fill('[data-testid=page]', fs.readFileSync(path.join(DIR, 'threads', day.file), 'utf8'));
      actions += 1;
      await page.click('[data-testid=add-page]');
      actions += 1;

      // The split: the layout named, the posts and players counted as the engine does.
      await summaryIs(page, summaryOf(before.summary));
      assert.equal(await page.locator('[data-testid=split-posts] tbody tr').count(), before.posts);
      assert.equal((await page.textContent('[data-testid=post-count]')).trim(), `${before.counted} posts read.`);
      // Each post with its number, author and time; what was read from it.
      const first = page.locator('[data-testid=split-posts] tbody tr').first();
      assert.ok((await first.getAttribute('data-author')).length > 0);
      assert.equal(await page.locator('[data-testid=split-posts] li.counted').count(), before.votes, `${day.phase}: counted votes marked`);
      assert.equal(await page.locator('[data-testid=split-posts] li.ignored').count(), before.ignored.length);
      for (const u of before.unknown) {
        assert.match(await page.textContent(`[data-testid=split-posts] tr.unknown`), new RegExp(`not counted: .${u}. is no player`));
        assert.equal(await page.locator(`[data-testid=unknown-authors] li[data-written="${u}"]`).count(), 1);
      }
      // The doubtful list: every guess with how it was read; every ignored vote line with its reason.
      assert.deepEqual(await shownGuesses(page), guessKeys(before.guesses), `${day.phase}: guesses`);
      const ignored = await page.locator('[data-testid=ignored-lines] li').evaluateAll((ls) => ls.map((l) => l.dataset.why));
      assert.deepEqual(ignored, before.ignored.map((x) => x.why), `${day.phase}: ignored lines`);
      for (const x of before.ignored) {
        assert.ok((await page.textContent('[data-testid=ignored-lines]')).includes(x.text), x.text);
      }
      if (before.quotes) assert.match(await page.textContent('[data-testid=split-notes]'), new RegExp(`${before.quotes} quotes? kept inside the quoting post`));
      if (before.chrome) assert.match(await page.textContent('[data-testid=split-notes]'), new RegExp(`${before.chrome} lines? of page chrome left out`));
      if (before.orphans) assert.match(await page.textContent('[data-testid=orphans]'), /Lines before the first post \(not counted\)/);
      // The live count is the engine's.
      assert.deepEqual(await liveRows(page), postRows(before.count_post), `${day.phase}: count before`);

      await page.click('details.split-posts summary');
      await t.shot(`survival-threads-${before.layout}`);

      // Another layout on request re-splits the thread; back to the one detected.
      await page.selectOption('[data-testid=layout]', 'plain');
      await page.waitForFunction(() => document.querySelector('[data-testid=split-summary]')?.textContent.startsWith('Read as hand-made text'));
      assert.match(await page.textContent('[data-testid=split-summary]'), /\(the layout you chose\)\.$/);
      await page.selectOption('[data-testid=layout]', '');
      await summaryIs(page, summaryOf(before.summary));

      // One click keeps a guess as a nickname; one click refuses another.
      if (day.keep) {
        const li = page.locator(`[data-testid=guess][data-written="${day.keep.written}"]`);
        assert.equal(await li.getAttribute('data-read-as'), day.keep.player);
        await li.locator('[data-testid=make-nickname]').click();
        actions += 1;
        await li.waitFor({ state: 'detached' });
      }
      if (day.refuse) {
        const li = page.locator(`[data-testid=guess][data-written="${day.refuse}"]`);
        await li.locator('[data-testid=reject-guess]').click();
        actions += 1;
        await li.waitFor({ state: 'detached' });
        // The vote naming it is now rejected, with its reason, under the count.
        assert.match(await page.textContent('[data-testid=count] [data-testid=vote-rejections]'), new RegExp(day.refuse));
      }
      assert.deepEqual(await shownGuesses(page), guessKeys(after.guesses), `${day.phase}: guesses left`);
      assert.deepEqual(await liveRows(page), postRows(after.count_post), `${day.phase}: count after`);

      // Copy the vote count post: the engine's, word for word.
      await page.click('button:has-text("Copy the vote count post")');
      actions += 1;
      await page.waitForFunction(async (want) => (await navigator.clipboard.readText()) === want, after.count_post, { timeout: 5000 }).catch(() => {});
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), after.count_post, `${day.phase}: the copied count post`);
      total += actions;
      console.log(`${day.phase}, ${before.layout} (${before.posts} posts): actions: ${actions} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

      // Commit the day: the engine's elimination.
      await page.click('[data-testid=commit]');
      await page.waitForSelector('[data-testid=committed]');
      const out = await page.locator('[data-testid=committed] table[data-testid=eliminated] tr[data-player]').evaluateAll((rs) => rs.map((r) => r.dataset.player));
      assert.deepEqual(out, day.eliminated, `${day.phase}: eliminated`);
    }

    // The nicknames kept and the guesses refused are the game's, from
    // the day each was answered on (S2.7).
    await screen(page, 'Setup');
    await page.waitForSelector('[data-testid=game-settings]');
    const settings = await page.textContent('[data-testid=game-settings]');
    for (const d of FIX.days) {
      if (d.keep) assert.ok(settings.includes(`${d.keep.written}: ${d.keep.player} (from ${d.phase})`), settings);
      if (d.refuse) assert.ok(settings.includes(`${d.refuse} (from ${d.phase})`), settings);
    }
    console.log(`actions: ${total}`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a vBulletin, Invision, Discourse and SMF page and a BBCode multi-quote pasted as copied: the layout, the posts, the votes and the doubtful lines', async () => {
  const t = await open({ page: 'survival/', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let total = 0;
  try {
    await deal(page, 'Five sites', LAYOUTS);
    await nightThenDay(page);
    for (const day of LAYOUTS.days) {
      const r = day.read;
      // Each site's day 1 on its own: the thread so far emptied (the
      // test's doing, not the moderator's: a day on another site).
      const whole = page.locator('details:has([data-testid=thread]) > summary');
      if (!(await page.isVisible('[data-testid=thread]'))) await whole.click();
      await page.fill('[data-testid=thread]', '');
      const started = Date.now();
      let actions = 0;
      // 1. Paste the page as copied; 2. add it to the thread.
      await page.fill('[data-testid=page]', fs.readFileSync(path.join(DIR, 'threads', day.file), 'utf8'));
      actions += 1;
      await page.click('[data-testid=add-page]');
      actions += 1;
      // The layout named, the posts and the votes counted as the engine reads them.
      await summaryIs(page, summaryOf(r.summary));
      assert.equal(await page.locator('[data-testid=split-posts] tbody tr').count(), r.posts, `${day.file}: posts`);
      assert.equal((await page.textContent('[data-testid=post-count]')).trim(), `${r.counted} posts read.`);
      assert.equal(await page.locator('[data-testid=split-posts] li.counted').count(), r.votes, `${day.file}: counted votes marked`);
      for (const u of r.unknown) {
        assert.equal(await page.locator(`[data-testid=unknown-authors] li[data-written="${u}"]`).count(), 1, u);
      }
      // The doubtful lines: guesses with how they were read, ignored vote lines with why, rejected votes.
      assert.deepEqual(await shownGuesses(page), guessKeys(r.guesses), `${day.file}: guesses`);
      const ignored = await page.locator('[data-testid=ignored-lines] li').evaluateAll((ls) => ls.map((l) => l.dataset.why));
      assert.deepEqual(ignored, r.ignored.map((x) => x.why), `${day.file}: ignored lines`);
      const ignoredText = r.ignored.length ? await page.textContent('[data-testid=ignored-lines]') : '';
      for (const x of r.ignored) assert.ok(ignoredText.includes(x.text.split('\n')[0]), x.text);
      assert.equal(await page.locator('[data-testid=count] [data-testid=vote-rejections] li').count(), r.rejected, `${day.file}: rejected votes`);
      if (r.quotes) assert.match(await page.textContent('[data-testid=split-notes]'), new RegExp(`${r.quotes} quotes? kept inside the quoting post`));
      if (r.chrome) assert.match(await page.textContent('[data-testid=split-notes]'), new RegExp(`${r.chrome} lines? of page chrome left out`));
      assert.deepEqual(await liveRows(page), postRows(r.count_post), `${day.file}: count`);
      // 3. Copy the vote count post: the engine's, word for word.
      await page.click('button:has-text("Copy the vote count post")');
      actions += 1;
      await page.waitForFunction(async (want) => (await navigator.clipboard.readText()) === want, r.count_post, { timeout: 5000 }).catch(() => {});
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), r.count_post, `${day.file}: the copied count post`);
      total += actions;
      console.log(`${day.file}, ${r.layout} (${r.posts} posts, ${r.votes} votes, ${r.ignored.length} ignored lines, ${r.guesses.length} guesses): actions: ${actions} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      await t.shot(`survival-threads-${r.layout}`);
    }
    console.log(`actions: ${total}`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
