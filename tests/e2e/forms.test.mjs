// Submissions collected with a Google Form: the responses sheet pasted as
// a range copied from Sheets (tab-separated, a cell with a line break
// quoted), or its .csv download picked, is read as one message per
// response under its name column, a player's later response after their
// earlier one, and the box says how it read it. Prints the moderator's
// actions from "the responses are in the sheet" to "inputs read".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, readingDone, ARTIFACTS, paste, startSeason, counter, survivalNight } from './helpers.mjs';

test('survival night: a Forms responses range pasted from Sheets fills each player\'s box, with no typed header', async () => {
  const { t, night } = await survivalNight('Forms night');
  const { page } = t;
  const count = counter();
  try {
    // Sheets quotes a cell holding a line break (Garnet's two kills).
    const cell = (s) => (s.includes('\n') ? `"${s.replaceAll('"', '""')}"` : s);
    const rows = night.map(([p, a], i) => `11/28/2026 19:${String(10 + i).padStart(2, '0')}:00\t${p}\t${cell(a)}`);
    const sheet = ['Timestamp\tDiscord name\tYour night action', ...rows].join('\n');
    // Outside: select the responses in Sheets, copy.
    count.also();
    count.also();
    await count.act(() => page.click('details.bulk summary'));
    await count.act(() => paste(page, '[data-testid=bulk]', sheet));
    await count.act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result]');
    assert.match(await page.textContent('[data-testid=read-as]'), new RegExp(`Read as a form's responses sheet: ${night.length} responses, names from “Discord name”, answers from “Your night action”`));
    await readingDone(page);
    for (const [player, action] of night) {
      assert.equal(await page.inputValue(`article.player[data-player="${player}"] textarea`), action, `${player}'s box`);
    }
    console.log(`# Survival night from a Forms sheet, ${night.length} responses: moderator's actions ${count.n} (2 outside: select the responses, copy; ${count.n - 2} inside: open, paste, split)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('dice-org: a Forms responses .csv picked, with two responses from one player, fills the competition', async () => {
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const count = counter();
  try {
    await startSeason(page, 'Forms season', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal']);
    await screen(page, 'Round');
    await page.waitForSelector('section[aria-label=Competition]');
    // As Forms' "Download responses (.csv)" writes it: every field quoted;
    // Bob answered twice, his later response adds a boost.
    const csv = [
      '"Timestamp","Username","Your choices this round"',
      '"2026/11/28 7:02:11 PM GMT","Ann","I deduct 3 for 1 RP"',
      '"2026/11/28 7:05:40 PM GMT","Bob","I deduct 3 for 1 RP"',
      '"2026/11/28 7:31:02 PM GMT","Bob","boost +2 (1 RP)"',
    ].join('\r\n') + '\r\n';
    const file = path.join(ARTIFACTS, 'forms-responses.csv');
    fs.writeFileSync(file, csv);
    // Outside: the responses downloaded as .csv (File, Download, .csv).
    count.also();
    count.also();
    await count.act(() => page.setInputFiles('[data-testid=bulk-file]', file));
    await page.waitForFunction(() => document.querySelector('[data-testid=bulk]')?.value.startsWith('"Timestamp"') || document.querySelector('[data-testid=long-paste]'));
    await count.act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=reading]');
    assert.match(await page.textContent('[data-testid=read-as]'), /Read as a form's responses sheet: 3 responses, names from “Username”/);
    const row = (p) => page.locator(`section[aria-label=Competition] tr[data-player=${p}]`);
    assert.ok(await row('Ann').locator('[data-testid=deduct]').isChecked(), 'Ann deducts');
    assert.ok(await row('Bob').locator('[data-testid=deduct]').isChecked(), 'Bob deducts (his first response)');
    assert.equal(await row('Bob').locator('[data-testid=boost]').inputValue(), '2', 'Bob boosts +2 (his later response)');
    console.log(`# Dice ORG competition from a Forms .csv, 3 responses of 2 players: moderator's actions ${count.n} (2 outside: download the .csv; ${count.n - 2} inside: pick the file, split)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
