// Dice ORG: the producers' prod threshold (D9.7) set where the prod list
// is shown (the Round screen, under the pasted DMs). A player is prodded
// when the paste holds at most the threshold of messages from them
// (default 0: no DM); with the threshold at 1, a player whose one DM is in
// is on the list too. The threshold is kept with the season (its saved
// file, which is also what is exported) and is still there after a
// reload. Prints the producer's actions from the paste to the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startSeason, counter } from './helpers.mjs';

const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

test('the prod threshold set to 1 prods a player with one DM, and survives a reload', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const actions = counter();
  const { act } = actions;
  try {
    await startSeason(page, 'Prod season', PLAYERS);

    // Ann's and Bob's DMs are in: at the default threshold (0) the six
    // others are prodded.
    await act(() => screen(page, 'Round'));
    await page.waitForSelector('section[aria-label=Competition]');
    await act(() => page.fill('[data-testid=bulk]', '== Ann ==\nI deduct 3 for 1 RP\n\n== Bob ==\nI deduct 3 for 1 RP\n'));
    await act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=reading]');
    const prodsSay = (n) => page.waitForFunction((n) => document.querySelector('[data-testid=prods] summary')?.textContent === `Not in yet: ${n} players to prod (D9.7)`, n);
    await prodsSay(6);
    const box = '[data-testid=prod-posts]';
    assert.equal(await page.inputValue(box), '0', 'the default threshold');
    const prods = page.locator('[data-testid=prods]');
    assert.equal(await prods.locator('li[data-player=Ann]').count(), 0, 'Ann is in');
    assert.match(await prods.locator('li[data-player=Hal]').textContent(), /Hal: no DM/);

    // The threshold at 1: a player with one DM is prodded (D9.7), and says
    // why; so everyone the competition asks is on the list.
    await act(() => page.fill(box, '1'));
    await act(() => page.press(box, 'Enter'));
    await prodsSay(8);
    const ann = await prods.locator('li[data-player=Ann]').textContent();
    assert.match(ann, /^Ann: 1 DM of \d+ words, the threshold is 1 /, ann);
    const annProd = await prods.locator('li[data-player=Ann] button').getAttribute('data-copy');
    assert.match(annProd, /^\[b\]Ann\[\/b\], this is a prod from the producers\.\nWe have 1 DM or fewer with your competition choices: please send them\./, annProd);
    const halProd = await prods.locator('li[data-player=Hal] button').getAttribute('data-copy');
    assert.match(halProd, /We have 1 DM or fewer with your competition choices/, halProd);
    assert.match(await prods.locator('li[data-player=Hal]').textContent(), /Hal: no DM/);
    assert.equal(await prods.locator('button:has-text("Copy prod")').count(), 8);

    // Kept with the season: in its saved file (the one exported), and
    // after a reload the box and the list are as they were.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.includes('.game.') && localStorage.getItem(k).includes('"prod":{"max_posts":1')));
    const file = await page.evaluate(() => JSON.parse(Object.keys(localStorage).filter((k) => k.includes('.game.')).map((k) => localStorage.getItem(k)).find((v) => v.includes('"max_posts"'))));
    assert.equal(file.format, 'dice-org-game');
    assert.deepEqual(file.drafts.prod, { max_posts: 1, hours_before: 12 });
    await page.reload();
    await page.waitForSelector('main');
    await page.waitForSelector(box);
    assert.equal(await page.inputValue(box), '1', 'the threshold survives a reload');
    await prodsSay(8);
    assert.match(await page.locator('[data-testid=prods] li[data-player=Ann]').textContent(), /the threshold is 1/);

    // Back to 0: Ann and Bob are in again.
    await act(() => page.fill(box, '0'));
    await act(() => page.press(box, 'Enter'));
    await prodsSay(6);
    // Not a number: refused with the reason, the threshold stays.
    await page.fill(box, '');
    await page.press(box, 'Enter');
    await page.waitForFunction(() => document.body.textContent.includes('is not a whole number of DMs'));
    assert.equal(await page.inputValue(box), '0');

    console.log(`Dice ORG prod threshold: ${actions.n} producer actions (DMs pasted and split, threshold set to 1 and back to 0)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
