// Survival: published means published (S10.10), on the page as the
// moderator uses it. The GAME-001 deal (12 players; Basil, Fjord and
// Garnet the Evil Forces; Cobalt the Scientist; Hazel in the Spotlight).
// Each post is read off the Posts screen when it is first shown, as the
// moderator copies it: the deal post with night 1's deadline; night 1
// (Zara replaces Cobalt, the Evil Forces kill Aurora) with day 1's
// deadline and Zara's catch-up message; day 1 (a Discord page: the host's
// post first, a bot's split header with an example vote, a vote naming no
// one; Garnet modkilled at the day's start) with night 2's deadline;
// night 2 (Basil modkilled: the game ends, S10.4). Then every earlier post
// is shown again, before and after a reload: byte for byte the text
// copied; the end post states the deal post's commitment, and Verify with
// the deal post's names matches. Along the way: the board shows a
// drafted removal at once; the day's rejected vote line and vote history
// give the page's post numbers, as the split table does; the result post
// says who is out of the game and why and leaves the modkilled player out
// of "Not voting"; the committed day's final count has its "No
// elimination" row.
//
// A second test adds phpBB pages one after another with "Add this page"
// (S2.9): page 2 is read in full, and a page that states more posts than
// were read stays as a warning. Each test prints the moderator's actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, readingDone, dealSurvival, nightThenDay } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const DEAL = CASE._deal;

/** The public post's messages as the Posts screen shows them now. */
const publicText = async (page) => (await page.locator('[data-testid=public-post] [data-testid=message]').allTextContents()).join('\n');

/** Shows the Posts screen's stage (`deal`, a phase's index, `end`) in
 * plain text and waits until its post holds `marker`; its text. */
async function postOf(page, stage, marker) {
  if (!(await page.locator('[data-testid=posts-stage]').count())) await screen(page, 'Posts');
  await page.waitForSelector('[data-testid=posts-stage]');
  await page.selectOption('[data-testid=posts-stage]', stage);
  await page.selectOption('[data-testid=format]', 'plain');
  await page.waitForFunction((m) => (document.querySelector('[data-testid=public-post]')?.textContent ?? '').includes(m), marker);
  return publicText(page);
}

/** The private messages shown for `name`. */
const privateOf = (page, name) => page.locator(`[data-testid=private][data-player="${name}"] [data-testid=message]`).allTextContents();

/** The 64 hex digits after `label`. */
function hashAfter(text, label) {
  const m = text.match(new RegExp(`${label}\\s*([0-9a-f]{64})`));
  assert.ok(m, `${label} in ${text}`);
  return m[1];
}

