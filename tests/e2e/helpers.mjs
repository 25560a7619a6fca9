// Shared set-up for the browser tests: the release bundle from dist/ served
// on 127.0.0.1, Debian's Chromium, console errors collected, screenshots
// saved under tests/artifacts/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// E2E_DIST=<dir> tests a bundle built elsewhere (`DIST=<dir> scripts/build`).
export const DIST = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.join(ROOT, 'dist');
export const ARTIFACTS = path.join(ROOT, 'tests/artifacts');

/** The files a built page's index.html loads at once (its wasm, js and
 * css), by name, from the page's directory `dir`. */
export function firstLoad(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const names = [...html.matchAll(/\.\/([\w.-]+\.(?:wasm|js|css))\b/g)].map((m) => m[1]);
  return [...new Set(names)].filter((f) => fs.existsSync(path.join(dir, f)));
}

export function fixture(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'games/mini-survivor/cases/games', name), 'utf8'));
}

/** Starts server + browser at the home page (or `page`, a path under the
 * site such as 'survival/'); returns { page, context, errors, url, shot, close }. */
export async function open({ prefix = '/', contextOptions = {}, page: start = '' } = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const server = await serve(DIST, { prefix });
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(server.url + start);
  await page.waitForSelector('main');
  return {
    page, context, browser, errors, requests, url: server.url,
    shot: (name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }),
    close: async () => { await browser.close(); await server.close(); },
  };
}

/** The site's root URL (the home page) from any page of it. */
export function siteRoot(page) {
  const u = new URL(page.url());
  u.hash = '';
  u.pathname = u.pathname.replace(/(mini-survivor|survival-circle|survival|dice-org)\/[^/]*$/, '');
  return u.href;
}

/** Goes to a page of the site ('' for home, 'survival/#/setup', ...). */
export async function goto(page, rel) {
  await page.goto(siteRoot(page) + rel);
  await page.waitForSelector('main');
}

/** Goes to a screen by its navigation label; 'Games' is the home page. */
export async function screen(page, label) {
  if (label === 'Games') {
    await page.click('[data-testid=home-link]');
    await page.waitForSelector('[data-testid=games], [data-testid=no-games]');
    return;
  }
  await page.click(`a.nav[data-screen="${label}"]`);
}

/** Opens the built-in demo (shared game 1001) and waits for its board. */
export async function openDemo(page) {
  await goto(page, 'mini-survivor/#/demo');
  await page.waitForSelector('.tribe');
}

/** Opens the site in a new browser (see open), every confirmation
 * accepted, at the Mini-Survivor demo's `label` screen; returns what open
 * returns (the caller closes it). A failure on the way closes it first. */
export async function openDemoAt(label) {
  const t = await open();
  t.page.on('dialog', (d) => d.accept());
  try {
    await openDemo(t.page);
    await screen(t.page, label);
  } catch (e) {
    await t.close();
    throw e;
  }
  return t;
}

/** Starts a survival-circle game from its Setup screen: `kind` 'forum'
 * (ready when the paste box is) or 'hotseat' (ready when the circle is),
 * Blue and Red named; `name`, when given, is the game's name. */
export async function startCircle(page, kind, blue, red, name) {
  await goto(page, 'survival-circle/#/setup');
  await page.click(`[data-testid=kind-${kind}]`);
  if (name !== undefined) await page.fill('[data-testid=game-name]', name);
  await page.fill('[data-testid=name-blue]', blue);
  await page.fill('[data-testid=name-red]', red);
  await page.click('[data-testid=start]');
  await page.waitForSelector(kind === 'forum' ? '[data-testid=paste-text]' : '[data-testid=circle]');
}

/** Starts a survival-circle game by forum between `blue` and `red`. */
export const startCircleForum = (page, blue, red) => startCircle(page, 'forum', blue, red);

/** Deals a Survival game from its Setup screen (already open) to
 * `players` (numbered, as a forum list gives them) named `name`, with the
 * case deal's Spotlight holder and seed; ready when the deal post is. */
export async function dealSurvival(page, name, players, deal) {
  await page.waitForSelector('[data-testid=deal]');
  await page.fill('[data-testid=name]', name);
  await page.fill('[data-testid=players]', players.map((p, i) => `${i + 1}. ${p}`).join('\n'));
  await page.selectOption('[data-testid=spotlight]', deal.spotlight);
  await page.fill('[data-testid=seed]', deal.seed);
  await page.click('[data-testid=deal]');
  await page.waitForSelector('[data-testid=public-post]');
}

/** Commits the Survival night with no private message, then opens the
 * Day screen (ready when its page box is there). */
export async function nightThenDay(page) {
  await screen(page, 'Night');
  await page.waitForSelector('[data-testid=commit]');
  await page.click('[data-testid=commit]');
  await page.waitForSelector('[data-testid=committed]');
  await screen(page, 'Day');
  await page.waitForSelector('[data-testid=page]');
}

/** Pastes `text` into the box `selector` as Chromium does: a cancelable
 * paste event carrying the clipboard's text, whose default action (when
 * the page does not take it) puts the text in the box with one input
 * event. Returns whether the page took it, a task later (the moderator's
 * next click or key comes no sooner; a page that takes a long paste
 * keeps it in the next task, shell::paste). */
