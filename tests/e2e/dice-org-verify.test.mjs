// Dice ORG: Verify with assigned teams (D1.5), the post format kept with
// the season (D10.4), and a season imported twice. The testers' Verify
// said "Not verified: ... 0 teams assigned for 12 players" for every
// season with assigned teams: "Fill in" now fills each player's team and
// Verify checks it. Their post format went back to BBCode on a reload.
// Importing the same played season again did not ask, as the other games
// do, whether to replace the copy already here or keep both. Each test
// prints the producer's actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { open, screen, startSeason, counter } from './helpers.mjs';

const TEAMS = { Ann: 'Koru', Bob: 'Mana', Cid: 'Koru', Dee: 'Mana' };

/** A 4-player season with assigned teams played to its end, from the
 * round wizard with no choice (the tied vote's revote settled by the
 * roll-off, the final by lot): each click is counted by `act`. */
async function playToTheEnd(page, act) {
  await page.fill('[data-testid=season-name]', 'Assigned season');
  await page.fill('[data-testid=players]', Object.keys(TEAMS).join('\n'));
  await page.selectOption('[data-testid=assignment]', 'assign');
  for (const [p, t] of Object.entries(TEAMS)) {
    await page.selectOption(`fieldset:has(> legend:text-is("${p}")) [data-testid=player-team]`, t);
  }
  await page.fill('[data-testid=seed]', '7');
  await page.waitForSelector('[data-testid=setup-preview]');
  const commitment = (await page.textContent('[data-testid=setup-commitment]')).trim();
  await page.click('[data-testid=start]');
  await page.waitForSelector('section.team');
  await screen(page, 'Round');
  for (let n = 1; n <= 7; n++) {
    if (await page.locator('[data-testid=season-winner]').count()) break;
    await page.waitForSelector('section.round [data-testid=play]');
    await act(() => page.click('section.round [data-testid=play]'));
    await page.waitForFunction((n) => document.querySelector('[data-testid=last-step] h3')?.textContent.includes(`(step ${n})`), n);
  }
  await page.waitForSelector('[data-testid=season-winner]');
  return commitment;
}

test('Verify fills in and checks the teams as assigned', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const actions = counter();
  const { act } = actions;
  try {
    const commitment = await playToTheEnd(page, act);
    await act(() => screen(page, 'Verify'));
    await act(() => page.click('[data-testid=fill-verify]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=verify-verdict]'));
    assert.equal(await page.textContent('[data-testid=verify-verdict]'), 'Everything checked matches.');
    assert.equal(await page.inputValue('[data-testid=verify-assigned]'), 'Ann: Koru\nBob: Mana\nCid: Koru\nDee: Mana');
    assert.equal((await page.textContent('[data-testid=verify-commitment]')).trim(), commitment);
    const teams = await page.locator('[data-testid=verify-players] tbody tr td:nth-of-type(1)').allTextContents();
    assert.deepEqual(teams, Object.values(TEAMS));
    // A team typed wrong is named.
    await act(() => page.fill('[data-testid=verify-assigned]', 'Ann: Mana\nBob: Mana\nCid: Koru\nDee: Koru'));
    await page.waitForFunction(() => document.querySelector('[data-testid=verify-verdict]')?.textContent.includes('2 players differ'));
    console.log(`# Dice ORG verify with assigned teams: ${actions.n} producer actions (the season's steps, Verify, fill in, one team typed wrong)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('importing the same played season again asks; the post format survives a reload', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const actions = counter();
  const { act } = actions;
  try {
    await startSeason(page, 'Format season', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay']);
    await screen(page, 'Round');
    await page.click('section.round [data-testid=play]');
    await page.waitForSelector('[data-testid=last-step]');
    await act(() => screen(page, 'Posts'));
    await act(() => page.selectOption('[data-testid=format]', 'Discord'));
    // The played season exported, then imported: the same game, asked.
    const [download] = await Promise.all([page.waitForEvent('download'), act(() => page.click('[data-testid=export]'))]);
    const file = fs.readFileSync(await download.path(), 'utf8');
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'season.json', { type: 'application/json' }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, file);
    actions.also();
    await page.waitForSelector('[data-testid=notice] [data-testid=keep-both]', { timeout: 10000 });
    assert.match(await page.textContent('[data-testid=notice]'), /already in this browser.*both stand at the same point \(round 1: camp next\)/);
    await act(() => page.click('[data-testid=notice] [data-testid=replace]'));
    await page.waitForSelector('[data-testid=notice]', { state: 'detached' });
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.includes('dice-org.game.') && localStorage.getItem(k).includes('"format":"markdown"')));
    await page.reload();
    await page.waitForSelector('main');
    await screen(page, 'Posts');
    await page.waitForSelector('[data-testid=format]');
    assert.equal(await page.inputValue('[data-testid=format]'), 'Discord', 'the format is the season\'s');
    console.log(`# Dice ORG format and re-import: ${actions.n} producer actions (Posts, Discord, export, import, replace)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
