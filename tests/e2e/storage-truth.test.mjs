// Storage that tells the truth: the home page says what this browser will
// do with the games saved here, as the browser itself answers
// (navigator.storage.persisted()), says so when the browser has no
// storage manager (WebKit builds without one), and names Safari's 7-day
// clearing when the page runs in Safari's engine; each game shows when it
// was last exported, on the home page and in its header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, goto, openDemo } from './helpers.mjs';

const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

test('the home page says what this browser does with saved games, as the browser answers', async () => {
  const t = await open();
  const { page } = t;
  try {
    await goto(page, '');
    await page.waitForSelector('[data-testid=storage-truth]');
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    const words = await page.textContent('[data-testid=storage-truth]');
    if (persisted) assert.match(words, /keeps the games saved here until you clear/);
    else assert.match(words, /may clear the games saved here when it runs short of space: export each game/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('with no storage manager, the home page says the browser does not say, not a figure it cannot know', async () => {
  const t = await open();
  const { page } = t;
  try {
    await page.addInitScript(() => { delete Navigator.prototype.storage; });
    await goto(page, '');
    await page.waitForSelector('[data-testid=storage-truth]');
    assert.equal(await page.evaluate(() => 'storage' in navigator), false);
    assert.match(await page.textContent('[data-testid=storage-truth]'), /does not say whether it keeps the games saved here \(it has no storage manager\)/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('in Safari\'s engine, with storage not persisted, the home page names the 7-day clearing', async () => {
  const t = await open({ contextOptions: { userAgent: SAFARI } });
  const { page } = t;
  try {
    await page.addInitScript(() => { Object.defineProperty(StorageManager.prototype, 'persisted', { value: () => Promise.resolve(false) }); });
    await goto(page, '');
    await page.waitForSelector('[data-testid=storage-truth]');
    assert.match(await page.textContent('[data-testid=storage-truth]'), /Safari clears a site's saved data after 7 days of use without a visit/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('each game shows when it was last exported, in its header and on the home page', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await page.waitForSelector('html[data-saved=yes]', { state: 'attached' });
    assert.equal(await page.textContent('[data-testid=last-export]'), 'never exported');
    await goto(page, '');
    assert.equal(await page.textContent('[data-testid=game-export]'), 'never exported');
    await openDemo(page);
    await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    await page.waitForFunction(() => document.querySelector('[data-testid=last-export]')?.textContent.startsWith('last exported '));
    await goto(page, '');
    assert.match(await page.textContent('[data-testid=game-export]'), /^last exported /);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
