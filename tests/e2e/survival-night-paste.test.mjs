// Survival: a pile of private messages pasted at night.
// A megabyte of PMs, copied from an inbox with `Name:` and `== Name ==`
// headers, is split into the players' boxes; the messages are read in the
// site's worker (the page marks the reading, aria-busy, while it is done),
// each box over 4 KB is held (read, not laid out), and each box's lines
// come 100 at a time with the rejected lines first and their reasons; the
// preview's rejected lines come 100 at a time too, every one reachable
// ("Show 100 more"); who has sent nothing is named. Before, the night
// preview laid out 80,000 list items and the page froze for seconds.
// Prints the moderator's action count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, readingDone, ROOT, dealSurvival, paste } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const PLAYERS = CASE._deal.players;
const NIGHT = Object.entries(CASE.phases[0].actions);
const MB = 1024 * 1024;

test('a 1 MB pile of private messages: split, read in the worker, each box held and its lines paged rejected first, the preview paged, every rejected line reachable', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let actions = 0;
  const act = async (f) => {
    actions += 1;
    await f();
  };
  try {
    await dealSurvival(page, 'Long night', PLAYERS, CASE._deal);
    await page.waitForSelector('[data-testid=private]');
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=bulk]', { state: 'attached' });

    // Night 1's messages of game 001 again and again, each under its
    // header, a greeting now and then (rejected: no action, S2.4).
    let text = '';
    for (let i = 0; text.length < MB; i++) {
      const [p, action] = NIGHT[i % NIGHT.length];
      text += `${i % 2 ? `${p}:` : `== ${p} ==`}\n${i % 3 === 0 ? 'hi mod, my action for tonight\n' : ''}${action}\n\n`;
    }
    const hellos = Math.ceil(text.split('hi mod').length - 1);
    // The paste as Chromium sends it; the reading marked meanwhile.
    await page.evaluate(() => {
      window.__busy = [];
      // The first box's place and width in each state: marking the
      // reading moves and narrows no box (else every box's text is laid
      // out again twice a reading, and the boxes jump as one types).
      window.__boxes = new Set();
      new MutationObserver(() => {
        const players = document.querySelector('.players');
        const b = players?.getAttribute('aria-busy');
        if (b !== window.__busy.at(-1)) window.__busy.push(b);
        const r = players?.querySelector('article.player')?.getBoundingClientRect();
        if (r) window.__boxes.add(`${b}: at ${r.x},${r.y + scrollY}, width ${r.width}`);
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    await act(() => page.click('details.bulk summary'));
    await act(() => paste(page, '[data-testid=bulk]', text));
    await act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result]');
    assert.equal(await page.locator('[data-testid=split-result] li[data-player]').count(), NIGHT.length);
    await readingDone(page);
    await page.waitForSelector('article.player ol.verdicts li');
    assert.ok((await page.evaluate(() => window.__busy)).includes('true'), 'the boxes were marked as being read');
    const boxes = await page.evaluate(() => [...window.__boxes]);
    const at = (busy) => new Set(boxes.filter((b) => b.startsWith(`${busy}:`)).map((b) => b.slice(b.indexOf(' '))));
    assert.ok(at('true').size && at('false').size, `the first box measured in both states: ${boxes}`);
    assert.deepEqual(at('true'), at('false'), `the first box keeps its place and width while the messages are read: ${boxes}`);

    // Kestrel's box: "hello mod, nothing from me tonight" and a greeting
    // every third message, all rejected; held, its first 5 lines shown
    // (a box among a dozen), the rejected first.
    const kestrel = 'article.player[data-player="Kestrel"]';
    assert.ok(await page.locator(`${kestrel} [data-testid=long-paste]`).isVisible(), 'the long box is held');
    assert.equal(await page.inputValue(`${kestrel} textarea`), '', 'a held box lays out nothing');
    const more = await page.textContent(`${kestrel} [data-testid=verdicts-more]`);
    const lines = Number(more.match(/^5 of (\d+) lines shown: rejected first/)?.[1]);
    assert.ok(lines > 1000, more);
    assert.equal(await page.locator(`${kestrel} ol.verdicts li`).count(), 5, 'a box among a dozen starts with 5 lines');
    for (const why of await page.locator(`${kestrel} ol.verdicts li span`).allTextContents()) assert.match(why, /^rejected: /);
    // Basil's box: a kill sent again and again (a later line replaces an
    // earlier one, S2.5): the greetings rejected first, then the replaced
    // lines, the one in force last of all.
    const basil = 'article.player[data-player="Basil"]';
    const basilMore = await page.textContent(`${basil} [data-testid=verdicts-more]`);
    const basilLines = Number(basilMore.match(/^5 of (\d+) lines/)[1]);
    const first = await page.locator(`${basil} ol.verdicts li`).first().getAttribute('class');
    assert.equal(first, 'bad', 'rejected lines first');
    await act(() => page.click(`${basil} [data-testid=verdicts-more] button`));
    await page.waitForFunction((s) => document.querySelectorAll(`${s} ol.verdicts li`).length === 105, basil);
    // The page's reading stays whole: every line of Basil's is counted.
    assert.ok(basilLines > 1000);

    // The preview: its rejected lines 5 first, then 100 at a time, every
    // one reachable.
    const preview = '[data-testid=preview]';
    const rejected = await page.locator(`${preview} [data-testid=rejections] li`).count();
    assert.equal(rejected, 105, 'the preview starts at 5 rejected lines too, and the "Show more" asked for a page more of it');
    const pm = await page.locator(`${preview} [data-testid=report-rejections-more]`).allTextContents();
    const total = Number(pm.join(' ').match(/105 of (\d+) rejected lines shown/)?.[1]);
    assert.ok(total >= hellos, `${pm.join(' / ')} (${hellos} greetings)`);
    // Nobody with an action tonight is missing: every player sent one.
    assert.equal((await page.textContent('[data-testid=not-sent]')).trim(), 'none');
    assert.deepEqual(t.errors, []);
    console.log(`# Survival, a ${text.length}-character pile of PMs (${NIGHT.length} players, ${total} rejected lines): actions: ${actions}`);
  } finally {
    await t.close();
  }
});
