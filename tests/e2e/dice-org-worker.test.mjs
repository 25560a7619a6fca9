// Dice ORG when the site's worker cannot be had:
// Verify, the dice log, the odds and the prod list are computed in the
// site's worker (the rules worker); when it fails, the page says which
// computation failed and why, not that "the rules could not be rendered".
// The worker's script is answered 404 here (service workers blocked, so
// the request reaches the network and the test's route).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, goto } from './helpers.mjs';

test('Dice ORG: a worker that cannot be loaded is named in Verify\'s message as the computation that failed', async () => {
  const t = await open({ page: 'dice-org/', contextOptions: { serviceWorkers: 'block' } });
  const { page, context } = t;
  try {
    await context.route('**/console-rules-worker_loader.js', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }));
    await goto(page, 'dice-org/#/verify');
    await page.waitForSelector('[data-testid=verify-salt]');
    await page.fill('section.verify textarea >> nth=0', 'Ann\nBob\nCid\nDee');
    await page.fill('section.verify textarea >> nth=1', 'Red\nBlue');
    await page.fill('[data-testid=verify-seed]', '42');
    await page.fill('[data-testid=verify-salt]', '0'.repeat(64));
    await page.waitForSelector('section.verify p.error');
    const message = (await page.textContent('section.verify p.error')).trim();
    assert.match(message, /^Verify could not be computed \(.+\)$/);
    assert.doesNotMatch(message, /rules/);
  } finally {
    await t.close();
  }
});
