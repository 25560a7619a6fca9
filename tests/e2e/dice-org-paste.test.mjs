// Dice ORG: an undone production edit stays undone (undoing an
// edit from History put it back into the Production draft, and the next
// edit applied it again, silently); redo; and the players' DMs pasted in
// bulk on the round wizard, read by the engine with a reason for every
// line not used, filling the controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, startSeason } from './helpers.mjs';

const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

async function start(page) {
  await startSeason(page, 'Paste season', PLAYERS);
}

const pools = async (page) => {
  await screen(page, 'Board');
  await page.waitForSelector('section.team');
  return page.locator('[data-testid=pool]').allTextContents();
};

async function edit(page, kind, fill, note) {
  await screen(page, 'Production');
  await page.selectOption('[data-testid=change-kind]', kind);
  await fill();
  await page.click('[data-testid=add-change]');
  await page.fill('[data-testid=edit-note]', note);
  await page.waitForSelector('[data-testid=edit-preview]');
  await page.click('[data-testid=apply-edit]');
  await screen(page, 'History');
  await page.waitForFunction((note) => document.querySelector('[data-testid=history] > li:last-child')?.textContent.includes(note), note);
}

async function undo(page) {
  await screen(page, 'History');
  const n = await page.locator('[data-testid=history] > li').count();
  await page.click('[data-testid=undo-last]');
  // Undo asks first, naming the step.
  assert.match(await page.textContent('[data-testid=undo-confirm]'), new RegExp(`Undo step ${n}:`));
  await page.click('[data-testid=undo-yes]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=history] > li').length === n - 1, n);
}

test('an undone production edit stays undone; redo plays it again', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  try {
    await start(page);
    const before = await pools(page);
    await edit(page, 'pool', async () => page.fill('[data-testid=value]', '42'), 'A pool change to undo');
    assert.ok((await pools(page)).includes('42'));

    // Undo from History, then redo, then undo again.
    await undo(page);
    assert.deepEqual(await pools(page), before, 'the pool is back');
    await screen(page, 'History');
    await page.click('[data-testid=redo]');
    await page.waitForFunction(() => document.querySelector('[data-testid=history] > li:last-child')?.textContent.includes('A pool change to undo'));
    assert.ok((await pools(page)).includes('42'), 'redo plays the edit again');
    await undo(page);

    // The undone edit is nowhere in the Production draft...
    await screen(page, 'Production');
    await page.waitForSelector('section.production');
    assert.equal(await page.locator('[data-testid=edit-preview]').count(), 0, 'the undone edit is not in the draft');
    assert.equal(await page.inputValue('[data-testid=edit-note]'), '');
    // ...so the next edit applies only its own change.
    await edit(page, 'quit', async () => page.selectOption('[data-testid=player]', 'Hal'), 'Hal quits');
    const last = await page.textContent('[data-testid=history] > li:last-child');
    assert.equal(await page.locator('[data-testid=history] > li').count(), 1, 'one edit in the log');
    assert.doesNotMatch(last, /42/, `only the quit is applied: ${last}`);
    assert.deepEqual(await pools(page), before, 'the undone pool change stayed undone');
    // Anything played empties the redo list.
    await screen(page, 'History');
    assert.equal(await page.locator('[data-testid=redo]').count(), 0);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('players\' DMs pasted in bulk fill the competition and say why a line is not used', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  try {
    await start(page);
    await screen(page, 'Round');
    await page.waitForSelector('section[aria-label=Competition]');
    const paste = [
      'Ann:',
      'I deduct 3 for 1 RP',
      'boost +2 (1 RP)',
      'hello producers!',
      '',
      '== Bob ==',
      'vote Cid',
      '> deduct',
      '== Zed ==',
      'deduct',
    ].join('\n');
    // The paste box is open: pasting is the usual way in.
    await page.fill('[data-testid=bulk]', paste);
    await page.click('[data-testid=split]');
    await page.waitForSelector('[data-testid=reading]');
    // The controls show what the text gave.
    const ann = page.locator('section[aria-label=Competition] tr[data-player=Ann]');
    assert.ok(await ann.locator('[data-testid=deduct]').isChecked(), 'Ann deducts');
    assert.equal(await ann.locator('[data-testid=boost]').inputValue(), '2', 'Ann boosts +2');
    assert.equal(await page.locator('section[aria-label=Competition] tr[data-player=Bob] [data-testid=deduct]').isChecked(), false);
    // Every line not used, with its reason.
    const rejected = await page.locator('[data-testid=reading] tr[data-verdict=rejected]').allTextContents();
    assert.equal(rejected.length, 2, rejected.join(' | '));
    assert.match(rejected[0], /hello producers/);
    assert.match(rejected[1], /vote Cid.*not for the competition.*D12\.4/);
    assert.match(await page.textContent('[data-testid=reading] tr[data-verdict=skipped]'), /quoted.*D12\.2/);
    assert.match(await page.textContent('[data-testid=unread]'), /Zed/);
    assert.match(await page.textContent('[data-testid=split-result]'), /rejected/);
    // The paste is played as the controls show it.
    await page.click('[data-testid=play]');
    await page.waitForSelector('[data-testid=last-step]');
    assert.match(await page.textContent('[data-testid=last-step] [data-testid=explain]'), /Ann.*deducted 3 for 1 RP; spent 1 RP on the boost/);
    assert.equal(await page.inputValue('[data-testid=bulk]'), '', 'the paste was for the phase played');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
