// The moderator's events in Mini-Survivor (R10), made mid-game through the
// screens of the demo (shared game 1001): after round 1, Nautilus replaces
// Kraken (an order pasted under the old name is then credited to the slot),
// Zephyr is removed for inactivity, the deadline is extended; the prod list
// and the posts are checked, round 2 is committed and the events are in
// History. Prints the moderator's actions for the events, from the first
// click to the copied posts.
// A second test imports a case file with events (EV-101): its round's
// replacement is given with the round, and the result post names the
// slot 'Zed (replaced Bob)'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, text, openDemo, commit, ROOT } from './helpers.mjs';

test('Mini-Survivor: replacement, removal, prods and an extension mid-game', async () => {
  const t = await open({ contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let actions = 0;
  try {
    await openDemo(page);
    await commit(page, 1);

    // Replacement, on the Setup screen's Players box.
    await screen(page, 'Setup');
    actions += 1;
    await page.waitForSelector('[data-testid=player-events]');
    await page.selectOption('[data-testid=replace-old]', 'Kraken');
    await page.fill('[data-testid=replace-new]', 'Nautilus');
    await page.click('[data-testid=replace]');
    actions += 3;
    await page.waitForSelector('[data-testid=event-notes] li');
    assert.match(await text(page, 'event-notes'), /Nautilus replaces Kraken/);
    const posts = () => page.locator('[data-testid=player-events] [data-testid=event-post]').allTextContents();
    let shown = await posts();
    assert.ok(shown.some((p) => p.includes('Nautilus[/b] replaces Kraken.')), shown.join('\n---\n'));
    const welcome = shown.find((p) => p.startsWith('Welcome, [b]Nautilus[/b]: you replace Kraken in round 2.'));
    assert.ok(welcome, 'catch-up message');
    // The catch-up message carries the slot's orders already in (the demo's drafts).
    assert.match(welcome, /18 VOTE 58/);

    // The prod list: the living players with no orders in (Rook sent none
    // in round 2), no deadline set: every one of them (R10.8).
    assert.equal(await text(page, 'prod-list'), 'Rook');
    assert.match(await text(page, 'prod-post'), /^\[b\]Rook\[\/b\], this is a prod from the moderator\./);

    // Removal of Zephyr for inactivity, at the start of the round.
    await page.selectOption('[data-testid=remove-player]', 'Zephyr');
    await page.click('[data-testid=remove]');
    actions += 2;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-notes] li').length === 2);
    const note = (await page.locator('[data-testid=event-notes] li').nth(1).textContent()).trim();
    assert.match(note, /^Zephyr is removed by the moderator for inactivity: survivors? [\d, ]+ leaves? at the start of the round/);
    const zephyr = note.match(/survivors? ([\d, ]+) leave/)[1].split(', ').map(Number);
    assert.ok(zephyr.length > 0 && zephyr.includes(52), `Zephyr's survivors: ${zephyr}`);
    shown = await posts();
    assert.ok(shown.some((p) => p.includes('[b]Zephyr[/b] has been removed from the game by the moderator for inactivity.')), shown.join('\n---\n'));
    // Zephyr owes nothing now: the prod list is unchanged.
    assert.equal(await text(page, 'prod-list'), 'Rook');

    // A deadline for round 2 (Posts screen), then an extension (Players box).
    await screen(page, 'Posts');
    await page.fill('[data-testid=deadline]', '2030-01-01T12:00');
    await page.dispatchEvent('[data-testid=deadline]', 'change');
    await screen(page, 'Setup');
    await page.fill('[data-testid=extend-reason]', 'holiday');
    await page.click('[data-testid=extend]');
    actions += 5;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-notes] li').length === 3);
    shown = await posts();
    const ext = shown.find((p) => p.includes('Deadline extended'));
    assert.ok(ext && ext.includes('extended by 1 day 0 hours: holiday.') && ext.includes('2030-01-02 12:00'), ext);

    // The old name still counts: Kraken's DM pasted under "Kraken" goes to the slot.
    await screen(page, 'Orders');
    await page.fill('article[data-player="Nautilus"] textarea', '');
    actions += 2;
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) {
      await page.click('details.bulk summary');
      actions += 1;
    }
    await page.fill('[data-testid=bulk]', '== Kraken ==\n18 VOTE 58\n38 V 58\n11 Vote 27\n11 m C');
    await page.click('[data-testid=split]');
    actions += 2;
    // Read in the site's worker: the account comes a moment later.
    await page.waitForSelector('[data-testid=split-result] li[data-player="Nautilus"]');
    assert.equal(await page.inputValue('article[data-player="Nautilus"] textarea'), '18 VOTE 58\n38 V 58\n11 Vote 27\n11 m C');
    assert.equal(await page.locator('article[data-player="Kraken"]').count(), 0);
    // Zephyr's line is rejected: the survivor left the game (R10.3).
    await page.waitForSelector('article[data-player="Zephyr"] ol.verdicts li.bad');
    assert.equal(await page.locator('article[data-player="Zephyr"] ol.verdicts li.ok').count(), 0);

    // The Posts screen shows the events' posts and the extended deadline.
    await screen(page, 'Posts');
    actions += 1;
    const onPosts = await page.locator('[data-testid=event-post]').allTextContents();
    assert.ok(onPosts.some((p) => p.includes('Nautilus[/b] replaces Kraken.')));
    assert.ok(onPosts.some((p) => p.includes('Zephyr[/b] has been removed')));
    assert.match(await text(page, 'extended-deadline'), /2030-01-02 12:00/);
    for (const copy of await page.locator('.post:has([data-testid=event-post]) button.copy').all()) {
      await copy.click();
      actions += 1;
    }
    const last = onPosts.at(-1);
    await page.waitForFunction((want) => navigator.clipboard.readText().then((c) => c === want), last);

    // Round 2 adjudicated with the events; History lists them.
    await commit(page, 2);
    const alive = Number(await text(page, 'alive', '[data-testid=last-result]'));
    assert.ok(alive > 0);
    await screen(page, 'History');
    await page.click('.history button:has-text("Round 2")');
    const hist = await text(page, 'history-events');
    assert.match(hist, /Nautilus replaces Kraken/);
    assert.match(hist, /Zephyr is removed by the moderator for inactivity/);
    assert.match(hist, /the deadline is extended by 1 day 0 hours \(holiday\)/);
    // Private messages go to the new name, none to the old one.
    await screen(page, 'Posts');
    assert.equal(await page.locator('.private [data-player="Nautilus"]').count(), 1);
    assert.equal(await page.locator('.private [data-player="Kraken"]').count(), 0);
    console.log(`Mini-Survivor events (replacement, removal, deadline and extension, paste under the old name, posts copied): ${actions} moderator actions`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Mini-Survivor: a case file imported with its events gives each round\'s events with it; the result post names the replaced slot', async () => {
  const t = await open({ page: 'mini-survivor/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    // EV-101: round 1 starts with 'Zed replaces Bob' (R10.1); Bob's orders are headed 'Bob'.
    const json = fs.readFileSync(path.join(ROOT, 'games/mini-survivor/cases/ours/ev-101.json'), 'utf8');
    await screen(page, 'Setup');
    await page.check('[data-testid=mode-case]');
    await page.fill('[data-testid=case-text]', json);
    await page.click('[data-testid=start-case]');
    await page.waitForSelector('.tribe');
    assert.match(await page.locator('[data-testid=toast]').textContent(), /its 1 rounds of orders come in as drafts, one round at a time, with their 1 events/);
    // The replacement is the round's event, as if given on the Players box.
    await screen(page, 'Setup');
    await page.waitForSelector('[data-testid=event-notes] li');
    assert.deepEqual(await page.locator('[data-testid=event-notes] li').allTextContents(), ['Zed replaces Bob']);
    // Bob's orders are the slot's draft under its new name.
    await screen(page, 'Orders');
    assert.match(await page.inputValue('article[data-player="Zed"] textarea'), /^2 v 5/);
    assert.equal(await page.locator('article[data-player="Bob"]').count(), 0);
    // Round 1 as the case expects: Ann's guess 'Bob' names the slot, #2 falls (R4.2).
    await commit(page, 1);
    await screen(page, 'Posts');
    const post = (await page.locator('[data-testid=public-post]').allTextContents()).join('\n');
    assert.match(post, /#2 \(Zed \(replaced Bob\)\)/);
    assert.match(post, /#5 \(Eve\)/);
    // A reload gives no event twice: the script's events were given once.
    await page.reload();
    await page.waitForSelector('main');
    await screen(page, 'Setup');
    await page.waitForSelector('[data-testid=player-events]');
    assert.equal(await page.locator('[data-testid=event-notes] li').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
