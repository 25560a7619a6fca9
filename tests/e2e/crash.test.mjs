// Nothing lost when the browser dies: in each game, a phase committed and a
// draft typed are on disk once the page says so (`data-saved="yes"` on the
// root element: the save's IndexedDB transaction is complete), and a
// browser killed then (SIGKILL, no clean close: a crash, a phone's
// out-of-memory kill) comes back with both. Chromium writes localStorage to
// disk seconds later; the console's copy in IndexedDB is put back before the
// page reads storage (shell::durable). Each kill is repeated ROUNDS times
// and the count printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DIST, ROOT, dealSurvival, nightThenDay, openDemo, commit, screen, startCircleForum, startSeason } from './helpers.mjs';
import { serve } from './server.mjs';
import { CHROMIUM } from './browser.mjs';

const ROUNDS = Number(process.env.CRASH_ROUNDS || 2);

/** Chromium on a profile kept between launches; `page` is its first tab,
 * `kill` sends SIGKILL to the browser process and waits until Playwright
 * sees it gone. (Started through a script that writes its process id, then
 * becomes Chromium, so the id is the browser's.) */
async function launch(profile) {
  const pidFile = path.join(profile, '..', `${path.basename(profile)}.pid`);
  const starter = path.join(profile, '..', `${path.basename(profile)}.sh`);
  fs.writeFileSync(starter, `#!/bin/sh\necho $$ > '${pidFile}'\nexec '${CHROMIUM}' "$@"\n`, { mode: 0o755 });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: starter,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // (Survival asks before committing a night with no action sent.)
  page.on('dialog', (d) => d.accept());
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const closed = new Promise((r) => context.on('close', r));
  return {
    page,
    errors,
    kill: async () => {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
      await closed;
    },
  };
}

/** Waits until the page says every change is on disk. */
const onDisk = (page) => page.waitForFunction(() => document.documentElement.dataset.saved === 'yes');

/** Each game: `start` sets a game up and commits its first phase, `phase`
 * reads what the page shows of it, `draft` types a draft and `drafted`
 * reads it back. */
const GAMES = {
  'Mini-Survivor': {
    path: 'mini-survivor/',
    start: async (page) => {
      await openDemo(page);
      await commit(page, 1);
    },
    phase: (page) => page.locator('.game-title').textContent(),
    want: /round 2 next/,
    draft: async (page) => {
      await screen(page, 'Orders');
      await page.fill('article[data-player="Pebble"] textarea', '24 v 38');
    },
    drafted: async (page) => {
      await screen(page, 'Orders');
      return page.inputValue('article[data-player="Pebble"] textarea');
    },
    typed: '24 v 38',
  },
  Survival: {
    path: 'survival/',
    start: async (page) => {
      const { _deal: deal } = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
      await dealSurvival(page, 'Crash game', deal.players, deal);
      await nightThenDay(page);
    },
    phase: (page) => page.locator('main').textContent(),
    want: /day 1/i,
    draft: async (page) => {
      await screen(page, 'Day');
      await page.fill('[data-testid=page]', 'Basil — Today at 7:02 PM\nvote Cobalt');
    },
    drafted: async (page) => {
      await screen(page, 'Day');
      return page.inputValue('[data-testid=page]');
    },
    typed: 'Basil — Today at 7:02 PM\nvote Cobalt',
  },
  'Survival circle': {
    path: 'survival-circle/',
    start: async (page) => {
      await startCircleForum(page, 'Ann', 'Bob');
      await page.fill('[data-testid=paste-text]', 'B1');
      await page.click('[data-testid=paste-play]');
      await page.waitForFunction(() => document.querySelector('[data-testid=live]').textContent.startsWith('Blue (Ann) played 1 on cell 0'));
    },
    phase: async (page) => {
      await screen(page, 'Play');
      return page.textContent('[data-testid=record]');
    },
    want: /^B1$/,
    draft: async (page) => {
      await screen(page, 'Forum');
      await page.fill('[data-testid=paste-text]', 'R1');
    },
    drafted: async (page) => {
      await screen(page, 'Forum');
      return page.inputValue('[data-testid=paste-text]');
    },
    typed: 'R1',
  },
  'Dice ORG': {
    path: 'dice-org/#/setup',
    start: async (page) => {
      await startSeason(page, 'Crash season', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal']);
      await screen(page, 'Round');
      await page.waitForSelector('section.round');
      await page.click('[data-testid=play]');
      await page.waitForSelector('[data-testid=last-step]');
    },
    phase: async (page) => {
      await screen(page, 'History');
      return page.locator('[data-testid=history]').textContent();
    },
    want: /competition/i,
    draft: async (page) => {
      await screen(page, 'Production');
      await page.selectOption('[data-testid=change-kind]', 'pool');
      await page.fill('[data-testid=value]', '42');
      await page.click('[data-testid=add-change]');
      await page.fill('[data-testid=edit-note]', 'Pool fixed after the crash');
    },
    drafted: async (page) => {
      await screen(page, 'Production');
      await page.waitForSelector('[data-testid=edit-note]');
      return page.inputValue('[data-testid=edit-note]');
    },
    typed: 'Pool fixed after the crash',
  },
};

for (const [name, game] of Object.entries(GAMES)) {
  test(`${name}: a commit and a draft survive the browser killed once they are on disk`, async () => {
    const server = await serve(DIST);
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    let b;
    try {
      b = await launch(profile);
      await b.page.goto(server.url + game.path);
      await b.page.waitForSelector('main');
      await game.start(b.page);
      const url = b.page.url();
      let kept = 0;
      for (let i = 0; i < ROUNDS; i++) {
        // Killed right after the commit (or the last draft) is on disk.
        await onDisk(b.page);
        await b.kill();
        b = await launch(profile);
        await b.page.goto(url);
        await b.page.waitForSelector('main');
        assert.match(await game.phase(b.page), game.want, `kill ${i + 1}: the committed phase is back`);
        // Then a draft typed, killed once on disk.
        await game.draft(b.page);
        await onDisk(b.page);
        await b.kill();
        b = await launch(profile);
        await b.page.goto(url);
        await b.page.waitForSelector('main');
        assert.equal(await game.drafted(b.page), game.typed, `kill ${i + 1}: the draft is back`);
        assert.match(await game.phase(b.page), game.want);
        assert.deepEqual(b.errors, []);
        kept += 2;
      }
      console.log(`${name}: ${kept} of ${kept} kills kept the commit and the draft`);
    } finally {
      if (b) await b.kill();
      await server.close();
      // (A killed browser's last processes may still be writing as they
      // exit: a temporary profile left behind fails nothing.)
      for (const f of [profile, `${profile}.pid`, `${profile}.sh`]) {
        try {
          fs.rmSync(f, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
        } catch {}
      }
    }
  });
}
