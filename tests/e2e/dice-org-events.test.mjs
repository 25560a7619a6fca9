// Dice ORG: the moderator's events made through the page's
// screens mid-season: the prod list of the round (who has not sent their
// DMs, from the pasted DMs) with the prod messages to copy; a deadline set
// and extended with a reason and its post; a replacement (NEW replaces
// OLD, D9.4) whose later DM pasted under the old name is credited to the
// slot; a removal by the producers for inactivity (D9.5); each in History,
// with its public post and the private messages it calls for on the Posts
// screen. Prints the producer's actions from the pasted DMs to the posts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startSeason, counter } from './helpers.mjs';

const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

test('replacement, removal, prods and an extension mid-season, posts checked', async () => {
  const t = await open({ page: 'dice-org/#/setup', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  // The producer's actions (clicks, fills, selects), counted from the first
  // paste to the last post checked.
  const actions = counter();
  const { act } = actions;
  try {
    await startSeason(page, 'Events season', PLAYERS);

    // Round 1, competition: only Ann's DM is in. The prod list names the
    // seven others (D9.7), each with a prod message to copy, and one public
    // prod post.
    await act(() => screen(page, 'Round'));
    await page.waitForSelector('section[aria-label=Competition]');
    await act(() => page.fill('[data-testid=bulk]', '== Ann ==\nI deduct 3 for 1 RP\n'));
    await act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=reading]');
    // The list is written in the worker: wait for the answer to this paste.
    const prodsSay = (n) => page.waitForFunction((n) => document.querySelector('[data-testid=prods] summary')?.textContent === `Not in yet: ${n} players to prod (D9.7)`, n);
    await prodsSay(7);
    const prods = page.locator('[data-testid=prods]');
    assert.equal(await prods.locator('li[data-player=Ann]').count(), 0, 'Ann is in');
    assert.match(await prods.locator('li[data-player=Hal]').textContent(), /Hal: no DM/);
    assert.equal(await prods.locator('button:has-text("Copy prod")').count(), 7);
    assert.equal(await prods.locator('button:has-text("Copy the public prod post")').count(), 1);

    // Not counted (a look, not a step of the round): the Odds screen shows
    // each team's chance to win and to lose the next competition, computed
    // in the worker.
    await screen(page, 'Odds');
    await page.waitForSelector('[data-testid=team-odds]');
    const rows = await page.locator('[data-testid=team-odds] tbody tr').count();
    assert.equal(rows, 2, 'two teams');
    const wins = (await page.locator('[data-testid=team-odds] tbody tr td:nth-of-type(1)').allTextContents()).map((x) => Number(x.replace('%', '')));
    const loses = (await page.locator('[data-testid=team-odds] tbody tr td:nth-of-type(2)').allTextContents()).map((x) => Number(x.replace('%', '')));
    assert.ok(Math.abs(wins[0] + wins[1] - 100) <= 0.2, `with two teams one wins: ${wins}`);
    assert.ok(Math.abs(wins[0] - loses[1]) <= 0.1, `with two teams, one's win is the other's loss: ${wins} ${loses}`);
    await page.waitForSelector('[data-testid=odds-table]');

    // A deadline and its extension (D9.6), one edit with the producers' note.
    await act(() => screen(page, 'Production'));
    await act(() => page.selectOption('[data-testid=change-kind]', 'deadline'));
    await act(() => page.fill('[data-testid=at]', '2026-12-01T18:00'));
    await act(() => page.click('[data-testid=add-change]'));
    await act(() => page.selectOption('[data-testid=change-kind]', 'extend'));
    await act(() => page.fill('[data-testid=hours]', '24'));
    await act(() => page.fill('[data-testid=why]', 'a holiday weekend'));
    await act(() => page.click('[data-testid=add-change]'));
    await act(() => page.fill('[data-testid=edit-note]', 'Deadline for the competition'));
    await page.waitForSelector('[data-testid=edit-preview]');
    await act(() => page.click('[data-testid=apply-edit]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=deadline-now]')?.textContent.includes('2026-12-02 18:00'));
    await act(() => screen(page, 'Posts'));
    let post = await page.textContent('[data-testid=public-post]');
    assert.match(post, /Deadline: 2026-12-01 18:00/, post);
    assert.match(post, /The deadline is extended by 1 day 0 hours: a holiday weekend\./, post);
    assert.match(post, /New deadline: 2026-12-02 18:00/, post);
    // The prod messages now carry the deadline... and the competition is played.
    await act(() => screen(page, 'Round'));
    const halProd = '[data-testid=prods] li[data-player=Hal] button';
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.copy.includes('Deadline: 2026-12-02 18:00'), halProd);
    await act(() => page.click(halProd));
    await page.waitForFunction(async () => (await navigator.clipboard.readText()).includes('this is a prod'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^\[b\]Hal\[\/b\], this is a prod from the producers\.\nWe have no DM with your competition choices yet/, copied);
    assert.match(copied, /Deadline: 2026-12-02 18:00/);
    await act(() => page.click('[data-testid=play]'));
    await page.waitForSelector('[data-testid=last-step]');

    // Zoe replaces Hal (D9.4).
    await act(() => screen(page, 'Production'));
    await act(() => page.selectOption('[data-testid=change-kind]', 'replace'));
    await act(() => page.selectOption('[data-testid=player]', 'Hal'));
    await act(() => page.fill('[data-testid=name]', 'Zoe'));
    await act(() => page.click('[data-testid=add-change]'));
    await act(() => page.fill('[data-testid=edit-note]', 'Hal asked to be replaced'));
    await page.waitForSelector('[data-testid=edit-preview]');
    await act(() => page.click('[data-testid=apply-edit]'));
    await act(() => screen(page, 'History'));
    await page.waitForFunction(() => document.querySelector('[data-testid=history] > li:last-child')?.textContent.includes('Hal asked to be replaced'));
    assert.match(await page.textContent('[data-testid=history] > li:last-child'), /Zoe replaces Hal/);
    await act(() => screen(page, 'Posts'));
    post = await page.textContent('[data-testid=public-post]');
    assert.match(post, /Zoe replaces Hal\./, post);
    const priv = await page.locator('[data-testid=private-message]').allTextContents();
    assert.equal(priv.length, 1, 'the catch-up message, to Zoe only');
    assert.match(priv[0], /Zoe/);
    assert.match(priv[0], /you replace Hal and take over everything of the slot/);
    assert.doesNotMatch(priv[0], /\(Hal\)/, 'Hal gets nothing more');

    // Gus is removed for inactivity (D9.5).
    await act(() => screen(page, 'Production'));
    await act(() => page.selectOption('[data-testid=change-kind]', 'quit'));
    await act(() => page.selectOption('[data-testid=player]', 'Gus'));
    await act(() => page.selectOption('[data-testid=reason]', 'inactivity'));
    await act(() => page.click('[data-testid=add-change]'));
    await act(() => page.fill('[data-testid=edit-note]', 'No DM from Gus for a week'));
    await page.waitForSelector('[data-testid=edit-preview]');
    assert.match(await page.textContent('[data-testid=edit-preview]'), /Gus is removed by the producers for inactivity and joins the jury pool/);
    await act(() => page.click('[data-testid=apply-edit]'));
    await act(() => screen(page, 'History'));
    await page.waitForFunction(() => document.querySelector('[data-testid=history] > li:last-child')?.textContent.includes('No DM from Gus'));
    await act(() => screen(page, 'Posts'));
    post = await page.textContent('[data-testid=public-post]');
    assert.match(post, /Gus is removed from the game by the producers for inactivity and joins the jury pool\./, post);
    const gus = await page.locator('[data-testid=private-message]').allTextContents();
    assert.equal(gus.length, 1);
    assert.match(gus[0], /Gus/);
    assert.match(gus[0], /The producers have removed you from the game for inactivity/);

    // The camp: a DM pasted under Hal's name is Zoe's (the slot's); Gus is
    // asked nothing more, so he is on no prod list.
    await act(() => screen(page, 'Round'));
    await page.waitForSelector('section[aria-label=Camp]');
    await act(() => page.fill('[data-testid=bulk]', '== Hal ==\ndeduct 3\n'));
    await act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=reading] table[data-player=Zoe]');
    // Asked: the seven living (Gus is out); Zoe's DM is in.
    await prodsSay(6);
    assert.equal(await page.locator('[data-testid=reading] table[data-player=Hal]').count(), 0, 'no message is Hal\'s');
    assert.equal(await page.locator('[data-testid=unread]').count(), 0, 'the header under the old name is read');
    assert.equal(await page.locator('[data-testid=prods] li[data-player=Gus]').count(), 0, 'Gus is out');
    assert.equal(await page.locator('[data-testid=prods] li[data-player=Hal]').count(), 0);
    assert.equal(await page.locator('[data-testid=prods] li[data-player=Zoe]').count(), 0, 'Zoe\'s DM is in');
    await act(() => page.click('[data-testid=play]'));
    await page.waitForSelector('[data-testid=last-step][data-kind=camp]');
    assert.match(await page.textContent('[data-testid=last-step] [data-testid=explain]'), /Zoe/);
    assert.doesNotMatch(await page.textContent('[data-testid=last-step] [data-testid=explain]'), /\bGus\b/);

    console.log(`Dice ORG events: ${actions.n} producer actions (prod list, deadline and extension, replacement, removal, posts checked, the camp pasted under the old name)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