test('posts once shown never change: the deal, a replacement, modkills, the end and Verify (S10.10)', async () => {
  const started = Date.now();
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const counts = [];
  let actions = 0;
  const act = async (p) => { actions += 1; await p; };
  const phaseDone = (what) => { counts.push(`${what}: ${actions}`); actions = 0; };
  try {
    await page.waitForSelector('[data-testid=deal]');
    await page.fill('[data-testid=name]', 'Published');
    await page.fill('[data-testid=players]', DEAL.players.join('\n'));
    await page.selectOption('[data-testid=edition]', DEAL.edition);
    for (const c of DEAL.specials) await page.check(`input[data-card="${c}"]`);
    await page.selectOption('[data-testid=spotlight]', DEAL.spotlight);
    await page.fill('[data-testid=seed]', DEAL.seed);
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=public-post]');

    // The deal post with night 1's deadline, as copied.
    await page.selectOption('[data-testid=format]', 'plain');
    await act(page.fill('[data-testid=deadline]', '2031-03-01T18:00'));
    await page.waitForFunction(() => (document.querySelector('[data-testid=public-post]')?.textContent ?? '').includes('2031-03-01 18:00'));
    const dealPost = await publicText(page);
    assert.match(dealPost, /Night 1 actions are due: 2031-03-01 18:00 UTC/);
    const commitment = hashAfter(dealPost, 'revealed at the end\\):');
    const dealNames = dealPost.match(/^Players \(12\): (.*)$/m)[1];
    phaseDone('deal');

    // Night 1: Zara replaces Cobalt; Cobalt checks Fjord; Aurora is killed.
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=events-box]');
    await act(page.selectOption('[data-testid=replace-old]', 'Cobalt'));
    await act(page.fill('[data-testid=replace-new]', 'Zara'));
    await act(page.click('[data-testid=replace]'));
    await page.waitForSelector('[data-testid=drafted-events] li');
    await act(page.click('details.bulk summary'));
    await act(page.fill('[data-testid=bulk]', 'Cobalt:\ncheck Fjord\n\nBasil:\nkill Aurora\n\nFjord:\nkill Aurora\n\nGarnet:\nkill Aurora\n'));
    await act(page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result] li[data-player]');
    await readingDone(page);
    await act(page.click('[data-testid=commit]'));
    await page.waitForSelector('[data-testid=committed]');
    await act(page.click('[data-testid=to-posts]'));
    await page.waitForSelector('[data-testid=public-post]');
    await page.selectOption('[data-testid=format]', 'plain');
    await act(page.fill('[data-testid=deadline]', '2031-03-02T18:00'));
    await page.waitForFunction(() => (document.querySelector('[data-testid=public-post]')?.textContent ?? '').includes('2031-03-02 18:00'));
    const morning = await publicText(page);
    assert.match(morning, /Zara replaces Cobalt\.[\s\S]*Night 1 is over[\s\S]*Aurora \(Knowledge\)[\s\S]*Day 1 votes are due: 2031-03-02 18:00 UTC/);
    const zara = await privateOf(page, 'Zara');
    assert.ok(zara.some((m) => /you are replacing a player/.test(m)), zara.join('\n---\n'));
    phaseDone('night 1');

    // Day 1: Garnet is modkilled at the day's start; the board shows it
    // before the commit.
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=page]');
    await act(page.selectOption('[data-testid=remove-player]', 'Garnet'));
    await act(page.selectOption('[data-testid=remove-reason]', 'inactivity'));
    await act(page.click('[data-testid=remove]'));
    await page.waitForFunction(() => /Garnet is removed by the moderator for inactivity/.test(document.querySelector('[data-testid=drafted-events]')?.textContent ?? ''));
    await screen(page, 'Board');
    await page.waitForSelector('[data-testid=grimoire] tr[data-player="Garnet"]');
    assert.match(await page.textContent('[data-testid=grimoire] tr[data-player="Garnet"]'), /removed at the start of day 1/);
    assert.ok((await page.getAttribute('[data-testid=grimoire] tr[data-player="Garnet"]', 'class')).includes('memory'));
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=page]');
    const discord = [
      'Host — Today at 6:00 PM', 'Day 1 begins. Vote with !vote NAME.',
      'Zara — Today at 6:05 PM', '!vote Fjord',
      'Fjord — Today at 6:07 PM', 'vote Zara',
      'Survival Bot', 'APP', ' — Today at 6:10 PM', 'Reminder: votes close in 2 days. Example: !vote Zara',
      'Hazel — Today at 6:20 PM', 'vote Fjord',
      'Indigo — Today at 6:25 PM', 'vote Zed',
      'Indigo — Today at 6:26 PM', 'vote Fjord',
      'Dahlia — Today at 6:30 PM', 'vote no lynch',
      'Juniper — Today at 6:31 PM', 'vote Fjord',
    ].join('\n');
    await act(page.fill('[data-testid=page]', discord));
    await act(page.click('[data-testid=add-page]'));
    await page.waitForSelector('[data-testid=count] tr[data-candidate="Fjord"]');
    await readingDone(page);
    // Fjord 5: Zara, Hazel x2, Indigo, Juniper; the bot's example is no vote.
    assert.match(await page.textContent('[data-testid=count] tr[data-candidate="Fjord"]'), /^Fjord5/);
    assert.match(await page.textContent('[data-testid=count] tr[data-candidate="Zara"]'), /^Zara1Fjord/);
    assert.doesNotMatch(await page.textContent('[data-testid=not-voting]'), /Garnet/);
    // The page's post numbers everywhere: the split table, the rejected
    // line, the vote history.
    assert.equal(await page.getAttribute('[data-testid=split-posts] tr.unknown >> nth=1', 'data-number'), '4');
    assert.match(await page.textContent('[data-testid=split-posts] tr[data-number="6"]'), /vote Zed/);
    assert.match(await page.textContent('[data-testid=count] [data-testid=vote-rejections]'), /^Indigo, post 6, line 1: vote Zed rejected/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=vote-history] tbody tr').length === 6);
    const history = await page.locator('[data-testid=vote-history] tbody tr').evaluateAll((rs) => rs.map((r) => r.cells[0].textContent));
    assert.deepEqual(history, ['2', '3', '5', '7', '8', '9']);
    await page.waitForSelector('[data-testid=commit]');
    await act(page.click('[data-testid=commit]'));
    await page.waitForSelector('[data-testid=committed]');
    // The final count of the day's report has its "No elimination" row.
    assert.match(await page.textContent('[data-testid=committed] table.count tr[data-no-elimination]'), /^No elimination1Dahlia/);
    await screen(page, 'Posts');
    await page.waitForSelector('[data-testid=deadline]');
    await page.selectOption('[data-testid=format]', 'plain');
    await act(page.fill('[data-testid=deadline]', '2031-03-03T18:00'));
    await page.waitForFunction(() => (document.querySelector('[data-testid=public-post]')?.textContent ?? '').includes('2031-03-03 18:00'));
    const result = await publicText(page);
    assert.match(result, /Out of the game:\n- Garnet \(Greediness\): removed by the moderator for inactivity/);
    assert.doesNotMatch(result.match(/^Not voting.*$/m)[0], /Garnet/);
    assert.match(result, /Fjord is voted out\.[\s\S]*Night 2 actions are due: 2031-03-03 18:00 UTC/);
    phaseDone('day 1');

    // Night 2: Basil modkilled: no Evil Force is left, the game ends.
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=remove-player]');
    await act(page.selectOption('[data-testid=remove-player]', 'Basil'));
    await act(page.selectOption('[data-testid=remove-reason]', 'rule_break'));
    await act(page.click('[data-testid=remove]'));
    await page.waitForSelector('[data-testid=drafted-events] li');
    await readingDone(page);
    await act(page.click('[data-testid=commit]'));
    await page.waitForSelector('[data-testid=committed]');
    phaseDone('night 2');

    // The end states the commitment the deal post published.
    const end = await postOf(page, 'end', 'Seed:');
    assert.equal(hashAfter(end, 'Commitment published at the deal:'), commitment);
    assert.ok(end.includes(`Players as dealt, in the deal's order (the deal post's names, which the commitment covers): ${dealNames}`), end);

    // Every earlier post is the text copied, before and after a reload.
    for (const when of ['now', 'after a reload']) {
      if (when !== 'now') {
        await page.reload();
        await page.waitForSelector('nav');
      }
      assert.equal(await postOf(page, 'deal', 'Deal commitment'), dealPost, `the deal post ${when}`);
      assert.equal(await postOf(page, '0', 'Night 1 is over'), morning, `night 1's post ${when}`);
      assert.deepEqual(await privateOf(page, 'Zara'), zara, `Zara's messages ${when}`);
      assert.equal(await postOf(page, '1', 'Day 1 result'), result, `day 1's post ${when}`);
    }

    // Verify with the deal post's names, in its order.
    await screen(page, 'Verify');
    await page.click('[data-testid=fill]');
    await page.fill('[data-testid=players]', dealNames.split(', ').join('\n'));
    await page.fill('[data-testid=published]', commitment);
    await page.waitForSelector('[data-testid=match]');
    assert.match(await page.textContent('[data-testid=match]'), /^It matches/);
    assert.equal((await page.textContent('[data-testid=commitment]')).trim(), commitment);
    await t.shot('survival-published');

    assert.deepEqual(t.errors, []);
    for (const c of counts) console.log(`# actions, ${c}`);
    console.log(`# the test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await t.close();
  }
});

/** A phpBB (prosilver) topic page as copied: pagination, each post's
 * profile block and header, its text, its footer. */
function phpbbPage(page, pages, total, posts) {
  const nav = Array.from({ length: pages }, (_, i) => String(i + 1));
  const lines = ['Day 1 - Survival', 'Post Reply', 'Search this topic…', 'Search', `${total} posts`, `Page ${page} of ${pages}`, ...nav];
  posts.forEach(([who, text], i) => {
    lines.push(who, `Posts: ${10 + i}`, 'Joined: Mon Nov 02, 2026 9:00 am', 'Re: Day 1 - Survival', 'Quote', `Post by ${who} » Tue Dec 01, 2026 8:${String(10 + i)} pm`, ...text.split('\n'), 'Top');
  });
  lines.push('Display posts from previous: All posts', 'Post Reply', `${total} posts • Page ${page} of ${pages} • ${nav.join(', ')}`,
    'Return to “Survival Games”', 'Jump to', 'Who is online', 'Users browsing this forum: No registered users and 1 guest');
  return lines.join('\n');
}

test('phpBB pages added one after another are read in full; a page read short stays as a warning (S2.9)', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let actions = 0;
  try {
    const players = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Gus', 'Mara', 'Quill', 'Rook'];
    await dealSurvival(page, 'Pages', players, { spotlight: 'Rook', seed: '7' });
    await nightThenDay(page);
    const one = phpbbPage(1, 2, 7, [['Ann', 'vote Rook'], ['Bob', 'vote Quill'], ['Cid', 'vote Quill'], ['Dee', 'vote Rook']]);
    const two = phpbbPage(2, 2, 7, [['Eve', 'vote Rook'], ['Gus', 'vote Quill'], ['Mara', 'Rook, sorry.\nvote Rook']]);
    await page.fill('[data-testid=page]', one);
    await page.click('[data-testid=add-page]');
    actions += 2;
    await page.waitForFunction(() => /^4 posts read/.test(document.querySelector('[data-testid=post-count]')?.textContent ?? ''));
    await page.fill('[data-testid=page]', two);
    await page.click('[data-testid=add-page]');
    actions += 2;
    await page.waitForFunction(() => /^7 posts read/.test(document.querySelector('[data-testid=post-count]')?.textContent ?? ''));
    await readingDone(page);
    assert.match(await page.textContent('[data-testid=count] tr[data-candidate="Rook"]'), /^Rook4/);
    assert.match(await page.textContent('[data-testid=count] tr[data-candidate="Quill"]'), /^Quill3/);
    assert.equal(await page.locator('[data-testid=page-warning]').count(), 0, await page.locator('[data-testid=page-warning]').allTextContents().then((t) => t.join()));
    assert.equal(await page.locator('[data-testid=page-problems]').count(), 0);
    console.log(`# actions, two pages added: ${actions}`);

    // A page stating 9 posts on its only page, of which 2 are read: the
    // warning stays above the thread and under the split's summary.
    const short = phpbbPage(1, 1, 9, [['Quill', 'vote Ann'], ['Rook', 'vote Ann']]);
    await page.fill('[data-testid=page]', short);
    await page.click('[data-testid=add-page]');
    await page.waitForSelector('[data-testid=page-warning]');
    assert.match(await page.textContent('[data-testid=page-warning]'), /Page 1 of 1 \(from line \d+\): 2 posts read, but the page says the topic has 9 posts, so this page holds at least 9/);
    await page.waitForSelector('[data-testid=page-problems]');
    assert.match(await page.textContent('[data-testid=page-problems]'), /page says the topic has 9 posts/);
    // A page with no post at all.
    await page.fill('[data-testid=page]', 'Just some words copied from somewhere else.');
    await page.click('[data-testid=add-page]');
    await page.waitForFunction(() => /no post was read|added no post/.test(document.querySelector('[data-testid=page-warning]')?.textContent ?? ''));
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