export async function paste(page, selector, text) {
  return page.evaluate(([selector, text]) => new Promise((done) => {
    const ta = document.querySelector(selector);
    ta.focus();
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    const ev = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
    ta.dispatchEvent(ev);
    if (!ev.defaultPrevented) {
      ta.value = text;
      ta.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }
    setTimeout(() => done(ev.defaultPrevented), 0);
  }), [selector, text]);
}

/** Waits until no reading in the site's worker is under way: the Survival
 * Night and Day screens mark what they show `aria-busy="true"` while the
 * worker reads the drafts it came from. */
export async function readingDone(page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy=true]'));
}

/** Starts a Dice ORG season from the Setup screen (already open): its
 * name, players (roster order) and seed; ready when the teams are shown. */
export async function startSeason(page, name, players, seed = 2024) {
  await page.fill('[data-testid=season-name]', name);
  await page.fill('[data-testid=players]', players.join('\n'));
  await page.fill('[data-testid=seed]', String(seed));
  await page.waitForSelector('[data-testid=setup-preview]');
  await page.click('[data-testid=start]');
  await page.waitForSelector('section.team');
}

/** Commits the next round from the Adjudicate screen; `round` is its number. */
export async function commit(page, round) {
  await screen(page, 'Adjudicate');
  await page.click('[data-testid=commit]');
  await page.waitForFunction((n) => document.querySelector('[data-testid=live]').textContent.startsWith(`Round ${n} adjudicated`), round);
}

/** Empties this site's storage as clearing the browser's site data does:
 * localStorage and the IndexedDB copy of every save (shell::durable; the
 * page closes its connection when asked, so the deletion completes). */
export async function clearStorage(page) {
  await page.evaluate(() => new Promise((done, failed) => {
    localStorage.clear();
    const req = indexedDB.deleteDatabase('moderator-console');
    req.onsuccess = () => done();
    req.onerror = () => failed(req.error);
  }));
}

/** Requests that left 127.0.0.1 (data: and blob: URLs stay in the page). */
export const external = (requests) => requests.filter((u) => !/^(http:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(u));

/** Waits until a service worker controls the page (reloading once if needed). */
export async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.waitForSelector('main');
  }
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

/** The text of a test id inside an optional scope, trimmed. */
export async function text(page, testid, scope = '') {
  return (await page.locator(`${scope} [data-testid="${testid}"]`.trim()).first().textContent()).trim();
}

/** "1, 5, 12" or "none" as the summary writes an ID list. */
export const ids = (list) => (list && list.length ? list.join(', ') : 'none');

/** The moderator's actions in a browser test, counted: `act(f)` does one
 * (a click, a fill, a paste) and counts it, `also()` counts one done
 * otherwise (a file dropped on the page), `n` is the count so far. */
export function counter() {
  const c = {
    n: 0,
    act: async (f) => {
      c.n += 1;
      await f();
    },
    also: () => {
      c.n += 1;
    },
  };
  return c;
}

/** Renames the first stored Mini-Survivor game to `name` in its save and
 * in the games index, as an imported file may name it. */
export async function renameStoredGame(page, name) {
  await page.evaluate((name) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('mini-survivor.game.'));
    const file = JSON.parse(localStorage.getItem(key));
    file.name = name;
    localStorage.setItem(key, JSON.stringify(file));
    const index = JSON.parse(localStorage.getItem('mini-survivor.index'));
    index[0].name = name;
    localStorage.setItem('mini-survivor.index', JSON.stringify(index));
  }, name);
}

/** Starts a Dice ORG season of one team from the Setup screen (already
 * open; seed 1: with the players of the merge test, Big Mo wins the
 * individual competition) and plays it to its vote with no choices. */
export async function toTheVote(page, name, players) {
  await page.fill('[data-testid=season-name]', name);
  await page.fill('[data-testid=players]', players.join('\n'));
  await page.fill('[data-testid=teams]', 'Ember');
  await page.fill('[data-testid=seed]', '1');
  await page.waitForSelector('[data-testid=setup-preview]');
  await page.click('[data-testid=start]');
  await page.waitForSelector('section.team');
  await screen(page, 'Round');
  for (const kind of ['competition', 'camp', 'conversation']) {
    await page.waitForSelector('section.round [data-testid=play]');
    await page.click('section.round [data-testid=play]');
    await page.waitForFunction((k) => document.querySelector('[data-testid=last-step]')?.dataset.kind === k, kind);
  }
  await page.waitForSelector('section[aria-label=Vote]');
}

/** Opens Survival, deals GAME-001's twelve players as the game `name` and
 * opens the Night screen with its bulk box there. Returns the open page
 * (`t`, as `open` gives it, dialogs accepted) and the case's first night
 * as [player, private message] pairs. */
export async function survivalNight(name) {
  const game = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
  const t = await open({ page: 'survival/' });
  try {
    t.page.on('dialog', (d) => d.accept());
    await dealSurvival(t.page, name, game._deal.players, game._deal);
    await t.page.waitForSelector('[data-testid=private]');
    await screen(t.page, 'Night');
    await t.page.waitForSelector('[data-testid=bulk]', { state: 'attached' });
  } catch (e) {
    await t.close();
    throw e;
  }
  return { t, night: Object.entries(game.phases[0].actions) };
}
