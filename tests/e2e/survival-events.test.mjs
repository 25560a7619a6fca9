// Survival: the moderator's events (S10) made mid-game through the screens
// of the GAME-001 deal (12 players, every Special Force, Hazel, the Forest
// Ranger, in the Spotlight). Night 1: Zara replaces Cobalt (the Scientist)
// on the Night screen; Cobalt's private message pasted under the old name
// lands in Zara's box and counts (S10.1); the night's posts start with
// the replacement and Zara gets the catch-up message with the card and
// the night's result (S10.7). Day 1: a deadline set; the thread pasted
// with a vote by the old name, counted for Zara's slot; Hazel removed for
// a rule break (her vote voided, the Spotlight lapses, the card revealed,
// S10.3); the deadline extended by a day (S10.5); the vote history table
// (S10.9), the activity table and the prod list with its messages
// (S10.8), the count post with the time left and in the wagons layout;
// the events' post on the Posts screen; the day committed, shown in
// History, undone (its events back in the drafts, cancelled one by one)
// and committed again. The test prints the moderator's actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, readingDone } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const DEAL = CASE._deal;

/** The public post's messages as the Posts screen shows them now. */
const publicText = async (page) => (await page.locator('[data-testid=public-post] [data-testid=message]').allTextContents()).join('\n');

