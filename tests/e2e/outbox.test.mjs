// The outbox: a phase's posts delivered to Discord in one action, against
// a local stand-in of Discord's webhook API (discord.mjs) to which the
// page's requests to discord.com are routed.
//
// 1. Survival's deal (GAME-001's 12 players): the moderator gives the
//    game's webhooks once (the public channel and each player's private
//    channel, as a 'Name: URL' list), then one Send delivers the deal post
//    and the 12 role cards: each arrives once, in order, at its own
//    webhook, with allowed_mentions pinging nobody. A reload shows every
//    message sent and offers nothing more to send; neither the game's
//    save nor its export holds a webhook URL. The night after, with the
//    format and the webhooks kept, Deliver is the Send. Printed: the
//    moderator's actions from the committed stage to "everything
//    delivered", and those done once per game.
// 2. Faults: Discord rate limits the first request (429 retry_after) and
//    one player's webhook was deleted (404); the page is reloaded in the
//    middle of the send. After the reload, the message that was on its
//    way says so (the moderator looks in the channel), Send finishes the
//    rest, and no message arrives twice; the deleted webhook's message
//    says why it was not sent.
// 3. Mini-Survivor's round 1 (the demo) and Dice ORG's start: one Send
//    delivers every message of the stage, in order, at its webhook.
// 4. A forum (BBCode, no webhooks): the queue shows the next recipient
//    and copies their message in one click, in order, keeping its place
//    across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, dealSurvival, counter, openDemo, startSeason } from './helpers.mjs';
import { standIn } from './discord.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const DEAL = CASE._deal;

/** The webhook list a moderator writes: the public channel's, then one
 * per player, each as Discord's "Copy Webhook URL" gives it. */
function webhooks(discord) {
  const hooks = { public: discord.webhook('game-channel') };
  for (const p of DEAL.players) hooks[p] = discord.webhook(`private-${p}`);
  const text = [`Public: ${hooks.public.url}`, ...DEAL.players.map((p) => `${p}: ${hooks[p].url}`)].join('\n');
  return { hooks, text };
}

const summary = (page) => page.locator('[data-testid=outbox-summary]').textContent();

async function dealt(discord) {
  const t = await open({ page: 'survival/' });
  await discord.route(t.context);
  t.page.on('dialog', (d) => d.accept());
  await dealSurvival(t.page, 'Outbox', DEAL.players, DEAL);
  return t;
}

/** Chooses the Posts screen's format (counted) and waits for its posts. */
async function inFormat(page, c, value, label) {
  await c.act(() => page.selectOption('[data-testid=format]', value));
  await page.waitForFunction((l) => document.querySelector('[data-testid=deliver]')?.textContent === l, label);
}

async function giveWebhooks(page, c, text) {
  await c.act(() => page.fill('[data-testid=webhooks]', text));
  await c.act(() => page.click('[data-testid=webhooks-keep]'));
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=webhooks-read] li').length === n, DEAL.players.length + 1);
}

