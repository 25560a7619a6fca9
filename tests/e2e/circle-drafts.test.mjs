// Survival circle by forum: the Forum screen's paste box is a draft of the
// game (nothing the moderator was told is saved may be lost). A
// record pasted (short, or over 16 KB and held by the box with its
// verdicts) or a player's post comes back after a reload or another
// screen with its kind; playing it empties the draft; an undo leaves no
// trace in it; a read-only second tab refuses a draft typed there and
// follows the writer's. Prints the moderator's actions from paste to
// moves played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { open, screen, startCircleForum } from './helpers.mjs';

/** The first 20 moves of a real game (as in circle-forum). */
const TWENTY = 'B1, R1 b5 r1\n4,1 2 4 7 2 5 6 4 3 3 3 6 2 6 3\n';
const SHORT = 'B1, R1 b5 r1\n';

const live = (page, re) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[data-testid=live]').textContent), re.source);
const rows = (page) => page.$$eval('[data-testid=verdicts] li', (ls) => ls.map((l) => [l.className, l.textContent]));
const checked = (page) => page.$$eval('input[name=paste-kind]', (rs) => rs.filter((r) => r.checked).map((r) => r.dataset.testid));

/** The open game's save, parsed (the only circle game in this browser). */
const saved = (page) => page.evaluate(() => {
  const e = Object.entries(localStorage).find(([n]) => n.startsWith('survival-circle.game.'));
  return e ? JSON.parse(e[1]) : null;
});
/** Waits until the save's draft is `forum` (a string, or its length) of `kind`. */
const savedDraft = (page, forum, kind) => page.waitForFunction(([f, k]) => {
  const e = Object.entries(localStorage).find(([n]) => n.startsWith('survival-circle.game.'));
  if (!e) return false;
  const d = JSON.parse(e[1]).drafts ?? {};
  const text = d.forum ?? '';
  return (typeof f === 'number' ? text.length === f : text === f) && (d.kind ?? 'post') === k;
}, [forum, kind]);

/** Pastes `text` as Chromium does (the value set, an input event). */
const paste = (page, text) => page.evaluate((text) => {
  const ta = document.querySelector('[data-testid=paste-text]');
  ta.focus();
  ta.value = text;
  ta.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
}, text);

async function reload(page) {
  await page.reload();
  await page.waitForSelector('[data-testid=paste-text]', { state: 'attached' });
}

