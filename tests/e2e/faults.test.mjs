// The shell under faults, in all four game pages: a read-only
// tab (the game open in another tab) refuses every way of changing the
// game; leaving with a change NOT saved asks first, and a failed save is
// retried on a timer; a cut-off or non-JSON import says so and where;
// players' text cannot turn the console's words around (bidi) nor widen
// the page, and invisible characters copied from a forum fold away; a
// large paste's thousands of rows are shown a page at a time, the lines
// not used first, every one reachable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, goto, screen, ARTIFACTS, openDemo, openDemoAt, startCircle, nightThenDay, readingDone, clearStorage } from './helpers.mjs';

/** Each game page: how to start a game in it, where its save is, and a
 * change to a saved draft that a script can make (bypassing the screen's
 * input blocking, as a stray handler would): `change(page, text)` on the
 * screen `where`, `value(page)` reads it back. */
const PAGES = [
  {
    key: 'mini-survivor',
    start: (page) => openDemo(page),
    where: 'Orders',
    field: 'article[data-player="Pebble"] textarea',
  },
  {
    key: 'survival',
    start: async (page) => {
      await goto(page, 'survival/');
      await page.click('[data-testid=deal]');
      await page.waitForSelector('[data-testid=private]');
    },
    where: 'Night',
    field: 'article.player textarea',
  },
  {
    key: 'survival-circle',
    start: async (page) => {
      await goto(page, 'survival-circle/');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=circle]');
    },
    where: 'Play',
    // A hot-seat game: its change is a move played by a key (a forum
    // game's pasted draft refused in a read-only tab: circle-drafts).
    key1: true,
  },
  {
    key: 'dice-org',
    start: async (page) => {
      await goto(page, 'dice-org/#/setup');
      await page.fill('[data-testid=players]', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].join('\n'));
      await page.fill('[data-testid=seed]', '7');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=phase]');
    },
    where: 'Production',
    field: '[data-testid=edit-note]',
  },
];

const saved = (page, key) => page.evaluate((k) => Object.entries(localStorage).find(([n]) => n.startsWith(`${k}.game.`))?.[1] ?? null, key);

/** Sets a field's value as a script would and sends its `input` event. */
const scriptInput = (page, selector, value) => page.evaluate(([s, v]) => {
  const el = document.querySelector(s);
  el.value = v;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}, [selector, value]);