test('a replacement, a removal of the Spotlight holder and an extension made mid-game through the screens, with their posts, the vote history and the prod list', async () => {
  const started = Date.now();
  const t = await open({ page: 'survival/' });
  const { page } = t;
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.accept(); });
  let actions = 0;
  const act = async (p) => { actions += 1; await p; };
  try {
    await page.waitForSelector('[data-testid=deal]');
    await page.fill('[data-testid=name]', 'Events');
    await page.fill('[data-testid=players]', DEAL.players.join('\n'));
    await page.selectOption('[data-testid=edition]', DEAL.edition);
    for (const c of DEAL.specials) await page.check(`input[data-card="${c}"]`);
    await page.selectOption('[data-testid=spotlight]', DEAL.spotlight);
    await page.fill('[data-testid=seed]', DEAL.seed);
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=public-post]');
    assert.equal(CASE.cards.Cobalt, 'Scientist');
    assert.equal(CASE.cards.Hazel, 'Forest Ranger');

    // Night 1: Zara replaces Cobalt (S10.1), on the Night screen.
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=events-box]');
    await act(page.selectOption('[data-testid=replace-old]', 'Cobalt'));
    await act(page.fill('[data-testid=replace-new]', 'Zara'));
    await act(page.click('[data-testid=replace]'));
    await page.waitForSelector('[data-testid=drafted-events] li');
    assert.match(await page.textContent('[data-testid=drafted-events]'), /Zara replaces Cobalt/);
    // A name already taken is refused with its reason, nothing drafted (S10.6).
    await page.selectOption('[data-testid=replace-old]', 'Basil');
    await page.fill('[data-testid=replace-new]', 'Fjord');
    await page.click('[data-testid=replace]');
    await page.waitForFunction(() => /Not done: .*Fjord/.test(document.body.textContent));
    assert.equal(await page.locator('[data-testid=drafted-events] li').count(), 1);
    // The Scientist's box is Zara's now; Cobalt's message pasted under the
    // old name goes into it and counts for the slot.
    await page.waitForSelector('article.player[data-player="Zara"]');
    assert.equal(await page.locator('article.player[data-player="Cobalt"]').count(), 0);
    await act(page.click('details.bulk summary'));
    await act(page.fill('[data-testid=bulk]', 'Cobalt:\ncheck Fjord\n\nBasil:\nkill Aurora\n'));
    await act(page.click('[data-testid=split]'));
    // (Split in the site's worker: the account shows when it answers.)
    await page.waitForSelector('[data-testid=split-result] li[data-player]');
    assert.equal(await page.inputValue('article.player[data-player="Zara"] textarea'), 'check Fjord');
    await page.waitForFunction(() => /accepted/.test(document.querySelector('article.player[data-player="Zara"] ol.verdicts')?.textContent ?? ''));
    // Activity at night: whose actions are in (S10.8).
    await page.waitForFunction(() => document.querySelector('[data-testid=activity] tr[data-player="Zara"] td:nth-child(5)')?.textContent === 'in');
    await readingDone(page);
    const notSent = (await page.textContent('[data-testid=not-sent]')).trim().split(', ');
    assert.ok(notSent.length > 0 && !notSent.includes('Zara') && !notSent.includes('Cobalt'), notSent.join(', '));
    for (const p of notSent) assert.equal(await page.textContent(`[data-testid=activity] tr[data-player="${p}"] td:nth-child(5)`), 'not in', p);
    await act(page.click('[data-testid=commit]'));
    await page.waitForSelector('[data-testid=committed]');
    assert.match(await page.textContent('[data-testid=committed] [data-testid=events]'), /Zara replaces Cobalt/);
    assert.match(await page.textContent('[data-testid=committed] [data-testid=facts]'), /The Scientist Zara learns: Fjord is/);

    // The night's posts: the replacement first; Zara's catch-up message
    // (card, the Evil Forces not named to a Scientist) and the result.
    await act(page.click('[data-testid=to-posts]'));
    await page.waitForSelector('[data-testid=public-post]');
    await page.selectOption('[data-testid=format]', 'plain');
    // (The posts are rewritten by the worker: none is shown until then.)
    await page.waitForFunction(() => { const p = document.querySelector('[data-testid=public-post]'); return p && !p.textContent.includes('[b]'); });
    const morning = await publicText(page);
    assert.match(morning, /From the moderator[\s\S]*Zara replaces Cobalt\./);
    const zara = await page.locator('[data-testid=private][data-player="Zara"] [data-testid=message]').allTextContents();
    assert.ok(zara.some((m) => /you are replacing a player/.test(m) && /Scientist/.test(m)), zara.join('\n---\n'));
    assert.ok(zara.some((m) => /Fjord/.test(m)), 'the Scientist result goes to Zara');
    assert.equal(await page.locator('[data-testid=private][data-player="Cobalt"]').count(), 0, 'Cobalt gets nothing more');
    // The day's deadline, announced with the morning post.
    await act(page.fill('[data-testid=deadline]', '2031-03-04T18:00'));
    await page.waitForFunction(() => (document.querySelector('[data-testid=public-post]')?.textContent ?? '').includes('2031-03-04 18:00'));

    // Day 1: the thread, a vote by the old name among them.
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=page]');
    await act(page.fill('[data-testid=page]', 'Cobalt:\nI checked Fjord.\nvote Fjord\n\nFjord:\nLies.\nvote Zara\n\nHazel:\nvote Fjord\n\nIndigo:\nvote Fjord\n'));
    await act(page.click('[data-testid=add-page]'));
    await page.waitForSelector('[data-testid=count] table.count');
    const fjordRow = () => page.textContent('[data-testid=count] tr[data-candidate="Fjord"]');
    assert.match(await fjordRow(), /^Fjord4.*Zara/);
    assert.match(await fjordRow(), /Hazel/);
    // Remove Hazel, the Spotlight holder, for a rule break (S10.3).
    await act(page.selectOption('[data-testid=remove-player]', 'Hazel'));
    await act(page.selectOption('[data-testid=remove-reason]', 'rule_break'));
    await act(page.fill('[data-testid=remove-note]', 'Quoted a private message.'));
    await act(page.click('[data-testid=remove]'));
    await page.waitForFunction(() => /Hazel is removed by the moderator for a rule break; the Spotlight lapses/.test(document.querySelector('[data-testid=drafted-events]').textContent));
    // Her vote no longer counts; Zara's (the old name's) still does.
    await page.waitForFunction(() => /^Fjord2\D*$/.test(document.querySelector('[data-testid=count] tr[data-candidate="Fjord"]')?.textContent ?? ''));
    assert.doesNotMatch(await page.textContent('[data-testid=electorate]'), /Spotlight/);
    // The Board's "not voting yet" is the count's, the removal applied
    // (both read in the worker).
    const notVoting = (await page.textContent('[data-testid=not-voting]')).replace(/^Not voting \(\d+\): /, '').split(', ').sort();
    await screen(page, 'Board');
    await page.waitForSelector('section.board [data-testid=not-sent]');
    assert.deepEqual((await page.textContent('section.board [data-testid=not-sent]')).split(', ').sort(), notVoting);
    assert.ok(!notVoting.includes('Hazel'), notVoting.join(', '));
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=extend-hours]');
    // Extend the deadline by a day (S10.5).
    await act(page.fill('[data-testid=extend-hours]', '24'));
    await act(page.fill('[data-testid=extend-reason]', 'a holiday'));
    await act(page.click('[data-testid=extend]'));
    await page.waitForFunction(() => /extended by 1 day 0 hours \(a holiday\)/.test(document.querySelector('[data-testid=drafted-events]').textContent));
    await page.waitForFunction(() => /2031-03-05/.test(document.querySelector('[data-testid=time-left]')?.textContent ?? ''));
    assert.match(await page.textContent('[data-testid=time-left]'), /^Deadline 2031-03-05 18:00.*: \d+ days? \d+ hours? left$/);

    // The vote history (S10.9): post, voter, from, to.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=vote-history] tbody tr').length === 3);
    const history = await page.locator('[data-testid=vote-history] tbody tr').evaluateAll((rs) => rs.map((r) => [...r.cells].map((c) => c.textContent).join('|')));
    assert.deepEqual(history, ['1|Zara|no vote|Fjord', '2|Fjord|no vote|Zara', '4|Indigo|no vote|Fjord']);
    // Activity and prods (S10.8): posts and words by slot; the players
    // with no post prodded, each message and one public post.
    assert.equal(await page.textContent('[data-testid=activity] tr[data-player="Zara"] td:nth-child(2)'), '1');
    assert.equal(await page.textContent('[data-testid=activity] tr[data-player="Zara"] td:nth-child(3)'), '5');
    await page.waitForSelector('[data-testid=prod-count]');
    const prodded = (await page.textContent('[data-testid=prod-count]'));
    // The living who have not posted: Basil, Dahlia, Ember, Garnet,
    // Juniper, Kestrel, Lumen, and Aurora unless the night's kill took her.
    const want = ['Aurora', 'Basil', 'Dahlia', 'Ember', 'Garnet', 'Juniper', 'Kestrel', 'Lumen'].filter((p) => p !== 'Aurora' || !/Aurora/.test(morning));
    assert.equal(prodded, `To prod (${want.length}): ${want.join(', ')}`);
    assert.doesNotMatch(prodded, /Zara|Fjord|Indigo|Hazel/);
    const prodPost = await page.textContent('[data-testid=prod-post]');
    assert.match(prodPost, /Prods[\s\S]*Basil[\s\S]*Please post in the game thread[\s\S]*Deadline: /);
    // The threshold: at 1 post or fewer, the ones with one post too.
    await act(page.fill('[data-testid=prod-posts]', '1'));
    await page.locator('[data-testid=prod-posts]').dispatchEvent('change');
    await page.waitForFunction(() => /Zara/.test((document.querySelector('[data-testid=prod-count]')?.textContent ?? '')));
    await page.fill('[data-testid=prod-posts]', '0');
    await page.locator('[data-testid=prod-posts]').dispatchEvent('change');
    await page.waitForFunction(() => /^To prod .*Basil/.test(document.querySelector('[data-testid=prod-count]')?.textContent ?? '') && !/Zara/.test(document.querySelector('[data-testid=prod-count]').textContent));

    // The count post with the time left, in the wagons layout.
    await act(page.check('[data-testid=wagons]'));
    await screen(page, 'Posts');
    actions += 1;
    await act(page.selectOption('[data-testid=posts-stage]', 'count'));
    await page.waitForFunction(() => /wagons/.test(document.querySelector('[data-testid=public-post]')?.textContent ?? ''));
    const count = await publicText(page);
    assert.match(count, /Vote count, day 1 \(wagons\)/);
    assert.match(count, /Fjord \(2\): Zara, Indigo/);
    assert.match(count, /Zara \(1\): Fjord/);
    assert.match(count, /Deadline: 2031-03-05 18:00.*\(\d+ days? \d+ hours? left\)/);
    // The events' post and nothing private (no replacement today).
    await act(page.selectOption('[data-testid=posts-stage]', 'events'));
    await page.waitForFunction(() => /removed from the game/.test(document.querySelector('[data-testid=public-post]')?.textContent ?? ''));
    const events = await publicText(page);
    assert.match(events, /Hazel has been removed from the game by the moderator for a rule break\. They were Forest Ranger\. Quoted a private message\. The Spotlight lapses\./);
    assert.match(events, /The deadline is extended by 1 day 0 hours: a holiday\.\nNew deadline: 2031-03-05 18:00/);
    for (const f of ['bbcode', 'markdown']) {
      await page.selectOption('[data-testid=format]', f);
      await page.waitForFunction((f) => (document.querySelector('[data-testid=public-post]')?.textContent ?? '').includes(f === 'bbcode' ? '[b]' : '**'), f);
      assert.match(await publicText(page), /Hazel/);
    }
    await page.selectOption('[data-testid=format]', 'plain');

    // Commit the day; its events in the result and in History.
    await screen(page, 'Day');
    actions += 1;
    await page.waitForSelector('[data-testid=commit]');
    await act(page.click('[data-testid=commit]'));
    await page.waitForSelector('[data-testid=committed]');
    const dayEvents = await page.locator('[data-testid=committed] [data-testid=events] li').allTextContents();
    assert.equal(dayEvents.length, 2);
    assert.match(await page.textContent('[data-testid=committed]'), /Fjord/);
    const modActions = actions;
    // The committed day's posts: its extension names the day's deadline
    // with the extension, as the draft's post did (S10.5).
    await screen(page, 'Posts');
    await page.selectOption('[data-testid=posts-stage]', '1');
    await page.waitForFunction(() => /Deadline extended/.test(document.querySelector('[data-testid=public-post]')?.textContent ?? ''));
    assert.match(await publicText(page), /The deadline is extended by 1 day 0 hours: a holiday\.\nNew deadline: 2031-03-05 18:00/);
    await screen(page, 'History');
    await page.locator('[data-testid=phase-button]').nth(1).click();
    await page.waitForSelector('section.history [data-testid=events]');
    assert.match(await page.textContent('section.history [data-testid=events]'), /Hazel is removed by the moderator for a rule break/);
    // Undo: the day's events go back into the drafts, each cancelled alone.
    await page.click('[data-testid=undo]');
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=drafted-events] li');
    assert.equal(await page.locator('[data-testid=drafted-events] li').count(), 2);
    await page.locator('[data-testid=cancel-event]').nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=drafted-events] li').length === 1);
    assert.match(await page.textContent('[data-testid=drafted-events]'), /Hazel is removed/);
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    assert.equal(await page.locator('[data-testid=committed] [data-testid=events] li').count(), 1);
    await t.shot('survival-events');

    assert.deepEqual(t.errors, []);
    console.log(`# actions: ${modActions} (replacement, night paste and commit, posts, deadline, day paste, removal, extension, prod threshold, wagons, posts, commit)`);
    console.log(`# the test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await t.close();
  }
});
