// The home page at /: every kind of game with "New game"; the saved games of
// every kind with their kind and where they stand; a file of any game handed
// to that game's page; a file of no game refused; saves that could not be
// read, of any kind, offered for download. Axe-clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { open, goto, openDemo, ARTIFACTS, renameStoredGame, clearStorage } from './helpers.mjs';

const KINDS = ['mini-survivor', 'survival', 'survival-circle', 'dice-org'];

test('the home page lists every kind and the games of every kind', async () => {
  const t = await open();
  const { page } = t;
  try {
    assert.match(await page.locator('main').textContent(), /No saved games yet/);
    for (const k of KINDS) {
      const href = await page.getAttribute(`[data-testid=new-${k}]`, 'href');
      assert.equal(href, `${k}/#/setup`);
    }
    // A Mini-Survivor game, and a save of another kind as its page writes it.
    await openDemo(page);
    await page.waitForTimeout(600);
    await goto(page, '');
    await page.evaluate(() => {
      localStorage.setItem('dice-org.game.abc', '{"format":"dice-org-game","version":1,"name":"Spring season"}');
      localStorage.setItem('dice-org.index', JSON.stringify([{ id: 'abc', name: 'Spring season', rounds: 7, over: false, phase: 'round 2: camp', updated: 1, exported: null }]));
      localStorage.setItem('survival.quarantine.zzz', '{"format":"survival-game","version":1,"na');
    });
    await page.reload();
    await page.waitForSelector('[data-testid=games]');
    const rows = await page.locator('table.games tbody tr').allTextContents();
    assert.equal(rows.length, 2);
    assert.ok(rows.some((r) => /Demo: game 1001.*Mini-Survivor.*round 1 next/.test(r)), rows.join('\n'));
    assert.ok(rows.some((r) => /Spring season.*Dice ORG.*round 2: camp/.test(r)), rows.join('\n'));
    assert.equal(await page.getAttribute('tr[data-kind=dice-org] td a', 'href'), 'dice-org/#/abc');
    // The damaged save of another kind is offered for download.
    assert.match(await page.locator('[data-testid=quarantine]').textContent(), /Survival: survival\.quarantine\.zzz/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=quarantine] button:has-text("Download")')]);
    assert.match(download.suggestedFilename(), /^damaged-survival-quarantine-zzz\.json$/);
    await t.shot('home');
    const axe = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);

    // A file of no game is refused here; a game's file goes to its page.
    const junk = path.join(ARTIFACTS, 'not-a-game.json');
    fs.writeFileSync(junk, '{"hello": 1}');
    await page.setInputFiles('[data-testid=import]', junk);
    await page.waitForSelector('.banner.error');
    assert.match(await page.locator('.banner').textContent(), /not a game file of this console/);
    const exported = path.join(ARTIFACTS, 'home-import.json');
    fs.writeFileSync(exported, await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('mini-survivor.game.')))));
    await page.setInputFiles('[data-testid=import]', exported);
    await page.waitForSelector('.tribe');
    assert.match(page.url(), /\/mini-survivor\/#\/[0-9a-f]{16}\/board$/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a game named with a million characters: the home page and the game page show its first 200, the index keeps no more', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await page.waitForSelector('html[data-saved=yes]', { state: 'attached' });
    // The name as an imported file may carry it (stored as the page stores games).
    const long = 'N'.repeat(1_000_000);
    await renameStoredGame(page, long);
    await goto(page, '');
    const shown = await page.locator('[data-testid=games] td a').first().textContent();
    assert.equal(shown, `${'N'.repeat(200)}…`);
    await goto(page, 'mini-survivor/');
    await page.waitForSelector('.game-title');
    assert.equal(await page.locator('.game-title strong').textContent(), `${'N'.repeat(200)}…`);
    const index = await page.evaluate(() => localStorage.getItem('mini-survivor.index'));
    assert.ok(index.length < 2000, `the index is ${index.length} characters`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a game file named with a million characters is imported under its first 200, said so, and no save or list holds more', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await page.waitForSelector('html[data-saved=yes]', { state: 'attached' });
    const file = JSON.parse(await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('mini-survivor.game.')))));
    file.name = 'N'.repeat(1_000_000);
    // Imported into a browser that holds no copy of the game.
    await goto(page, '');
    await clearStorage(page);
    await page.reload();
    await page.setInputFiles('[data-testid=import]', { name: 'named.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.waitForSelector('.tribe');
    await page.waitForFunction(() => [...document.querySelectorAll('[role=status], .toast, .banner')].some((e) => e.textContent.includes('kept as its first 200')), null, { timeout: 10_000 }).catch(async (e) => {
      throw new Error(`${e.message}; shown: ${(await page.evaluate(() => [...document.querySelectorAll('[role=status], .toast, .banner')].map((e) => e.textContent).join(' | '))).slice(0, 500)}`);
    });
    const said = await page.evaluate(() => [...document.querySelectorAll('[role=status], .toast, .banner')].map((e) => e.textContent).join(' | '));
    assert.match(said, new RegExp(`Imported ${'N'.repeat(200)}… \\(its name, 1000000 characters long, is kept as its first 200\\)`));
    assert.equal(await page.locator('.game-title strong').textContent(), `${'N'.repeat(200)}…`);
    await page.waitForFunction(() => document.documentElement.dataset.saved === 'yes' && Object.keys(localStorage).some((k) => k.startsWith('mini-survivor.game.')));
    const sizes = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mini-survivor.')).map((k) => [k, localStorage.getItem(k).length]));
    for (const [k, n] of sizes) assert.ok(n < 100_000, `${k} holds ${n} characters`);
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('mini-survivor.game.')))));
    assert.equal(saved.name, `${'N'.repeat(200)}…`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
