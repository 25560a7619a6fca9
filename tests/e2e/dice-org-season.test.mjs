// Dice ORG: a complete season through the producers' screens in Chromium:
// setup (8 players, two teams dealt from seed 2024), the round wizard phase
// by phase (a tied vote's revote a step of its own, D7.5), production edits
// (an advantage placed at a camp, the merge), the
// final with the jury, to a winner. Every result the page shows is checked
// against the engine's own play of the same inputs
// (games/dice-org/examples/browser_season.rs, whose results are the fixture
// read here); the posts are checked (Discord limit, no ballot's voter, the
// seed revealed at the end); the commitment is verified; axe-core finds no
// serious or critical violation on any screen; no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { open, screen, ROOT } from './helpers.mjs';

const EXPECTED = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/dice-org/tests/fixtures/browser-season.json'), 'utf8'));
const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

async function axe(page, name, problems) {
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    problems.push(`${name}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }
}

const list = (text) => text.trim() === 'none' ? [] : text.split(',').map((s) => s.trim());

test('a complete season through the screens matches the engine', async () => {
  const started = Date.now();
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const problems = [];
  let step = 0;
  const steps = EXPECTED.steps;
  // Waits for the wizard's "last step" to be step `n` and checks its result.
  const played = async () => {
    step += 1;
    await page.waitForFunction((n) => document.querySelector('[data-testid=last-step] h3')?.textContent.includes(`(step ${n})`), step);
    const want = steps[step - 1];
    assert.equal(await page.getAttribute('[data-testid=last-step]', 'data-kind'), want.kind, `step ${step}`);
    if (want.result !== null) {
      assert.equal((await page.textContent('[data-testid=last-result]')).trim(), want.result, `step ${step}: ${want.kind}`);
    }
  };
  const play = async (selector = '[data-testid=play]') => {
    await page.click(selector);
    await played();
  };
  const wizard = async () => {
    await screen(page, 'Round');
    await page.waitForSelector('section.round');
  };
  const edit = async (kind, fill, note) => {
    await screen(page, 'Production');
    await page.selectOption('[data-testid=change-kind]', kind);
    await fill();
    await page.click('[data-testid=add-change]');
    await page.fill('[data-testid=edit-note]', note);
    await page.waitForSelector('[data-testid=edit-preview]');
    await page.click('[data-testid=apply-edit]');
    // The edit, with its note, is a step of the season's log (History).
    await screen(page, 'History');
    await page.waitForFunction((note) => document.querySelector('[data-testid=history] > li:last-child')?.textContent.includes(note), note);
    step += 1;
    assert.equal(steps[step - 1].kind, 'edit');
  };
  const vote = async () => {
    const candidates = list(await page.textContent('[data-testid=candidates]'));
    for (const row of await page.locator('[data-testid=ballots] tr[data-voter]').all()) {
      const voter = await row.getAttribute('data-voter');
      const pick = candidates.find((c) => c !== voter) ?? candidates[0];
      await row.locator('select').first().selectOption(pick);
    }
    await play();
    // A tie: the first count is posted and the revote is a step of its own
    // (D7.5): the others revote between the tied.
    if (await page.locator('section[aria-label=Revote]').count()) {
      assert.match(await page.textContent('[data-testid=last-post]'), /Tied for the most votes/);
      const tied = list(await page.textContent('[data-testid=tied]'));
      for (const row of await page.locator('[data-testid=revote-ballots] tr[data-revoter]').all()) {
        const voter = await row.getAttribute('data-revoter');
        await row.locator('select').selectOption(tied.find((c) => c !== voter) ?? tied[0]);
      }
      await play();
    }
    const post = await page.textContent('[data-testid=last-post]');
    assert.match(post, new RegExp(`${steps[step - 1].result} is voted out`));
    for (const p of PLAYERS) assert.doesNotMatch(post, new RegExp(`${p} (re)?votes`), 'who cast a vote is never public (D10.3)');
  };
  const round = async () => {
    await play(); // competition, no choices
    await play(); // camp, no choices
    await play(); // every conversation slot at once, no wishes
    await vote();
  };
  try {
    // Setup (D1).
    await axe(page, 'Setup', problems);
    await page.fill('[data-testid=season-name]', 'Browser season');
    await page.fill('[data-testid=players]', PLAYERS.join('\n'));
    await page.fill('[data-testid=seed]', String(EXPECTED.seed));
    await page.waitForSelector('[data-testid=setup-preview]');
    const commitment = (await page.textContent('[data-testid=setup-commitment]')).trim();
    assert.match(commitment, /^[0-9a-f]{64}$/);
    await axe(page, 'Setup (filled)', problems);
    await page.click('[data-testid=start]');
    await page.waitForSelector('section.team');
    assert.equal(await page.locator('section.team').count(), 2, 'two teams side by side');
    assert.equal(await page.locator('section.team tr[data-row]').count(), 8);
    await axe(page, 'Board', problems);
    // Hiding secrets takes the secret columns away (the engine blanks them).
    assert.equal(await page.locator('th:has-text("Attributes [C, S]")').count(), 2);
    await page.check('[data-testid=hide-secrets]');
    await page.waitForFunction(() => !document.body.textContent.includes('Attributes [C, S]'));
    await axe(page, 'Board (secrets hidden)', problems);
    await page.uncheck('[data-testid=hide-secrets]');

    // Round 1: competition with choices (D4.1), undone once and played again.
    await wizard();
    const first = page.locator('section[aria-label=Competition] tbody tr').first();
    await first.locator('[data-testid=deduct]').check();
    await first.locator('select').selectOption('2');
    await axe(page, 'Round: competition', problems);
    await page.click('[data-testid=play]');
    await page.waitForSelector('[data-testid=last-step]');
    await page.click('[data-testid=undo]');
    // The undo asks to confirm first, naming the step.
    assert.match(await page.textContent('[data-testid=undo-confirm]'), /Undo step 1:/);
    await page.click('[data-testid=undo-no]');
    assert.equal(await page.locator('[data-testid=undo-confirm]').count(), 0, 'cancelled');
    await page.click('[data-testid=undo]');
    await page.click('[data-testid=undo-yes]');
    await page.waitForSelector('section[aria-label=Competition]');
    assert.equal(await page.locator('[data-testid=last-step]').count(), 0, 'undone');
    assert.ok(await first.locator('[data-testid=deduct]').isChecked(), 'the undone choices are back in the draft');
    await play();
    assert.match(await page.textContent('[data-testid=last-step] [data-testid=explain]'), /deducted 3 for 1 RP; spent 1 RP on the boost/);

    // A production edit places a Hidden Immunity at Koru's camp (D9).
    await edit('camp', async () => {
      await page.selectOption('[data-testid=team]', 'Koru');
      await page.fill('[data-testid=cards]', 'Hidden Immunity');
    }, "An idol hidden at Koru's camp");
    await axe(page, 'Production', problems);

    // Camp: every member deducts 3 for a bonus roll (D5.2).
    await wizard();
    for (const box of await page.getByLabel(/deduct 3 for a bonus roll$/).all()) await box.check();
    await page.check('[data-testid=show-rolls]');
    await page.waitForFunction(() => [...document.querySelectorAll('.roll-cell')].every((c) => c.textContent.includes('result')));
    await axe(page, 'Round: camp', problems);
    await play();

    // Conversations (D6): wishes in the grid, slot 1 alone, then a new wish (D6.4).
    const wish = async (who, other, value) => {
      const cell = page.locator(`input[data-cell="${who}|${other}"]`);
      await cell.fill(value);
      await cell.dispatchEvent('change');
    };
    await wish('Ann', 'Bob', '1');
    await wish('Ann', 'Cid', '2');
    await wish('Dee', 'Ann', 'x');
    await wish('Dee', 'Eve', '1');
    await page.waitForSelector('table[data-testid=schedule]');
    assert.equal(await page.textContent('table[data-testid=schedule] tr[data-row=Ann] td'), 'Bob');
    assert.equal(await page.textContent('table[data-testid=schedule] tr[data-row=Dee] td'), 'Eve');
    await axe(page, 'Round: conversation', problems);
    await play('[data-testid=play-slot]');
    assert.match(await page.textContent('[data-testid=held]'), /Ann & Bob/);
    await wish('Bob', 'Dee', '1');
    await play();
    await axe(page, 'Round: vote', problems);
    await vote();

    // Round 2, then the merge (D9.1).
    await round();
    await edit('merge', async () => {
      await page.fill('[data-testid=name]', 'Merged');
    }, 'The merge');
    await screen(page, 'Board');
    await page.waitForSelector('section.team');
    assert.equal(await page.locator('section.team').count(), 1, 'one team after the merge');

    // Individual rounds until three remain.
    await wizard();
    while (await page.locator('section[aria-label=Final]').count() === 0) await round();

    // The final (D8): juror i votes for finalist i mod 3; the jurors' revote.
    const finalists = list(await page.textContent('[data-testid=finalists]'));
    assert.deepEqual(finalists, EXPECTED.finalists);
    assert.deepEqual(list(await page.textContent('[data-testid=final-jury]')), EXPECTED.jury);
    const jurors = await page.locator('[data-testid=final-ballots] tr[data-juror]').all();
    for (const [i, row] of jurors.entries()) await row.locator('select').selectOption(finalists[i % 3]);
    await page.waitForSelector('[data-testid=revote]');
    const tied = (await page.textContent('[data-testid=revote] p')).replace(/^The votes tie between /, '').split(':')[0].split(', ');
    for (const row of await page.locator('[data-testid=final-revote] tr[data-juror]').all()) await row.locator('select').selectOption(tied[0]);
    await axe(page, 'Round: final', problems);
    await play();
    assert.equal(step, steps.length, 'every step of the engine season was played');
    await page.waitForSelector('[data-testid=season-winner]');
    assert.equal((await page.textContent('[data-testid=season-winner]')).trim(), EXPECTED.winner);

    // The board at the end.
    await screen(page, 'Board');
    assert.equal((await page.textContent('[data-testid=winner]')).trim(), EXPECTED.winner);
    assert.deepEqual(list(await page.textContent('[data-testid=voted-out]')), EXPECTED.voted_out);
    assert.deepEqual(list(await page.textContent('[data-testid=jury]')), EXPECTED.jury);
    assert.match(await page.textContent('[data-testid=phase]'), new RegExp(`over: ${EXPECTED.winner} wins`));

    // Posts: the final in every format; Discord messages within 2,000.
    await screen(page, 'Posts');
    await page.waitForSelector('[data-testid=public-post]');
    for (const format of ['BBCode (forum)', 'Discord', 'Plain text']) {
      await page.selectOption('[data-testid=format]', format);
      await page.waitForTimeout(50);
      const posts = await page.locator('[data-testid=public-post]').allTextContents();
      const text = posts.join('\n');
      assert.match(text, new RegExp(`${EXPECTED.winner}.{0,12} wins the season!`));
      assert.match(text, new RegExp(`Seed: ${EXPECTED.seed}`));
      for (const p of posts) assert.ok([...p].length <= 2000, `${format}: a message of ${[...p].length} characters`);
    }
    // The start post and each player's private message, Discord split.
    await page.selectOption('[data-testid=post-step]', 'start');
    await page.waitForFunction(() => document.querySelector('[data-testid=public-post]')?.textContent.includes('the teams'));
    assert.match(await page.textContent('[data-testid=public-post]'), new RegExp(commitment));
    assert.equal(await page.locator('[data-testid=private-message]').count(), 8);
    for (const p of await page.locator('[data-testid=private-message]').allTextContents()) assert.ok([...p].length <= 2000);
    await axe(page, 'Posts', problems);

    // History, dice log, odds, rules, verify.
    await screen(page, 'History');
    assert.equal(await page.locator('[data-testid=history] > li').count(), steps.length);
    await axe(page, 'History', problems);
    await screen(page, 'Dice log');
    await page.selectOption('[data-testid=dice-filter]', 'all');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=dice-table] tbody tr').length === n, EXPECTED.dice);
    await axe(page, 'Dice log', problems);
    await screen(page, 'Odds');
    await page.waitForSelector('[data-testid=odds-table]');
    const now = await page.locator('[data-testid=odds-table] tbody tr td:nth-of-type(1)').allTextContents();
    assert.equal(now.reduce((a, b) => a + Number(b), 0), 216, 'the distribution sums to 216 throws');
    await axe(page, 'Odds', problems);
    await screen(page, 'Rules');
    // RULES.md itself, fetched beside the page, each rule anchored by its number.
    await page.waitForSelector('#D7-5');
    assert.match(await page.textContent('#D7-5'), /^D7\.5 /);
    await axe(page, 'Rules', problems);
    await screen(page, 'Verify');
    await page.click('[data-testid=fill-verify]');
    await page.waitForSelector('[data-testid=verify-commitment]');
    assert.equal((await page.textContent('[data-testid=verify-commitment]')).trim(), commitment, 'the revealed seed and salt give the commitment');
    await axe(page, 'Verify', problems);
    await t.shot('dice-org-season-end');

    assert.deepEqual(problems, []);
    assert.deepEqual(t.errors, []);
    console.log(`# the season took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await t.close();
  }
});
