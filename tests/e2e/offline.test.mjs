// Offline and deployable: served under a GitHub-Pages-like sub-path, the
// app installs its service worker; offline, a reload still shows the app,
// the saved game, and adjudicates. A second deployment is offered as an
// update, not mixed in silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { open, screen, controlled, external, DIST, ROOT, ARTIFACTS, openDemo, commit } from './helpers.mjs';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';

test('works offline under a sub-path (/console/)', async () => {
  const t = await open({ prefix: '/console/' });
  const { page, context } = t;
  try {
    const manifest = await page.evaluate(() => document.querySelector('link[rel=manifest]').href);
    assert.match(manifest, /\/console\/manifest\.webmanifest$/);
    const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content);
    assert.match(csp, /default-src 'self'/);
    await controlled(page);
    await openDemo(page);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('.tribe');
    assert.match(await page.locator('.game-title').textContent(), /Demo: game 1001/);
    await commit(page, 1);
    await t.shot('offline-adjudicated');
    await context.setOffline(false);
    assert.deepEqual(t.errors, []);
    assert.deepEqual(external(t.requests), []);
  } finally {
    await t.close();
  }
});

test('a new deployment is offered with a reload button', async () => {
  // Two deployments: the current build, and a copy with a change.
  const root = fs.mkdtempSync(path.join(ARTIFACTS, 'deploy-'));
  const site = path.join(root, 'site');
  fs.cpSync(DIST, site, { recursive: true });
  const server = await serve(site, { prefix: '/console/' });
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url);
    await page.waitForSelector('main');
    await controlled(page);
    assert.equal(await page.locator('[data-testid=update]').count(), 0);

    const versionOf = (dir) => fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/const VERSION = '([0-9a-f]+)'/)[1];
    const oldCache = `console-${versionOf(site)}`;
    assert.deepEqual(await page.evaluate(() => caches.keys()), [oldCache]);

    // Deploy the second build: one more file, so a new precache list and version.
    fs.writeFileSync(path.join(site, 'release.txt'), 'second deployment\n');
    execFileSync('node', [path.join(ROOT, 'scripts/postbuild.mjs'), site]);
    const newCache = `console-${versionOf(site)}`;
    assert.notEqual(newCache, oldCache);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('[data-testid=update]', { timeout: 15000 });
    // The new version is installed beside the old one, which keeps serving
    // this page until the moderator reloads.
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), [oldCache, newCache].sort());
    assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)), true);
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid=update] button')]);
    await page.waitForSelector('main');
    await page.waitForFunction((c) => caches.keys().then((k) => k.length === 1 && k[0] === c), newCache);
    assert.equal(await page.locator('[data-testid=update]').count(), 0);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a deployment whose files do not match is never installed, and a page that cannot start says so', async () => {
  const root = fs.mkdtempSync(path.join(ARTIFACTS, 'deploy-'));
  const site = path.join(root, 'site');
  fs.cpSync(DIST, site, { recursive: true });
  const server = await serve(site, { prefix: '/console/' });
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url);
    await page.waitForSelector('main');
    await controlled(page);
    assert.equal(await page.locator('#boot').count(), 0, 'the app removed the start-up notice');
    const versionOf = (dir) => fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/const VERSION = '([0-9a-f]+)'/)[1];
    const oldCache = `console-${versionOf(site)}`;

    // A redeploy with a script changed after the build: its page's
    // integrity no longer matches it, though sw.js lists the changed file.
    const html = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
    const glue = /<link rel="modulepreload" href="\.\/([\w.-]+\.js)"/.exec(html)[1];
    fs.appendFileSync(path.join(site, glue), '\n// changed after the build\n');
    execFileSync('node', [path.join(ROOT, 'scripts/postbuild.mjs'), site]);
    assert.notEqual(`console-${versionOf(site)}`, oldCache);
    const installed = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const settled = new Promise((done) => r.addEventListener('updatefound', () => {
        const w = r.installing;
        w.addEventListener('statechange', () => { if (w.state === 'redundant' || w.state === 'installed') done(w.state); });
      }));
      await r.update();
      return settled;
    });
    assert.equal(installed, 'redundant', 'a version with a file failing its integrity check is not installed');
    assert.deepEqual(await page.evaluate(() => caches.keys()), [oldCache], 'nothing of it is kept');
    assert.equal(await page.locator('[data-testid=update]').count(), 0, 'and it is not offered');
    // The returning visitor keeps the version installed before, working.
    await page.reload();
    await page.waitForSelector('main');
    await openDemo(page);
    assert.match(await page.locator('.game-title').textContent(), /Demo: game 1001/);

    // A first visit to the broken deployment: not a blank page, a notice.
    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(server.url);
    await fresh.waitForSelector('#boot.failed p', { state: 'visible' });
    assert.match(await fresh.textContent('#boot'), /The console has not started\. Its files could not all be loaded, or they do not match one another/);
    assert.equal(await fresh.locator('main').count(), 0);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