test('one Send delivers the deal post and every role card once, in order, at its own webhook', async () => {
  const discord = await standIn();
  const t = await dealt(discord);
  const { page } = t;
  try {
    const { hooks, text } = webhooks(discord);
    const c = counter();
    // Once per game: Discord's format (kept with the game) and the webhooks.
    const once = counter();
    await inFormat(page, once, 'markdown', 'Deliver to Discord');
    const publicPosts = await page.locator('[data-testid=public-post] [data-testid=message]').allTextContents();
    const privatePosts = await Promise.all(DEAL.players.map((p) => page.locator(`[data-testid=private][data-player="${p}"] [data-testid=message]`).textContent()));
    await c.act(() => page.click('[data-testid=deliver]'));
    await page.waitForSelector('[data-testid=outbox-summary]');
    assert.match(await page.locator('[data-testid=stage]').textContent(), /^Survival: /);
    await giveWebhooks(page, once, text);
    assert.equal(await page.locator('[data-testid=webhooks-read] li.warn').count(), 0);
    await page.waitForFunction(() => /^Send \d+ messages to Discord$/.test(document.querySelector('[data-testid=outbox-send]')?.textContent ?? ''));
    await c.act(() => page.click('[data-testid=outbox-send]'));
    await page.waitForFunction(() => /: \d+ sent, 0 to send, 0 without/.test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? ''));

    const expected = [
      ...publicPosts.map((content) => ({ hook: hooks.public.id, content })),
      ...DEAL.players.map((p, i) => ({ hook: hooks[p].id, content: privatePosts[i] })),
    ];
    assert.deepEqual(discord.posted.map(({ hook, content }) => ({ hook, content: content })), expected.map(({ hook, content }) => ({ hook, content: content.trim() })));
    assert.ok(discord.posted.every((m) => JSON.stringify(m.allowed_mentions) === '{"parse":[]}'));
    assert.ok(discord.posted.every((m) => m.pinged.length === 0 && !m.everyone));
    assert.match(await summary(page), new RegExp(`^${expected.length} messages: ${expected.length} sent`));

    // A reload: everything stays sent, nothing more to send.
    await page.reload();
    await page.waitForSelector('[data-testid=outbox-summary]');
    await page.waitForFunction((n) => (document.querySelector('[data-testid=outbox-summary]')?.textContent ?? '').startsWith(`${n} messages: ${n} sent`), expected.length);
    assert.equal(await page.locator('[data-testid=outbox-send]').textContent(), 'Nothing to send');
    assert.ok(await page.locator('[data-testid=outbox-send]').isDisabled());
    assert.equal(discord.posted.length, expected.length);

    // Only the delivery page may connect to Discord.
    const csp = () => page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content.match(/connect-src [^;]*/)[0]);
    assert.equal(await csp(), "connect-src 'self' https://discord.com");

    // The webhooks are kept apart: not in the save, not in the export.
    const token = hooks.public.url.split('/').pop();
    const stored = await page.evaluate(() => Object.entries(localStorage));
    const holding = stored.filter(([, v]) => v.includes('/api/webhooks/') || v.includes(token)).map(([k]) => k);
    assert.deepEqual(holding.map((k) => k.replace(/\.[^.]+$/, '')), ['survival.webhooks']);
    await page.click('[data-testid=back]');
    await page.waitForSelector('[data-testid=export]');
    assert.equal(await csp(), "connect-src 'self'");
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    assert.ok(!exported.includes(token) && !exported.includes('/api/webhooks/'), 'the export holds no webhook');

    // The next phase, with the webhooks and the format kept: Deliver is
    // the Send.
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=commit]');
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    const next = counter();
    await next.act(() => screen(page, 'Posts'));
    await page.waitForFunction(() => document.querySelector('[data-testid=deliver]')?.textContent === 'Deliver to Discord');
    const nightPosts = await page.locator('[data-testid=message]').count();
    await next.act(() => page.click('[data-testid=deliver]'));
    await page.waitForFunction((n) => new RegExp(`^${n} messages: ${n} sent, 0 to send`).test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? ''), nightPosts);
    assert.equal(discord.posted.length, expected.length + nightPosts, 'the night\'s messages once each, the deal\'s not again');
    // The click's Send was that click's: the address no longer asks for
    // one, and a reload sends nothing.
    assert.ok(!page.url().includes('send=1'), page.url());
    await page.reload();
    await page.waitForFunction((n) => new RegExp(`^${n} messages: ${n} sent`).test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? ''), nightPosts);
    assert.equal(discord.posted.length, expected.length + nightPosts);

    console.log(`outbox: Survival deal delivered to Discord: ${expected.length} messages (${publicPosts.length} public, ${DEAL.players.length} private); moderator actions from the committed deal to everything delivered: ${c.n} (0 outside the console); once per game: ${once.n} (choose Discord's format, give the webhooks); the night after (${nightPosts} messages), webhooks and format kept: ${next.n} (open Posts, Deliver)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
    await discord.close();
  }
});

test("with players' Discord user IDs in the webhook list, each role card pings its player alone, and the deal post nobody", async () => {
  const discord = await standIn();
  const t = await dealt(discord);
  const { page } = t;
  try {
    const { hooks } = webhooks(discord);
    // Half the players' lines give their user ID ("Copy User ID": the
    // digits alone, or pasted as a mention); the others give none.
    const ids = Object.fromEntries(DEAL.players.map((p, i) => [p, String(1190000000000000000n + BigInt(i) * 7919n)]));
    const given = DEAL.players.filter((_, i) => i % 2 === 0);
    const text = [
      `Public: ${hooks.public.url}`,
      ...DEAL.players.map((p, i) => `${p}: ${hooks[p].url}${given.includes(p) ? (i % 4 === 0 ? ` ${ids[p]}` : ` <@${ids[p]}>`) : ''}`),
    ].join('\n');
    const c = counter();
    await inFormat(page, c, 'markdown', 'Deliver to Discord');
    await c.act(() => page.click('[data-testid=deliver]'));
    await page.waitForSelector('[data-testid=outbox-summary]');
    await giveWebhooks(page, c, text);
    const read = await page.locator('[data-testid=webhooks-read] li').allTextContents();
    for (const p of DEAL.players) {
      const line = read.find((l) => l.startsWith(`${p}: `));
      assert.equal(/pings user …\d{4}$/.test(line), given.includes(p), line);
    }
    await c.act(() => page.click('[data-testid=outbox-send]'));
    await page.waitForFunction(() => /: \d+ sent, 0 to send, 0 without/.test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? ''));
    for (const m of discord.posted) {
      const p = DEAL.players.find((q) => hooks[q].id === m.hook);
      if (!p) {
        assert.deepEqual(m.pinged, [], 'the deal post pings nobody');
      } else if (given.includes(p)) {
        assert.deepEqual(m.pinged, [ids[p]], `${p}'s card pings ${p}`);
        assert.ok(m.content.startsWith(`<@${ids[p]}>\n`), m.content.slice(0, 60));
        assert.ok([...m.content].length <= 2000);
      } else {
        assert.deepEqual(m.pinged, [], `${p} gave no ID`);
      }
      assert.equal(m.everyone, false);
    }
    console.log(`pings: ${discord.posted.filter((m) => m.pinged.length).length} of ${discord.posted.length} messages pinged their reader (${given.length} players gave an ID)`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
    await discord.close();
  }
});

