// Dice ORG: a camp roll once shown is fixed (D11.1). The testers told each
// player their gathering roll from the wizard's dry run, then a player of
// the first team chose a bonus roll and the second team's rolls moved.
// Here every roll is shown, the first team's players all buy bonus rolls
// (before and after rolling), and no player's dice move; the camp played
// draws the dice shown. Prints the producer's actions for the camp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startSeason, counter } from './helpers.mjs';

const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

/** Each player's dice as the roll cell shows them (`4+4+4`), by name. */
async function shown(page) {
  const out = {};
  for (const row of await page.locator('section[aria-label=Camp] tr[data-player]').all()) {
    const name = await row.getAttribute('data-player');
    const cell = (await row.locator('td.roll-cell').textContent()).trim();
    out[name] = cell.split(' = ')[0];
  }
  return out;
}

test('a gathering roll shown stays the same whatever another team chooses', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const actions = counter();
  const { act } = actions;
  try {
    await startSeason(page, 'Camp season', PLAYERS);
    await screen(page, 'Round');
    // The competition, with no DM in, once its step is shown.
    await page.waitForSelector('section[aria-label=Competition]');
    await page.click('section.round [data-testid=play]');
    await page.waitForSelector('[data-testid=last-step]');
    await page.waitForSelector('section[aria-label=Camp]');
    await act(() => page.check('[data-testid=show-rolls]'));
    await page.waitForFunction(() => [...document.querySelectorAll('section[aria-label=Camp] td.roll-cell')].every((c) => c.textContent.includes('=')));
    const before = await shown(page);
    assert.equal(Object.keys(before).length, 8);
    const [first, second] = await page.locator('section.camp-team').all();
    const firstTeam = await first.locator('tr[data-player]').evaluateAll((rows) => rows.map((r) => r.dataset.player));
    const secondTeam = await second.locator('tr[data-player]').evaluateAll((rows) => rows.map((r) => r.dataset.player));
    assert.ok(firstTeam.length && secondTeam.length, 'two teams');
    // The first team: deduct 3 for a bonus roll, deduct 5 for 1 RP and
    // spend it on a bonus roll (the first, third and fourth options).
    for (const name of firstTeam) {
      const boxes = first.locator(`tr[data-player="${name}"] [data-testid=camp-option]`);
      await act(() => boxes.nth(0).check());
      await act(() => boxes.nth(1).check());
      await act(() => boxes.nth(2).check());
    }
    await page.waitForFunction((names) => names.every((n) => document.querySelector(`tr[data-player="${n}"] td.roll-cell`)?.textContent.includes('-3')), firstTeam);
    const after = await shown(page);
    assert.deepEqual(after, before, 'no roll shown moved');
    // The camp played draws the dice shown.
    await act(() => page.click('section[aria-label=Camp] [data-testid=play]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=last-step]')?.dataset.kind === 'camp');
    const lines = await page.locator('[data-testid=last-step] [data-testid=explain] li').allTextContents();
    for (const [name, dice] of Object.entries(before)) {
      assert.ok(lines.some((l) => l.startsWith(`${name} gathers: ${dice} = `)), `${name} gathered with ${dice}: ${lines.join(' | ')}`);
    }
    console.log(`# Dice ORG camp with rolls shown: ${actions.n} producer actions (show the rolls, ${firstTeam.length} players' three options, play)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
