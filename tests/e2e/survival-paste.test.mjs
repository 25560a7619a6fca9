// Survival: a long day thread pasted. A page of 700
// posts (over 16 KB: the box keeps it but does not lay it out, "Show it"
// shows it) added to the thread is read whole (the post count and the
// vote count after every post), but the split view lays out 100 posts at
// a time: the posts with something not counted (an author who is no
// player, a vote line rejected or ignored) come first, a "Show 100 more"
// line says how many are shown and in what order, and every post, every
// rejected line and every author who is no player is reachable through
// it. The vote history (written in the site's worker) shows the latest
// 100 changes and reaches every one the same way. Prints the moderator's
// action count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, ROOT, dealSurvival, nightThenDay } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const PLAYERS = CASE._deal.players;
const POSTS = 700;

/** The thread: `Name:` headers (S2.9's plain layout). Every tenth post is
 * by "Zed", no player (S2.9: not counted); every seventh by a player
 * votes for "Xylophone", no player (S5.4: rejected); every third by a
 * player votes for another player, a new one each time (counted, a
 * change in the vote history); the rest is talk. */
function thread() {
  let unknown = 0;
  let rejected = 0;
  const posts = [];
  for (let i = 0; i < POSTS; i++) {
    const stranger = i % 10 === 9;
    const author = stranger ? 'Zed' : PLAYERS[i % PLAYERS.length];
    let body = `I keep reading post ${i + 1} again and wonder who is quiet.`;
    if (stranger) unknown += 1;
    else if (i % 7 === 3) {
      body += '\nvote Xylophone';
      rejected += 1;
    } else if (i % 3 === 0) body += `\nvote ${PLAYERS[(i + 1 + (Math.floor(i / PLAYERS.length) % (PLAYERS.length - 1))) % PLAYERS.length]}`;
    posts.push(`${author}:\n${body}\n`);
  }
  return { text: posts.join('\n'), unknown, rejected };
}

/** The split view's rows: [post number, has something not counted]. */
const rows = (page) =>
  page.locator('[data-testid=split-posts] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [Number(tr.dataset.number), tr.classList.contains('unknown') || tr.querySelector('li.rejected, li.ignored') !== null]));

test('a 700-post page: held in its box, read whole, the split view and the vote history shown 100 rows at a time, the posts not counted first, every one reachable', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await dealSurvival(page, 'Long thread', PLAYERS, CASE._deal);
    await nightThenDay(page);

    const { text, unknown, rejected } = thread();
    let actions = 0;
    // 1. Paste the page: over 16 KB, kept but not laid out until "Show it".
    await page.fill('[data-testid=page]', text);
    actions += 1;
    await page.waitForSelector('[data-testid=long-paste]', { state: 'visible' });
    assert.equal(await page.isVisible('[data-testid=page]'), false, 'a long page is not laid out');
    await page.check('[data-testid=long-paste] input');
    assert.equal(await page.inputValue('[data-testid=page]'), text, 'the page is kept whole');
    await page.uncheck('[data-testid=long-paste] input');
    // 2. Add it.
    await page.click('[data-testid=add-page]');
    actions += 1;
    const counted = POSTS - unknown;
    await page.waitForFunction((n) => document.querySelector('[data-testid=post-count]')?.textContent === `${n} posts read.`, counted);
    assert.equal(await page.isVisible('[data-testid=long-paste]'), false, 'the emptied box is shown again');
    // The count is after every post by a player, and lists every rejected line.
    assert.match(await page.textContent('[data-testid=count] h3'), new RegExp(`after ${counted} posts`));
    assert.equal(await page.locator('[data-testid=vote-rejections] li').count(), rejected);

    // The split, a page at a time: the posts with something not counted first, each group in thread order.
    await page.click('details.split-posts summary');
    actions += 1;
    const flagged = unknown + rejected;
    const more = page.locator('[data-testid=split] [data-testid=posts-more]');
    let shown = await rows(page);
    assert.equal(shown.length, 100);
    assert.match(await more.textContent(), new RegExp(`^100 of ${POSTS} posts shown: those with a line or author not counted first\\. Show 100 more`));
    for (;;) {
      assert.deepEqual(shown.map(([, f]) => f), shown.map((_, i) => i < flagged), `${shown.length} shown: the posts with something not counted lead`);
      const numbers = shown.map(([n]) => n);
      for (const part of [numbers.slice(0, flagged), numbers.slice(flagged)]) assert.deepEqual(part, [...part].sort((a, b) => a - b));
      if (!(await more.count())) break;
      await more.locator('button').click();
      actions += 1;
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=split-posts] tbody tr').length > n, shown.length);
      shown = await rows(page);
    }
    assert.equal(shown.length, POSTS);
    assert.equal(new Set(shown.map(([n]) => n)).size, POSTS, 'every post once');
    assert.equal(await page.locator('[data-testid=split-posts] tr.unknown').count(), unknown);
    assert.equal(await page.locator('[data-testid=split-posts] li.rejected').count(), rejected);

    // The vote history: the latest 100 changes, then every one.
    const hmore = page.locator('[data-testid=history-more]');
    await hmore.waitFor();
    const total = Number((await hmore.textContent()).match(/^100 of (\d+) vote changes shown: the latest\. Show \d+ more/)[1]);
    assert.ok(total > 100, `${total} vote changes`);
    const hrows = () => page.locator('[data-testid=vote-history] tbody tr').evaluateAll((rs) => rs.map((r) => Number(r.cells[0].textContent)));
    let h = await hrows();
    assert.equal(h.length, 100);
    const latest = h.at(-1);
    while (await hmore.count()) {
      await hmore.locator('button').click();
      actions += 1;
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=vote-history] tbody tr').length > n, h.length);
      h = await hrows();
      assert.equal(h.at(-1), latest, 'earlier changes are added before the latest');
    }
    assert.equal(h.length, total);
    assert.deepEqual(h, [...h].sort((a, b) => a - b), 'the history in post order');
    assert.deepEqual(t.errors, []);
    console.log(`Survival, a ${POSTS}-post page (${text.length} characters, ${unknown} posts by no player, ${rejected} rejected votes): actions: ${actions}`);
  } finally {
    await t.close();
  }
});