test('two tabs of the delivery page: one sends, the other is told so and sends nothing, and every message arrives once', async () => {
  const discord = await standIn();
  const t = await dealt(discord);
  const { page } = t;
  try {
    const { text } = webhooks(discord);
    const c = counter();
    await inFormat(page, c, 'markdown', 'Deliver to Discord');
    await c.act(() => page.click('[data-testid=deliver]'));
    await page.waitForSelector('[data-testid=outbox-summary]');
    await giveWebhooks(page, c, text);
    await page.waitForFunction(() => /^Send \d+ messages to Discord$/.test(document.querySelector('[data-testid=outbox-send]')?.textContent ?? ''));
    const other = await t.context.newPage();
    await other.goto(page.url());
    await other.waitForFunction(() => /^Send \d+ messages to Discord$/.test(document.querySelector('[data-testid=outbox-send]')?.textContent ?? ''));
    // Discord answers slowly: the first tab is still sending when the
    // second one's Send is pressed.
    discord.delay(300);
    await page.click('[data-testid=outbox-send]');
    // The first tab holds the lock once its first request has reached Discord.
    while (discord.requests < 1) await new Promise((r) => setTimeout(r, 20));
    await other.click('[data-testid=outbox-send]');
    await other.waitForFunction(() => [...document.querySelectorAll('[data-testid=toast]')].some((e) => e.textContent.includes('Another tab is sending')));
    await page.waitForFunction(() => /: \d+ sent, 0 to send, 0 without/.test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? ''), null, { timeout: 60_000 });
    await discord.settled();
    const keys = discord.posted.map((m) => `${m.hook}:${m.content}`);
    assert.equal(new Set(keys).size, keys.length, 'no message arrived twice');
    assert.equal(discord.posted.length, DEAL.players.length + 1);
    // The second tab, asked again once the first is done, has nothing to send.
    await other.reload();
    await other.waitForFunction(() => document.querySelector('[data-testid=outbox-send]')?.textContent === 'Nothing to send');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
    await discord.close();
  }
});

