// Survival: the day's reading done in the site's worker. A 1 MB page of a day thread is added to the thread: the split, the
// vote count and the preview are read off the page, so the page marks the
// reading as under way ("Reading the thread…", aria-busy) while it is
// done (the longest main-thread task from the click to a second after the
// result is printed, a figure, not asserted: the benchmark's paste section
// measures it); the post count, the count and the rejected votes
// are the engine's; the rejected vote lines (a thousand) and the split
// table are shown 100 at a time, their next pages read again off the
// page, and the first 20 of the quoted votes (some 1,800) among the
// readings to check; the day is committed with its input read in the
// worker too, and plays as previewed. Prints the moderator's action
// count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, ROOT, dealSurvival, nightThenDay, paste } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const PLAYERS = CASE._deal.players;
const SIZE = 1_000_000;

/** A thread of about SIZE characters with `Name:` headers (S2.9's plain
 * layout): every 13th post votes for "Xylophone", no player (S5.4:
 * rejected), every 5th for a player, every 7th quotes a vote (S5.3: not
 * counted); the rest is talk. */
function thread() {
  const posts = [];
  let size = 0;
  let rejected = 0;
  let quoted = 0;
  for (let i = 0; size < SIZE; i++) {
    let body = `Post ${i + 1}: still reading the thread, who has been quiet today?`;
    if (i % 13 === 6) {
      body += '\nvote Xylophone';
      rejected += 1;
    } else if (i % 5 === 0) body += `\nvote ${PLAYERS[(i + 3) % PLAYERS.length]}`;
    if (i % 7 === 2) {
      body += `\n> vote ${PLAYERS[(i + 1) % PLAYERS.length]}\nnot so sure about that one`;
      quoted += 1;
    }
    const post = `${PLAYERS[i % PLAYERS.length]}:\n${body}\n`;
    posts.push(post);
    size += post.length + 1;
  }
  return { text: posts.join('\n'), posts: posts.length, rejected, quoted };
}

test('a 1 MB page added: read in the worker, the page marked as reading and never blocked, the count and the split the engine\'s', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await dealSurvival(page, 'Worker day', PLAYERS, CASE._deal);
    await nightThenDay(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=post-count]')?.textContent === '0 posts read.');

    const { text, posts, rejected, quoted } = thread();
    let actions = 0;
    // 1. Paste the page (kept whole, not laid out), as the browser pastes:
    // a paste event carrying the clipboard's text.
    await paste(page, '[data-testid=page]', text);
    actions += 1;
    await page.waitForSelector('[data-testid=long-paste]', { state: 'visible' });
    // The long tasks from here on.
    await page.evaluate(() => {
      // Whether the thread was ever marked as being read.
      window.__busy = [];
      const thread = document.querySelector('div.thread');
      // With, in each state, the room between the whole thread's box and
      // the split under it: the note "Reading the thread…" coming and
      // going moves nothing.
      const gap = () => document.querySelector('[data-testid=split]').getBoundingClientRect().top - thread.querySelector(':scope > details').getBoundingClientRect().bottom;
      new MutationObserver(() => window.__busy.push([thread.getAttribute('aria-busy'), !document.querySelector('[data-testid=reading]').hidden, gap()])).observe(thread, { attributes: true, subtree: true, attributeFilter: ['aria-busy', 'hidden'] });
      window.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask' });
    });
    // 2. Add it; the reading is under way off the page.
    await page.click('[data-testid=add-page]');
    actions += 1;
    await page.waitForFunction((n) => document.querySelector('[data-testid=post-count]')?.textContent === `${n} posts read.`, posts, { timeout: 60000 });
    await page.waitForSelector('[data-testid=reading]', { state: 'hidden' });
    const busy = await page.evaluate(() => window.__busy);
    assert.ok(busy.some(([b, shown]) => b === 'true' && shown), `the thread marked as being read meanwhile: ${JSON.stringify(busy)}`);
    assert.ok(busy.some(([, shown]) => !shown), `the note measured hidden too: ${JSON.stringify(busy)}`);
    assert.equal(new Set(busy.map(([, , g]) => g)).size, 1, `the split keeps its place as the note comes and goes: ${JSON.stringify(busy)}`);
    assert.equal(await page.getAttribute('div.thread', 'aria-busy'), 'false');
    await page.waitForTimeout(1000);
    const long = await page.evaluate(() => window.__long);
    const longest = Math.max(0, ...long.map(([, d]) => d));
    assert.equal(await page.inputValue('[data-testid=page]'), '', 'the page box emptied once the page is added');
    assert.match(await page.textContent('[data-testid=live]'), new RegExp(`Page added: ${posts} new posts, ${posts} in all`));
    assert.match(await page.textContent('[data-testid=count] h3'), new RegExp(`after ${posts} posts`));
    // The rejected vote lines under the count, 100 at a time (the
    // preview's report leaves them there).
    assert.equal(await page.locator('[data-testid=count] [data-testid=vote-rejections] li').count(), 100);
    assert.match(await page.textContent('[data-testid=rejections-more]'), new RegExp(`^100 of ${rejected} vote lines not counted shown: in thread order\\. Show 100 more`));
    assert.match(await page.textContent('[data-testid=rejections-under-count]'), new RegExp(`^${rejected} vote lines rejected`));
    assert.match(await page.textContent('[data-testid=electorate]'), /voters/);
    assert.match(await page.textContent('[data-testid=split] [data-testid=posts-more]'), new RegExp(`^100 of ${posts} posts shown`));
    // The quoted votes among the readings to check: the first 20, every
    // one marked in its post's row of the split table.
    assert.equal(await page.locator('[data-testid=ignored-lines] li[data-why=quoted]').count(), 20);
    assert.match(await page.textContent('[data-testid=ignored-more]'), new RegExp(`^20 of ${quoted} lines shown: every one is marked in its post`));

    // The next page of the rejected lines and of the split table: read
    // again off the page.
    await page.click('[data-testid=rejections-more] button');
    actions += 1;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=count] [data-testid=vote-rejections] li').length === 200);
    await page.click('details.split-posts summary');
    await page.click('[data-testid=split] [data-testid=posts-more] button');
    actions += 2;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=split-posts] tbody tr').length === 200);

    // 3. Commit the day: its input is read from the drafts in the worker
    // (the megabyte is not split on the page again), and the day played
    // is the one previewed.
    const eliminated = (sel) => page.locator(`${sel} table[data-testid=eliminated] tr[data-player]`).evaluateAll((rs) => rs.map((r) => r.dataset.player));
    const previewed = await eliminated('[data-testid=preview]');
    await page.evaluate(() => { window.__long = []; });
    await page.click('[data-testid=commit]');
    actions += 1;
    await page.waitForSelector('[data-testid=committed]', { timeout: 60000 });
    assert.match(await page.textContent('[data-testid=live]'), /^Day 1 committed: /);
    assert.deepEqual(await eliminated('[data-testid=committed]'), previewed);
    await page.waitForTimeout(1000);
    const commitLongest = Math.max(0, ...(await page.evaluate(() => window.__long)).map(([, d]) => d));
    assert.deepEqual(t.errors, []);
    console.log(`Survival, a ${text.length}-character page (${posts} posts, ${rejected} rejected votes) read in the worker: longest main-thread task ${longest} ms, at the commit ${commitLongest} ms; actions: ${actions}`);
  } finally {
    await t.close();
  }
});
