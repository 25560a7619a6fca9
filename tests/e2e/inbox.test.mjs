// The players' messages pasted as the platform gives them, no header
// typed: a Survival night's "Paste many" takes a forum private message
// view (phpBB's rows: Subject, From, Sent, To) and Discord DM copies one
// after another (the header on one line, or split over two as newer
// clients copy it; the moderator's own replies in between), and each
// message reaches its player's box; the moderator's lines are shown as
// belonging to no player. Prints the moderator's actions, outside the
// console (one copy per conversation) and inside.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readingDone, paste, counter, survivalNight } from './helpers.mjs';

/** One conversation as copied from its platform: the first from a phpBB
 * private message view (a copied table puts a tab after each label), the
 * rest from Discord DMs, with the moderator's reply after some. */
function copied([player, text], i) {
  if (i === 0) return `Subject:\tNight 1\nFrom:\t${player}\nSent:\tSat Nov 28, 2026 7:02 pm\nTo:\tModerator\n\n${text}\n`;
  const header = i % 2 ? `${player} — Today at 7:0${i % 10} PM` : `${player}\n — Yesterday at 23:5${i % 10}`;
  const reply = i % 3 === 0 ? `\nModerator — Today at 7:1${i % 10} PM\ngot it, thanks` : '';
  return `${header}\n${text}${reply}\n`;
}

test('survival night: a phpBB private message view and Discord DM copies pasted one after another reach each player with no typed header', async () => {
  const { t, night: NIGHT } = await survivalNight('Inbox night');
  const { page } = t;
  const count = counter();
  try {
    const text = NIGHT.map(copied).join('\n');
    // Outside the console: one copy per conversation.
    for (let i = 0; i < NIGHT.length; i++) count.also();
    await count.act(() => page.click('details.bulk summary'));
    await count.act(() => paste(page, '[data-testid=bulk]', text));
    await count.act(() => page.click('[data-testid=split]'));
    await page.waitForSelector('[data-testid=split-result]');
    assert.equal(await page.locator('[data-testid=split-result] li[data-player]').count(), NIGHT.length);
    await readingDone(page);
    for (const [player, action] of NIGHT) {
      assert.equal(await page.inputValue(`article.player[data-player="${player}"] textarea`), action, `${player}'s box`);
    }
    // The moderator's replies: under no player's header, shown.
    const result = await page.textContent('[data-testid=split-result]');
    const replies = NIGHT.filter((_, i) => i > 0 && i % 3 === 0).length;
    assert.equal(result.match(/"Moderator" is not a player of this game/g)?.length, replies, result);
    assert.match(result, /under no player's header, so not taken for anyone/);
    console.log(`# Survival night, ${NIGHT.length} private messages (1 phpBB PM view, ${NIGHT.length - 1} Discord DMs) pasted with no typed header: moderator's actions ${count.n} (${NIGHT.length} outside: one copy per conversation; ${count.n - NIGHT.length} inside: open, paste, split)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