test('a 429, a deleted webhook and a reload mid-send: every message once, the failure said', async () => {
  const discord = await standIn();
  const t = await dealt(discord);
  const { page } = t;
  try {
    const { hooks, text } = webhooks(discord);
    const c = counter();
    await inFormat(page, c, 'markdown', 'Deliver to Discord');
    const publicCount = await page.locator('[data-testid=public-post] [data-testid=message]').count();
    await c.act(() => page.click('[data-testid=deliver]'));
    await page.waitForSelector('[data-testid=outbox-summary]');
    await giveWebhooks(page, c, text);
    const gone = DEAL.players[8];
    discord.remove(hooks[gone].id);
    discord.force({ status: 429, retryAfter: 0.25 });
    discord.delay(300);
    await page.waitForFunction(() => /^Send \d+ messages/.test(document.querySelector('[data-testid=outbox-send]')?.textContent ?? ''));
    await c.act(() => page.click('[data-testid=outbox-send]'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=outbox-list] li[data-state=sent]').length >= 4);
    await page.reload();
    const atReload = discord.posted.length;
    discord.delay(0);
    await page.waitForSelector('[data-testid=outbox-list] li');
    // Discord still posts a request the reload cut off.
    await discord.settled();
    const unsure = await page.locator('[data-testid=outbox-list] li[data-state=unsure]').all();
    for (const li of unsure) {
      // The moderator looks in the channel: is it there?
      const key = await li.getAttribute('data-key');
      const who = key.split('/')[1];
      const hook = who === '#public' ? hooks.public.id : hooks[who].id;
      const there = discord.posted.some((m) => m.hook === hook);
      await c.act(() => li.locator('button', { hasText: there ? 'It is in the channel' : 'Send it again' }).click());
    }
    await c.act(() => page.click('[data-testid=outbox-send]'));
    await page.waitForFunction(() => /, 1 to send, 0 without/.test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? '')
      && !document.querySelector('[data-testid=outbox-send]').textContent.includes('Sending'));
    const failed = page.locator(`[data-testid=outbox-list] li[data-state=failed]`);
    assert.equal(await failed.count(), 1);
    assert.match(await failed.textContent(), new RegExp(`^${gone} — not sent: the webhook no longer exists \\(Discord: Unknown Webhook\\)`));

    const perHook = new Map();
    for (const m of discord.posted) perHook.set(m.hook, (perHook.get(m.hook) ?? 0) + 1);
    const privateHooks = DEAL.players.filter((p) => p !== gone).map((p) => hooks[p].id);
    for (const h of privateHooks) assert.equal(perHook.get(h), 1, `one role card at ${h}: ${JSON.stringify(discord.posted.map((m) => [m.name, m.at]))} unsure ${unsure.length}`);
    assert.equal(perHook.get(hooks[gone].id), undefined);
    assert.equal(perHook.get(hooks.public.id), publicCount);
    // The reload came in the middle of the send.
    assert.ok(atReload >= 4 && atReload < discord.posted.length, `${atReload} of ${discord.posted.length} posted at the reload`);
    console.log(`outbox: 429, a deleted webhook and a reload mid-send: ${discord.posted.length} messages posted once each, ${unsure.length} on its way at the reload settled by the moderator, 1 refused with Discord's reason; ${discord.requests} requests; moderator actions: ${c.n}`);
    assert.deepEqual(t.errors.filter((e) => !/Failed to load resource/.test(e)), []);
  } finally {
    await t.close();
    await discord.close();
  }
});

/** Chooses Discord's format on a Posts screen (its value or its label). */
async function markdown(page) {
  const values = await page.locator('[data-testid=format] option').evaluateAll((os) => os.map((o) => o.value));
  await page.selectOption('[data-testid=format]', values.includes('markdown') ? 'markdown' : { label: 'Discord' });
}

/** Gives webhooks for the public channel and every recipient the outbox
 * lists, sends, and checks each message arrived once, in the outbox's
 * order, at its recipient's webhook; returns the counts. */
async function deliverAll(page, discord, c) {
  // Discord's format is kept with the game: once per game, as the webhooks.
  await c.act(() => markdown(page));
  const format = 1;
  await page.waitForFunction(() => document.querySelector('[data-testid=deliver]')?.textContent === 'Deliver to Discord');
  await c.act(() => page.click('[data-testid=deliver]'));
  await page.waitForSelector('[data-testid=outbox-list] li');
  const keys = await page.locator('[data-testid=outbox-list] li').evaluateAll((ls) => ls.map((l) => l.dataset.key));
  const who = (k) => k.split('/')[1];
  const names = [...new Set(keys.map(who))];
  const hooks = Object.fromEntries(names.map((n) => [n, discord.webhook(n)]));
  const list = names.map((n) => `${n === '#public' ? 'Public' : n}: ${hooks[n].url}`).join('\n');
  const before = c.n;
  await c.act(() => page.fill('[data-testid=webhooks]', list));
  await c.act(() => page.click('[data-testid=webhooks-keep]'));
  await page.waitForFunction(() => /^Send \d+ messages to Discord$/.test(document.querySelector('[data-testid=outbox-send]')?.textContent ?? ''));
  const setup = c.n - before + format;
  await c.act(() => page.click('[data-testid=outbox-send]'));
  await page.waitForFunction(() => /: \d+ sent, 0 to send, 0 without/.test(document.querySelector('[data-testid=outbox-summary]')?.textContent ?? ''));
  assert.deepEqual(discord.posted.map((m) => m.hook), keys.map((k) => hooks[who(k)].id));
  return { messages: keys.length, players: names.length - 1, setup };
}

