// Dice ORG: a second paste adds to the first (D12.11). The testers' round 1
// vote tied kai.exe 2 - Nova 2; the revote DMs pasted on their own under
// `Name:` headers set four voters' first ballots to no vote, and Nova went
// out 1-0. Here the votes are pasted (one by hand), then the revote DMs
// alone: every ballot stands, each revote is added, what each paste
// changed is listed per player, the prod list names nobody (a hand-set
// ballot and a ballot of the earlier paste are choices in force, D9.7),
// the tie's first count is posted and the revote is its own step (D7.5),
// and kai.exe goes out 3-1. A tie with no revote ballot posts its count
// and asks for the revote instead of going to the roll-off; the roll-off
// comes when the producer settles the tie. Prints the producer's actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, counter, toTheVote } from './helpers.mjs';

const PLAYERS = ['kai.exe', 'Nova', 'tofu-cat', 'lil-bean', 'ZephyrWinds', 'Big Mo'];

// The votes as copied from Discord DMs (Big Mo's is set by hand).
const VOTES = [
  '== tofu-cat ==', 'tofu-cat — Today at 20:14', 'vote kai.exe',
  '== lil-bean ==', 'lil-bean — Today at 20:31', 'my vote is Nova',
  '== ZephyrWinds ==', 'ZephyrWinds — Today at 20:40', 'vote kai',
  '== kai.exe ==', 'kai.exe — Today at 21:02', 'vote tofu-cat',
  '== Nova ==', 'Nova — Today at 21:10', 'vote lil-bean',
].join('\n');

// The revote DMs pasted on their own, as the testers did.
const REVOTES = 'tofu-cat:\nrevote kai\nlil-bean:\nrevote kai.exe\nZephyrWinds:\nrevote Nova\nBig Mo:\nrevote: kai\nNova:\nrevote kai.exe';

/** Pastes `text` in the box and splits it; waits for the account. */
async function pasteAndSplit(page, text, act) {
  await act(() => page.fill('[data-testid=bulk]', text));
  await act(() => page.click('[data-testid=split]'));
  await page.waitForSelector('[data-testid=reading]');
  await page.waitForSelector('[data-testid=split-result]');
}

const ballot = (page, voter) => page.inputValue(`tr[data-voter="${voter}"] select`);