test('a record pasted on the Forum screen, short or held, survives a reload and another screen; playing it empties the draft', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  let actions = 0;
  const act = async (f) => { actions += 1; await f(); };
  try {
    await startCircleForum(page, 'Ann', 'Bob');
    // A short record: back after a reload, with its kind and verdicts.
    await act(() => page.check('[data-testid=paste-whole]'));
    await act(() => paste(page, SHORT));
    await page.waitForSelector('[data-testid=verdicts] li');
    await savedDraft(page, SHORT, 'whole');
    await reload(page);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), SHORT);
    assert.deepEqual(await checked(page), ['paste-whole']);
    await page.waitForSelector('[data-testid=verdicts] li');
    assert.deepEqual((await rows(page)).map(([c]) => c), ['ok', 'ok', 'ok', 'ok']);

    // A record over 16 KB (the thread's blank lines around it): held by the
    // box, not laid out, and held again after a reload with its verdicts.
    const blank = ' \n'.repeat(10000);
    const long = `${blank}${TWENTY}${blank}`;
    assert.ok(long.length > 16 * 1024);
    await act(() => paste(page, long));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=verdicts] li').length === 20);
    await savedDraft(page, long.length, 'whole');
    await reload(page);
    assert.ok(await page.isVisible('[data-testid=long-paste]'), 'the box says it holds a long paste');
    assert.ok(await page.isHidden('[data-testid=paste-text]'));
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=verdicts] li').length === 20);
    const v = await rows(page);
    assert.ok(v.every(([c]) => c === 'ok'), v.join('\n'));
    assert.deepEqual(v[19], ['ok', '20. 3: R3 on cell 2, on an opposing token: discarded']);
    await page.check('[data-testid=long-paste] input');
    await page.waitForSelector('[data-testid=paste-text]', { state: 'visible' });
    assert.equal(await page.inputValue('[data-testid=paste-text]'), long, 'the whole paste is kept');
    await page.uncheck('[data-testid=long-paste] input');
    // Another screen and back: still there.
    await screen(page, 'Play');
    await page.waitForSelector('[data-testid=circle]');
    await screen(page, 'Forum');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=verdicts] li').length === 20);
    assert.ok(await page.isVisible('[data-testid=long-paste]'));

    // Played: the draft is emptied (its kind stays), saved so.
    await act(() => page.click('[data-testid=paste-play]'));
    await live(page, /^20 moves played\. /);
    console.log(`moderator's actions, the record kind chosen, a short then a 40 KB record pasted, reloads, another screen, played: ${actions} (a reload costs no paste again)`);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    await savedDraft(page, '', 'whole');
    await reload(page);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    assert.deepEqual(await checked(page), ['paste-whole']);
    assert.equal((await saved(page)).moves.length, 20);

    // A player's post: back after a reload as a post, read the same.
    const post = 'ok going with B8 please\n\nsent from my phone';
    actions = 0;
    await act(() => page.check('[data-testid=paste-post]'));
    await act(() => paste(page, post));
    await page.waitForSelector('[data-testid=post-read]');
    const read = await page.textContent('[data-testid=post-read]');
    assert.match(read, /^Read: .*B8/);
    await savedDraft(page, post, 'post');
    await reload(page);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), post);
    assert.deepEqual(await checked(page), ['paste-post']);
    await page.waitForSelector('[data-testid=post-read]');
    assert.equal(await page.textContent('[data-testid=post-read]'), read);
    await act(() => page.click('[data-testid=paste-play]'));
    await live(page, /^Blue \(Ann\) played 8 /);
    console.log(`moderator's actions, a player's post pasted, reloaded and played: ${actions} (the post kind chosen, pasted, played)`);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), '');
    await savedDraft(page, '', 'post');

    // An undo leaves no trace in the draft: the played post does not come
    // back, and a draft typed since stays as typed.
    await paste(page, 'R2 next');
    await savedDraft(page, 'R2 next', 'post');
    await screen(page, 'Play');
    await page.click('[data-testid=undo]');
    await live(page, /^Undone: /);
    await page.waitForFunction(() => {
      const e = Object.entries(localStorage).find(([n]) => n.startsWith('survival-circle.game.'));
      return JSON.parse(e[1]).moves.length === 20;
    });
    await screen(page, 'Forum');
    assert.equal(await page.inputValue('[data-testid=paste-text]'), 'R2 next');
    const after = await saved(page);
    assert.deepEqual(after.drafts, { forum: 'R2 next' });
    await reload(page);
    assert.equal(await page.inputValue('[data-testid=paste-text]'), 'R2 next');

    // Exported with the game, and imported back with it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const file = await download.path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(exported.drafts, { forum: 'R2 next' });
    assert.equal(exported.moves.length, 20);
    const id = new URL(page.url()).hash.split('/')[1];
    await screen(page, 'Setup');
    await page.setInputFiles('[data-testid=import-file]', file);
    await page.waitForFunction((id) => !location.hash.includes(id), id);
    await screen(page, 'Forum');
    await page.waitForSelector('[data-testid=paste-text]', { state: 'attached' });
    assert.equal(await page.inputValue('[data-testid=paste-text]'), 'R2 next');
    assert.deepEqual(await checked(page), ['paste-post']);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a read-only second tab shows the writer\'s draft, refuses one typed there, and follows the writer', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page, context } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await startCircleForum(page, 'Ann', 'Bob');
    await page.check('[data-testid=paste-whole]');
    await paste(page, SHORT);
    await savedDraft(page, SHORT, 'whole');
    const before = JSON.stringify(await saved(page));

    const second = await context.newPage();
    second.on('dialog', (d) => d.accept());
    await second.goto(page.url());
    await second.waitForSelector('[data-testid=notice]');
    assert.match(await second.locator('[data-testid=notice]').textContent(), /open in another tab.*read-only/);
    await second.waitForSelector('[data-testid=paste-text]', { state: 'attached' });
    assert.equal(await second.inputValue('[data-testid=paste-text]'), SHORT);
    assert.deepEqual(await checked(second), ['paste-whole']);

    // A script's change reaches the box (the screen itself takes no input):
    // refused and said, the box shows the writer's draft again.
    await second.evaluate(() => {
      const ta = document.querySelector('[data-testid=paste-text]');
      ta.value = 'typed in the read-only tab';
      ta.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await second.waitForFunction((s) => document.querySelector('[data-testid=paste-text]').value === s, SHORT);
    await second.waitForFunction(() => /read-only/.test(document.querySelector('[data-testid=live]').textContent));
    // The kind too.
    await second.evaluate(() => {
      const r = document.querySelector('[data-testid=paste-post]');
      r.checked = true;
      r.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await second.waitForFunction(() => document.querySelector('[data-testid=paste-whole]').checked);
    await second.waitForTimeout(700);
    assert.equal(JSON.stringify(await saved(second)), before, 'the save is the writer\'s, untouched');

    // The writer's new draft is saved, and the reader follows it.
    await paste(page, TWENTY);
    await savedDraft(page, TWENTY, 'whole');
    await second.waitForFunction((s) => document.querySelector('[data-testid=paste-text]').value === s, TWENTY);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
