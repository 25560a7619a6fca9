// Nothing is lost: a draft survives a reload mid-paste; an exported game,
// imported into a cleared browser, is the same game; a bad import changes
// nothing; a file dropped anywhere on the page is imported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ARTIFACTS, openDemo, commit, goto, clearStorage } from './helpers.mjs';

async function exportGame(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
  const file = path.join(ARTIFACTS, `export-${Date.now()}.json`);
  await download.saveAs(file);
  return file;
}

test('drafts survive a reload, and export then import gives the same game', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await commit(page, 1);
    await screen(page, 'Orders');
    const box = 'article[data-player="Pebble"] textarea';
    await page.fill(box, '');
    await page.type(box, '24 v 38\n24 m F\n27 vo');
    // The URL names the game and the screen: a reload comes back to both.
    await page.reload();
    await page.waitForSelector(box);
    assert.equal(await page.inputValue(box), '24 v 38\n24 m F\n27 vo');

    const first = await exportGame(page);
    const exported = JSON.parse(fs.readFileSync(first, 'utf8'));
    assert.equal(exported.format, 'mini-survivor-game');
    assert.equal(exported.version, 2);
    // The seed is a string: JSON tools round numbers above 2^53.
    assert.equal(typeof exported.setup.seed, 'string');
    assert.equal(exported.rounds.length, 1);

    await clearStorage(page);
    await goto(page, '');
    assert.match(await page.locator('main').textContent(), /No saved games yet/);

    // A broken file is refused with a reason (by the game's page, which the
    // home page hands it to), and nothing changes.
    const broken = path.join(ARTIFACTS, 'broken.json');
    fs.writeFileSync(broken, JSON.stringify({ ...exported, rounds: [{ ...exported.rounds[0], record: { ...exported.rounds[0].record, alive: 99 } }] }));
    await page.setInputFiles('[data-testid=import]', broken);
    await page.waitForSelector('.banner.error');
    assert.match(await page.locator('.banner').textContent(), /Import failed, nothing was changed: round 1: its recorded results do not follow from its orders/);
    await goto(page, '');
    assert.match(await page.locator('main').textContent(), /No saved games yet/);

    await page.setInputFiles('[data-testid=import]', first);
    await page.waitForSelector('.tribe');
    const second = JSON.parse(fs.readFileSync(await exportGame(page), 'utf8'));
    assert.deepEqual(second, exported);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a game file dropped on the page is imported', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await commit(page, 1);
    const exported = fs.readFileSync(await exportGame(page), 'utf8');
    await clearStorage(page);
    await goto(page, 'mini-survivor/#/rules');
    // Drop it on the Rules screen: anywhere on the page works.
    await page.evaluate((json) => {
      const data = new DataTransfer();
      data.items.add(new File([json], 'game.mini-survivor.json', { type: 'application/json' }));
      document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, exported);
    await page.waitForSelector('.tribe');
    assert.match(await page.locator('.game-title').textContent(), /Demo: game 1001.*round 2 next/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