test('the revote DMs pasted on their own keep every first ballot; kai.exe goes out 3-1', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const actions = counter();
  const { act } = actions;
  try {
    await toTheVote(page, 'Merge season', PLAYERS);
    assert.equal(await page.textContent('[data-testid=immune-voters]'), 'Big Mo');
    await pasteAndSplit(page, VOTES, act);
    await act(() => page.selectOption('tr[data-voter="Big Mo"] select', 'Nova'));
    const first = { 'tofu-cat': 'kai.exe', 'lil-bean': 'Nova', ZephyrWinds: 'kai.exe', 'kai.exe': 'tofu-cat', Nova: 'lil-bean', 'Big Mo': 'Nova' };
    for (const [v, b] of Object.entries(first)) assert.equal(await ballot(page, v), b, `${v}'s vote`);

    await pasteAndSplit(page, REVOTES, act);
    // Every first ballot stands (D12.11).
    for (const [v, b] of Object.entries(first)) assert.equal(await ballot(page, v), b, `${v}'s vote after the revote paste`);
    // What each paste changed, per player: the second added revotes only.
    const pastes = page.locator('[data-testid=pastes] > ol > li');
    assert.equal(await pastes.count(), 2);
    const second = await pastes.nth(1).locator('li').allTextContents();
    assert.deepEqual(second, [
      'tofu-cat: revote: kai.exe (new)',
      'lil-bean: revote: kai.exe (new)',
      'ZephyrWinds: revote: Nova (new)',
      'Big Mo: revote: kai.exe (new)',
      'Nova: revote: kai.exe (new)',
    ]);
    // Nobody is prodded: the earlier paste's ballots and Big Mo's, set by
    // hand, are choices in force (D9.7).
    await page.waitForFunction(() => document.querySelector('[data-testid=prods] summary')?.textContent === 'Not in yet: 0 players to prod (D9.7)');

    // Read the votes: the tie's first count is posted, nobody is out yet;
    // the revotes pasted are kept for the revote, a step of its own (D7.5).
    await act(() => page.click('section[aria-label=Vote] [data-testid=play]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=last-step]')?.dataset.kind === 'vote');
    assert.equal((await page.textContent('[data-testid=last-result]')).trim(), 'kai.exe, Nova');
    assert.match(await page.textContent('[data-testid=last-post]'), /Counted: Nova 2, kai\.exe 2, lil-bean 1, tofu-cat 1\n[\s\S]*Tied for the most votes: kai\.exe, Nova\. A revote follows/);
    await page.waitForSelector('section[aria-label=Revote]');
    const revote = (v) => page.inputValue(`tr[data-revoter="${v}"] select`);
    for (const [v, b] of [['tofu-cat', 'kai.exe'], ['lil-bean', 'kai.exe'], ['ZephyrWinds', 'Nova'], ['Big Mo', 'kai.exe']]) {
      assert.equal(await revote(v), b, `${v}'s revote, pasted with the votes`);
    }
    await act(() => page.click('section[aria-label=Revote] [data-testid=play]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=last-step]')?.dataset.kind === 'revote');
    assert.equal((await page.textContent('[data-testid=last-result]')).trim(), 'kai.exe');
    assert.match(await page.textContent('[data-testid=last-post]'), /Counted: kai\.exe 3, Nova 1[\s\S]*kai\.exe is voted out/);
    console.log(`# Dice ORG vote with a revote pasted apart: ${actions.n} producer actions (two pastes, a hand vote, read the votes, read the revotes)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a tie with no revote ballot posts its first count and asks for the revote; the roll-off only when the producer settles it', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const actions = counter();
  const { act } = actions;
  try {
    await toTheVote(page, 'Merge season', PLAYERS);
    await pasteAndSplit(page, VOTES, act);
    await act(() => page.selectOption('tr[data-voter="Big Mo"] select', 'Nova'));
    // The dry run says what reading the votes will do.
    assert.match(await page.textContent('[data-testid=tie]'), /tie between kai\.exe, Nova\. Reading the votes posts this count and asks for the revote/);
    await act(() => page.click('section[aria-label=Vote] [data-testid=play]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=last-step]')?.dataset.kind === 'vote');
    assert.equal((await page.textContent('[data-testid=last-result]')).trim(), 'kai.exe, Nova', 'nobody is out yet');
    const post = await page.textContent('[data-testid=last-post]');
    assert.match(post, /Tied for the most votes: kai\.exe, Nova/);
    assert.doesNotMatch(post, /voted out|Deadlock/);
    assert.equal(await page.textContent('[data-testid=wizard-phase]'), 'round 1: revote next');
    assert.equal(await page.textContent('[data-testid=revoters]'), 'tofu-cat, lil-bean, ZephyrWinds, Big Mo');
    // Reading no revote warns first, and going back plays nothing.
    await act(() => page.click('section[aria-label=Revote] [data-testid=play]'));
    assert.match(await page.textContent('[data-testid=play-confirm]'), /No revote from tofu-cat, lil-bean, ZephyrWinds, Big Mo/);
    await act(() => page.click('[data-testid=play-cancel]'));
    assert.equal(await page.locator('[data-testid=play-confirm]').count(), 0);
    // The producer settles the tie without a revote: the roll-off.
    await act(() => page.click('[data-testid=settle]'));
    await act(() => page.click('[data-testid=settle-yes]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=last-step]')?.dataset.kind === 'revote');
    assert.match(await page.textContent('[data-testid=last-post]'), /Deadlock: survival rolls[\s\S]*is voted out/);
    assert.equal(await page.textContent('[data-testid=wizard-phase]'), 'round 2: competition next');
    console.log(`# Dice ORG tie without revote ballots: ${actions.n} producer actions (paste, split, a hand vote, read the votes, read with none, back, settle, confirm)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Read the votes warns of a pasted ballot gone and a rejected line; the prod list follows the ballot set by hand', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const actions = counter();
  const { act } = actions;
  try {
    await toTheVote(page, 'Merge season', PLAYERS);
    const votes = VOTES.replace('my vote is Nova', 'vote Zed');
    await pasteAndSplit(page, votes, act);
    await act(() => page.selectOption('tr[data-voter="Big Mo"] select', 'Nova'));
    // The prod list (D9.7): lil-bean's DM gives no choice in force; Big
    // Mo's ballot, set by hand, is a choice in force.
    await page.waitForFunction(() => document.querySelector('[data-testid=prods] summary')?.textContent === 'Not in yet: 1 players to prod (D9.7)');
    assert.match(await page.textContent('[data-testid=prods] li[data-player=lil-bean]'), /no choice in force/);
    // ZephyrWinds's pasted ballot is cleared by hand.
    await act(() => page.selectOption('tr[data-voter=ZephyrWinds] select', ''));
    await act(() => page.click('section[aria-label=Vote] [data-testid=play]'));
    const asked = await page.locator('[data-testid=play-confirm] li').allTextContents();
    assert.deepEqual(asked, [
      'lil-bean: line 2 "vote Zed" was rejected: "Zed" names no player',
      'ZephyrWinds: the DMs gave the vote kai.exe, and the ballot now is no vote',
    ]);
    await act(() => page.click('[data-testid=play-cancel]'));
    assert.equal(await page.locator('[data-testid=last-step][data-kind=vote]').count(), 0, 'nothing read');
    // DMs left in the box, not split, are said too.
    await act(() => page.fill('[data-testid=bulk]', 'lil-bean:\nvote kai.exe'));
    await page.waitForFunction(() => document.querySelector('[data-testid=reading] p.changes[data-player=lil-bean]')?.textContent.includes('vote: kai.exe (new)'));
    await act(() => page.click('section[aria-label=Vote] [data-testid=play]'));
    assert.match(await page.textContent('[data-testid=play-confirm]'), /The DMs in the box are not split into the choices: they would change 1 choice of lil-bean/);
    await act(() => page.click('[data-testid=play-anyway]'));
    await page.waitForFunction(() => document.querySelector('[data-testid=last-step]')?.dataset.kind === 'vote');
    console.log(`# Dice ORG vote warnings: ${actions.n} producer actions (paste, split, a hand vote, a ballot cleared, read, back, a paste not split, read, read anyway)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