for (const g of PAGES) {
  test(`${g.key}: a read-only tab refuses every change and keeps the writer's game`, async () => {
    const t = await open();
    const { page, context } = t;
    page.on('dialog', (d) => d.accept());
    try {
      await g.start(page);
      await screen(page, g.where);
      await page.waitForTimeout(700);
      const before = await saved(page, g.key);
      assert.ok(before, 'the writer saved the game');

      const second = await context.newPage();
      second.on('dialog', (d) => d.accept());
      await second.goto(page.url());
      await second.waitForSelector('[data-testid=phase]');
      await second.waitForSelector('[data-testid=notice]');
      assert.match(await second.locator('[data-testid=notice]').textContent(), /open in another tab.*read-only/);
      if (g.key1) {
        const phase = await second.textContent('[data-testid=phase]');
        await second.keyboard.press('1');
        await second.waitForTimeout(300);
        assert.equal(await second.textContent('[data-testid=phase]'), phase, 'no move was played');
      } else {
        // A script's change reaches the draft: it is undone and said.
        const was = await second.inputValue(g.field);
        await scriptInput(second, g.field, 'changed in the read-only tab');
        await second.waitForFunction(([s, v]) => document.querySelector(s).value === v, [g.field, was]);
        await second.waitForFunction(() => /read-only/.test(document.querySelector('[data-testid=live]').textContent));
      }
      // A game file dropped on the read-only tab is refused with a reason.
      await second.evaluate((json) => {
        const data = new DataTransfer();
        data.items.add(new File([json], 'game.json', { type: 'application/json' }));
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, before);
      await second.waitForFunction(() => /read-only/.test(document.querySelector('[data-testid=live]').textContent));
      await second.waitForTimeout(700);
      assert.equal(await saved(second, g.key), before, 'the save is the writer\'s, untouched');
      // The screen takes no input at all: pointer, keys, drops, pastes.
      assert.equal(await second.locator('main').evaluate((m) => m.inert), true, 'main is inert');
      assert.equal(await second.evaluate((k) => Object.keys(localStorage).filter((n) => n.startsWith(`${k}.game.`)).length, g.key), 1, 'no game was added');

      // The writer's own change still goes through, and the reader follows.
      if (g.key1) {
        await page.keyboard.press('1');
        await page.waitForFunction((b) => Object.entries(localStorage).find(([n]) => n.startsWith('survival-circle.game.'))[1] !== b, before);
      } else {
        await page.fill(g.field, 'written by the writer');
        await second.waitForFunction(([s]) => document.querySelector(s).value === 'written by the writer', [g.field]);
      }
      assert.notEqual(await saved(page, g.key), before);
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });

  test(`${g.key}: with a change NOT saved, leaving asks, and the save is retried until it works`, async () => {
    const t = await open();
    const { page } = t;
    page.on('dialog', (d) => (d.type() === 'beforeunload' ? null : d.accept()));
    try {
      await g.start(page);
      await screen(page, g.where);
      await page.waitForTimeout(700);
      // Fill the quota.
      await page.evaluate(() => {
        let n = 0;
        for (const size of [256 * 1024, 16 * 1024, 1024, 64, 16, 1]) {
          for (;;) {
            try { localStorage.setItem(`junk.${n++}`, 'x'.repeat(size)); } catch { break; }
          }
        }
      });
      const big = 'y'.repeat(20000);
      if (g.key1) {
        // Each move is saved at once; the save of a long game no longer fits.
        await page.evaluate(() => { for (let i = 0; ; i++) { try { localStorage.setItem(`junk.tail.${i}`, 'x'); } catch { break; } } });
        for (const key of ['1', '2', '3']) await page.keyboard.press(key);
      } else {
        await page.click(g.field);
        await page.fill(g.field, big);
      }
      await page.waitForSelector('[data-testid=save-error]');
      // Leaving now asks first.
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      assert.equal(dialog.type(), 'beforeunload');
      await dialog.dismiss();
      assert.equal(page.isClosed(), false, 'the page stayed');
      // Space comes back (another tab deleted something): without any
      // new change the save is retried and the banner goes.
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('junk.')).forEach((k) => localStorage.removeItem(k)));
      await page.waitForSelector('[data-testid=save-error]', { state: 'detached', timeout: 10000 });
      if (!g.key1) assert.match(await saved(page, g.key), new RegExp(big));
      // Saved: leaving asks nothing.
      let second = false;
      page.on('dialog', () => { second = true; });
      await page.close({ runBeforeUnload: true });
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(second, false);
    } finally {
      await t.close();
    }
  });
}

