// History: a past round shows its orders and results; undoing the last
// adjudication restores the position and puts its orders back as drafts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screen, text, openDemoAt, commit } from './helpers.mjs';

test('step through history and undo the last round', async () => {
  const t = await openDemoAt('Orders');
  const { page } = t;
  try {
    const pebble = await page.inputValue('article[data-player="Pebble"] textarea');
    for (const n of [1, 2]) {
      await commit(page, n);
    }
    await screen(page, 'History');
    await page.click('.history button:has-text("Round 1")');
    assert.equal(await text(page, 'alive', '.history'), '32');
    await page.click('[data-testid=undo]');
    await page.waitForFunction(() => document.querySelector('.game-title').textContent.includes('round 2 next'));
    await page.click('[data-testid=undo]');
    await page.waitForFunction(() => document.querySelector('.game-title').textContent.includes('round 1 next'));
    await screen(page, 'Orders');
    assert.equal(await page.inputValue('article[data-player="Pebble"] textarea'), pebble);
    await screen(page, 'Board');
    assert.equal(await page.locator('.tribe.removed').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
