// Player names with HTML, BBCode or Markdown in them are shown inert and
// escaped in every post format: no script runs. The deal commitment is
// published at the start and verifiable from the seed and salt revealed later.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { open, screen } from './helpers.mjs';

const NAMES = ['<img src=x onerror=alert(1)>', '[b]x[/b]', '**x**', 'Dee', 'Eve', 'Fay'];

test('hostile player names stay inert', async () => {
  const t = await open();
  const { page } = t;
  let dialogs = 0;
  page.on('dialog', async (d) => { dialogs += 1; await d.dismiss(); });
  try {
    await page.evaluate(() => { window.__pwned = false; });
    await page.click('[data-testid=new-mini-survivor]');
    await page.fill('[data-testid=players]', NAMES.join('\n'));
    await page.fill('input[inputmode=numeric]', '7');
    await page.fill('label:has-text("Survivors per player") input', '2');
    await page.fill('label:has-text("Rows") input', '1');
    await page.fill('label:has-text("Columns") input', '2');
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=public-post]');
    // The name is text on the page, not an element.
    assert.equal(await page.locator('main img').count(), 0);
    assert.ok((await page.locator('main').textContent()).includes(NAMES[0]));
    for (const [format, check] of [
      ['bbcode', (s) => s.includes('[[i][/i]b]x[[i][/i]/b]') && !s.includes('for [b]x[/b]')],
      ['markdown', (s) => s.includes('\\*\\*x\\*\\*')],
    ]) {
      await page.selectOption('[data-testid=format]', format);
      const all = (await page.locator('.private pre').allTextContents()).join('\n');
      assert.ok(check(all), `${format} escapes the names:\n${all.slice(0, 400)}`);
    }
    await screen(page, 'Board');
    await page.check('[data-testid=show-controllers]');
    await screen(page, 'Orders');
    await page.waitForTimeout(200);
    assert.equal(dialogs, 0);
    assert.equal(await page.locator('img[src=x]').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('the deal commitment can be verified from the revealed seed and salt', async () => {
  const t = await open();
  const { page } = t;
  try {
    const players = ['Ann', 'Bob', 'Cid', 'Dee'];
    await page.click('[data-testid=new-mini-survivor]');
    await page.fill('[data-testid=players]', players.join('\n'));
    await page.fill('input[inputmode=numeric]', '7');
    await page.fill('label:has-text("Survivors per player") input', '2');
    await page.fill('label:has-text("Rows") input', '2');
    await page.fill('label:has-text("Columns") input', '2');
    await page.click('[data-testid=deal]');
    const post = await page.locator('[data-testid=public-post]').first().textContent();
    const published = post.match(/Deal commitment[^:]*: ([0-9a-f]{64})/)[1];
    assert.doesNotMatch(post, /Seed|Salt/, 'the seed and salt stay secret until the end');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    assert.equal(file.setup.seed, '7');
    assert.match(file.setup.salt, /^[0-9a-f]{64}$/);
    await screen(page, 'Verify');
    await page.fill('.verify textarea', players.join('\n'));
    await page.fill('.verify label:has-text("Survivors per player") input', '2');
    await page.fill('.verify label:has-text("Rows") input', '2');
    await page.fill('.verify label:has-text("Columns") input', '2');
    await page.fill('.verify label:has-text("Seed") input', '7');
    await page.fill('.verify label:has-text("Salt") input', file.setup.salt);
    assert.equal(await page.locator('[data-testid=commitment]').textContent(), published);
    // A guessed salt gives another commitment: a small seed alone reveals nothing.
    await page.fill('.verify label:has-text("Salt") input', '0'.repeat(64));
    assert.notEqual(await page.locator('[data-testid=commitment]').textContent(), published);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