test('a cut-off or non-JSON file is refused as such, with where, on the home page and on each game page', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await page.waitForTimeout(700);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const whole = fs.readFileSync(await download.path(), 'utf8');
    const cut = path.join(ARTIFACTS, 'cut-off.json');
    fs.writeFileSync(cut, whole.slice(0, Math.floor(whole.length / 2)));
    const html = path.join(ARTIFACTS, 'not-json.json');
    fs.writeFileSync(html, '<!DOCTYPE html>\n<html><body>Sign in</body></html>\n');
    await clearStorage(page);

    await goto(page, '');
    await page.setInputFiles('[data-testid=import]', cut);
    await page.waitForSelector('.banner.error');
    assert.match(await page.locator('.banner').textContent(), /Import failed, nothing was changed: the file is cut off: it ends at line \d+/);
    await goto(page, '');
    await page.setInputFiles('[data-testid=import]', html);
    await page.waitForSelector('.banner.error');
    assert.match(await page.locator('.banner').textContent(), /not JSON\): line 1, column 1/);

    // Dropped on each game's page.
    for (const key of ['mini-survivor', 'survival', 'survival-circle', 'dice-org']) {
      for (const [file, why] of [[cut, /the file is cut off: it ends at line \d+/], [html, /not JSON\): line 1, column 1/]]) {
        await goto(page, `${key}/`);
        await page.evaluate((text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], 'game.json', { type: 'application/json' }));
          document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        }, fs.readFileSync(file, 'utf8'));
        await page.waitForSelector('.banner.error');
        const said = await page.locator('.banner.error').textContent();
        assert.match(said, /Import failed, nothing was changed/, key);
        assert.match(said, why, key);
      }
    }
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('.game.')).length), 0, 'nothing was imported');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('players\' text: a right-to-left override stays in its line, a 200-character name wraps, a zero-width space folds away; the 390 px header is compact', async () => {
  const t = await open({ contextOptions: { viewport: { width: 390, height: 844 } } });
  const { page } = t;
  try {
    await openDemo(page);
    // At 390 px the header is compact (two short rows), and the board
    // keeps its hint and the tribes' names.
    const header = await page.locator('header.top').evaluate((h) => h.getBoundingClientRect().height);
    assert.ok(header <= 100, `the header is ${header} px high at 390 px`);
    assert.ok(await page.locator('.board-head p').isVisible(), 'the drag hint shows');
    assert.ok(await page.locator('.tribe h3 .name').first().isVisible(), 'tribe names show');
    const exportButton = await page.locator('[data-testid=export]').evaluate((b) => b.getBoundingClientRect().height);
    assert.ok(exportButton < 40, `Export is on one line (${exportButton} px)`);
    await screen(page, 'Orders');
    const box = 'article[data-player="Pebble"] textarea';
    // A zero-width space copied from a forum: the line still reads.
    await page.fill(box, '\u200b24 v\u200b 2');
    const verdicts = 'article[data-player="Pebble"] ol.verdicts';
    await page.waitForSelector(`${verdicts} li`);
    assert.equal(await page.locator(`${verdicts} li.bad`).count(), 0, 'no line rejected');
    assert.equal(await page.locator(`${verdicts} li.ok`).count(), 1);
    // A right-to-left override in a rejected line is taken out of the line
    // shown, and the line is isolated from the console's reason beside it.
    await page.fill(box, '24 v 2\n\u202eoops 99 q');
    await page.waitForSelector(`${verdicts} li.bad`);
    const shown = await page.locator(`${verdicts} li.bad code`).evaluate((c) => [c.textContent, getComputedStyle(c).unicodeBidi, getComputedStyle(c.nextElementSibling).unicodeBidi]);
    assert.deepEqual(shown, ['oops 99 q', 'isolate', 'isolate']);

    // A 200-character name (one word) does not widen the page.
    const long = 'L'.repeat(200);
    await goto(page, 'dice-org/#/setup');
    await page.fill('[data-testid=season-name]', long);
    await page.fill('[data-testid=players]', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].join('\n'));
    await page.fill('[data-testid=seed]', '7');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=phase]');
    for (const where of ['Board', 'Posts']) {
      await screen(page, where);
      await page.waitForTimeout(200);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${where}: the page is ${width} px wide at 390 px`);
    }
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

// A phone's screen (390 x 844 px) is mostly the game, not the header and
// menu: on every game page, with a game open as a
// moderator has it (Survival's night committed, so its Day screen has its
// thread), the header stays two short rows on every screen and the
// screen's heading is seen without scrolling. (Survival circle's Play
// heading is for screen readers: its turn line is the one seen; Survival's
// Night screen by day says so in its first line, the night's result folded
// away below it.)
test('at 390 px every game page keeps its header compact and each screen\'s heading in the first screenful', async () => {
  const t = await open({ contextOptions: { viewport: { width: 390, height: 844 } } });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    for (const g of PAGES) {
      await g.start(page);
      if (g.key === 'survival') await nightThenDay(page);
      const labels = await page.$$eval('a.nav', (as) => as.map((a) => a.dataset.screen));
      assert.ok(labels.length >= 5, `${g.key}: its screens are in the menu`);
      for (const label of labels) {
        await screen(page, label);
        await page.waitForTimeout(200);
        const where = `${g.key} ${label}`;
        const header = await page.locator('header.top').evaluate((h) => h.getBoundingClientRect().height);
        assert.ok(header <= 100, `${where}: the header is ${header} px high at 390 px`);
        await readingDone(page);
        const heading = page.locator('main h2:not(.sr-only), main [data-testid=turn], main [data-testid=elsewhere]').first();
        await heading.waitFor({ timeout: 5000 }).catch(() => {});
        assert.ok(await heading.isVisible(), `${where}: the screen's heading shows`);
        const bottom = await heading.evaluate((h) => h.getBoundingClientRect().bottom + scrollY);
        assert.ok(bottom <= 844, `${where}: the heading ends ${bottom} px down, below the first screenful (844 px)`);
      }
    }
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