test('Mini-Survivor and Dice ORG deliver a stage in one Send', async () => {
  for (const game of ['mini-survivor', 'dice-org']) {
    const discord = await standIn();
    const t = await open({ page: game === 'dice-org' ? 'dice-org/#/setup' : '' });
    await discord.route(t.context);
    const { page } = t;
    page.on('dialog', (d) => d.accept());
    try {
      const c = counter();
      if (game === 'mini-survivor') {
        await openDemo(page);
        await screen(page, 'Adjudicate');
        await page.click('[data-testid=commit]');
        await page.waitForFunction(() => document.querySelector('[data-testid=live]')?.textContent.startsWith('Round 1 adjudicated'));
      } else {
        await startSeason(page, 'Outbox season', ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal']);
      }
      await screen(page, 'Posts');
      const sent = await deliverAll(page, discord, c);
      console.log(`outbox: ${game} ${game === 'dice-org' ? 'start' : 'round 1'} delivered to Discord: ${sent.messages} messages to the public channel and ${sent.players} players; moderator actions from the committed stage to everything delivered: ${c.n - sent.setup} (0 outside the console); once per game: ${sent.setup} (choose Discord's format, give the webhooks)`);
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
      await discord.close();
    }
  }
});

test('a forum: the deal delivered one at a time, each message copied in one click, the place kept across a reload', async () => {
  const t = await open({ page: 'survival/', contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    await dealSurvival(page, 'Forum outbox', DEAL.players, DEAL);
    const c = counter();
    const outside = counter();
    await inFormat(page, counter(), 'bbcode', 'Deliver one at a time…');
    const publicPost = (await page.locator('[data-testid=public-post] [data-testid=message]').allTextContents()).join('\n').trim();
    const cards = await Promise.all(DEAL.players.map((p) => page.locator(`[data-testid=private][data-player="${p}"] [data-testid=message]`).textContent()));
    await c.act(() => page.click('[data-testid=deliver]'));
    await page.waitForSelector('[data-testid=queue-next]');
    assert.equal(await page.locator('[data-testid=outbox-send]').isVisible(), false, 'no webhook sending for a forum format: ' + await page.locator('[data-testid=outbox]').evaluate((e) => e.outerHTML.slice(0, 600)));
    const copied = [];
    for (let i = 0; i <= DEAL.players.length; i += 1) {
      const next = await page.locator('[data-testid=queue-next]').textContent();
      assert.equal(next, `Next: ${i === 0 ? 'the public channel' : DEAL.players[i - 1]} (message ${i + 1} of ${DEAL.players.length + 1})`);
      await c.act(() => page.click('[data-testid=copy-next]'));
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=outbox-list] li[data-state=copied]').length === n, i + 1);
      copied.push(await page.evaluate(() => navigator.clipboard.readText()));
      // Outside the console: open the thread or the player's PM form, paste, send.
      outside.also(); outside.also(); outside.also();
      if (i === 5) {
        await page.reload();
        await page.waitForSelector('[data-testid=queue-next]');
      }
    }
    assert.equal(await page.locator('[data-testid=queue-next]').textContent(), 'Everything is delivered.');
    assert.deepEqual(copied, [publicPost, ...cards.map((x) => x.trim())]);
    const n = DEAL.players.length;
    console.log(`outbox: Survival deal delivered by hand to a forum: ${n + 1} messages; moderator actions from the committed deal to everything delivered: ${c.n + outside.n} (${c.n} in the console: 1 to open the queue and 1 per message; ${outside.n} outside: open the thread or PM form, paste, send), ${((c.n + outside.n - 1) / (n + 1)).toFixed(0)} per message`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
