// Survival: every screen of the page (setup with and without a game, the
// posts of the deal and of the live count, board, night with messages, a
// split, verdicts and a decision, the committed night, day with pages, the
// live count, rejected votes and a revote, history, rules, verify) has no
// serious or critical axe-core violation, on a desktop and a phone-sized
// screen, and logs no console error; a reload keeps every draft (private
// messages, the bulk box, decisions, the thread, the next page of the
// thread not yet added, the revote); an exported
// game imported again is the same game, drafts included; a day undone
// comes back as drafts and commits to the same result; a second tab on the
// same game is read-only, follows the writer and takes over when it
// closes. Screenshots under
// tests/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { open, screen, ROOT, ARTIFACTS } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));

async function axe(page, name, problems) {
  await page.waitForTimeout(50);
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    problems.push(`${name}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }
}

async function exportGame(page, name) {
  // Let the autosave write what was typed last.
  await page.waitForTimeout(500);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
  const file = path.join(ARTIFACTS, `${name}.json`);
  await download.saveAs(file);
  return file;
}

test('every Survival screen passes axe-core, drafts survive a reload, export then import is the same game', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const problems = [];
  const deal = CASE._deal;
  const night1 = CASE.phases[0];
  try {
    // Setup without a game; the problem shown for an impossible deck.
    await page.waitForSelector('[data-testid=deal]');
    await axe(page, 'Setup', problems);
    await page.fill('[data-testid=evil]', '9');
    await page.waitForFunction(() => document.querySelector('[data-testid=setup-problem]').textContent.startsWith('Cannot deal:'));
    assert.ok(await page.isDisabled('[data-testid=deal]'));
    await axe(page, 'Setup (refused)', problems);
    await t.shot('survival-screen-setup');
    await page.fill('[data-testid=evil]', '');
    await page.fill('[data-testid=name]', 'Screens');
    for (const c of deal.specials) await page.check(`input[data-card="${c}"]`);
    await page.selectOption('[data-testid=spotlight]', deal.spotlight);
    await page.fill('[data-testid=seed]', deal.seed);
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=private]');
    await axe(page, 'Posts (deal)', problems);
    await t.shot('survival-screen-posts-deal');

    await screen(page, 'Board');
    await page.waitForSelector('[data-testid=grimoire]');
    await axe(page, 'Board', problems);
    await t.shot('survival-screen-board');

    // Night 1: boxes, the bulk box with an unknown header, a decision.
    // The moderator's actions from opening the Night to its commit.
    let actions = 0;
    const act = async (p) => { actions += 1; await p; };
    await act(screen(page, 'Night'));
    await page.waitForSelector('[data-testid=bulk]', { state: 'attached' });
    const typed = ['Basil', 'Fjord', 'Garnet', 'Cobalt', 'Hazel'];
    for (const p of typed) await act(page.fill(`article.player[data-player="${p}"] textarea`, night1.actions[p]));
    await act(page.click('details.bulk summary'));
    const bulk = ['Dahlia', 'Ember', 'Juniper', 'Kestrel', 'Lumen'].map((p) => `${p}:\n${night1.actions[p]}\n`).join('\n') + '\nZed:\nkill Aurora\n';
    await act(page.fill('[data-testid=bulk]', bulk));
    await act(page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result] li.warn');
    assert.match(await page.textContent('[data-testid=split-result]'), /"Zed" is not a player of this game/);
    await act(page.locator('.decision[data-player="Kestrel"] textarea').fill(night1.decisions.Kestrel));
    await page.waitForSelector('[data-testid=preview] tr[data-player="Garnet"]');
    await axe(page, 'Night (messages, split, verdicts, decision)', problems);
    await t.shot('survival-screen-night');

    // A reload keeps every night draft.
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForSelector('article.player[data-player="Kestrel"] textarea');
    for (const p of Object.keys(night1.actions)) {
      assert.equal(await page.inputValue(`article.player[data-player="${p}"] textarea`), night1.actions[p], `${p}'s message after a reload`);
    }
    assert.equal(await page.inputValue('[data-testid=bulk]'), bulk);
    assert.equal(await page.inputValue('.decision[data-player="Kestrel"] textarea'), night1.decisions.Kestrel);

    await act(page.click('[data-testid=commit]'));
    await page.waitForSelector('[data-testid=committed]');
    console.log(`night 1 (${typed.length} messages typed, 5 pasted in the bulk box, 1 decision): actions: ${actions}`);
    await axe(page, 'Night (committed)', problems);

    // Day 1: a tie with the Polar Bear in Nairobi calls for a revote (S6.3).
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=page]');
    await axe(page, 'Day (empty)', problems);
    await page.fill('[data-testid=page]', 'Cobalt:\nvote Fjord\n\nFjord:\nvote Cobalt\n\nIndigo:\nvote Fjord\n\nZed:\nvote Basil\n');
    await page.click('[data-testid=add-page]');
    await page.waitForSelector('[data-testid=revote-box]');
    assert.match(await page.textContent('[data-testid=revote-box]'), /tied between Cobalt and Fjord/);
    assert.match(await page.textContent('[data-testid=unknown-authors]'), /Zed/);
    await page.fill('[data-testid=revote]', 'Hazel:\nvote Cobalt\n');
    await page.waitForSelector('[data-testid=preview] tr[data-player="Cobalt"]');
    await axe(page, 'Day (count, rejected vote, revote)', problems);
    await t.shot('survival-screen-day');
    const thread = await page.inputValue('[data-testid=thread]');
    // The next page, pasted but not yet added.
    await page.fill('[data-testid=page]', 'Lumen — Today at 18:30\nvote Basil\n');

    // A reload keeps the thread, the page not yet added and the revote.
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForSelector('[data-testid=revote]');
    assert.equal(await page.inputValue('[data-testid=thread]'), thread);
    assert.equal(await page.inputValue('[data-testid=page]'), 'Lumen — Today at 18:30\nvote Basil\n');
    assert.equal(await page.inputValue('[data-testid=revote]'), 'Hazel:\nvote Cobalt\n');
    // The Board: who has not voted yet, as the day's count has it (S5.1;
    // both read in the worker).
    await page.waitForSelector('[data-testid=not-voting]');
    const notVoting = (await page.textContent('[data-testid=not-voting]')).replace(/^Not voting \(\d+\): /, '').split(', ').sort();
    await screen(page, 'Board');
    await page.waitForSelector('section.board [data-testid=not-sent]');
    const waiting = (await page.textContent('section.board [data-testid=not-sent]')).split(', ').sort();
    assert.deepEqual(waiting, notVoting);
    assert.ok(waiting.length > 0 && ['Cobalt', 'Fjord', 'Indigo'].every((p) => !waiting.includes(p)), waiting.join(', '));

    // Posts: the live count, in Discord's format.
    await screen(page, 'Posts');
    await page.selectOption('[data-testid=posts-stage]', 'count');
    await page.selectOption('[data-testid=format]', 'markdown');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]')?.textContent.startsWith('# Vote count, day 1'));
    await axe(page, 'Posts (count, Discord)', problems);
    await page.selectOption('[data-testid=posts-stage]', '0');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]')?.textContent.startsWith('# Night 1 is over'));
    await axe(page, 'Posts (morning, Discord)', problems);

    await screen(page, 'History');
    await page.click('[data-testid=phase-button]');
    await page.click('section.history details summary');
    await axe(page, 'History', problems);
    await t.shot('survival-screen-history');
    await screen(page, 'Rules');
    await page.waitForSelector('section.rules');
    await axe(page, 'Rules', problems);
    await screen(page, 'Verify');
    await page.click('[data-testid=fill]');
    await axe(page, 'Verify', problems);
    await screen(page, 'Setup');
    await page.waitForSelector('[data-testid=game-settings]');
    await axe(page, 'Setup (the open game)', problems);

    // A phone-sized screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ['Board', 'Day', 'Night', 'Posts']) {
      await screen(page, name);
      await page.waitForTimeout(100);
      await axe(page, `${name} (phone)`, problems);
      await t.shot(`survival-screen-${name.toLowerCase()}-phone`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Export, then import: the same game (drafts too) under a new id.
    const first = await exportGame(page, 'survival-export-1');
    const exported = JSON.parse(fs.readFileSync(first, 'utf8'));
    assert.equal(exported.format, 'survival-game');
    assert.equal(exported.version, 1);
    assert.equal(exported.name, 'Screens');
    assert.equal(exported.phases.length, 1);
    const id = new URL(page.url()).hash.split('/')[1];
    await screen(page, 'Setup');
    await page.click('[data-testid=new-game]');
    await page.setInputFiles('[data-testid=game-file]', first);
    await page.waitForFunction((id) => !location.hash.includes(id), id);
    await page.waitForSelector('[data-testid=grimoire]');
    assert.match(await page.textContent('[data-testid=phase]'), /day 1 next/);
    const second = JSON.parse(fs.readFileSync(await exportGame(page, 'survival-export-2'), 'utf8'));
    assert.deepEqual(second, exported);
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=revote]');
    assert.equal(await page.inputValue('[data-testid=thread]'), thread);

    // Commit the day, undo it from History: its posts come back as the
    // thread (`== Name ==` headers) and the revote, and give the same count
    // and the same result again.
    await page.fill('[data-testid=page]', '');
    const count = await page.textContent('[data-testid=count]');
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    const result = await page.textContent('[data-testid=committed] [data-testid=last-result]');
    assert.match(result, /the revote eliminates Cobalt/);
    await screen(page, 'History');
    await page.click('[data-testid=undo]');
    await page.waitForFunction(() => document.querySelector('[data-testid=undo]')?.textContent === 'Undo night 1');
    await axe(page, 'History (after an undo)', problems);
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=revote]');
    assert.equal(await page.inputValue('[data-testid=thread]'), '== Cobalt ==\nvote Fjord\n\n== Fjord ==\nvote Cobalt\n\n== Indigo ==\nvote Fjord\n');
    assert.equal(await page.inputValue('[data-testid=revote]'), '== Hazel ==\nvote Cobalt\n');
    assert.equal(await page.textContent('[data-testid=count]'), count);
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    assert.equal(await page.textContent('[data-testid=committed] [data-testid=last-result]'), result);

    assert.deepEqual(problems, []);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('the same Survival game in two tabs: one writer, the other follows and takes over', async () => {
  const t = await open({ page: 'survival/' });
  const { page, context } = t;
  page.on('dialog', (d) => d.accept());
  const night1 = CASE.phases[0];
  try {
    await page.waitForSelector('[data-testid=deal]');
    await page.fill('[data-testid=seed]', CASE._deal.seed);
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=private]');
    await page.waitForTimeout(600);
    const second = await context.newPage();
    const errors = [];
    second.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await second.goto(t.url + 'survival/');
    await second.waitForSelector('[data-testid=grimoire]');
    await second.waitForSelector('.banner');
    assert.match(await second.locator('.banner').textContent(), /open in another tab.*read-only/);
    assert.equal(await second.locator('fieldset.screen').evaluate((f) => f.disabled), true);

    // The writer's drafts and commits reach the reader.
    await screen(page, 'Night');
    await page.fill('article.player[data-player="Basil"] textarea', 'kill Aurora');
    await screen(second, 'Night');
    await second.waitForFunction(() => document.querySelector('article.player[data-player="Basil"] textarea')?.value === 'kill Aurora');
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    await second.waitForFunction(() => document.querySelector('[data-testid=phase]')?.textContent.includes('day 1 next'));

    // The writer closes: the reader takes over, and its drafts are saved.
    await page.close();
    await second.waitForFunction(() => !document.querySelector('fieldset.screen').disabled);
    await screen(second, 'Day');
    await second.fill('[data-testid=page]', `${Object.keys(night1.actions)[0]}:\nvote Cobalt\n`);
    await second.waitForTimeout(700);
    const saved = await second.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('survival.game.'))[1]);
    assert.match(saved, /vote Cobalt/);
    assert.deepEqual(errors, []);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