// A game's name is free text (players' names are capped at 32
// characters, a game's is not): a 200-character name of one word, the
// worst case, is cut short or wrapped, never widening the page, on every
// screen of the games that take a name on Setup (Dice ORG's season name:
// above), at 1280 and at 390 px, and in the home page's list of games.
const LONG_NAMES = [
  {
    key: 'mini-survivor',
    start: async (page, name) => {
      await goto(page, 'mini-survivor/#/setup');
      await page.getByLabel('Game name').fill(name);
      await page.click('[data-testid=deal]');
    },
  },
  {
    key: 'survival',
    start: async (page, name) => {
      await goto(page, 'survival/#/setup');
      await page.fill('[data-testid=name]', name);
      await page.click('[data-testid=deal]');
    },
  },
  // A forum game: its Forum screen holds the posts and the paste box.
  { key: 'survival-circle', start: (page, name) => startCircle(page, 'forum', 'Ann', 'Bob', name) },
];

test('a 200-character game name (one word) does not widen any screen of Mini-Survivor, Survival or Survival circle, at 1280 or 390 px', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const long = 'N'.repeat(200);
  const wide = () => page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  try {
    for (const g of LONG_NAMES) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await g.start(page, long);
      await page.waitForSelector('[data-testid=phase]');
      // The header names the game (all of it, cut short on a phone).
      assert.equal(await page.locator('.game-title strong').textContent(), long, `${g.key}: the header names the game`);
      const labels = await page.$$eval('a.nav', (as) => as.map((a) => a.dataset.screen));
      for (const [width, height] of [[1280, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        for (const label of labels) {
          await screen(page, label);
          await page.waitForTimeout(200);
          const [scroll, client] = await wide();
          assert.ok(scroll <= client, `${g.key} ${label} at ${width} px: the page is ${scroll} px wide`);
        }
        const header = await page.locator('header.top').evaluate((h) => h.getBoundingClientRect().height);
        if (width === 390) assert.ok(header <= 100, `${g.key}: with the long name the header is ${header} px high at 390 px`);
      }
    }
    // The home page lists the three games by name.
    for (const [width, height] of [[1280, 900], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await goto(page, '');
      await page.waitForSelector('[data-testid=games]');
      assert.equal(await page.locator('[data-testid=games] tbody tr', { hasText: long }).count(), 3);
      const [scroll, client] = await wide();
      assert.ok(scroll <= client, `home at ${width} px: the page is ${scroll} px wide`);
    }
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

const drop = (page, text) => page.evaluate((t) => {
  const data = new DataTransfer();
  data.items.add(new File([t], 'game.json', { type: 'application/json' }));
  document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}, text);
const games = (page, key) => page.evaluate((k) => Object.keys(localStorage).filter((n) => n.startsWith(`${k}.game.`)).length, key);

test('importing a copy of a game already in the browser asks: replace it (saying which is further along) or keep both', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    // Mini-Survivor: an export at round 1, imported after round 1 was played here.
    await openDemo(page);
    await page.waitForTimeout(700);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const older = fs.readFileSync(await download.path(), 'utf8');
    await screen(page, 'Adjudicate');
    await page.click('[data-testid=commit]');
    await page.waitForFunction(() => document.querySelector('[data-testid=phase]').textContent.includes('round 2'));
    await page.waitForTimeout(700);
    await drop(page, older);
    await page.waitForSelector('[data-testid=replace]');
    assert.match(await page.locator('[data-testid=notice]').textContent(), /already in this browser.*the copy already here is further along \(round 2 next\) than the file \(round 1 next\)/);
    assert.equal(await games(page, 'mini-survivor'), 2);
    await page.click('[data-testid=replace]');
    await page.waitForSelector('[data-testid=notice]', { state: 'detached' });
    await page.waitForTimeout(700);
    assert.equal(await games(page, 'mini-survivor'), 1, 'the copy that was here is gone');
    assert.match(await page.textContent('[data-testid=phase]'), /round 1 next/);

    // Dice ORG: the same season imported again; keep both.
    await goto(page, 'dice-org/#/setup');
    await page.fill('[data-testid=players]', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].join('\n'));
    await page.fill('[data-testid=seed]', '7');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=phase]');
    await page.waitForTimeout(700);
    const season = await page.evaluate(() => Object.entries(localStorage).find(([n]) => n.startsWith('dice-org.game.'))[1]);
    await drop(page, season);
    await page.waitForSelector('[data-testid=keep-both]');
    assert.match(await page.locator('[data-testid=notice]').textContent(), /already in this browser.*both stand at the same point/);
    await page.click('[data-testid=keep-both]');
    await page.waitForTimeout(700);
    assert.equal(await games(page, 'dice-org'), 2, 'both kept');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

/** Survival and Survival circle: a game started and played on by one
 * phase or a couple of moves (Survival's night committed, two circle
 * moves), with where each stands as the console says it. */
const TWINS = [
  {
    key: 'survival',
    start: PAGES.find((g) => g.key === 'survival').start,
    advance: (page) => nightThenDay(page),
    older: 'night 1 next',
    further: 'day 1 next',
  },
  {
    key: 'survival-circle',
    start: PAGES.find((g) => g.key === 'survival-circle').start,
    advance: async (page) => {
      await screen(page, 'Play');
      await page.waitForSelector('[data-testid=turn]');
      for (const [key, turn] of [['1', 2], ['2', 3]]) {
        await page.keyboard.press(key);
        await page.waitForFunction((n) => document.querySelector('[data-testid=turn]').textContent.startsWith(`Turn ${n} of 96`), turn);
      }
    },
    older: 'turn 1 of 96: Blue',
    further: 'turn 3 of 96: Blue',
  },
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The same question on the other pages (it is the shell's): an export
// made before the game went on, imported where the game went further.
// Replace leaves one copy, the file's; played on again and imported once
// more, Keep both leaves the two, the home page listing each where it
// stands.
for (const g of TWINS) {
  test(`${g.key}: importing an older copy of a game already here asks; Replace and Keep both do what they say`, async () => {
    const t = await open();
    const { page } = t;
    page.on('dialog', (d) => d.accept());
    try {
      await g.start(page);
      await page.waitForTimeout(700);
      assert.match(await page.textContent('[data-testid=phase]'), new RegExp(esc(g.older)));
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
      const older = fs.readFileSync(await download.path(), 'utf8');
      const asks = new RegExp(`already in this browser.*the copy already here is further along \\(${esc(g.further)}[^)]*\\) than the file \\(${esc(g.older)}[^)]*\\)`);
      for (const answer of ['replace', 'keep-both']) {
        await g.advance(page);
        assert.match(await page.textContent('[data-testid=phase]'), new RegExp(esc(g.further)));
        await page.waitForTimeout(700);
        await drop(page, older);
        // (Scoped to the notice: the circle has a Replace of its own, of a player, C9.4.)
        await page.waitForSelector(`[data-testid=notice] [data-testid=${answer}]`, { timeout: 5000 });
        assert.match(await page.locator('[data-testid=notice]').textContent(), asks, answer);
        // Until answered, both are kept; the file's copy is the one open.
        assert.equal(await games(page, g.key), 2);
        assert.match(await page.textContent('[data-testid=phase]'), new RegExp(esc(g.older)));
        await page.click(`[data-testid=notice] [data-testid=${answer}]`);
        await page.waitForSelector('[data-testid=notice]', { state: 'detached' });
        await page.waitForTimeout(700);
        assert.match(await page.textContent('[data-testid=phase]'), new RegExp(esc(g.older)), `${answer}: the file's copy stays open`);
        if (answer === 'replace') {
          assert.equal(await games(page, g.key), 1, 'the copy that was here is gone');
        } else {
          assert.equal(await games(page, g.key), 2, 'both kept');
        }
      }
      // The home page lists the two copies, each where it stands.
      await goto(page, '');
      const stands = await page.locator(`[data-testid=games] tr[data-kind="${g.key}"] td:nth-child(3)`).allTextContents();
      assert.equal(stands.length, 2);
      assert.ok(stands.some((s) => s.startsWith(g.further)) && stands.some((s) => s.startsWith(g.older)), stands.join(' | '));
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });
}

// Survival circle's question where it does work: a copy at the same
// point (exported, then imported straight back), as Dice ORG's above.
test('survival-circle: importing a copy at the same point asks; Replace and Keep both do what they say', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await TWINS[1].start(page);
    await TWINS[1].advance(page);
    await page.waitForTimeout(700);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const same = fs.readFileSync(await download.path(), 'utf8');
    for (const [answer, left] of [['replace', 1], ['keep-both', 2]]) {
      await drop(page, same);
      await page.waitForSelector(`[data-testid=notice] [data-testid=${answer}]`);
      assert.match(await page.locator('[data-testid=notice]').textContent(), /already in this browser.*both stand at the same point \(turn 3 of 96: Blue/, answer);
      await page.click(`[data-testid=notice] [data-testid=${answer}]`);
      await page.waitForSelector('[data-testid=notice]', { state: 'detached' });
      await page.waitForTimeout(700);
      assert.equal(await games(page, 'survival-circle'), left, answer);
      assert.match(await page.textContent('[data-testid=phase]'), /turn 3 of 96: Blue/);
    }
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Mini-Survivor and Survival copy and download every private message in one text, a header per player', async () => {
  const t = await open({ contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  // The download's text, which "Copy all private messages" copies too.
  const all = async () => {
    await page.waitForSelector('[data-testid=all-private]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download-private]')]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.click('[data-testid=all-private] button:has-text("Copy all private messages")');
    await page.waitForFunction(() => navigator.clipboard.readText().then((c) => c !== ''));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text, 'the copy is the download');
    return text;
  };
  try {
    await openDemo(page);
    await screen(page, 'Posts');
    const mini = await all();
    const names = await page.locator('.private [data-player]').evaluateAll((els) => els.map((e) => e.dataset.player));
    assert.equal(names.length, 12);
    assert.deepEqual([...mini.matchAll(/^== (.+) ==$/gm)].map((m) => m[1]), names);
    // Each player's message is the one shown under their name.
    const pebble = (await page.locator('.private [data-player="Pebble"] pre').textContent()).trim();
    assert.ok(mini.includes(`== Pebble ==\n${pebble}\n`));

    await goto(page, 'survival/');
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=private]');
    const survival = await all();
    assert.equal([...survival.matchAll(/^== .+ ==$/gm)].length, await page.locator('[data-testid=private]').count());

    // (Dice ORG has its own Copy all and downloads on its Posts screen.)
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a large paste in Mini-Survivor is shown a page at a time, the lines not used first, every row reachable; a box over 16 KB is not laid out until asked', async () => {
  // Mini-Survivor: 1,500 lines for Pebble, one in two hundred unreadable.
  const t = await openDemoAt('Orders');
  const { page } = t;
  try {
    await page.waitForSelector('details.bulk');
    // The moderator's actions from opening the bulk box to the next page of rows.
    let actions = 0;
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) {
      await page.click('details.bulk summary');
      actions += 1;
    }
    // Pebble's draft emptied first (the test's set-up, not counted): the paste's lines are the draft's.
    await page.fill('article[data-player="Pebble"] textarea', '');
    const lines = Array.from({ length: 1500 }, (_, i) => (i % 200 === 50 ? `oops ${i}` : '24 v 2'));
    await page.fill('[data-testid=bulk]', `== Pebble ==\n${lines.join('\n')}\n`);
    await page.click('[data-testid=split]');
    actions += 2;
    await page.waitForSelector('[data-testid=split-result] li[data-player="Pebble"]');
    const pebble = 'article[data-player="Pebble"]';
    const rows = () => page.locator(`${pebble} ol.verdicts li`).count();
    await page.waitForFunction((s) => document.querySelectorAll(`${s} ol.verdicts li`).length > 0, pebble);
    assert.equal(await rows(), 12, "a box's first dozen rows, not 1,500");
    // The 8 rejected lines come first, with their reasons and line numbers.
    const first = await page.locator(`${pebble} ol.verdicts li`).evaluateAll((ls) => ls.slice(0, 9).map((l) => [l.className, l.value]));
    assert.deepEqual(first.slice(0, 8).map(([c]) => c), Array(8).fill('bad'));
    assert.deepEqual(first.slice(0, 8).map(([, v]) => v), lines.flatMap((l, i) => (l.startsWith('oops') ? [i + 1] : [])));
    assert.notEqual(first[8][0], 'bad');
    assert.match(await page.textContent(`${pebble} [data-testid=verdicts-more]`), /^12 of 1500 lines shown: rejected first.* Show 100 more$/);
    const toRejected = actions;
    await page.click(`${pebble} [data-testid=verdicts-more] button`);
    actions += 1;
    await page.waitForFunction((s) => document.querySelectorAll(`${s} ol.verdicts li`).length === 112, pebble);
    console.log(`Mini-Survivor, a 1,500-line pile for one player: ${toRejected} actions from the Orders screen to its rejected lines, ${actions} to the next page`);
    // A paste over 16 KB is kept and read in full but not laid out in the
    // box (seconds at 1 MB), until asked for.
    const big = `== Pebble ==\n${Array(5000).fill('24 v 2').join('\n')}\n`;
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) await page.click('details.bulk summary');
    // Pasted as Chromium pastes: the value set, then one input event.
    await scriptInput(page, '[data-testid=bulk]', big);
    await page.waitForSelector('[data-testid=long-paste]', { state: 'visible' });
    assert.equal(await page.locator('[data-testid=bulk]').isHidden(), true, 'the long paste is not laid out');
    assert.match(await page.textContent('[data-testid=long-paste]'), /holds a long paste: it is read in full/);
    await page.check('[data-testid=long-paste] input');
    await page.waitForSelector('[data-testid=bulk]', { state: 'visible' });
    assert.equal(await page.inputValue('[data-testid=bulk]'), big, 'nothing of it was lost');

    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
