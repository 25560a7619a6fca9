// Discord copies as the client gives them, in each game's bulk box, with no
// header typed: a host's reply shows the answered message again above its
// header (`@NAME`, then the answered line), an edited message ends in
// `(edited)`, a bot's header carries its `APP` badge, and a header may
// come split over two lines (the name, then ` — Today at 19:02`). The
// answered line is nobody's new message: before the reply context was
// recognised, it went into the message above it, so a player's first
// choice became their last word again. Each test prints the moderator's
// actions from "the messages are on Discord" to "the inputs are read".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, openDemo, readingDone, paste, counter, toTheVote, survivalNight } from './helpers.mjs';

/** A Discord header, on one line or split over two as newer clients copy
 * it. */
const header = (name, i) => (i % 2 ? `${name} — Today at 7:${String(10 + i).padStart(2, '0')} PM` : `${name}\n — Today at 19:${String(10 + i).padStart(2, '0')}`);

/** The problems the split shows, as text. */
const account = (page) => page.textContent('[data-testid=split-result]');

test('Survival night: DM copies with a host reply that shows the first message again, an edit and a bot; each box gets its player\'s words only', async () => {
  const { t, night } = await survivalNight('Discord night');
  const { page } = t;
  const count = counter();
  try {
    // Each conversation: the player's greeting, their action (the last
    // one edited), the moderator's reply to the greeting (the greeting
    // shown again above it), and a bot's note in the first.
    const text = night.map(([player, action], i) => [
      header(player, i),
      'hi mod',
      header(player, i + 1),
      i === night.length - 1 ? `${action} (edited)` : action,
      `@${player}`,
      'hi mod',
      'Moderator — Today at 8:00 PM',
      'got it, thanks',
      ...(i === 0 ? ['Carl-bot APP — Today at 8:01 PM', 'Reminder: night ends at 9 PM'] : []),
    ].join('\n')).join('\n');
    for (let i = 0; i < night.length; i++) count.also();
    await count.act(() => page.click('details.bulk summary'));
    await count.act(() => paste(page, '[data-testid=bulk]', text));
    await count.act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result]');
    await readingDone(page);
    for (const [player, action] of night) {
      assert.equal(await page.inputValue(`article.player[data-player="${player}"] textarea`), `hi mod\n${action}`, `${player}'s box`);
    }
    const shown = await account(page);
    assert.equal(shown.match(/a Discord reply answers/g)?.length, night.length, shown);
    assert.match(shown, /"Carl-bot" is not a player of this game/);
    console.log(`# Survival night, ${night.length} Discord DM copies with replies, an edit and a bot, no typed header: moderator's actions ${count.n} (${night.length} outside: one copy per conversation; ${count.n - night.length} inside: open, paste, split)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Mini-Survivor: the orders channel copied whole, with replies, edits and a bot, fills every box with its player\'s orders only', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const count = counter();
  try {
    await openDemo(page);
    await screen(page, 'Orders');
    await page.waitForFunction(() => [...document.querySelectorAll('article.player')].every((a) => a.querySelector('ol.verdicts li')));
    const orders = await page.locator('article.player').evaluateAll((as) => as.map((a) => [a.dataset.player, a.querySelector('textarea').value, a.querySelector('.canonical').textContent]));
    for (const box of await page.locator('article.player textarea').all()) await box.fill('');
    // The channel as copied: each player's orders in one message, the
    // last line of every third edited; after every message but the
    // first, a reply by the next player to the one before (its first
    // line shown again above the reply's header: an order of the player
    // before, which read as the replier's would be an order of theirs);
    // the host's message and a bot's between.
    const lines = ['Host — Today at 6:59 PM', 'Round 1 orders in this channel please', 'Carl-bot APP — Today at 7:00 PM', 'Orders are due at 9 PM'];
    orders.forEach(([player, text], i) => {
      const own = text.split('\n');
      if (i % 3 === 2) own[own.length - 1] += ' (edited)';
      if (i > 0) lines.push(`@${orders[i - 1][0]}`, orders[i - 1][1].split('\n')[0]);
      lines.push(header(player, i), ...own);
    });
    count.also();
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) await count.act(() => page.click('details.bulk summary'));
    await count.act(() => paste(page, '[data-testid=bulk]', lines.join('\n')));
    await count.act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result]');
    await page.waitForFunction(() => [...document.querySelectorAll('article.player')].every((a) => a.querySelector('ol.verdicts li')));
    for (const [player, text, inForce] of orders) {
      assert.equal(await page.inputValue(`article.player[data-player="${player}"] textarea`), text, `${player}'s box`);
      assert.equal(await page.textContent(`article.player[data-player="${player}"] .canonical`), inForce, `${player}'s orders in force`);
    }
    const shown = await account(page);
    assert.equal(shown.match(/a Discord reply answers/g)?.length, orders.length - 1, shown);
    assert.match(shown, /"Host" is not a player of this game/);
    assert.match(shown, /"Carl-bot" is not a player of this game/);
    console.log(`# Mini-Survivor round 1, the orders channel copied whole (${orders.length} players, ${orders.length - 1} replies, a bot, edits), no typed header: moderator's actions ${count.n} (1 outside: one copy of the channel; ${count.n - 1} inside: open the box if closed, paste, split)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('Dice ORG vote: six DM copies with no typed header; the host\'s reply to a first vote does not bring it back', async () => {
  const PLAYERS = ['kai.exe', 'Nova', 'tofu-cat', 'lil-bean', 'ZephyrWinds', 'Big Mo'];
  const t = await open({ page: 'dice-org/#/setup' });
  const { page } = t;
  const count = counter();
  try {
    await toTheVote(page, 'Discord season', PLAYERS);
    // Each DM: the host's call, the player's vote; tofu-cat changes her
    // vote and the host replies to her first one; ZephyrWinds edits his.
    const dm = (player, ...own) => ['Host — Today at 19:00', 'Vote is open: send me your vote', header(player, player.length), ...own].join('\n');
    const text = [
      dm('tofu-cat', 'vote kai.exe', header('tofu-cat', 3), 'changed my mind', 'vote Nova', '@tofu-cat', 'vote kai.exe', 'Host — Today at 20:30', 'noted'),
      dm('lil-bean', 'my vote is Nova'),
      dm('ZephyrWinds', 'vote kai (edited)'),
      dm('kai.exe', 'vote tofu-cat'),
      dm('Nova', 'vote lil-bean'),
      dm('Big Mo', 'vote Nova'),
    ].join('\n');
    for (let i = 0; i < 6; i++) count.also();
    await count.act(() => page.fill('[data-testid=bulk]', text));
    await count.act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=reading]');
    await page.waitForSelector('[data-testid=split-result]');
    const want = { 'tofu-cat': 'Nova', 'lil-bean': 'Nova', ZephyrWinds: 'kai.exe', 'kai.exe': 'tofu-cat', Nova: 'lil-bean', 'Big Mo': 'Nova' };
    for (const [voter, ballot] of Object.entries(want)) {
      assert.equal(await page.inputValue(`tr[data-voter="${voter}"] select`), ballot, `${voter}'s vote`);
    }
    const shown = await page.textContent('section.paste');
    assert.match(shown, /the message by tofu-cat that a Discord reply answers/);
    console.log(`# Dice ORG vote, 6 Discord DM copies with a reply and an edit, no typed header: producer's actions ${count.n} (6 outside: one copy per DM; ${count.n - 6} inside: paste, split)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
