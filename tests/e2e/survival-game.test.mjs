// Survival: the whole-game case GAME-001 (games/survival/cases/games/
// game-001.json: 12 players, every Special Force, dealt from a seed)
// played in Chromium through the moderator's screens. The case is the
// script and the expectation: its private messages are pasted on the Night
// screen (the bulk box with per-player headers and the per-player boxes),
// its thread on the Day screen page by page (`Name:`, `== Name ==` and
// Discord's copied messages), its decisions (the GMO's revenge, the Polar
// Bear's sole voter) answered in the decision boxes; every phase's
// eliminations, causes, rejected lines, informed roles and outcome must be
// the case's expected record. The live count after every page is the
// engine's count after as many posts (games/survival/tests/fixtures/
// game-001-counts.json, kept equal to the engine by the survival crate's
// browser_counts test). The posts (deal, mornings, vote count, results,
// end) are checked in BBCode, Discord (each message at most 2,000 code
// points) and plain text. A second test plays a majority-mode day: the
// votes needed and L-1, the day ending at the majority, the Spotlight
// handed on by the holder's decision. A third pastes one player's private
// messages in several batches: the last message counts (S2.5), a batch
// split twice is taken once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { open, screen, ROOT, readingDone } from './helpers.mjs';

const CASE = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/cases/games/game-001.json'), 'utf8'));
const COUNTS = JSON.parse(fs.readFileSync(path.join(ROOT, 'games/survival/tests/fixtures/game-001-counts.json'), 'utf8'));
const EXPECT = CASE.expect.phases;
const FORMATS = [['bbcode', 'BBCode'], ['markdown', 'Discord'], ['plain', 'plain']];

const sorted = (v) => [...v].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const codePoints = (s) => [...s].length;

/** The eliminations a report shows inside `scope`: name -> sorted causes. */
async function eliminations(page, scope) {
  const rows = page.locator(`${scope} table[data-testid=eliminated] tr[data-player]`);
  const out = {};
  for (const row of await rows.all()) {
    out[await row.getAttribute('data-player')] = sorted((await row.getAttribute('data-causes')).split(','));
  }
  if (!(await rows.count())) {
    assert.equal((await page.locator(`${scope} p[data-testid=eliminated]`).textContent()).trim(), 'No one is eliminated.');
  }
  return out;
}

/** Rejected lines listed under `selector`, as the record writes them. */
async function rejections(page, selector) {
  const out = [];
  for (const li of await page.locator(`${selector} li`).allTextContents()) {
    const m = li.match(/^(.+?), (?:post (\d+), )?line (\d+):/);
    assert.ok(m, li);
    out.push(m[2] ? { line: Number(m[3]), player: m[1], post: Number(m[2]) } : { line: Number(m[3]), player: m[1] });
  }
  return out;
}

/** A count as the S9.2 plain post writes it: "Name (3): A, B [x2]" rows
 * and the "Not voting (n): ..." line. */
function countLines(post) {
  const lines = post.split('\n');
  return {
    rows: lines.filter((l) => /^\S.* \(\d+\): /.test(l) && !/^(Not voting|Cannot vote)/.test(l)),
    notVoting: lines.find((l) => l.startsWith('Not voting')),
    living: lines.find((l) => l.startsWith('Living players')),
  };
}

/** The Day screen's live count in the same terms. */
async function liveCount(page) {
  const rows = [];
  for (const tr of await page.locator('[data-testid=count] table.count tbody tr').all()) {
    const [name, n, voters, note] = (await tr.locator('td, th').allTextContents()).map((s) => s.trim());
    rows.push(`${name} (${n}): ${voters}${note.startsWith('L-1') ? ' (L-1)' : ''}`);
  }
  const text = await page.textContent('[data-testid=count]');
  return {
    rows,
    notVoting: (await page.textContent('[data-testid=count] [data-testid=not-voting]')).trim(),
    living: text.match(/Living players: \d+/)[0],
  };
}

/** The public post's messages in a format, on the Posts screen as it stands. */
async function publicPost(page, format) {
  await page.selectOption('[data-testid=format]', format);
  // Each format's title line: `[b]Title[/b]`, `# Title`, `Title` underlined.
  await page.waitForFunction((f) => {
    const t = document.querySelector('[data-testid=public-post] [data-testid=message]')?.textContent ?? '';
    return f === 'bbcode' ? t.startsWith('[b]') : f === 'markdown' ? t.startsWith('# ') : /^[^\n[#][^\n]*\n=+\n/.test(t);
  }, format);
  return page.locator('[data-testid=public-post] [data-testid=message]').allTextContents();
}

/** The expected count rows ("Name (n)") of a record's count. */
const countOf = (c) => Object.entries(c).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([n, v]) => `${n} (${v})`);

test('the whole-game case GAME-001 played through the screens gives its record', async () => {
  const started = Date.now();
  const t = await open({ page: 'survival/' });
  const { page } = t;
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.accept(); });
  const deal = CASE._deal;
  try {
    // Setup (S1): the case's deal: players pasted as a numbered sign-up
    // list, advanced, every Special Force, Hazel in the Spotlight, the seed.
    await page.waitForSelector('[data-testid=deal]');
    await page.fill('[data-testid=name]', 'GAME-001');
    await page.fill('[data-testid=players]', deal.players.map((p, i) => `${i + 1}. ${p}`).join('\n'));
    await page.selectOption('[data-testid=edition]', deal.edition);
    for (const c of deal.specials) await page.check(`input[data-card="${c}"]`);
    await page.selectOption('[data-testid=spotlight]', deal.spotlight);
    await page.fill('[data-testid=seed]', deal.seed);
    assert.match(await page.textContent('[data-testid=player-count]'), /^12 players; the S1\.3 default is 3 Evil Forces/);
    assert.equal((await page.textContent('[data-testid=setup-problem]')).trim(), '');
    await page.click('[data-testid=deal]');

    // The deal post (BBCode) with its commitment; every card message.
    await page.waitForSelector('[data-testid=public-post]');
    const dealPost = (await page.locator('[data-testid=public-post]').textContent());
    const commitment = dealPost.match(/[0-9a-f]{64}/)?.[0];
    assert.ok(commitment, 'the deal post carries the commitment');
    assert.equal(await page.locator('[data-testid=private]').count(), 12);
    for (const f of FORMATS) {
      const msgs = await publicPost(page, f[0]);
      assert.ok(msgs.join('\n').includes(commitment), f[1]);
      for (const p of deal.players) assert.ok(!msgs.join('\n').match(new RegExp(`${p}\\W{0,6}[(:] ?\\W{0,4}${CASE.cards[p]}`)), `${f[1]}: ${p}'s card in the deal post`);
      if (f[0] === 'markdown') {
        for (const m of [...msgs, ...await page.locator('[data-testid=private] [data-testid=message]').allTextContents()]) {
          assert.ok(codePoints(m) <= 2000, `a Discord message of ${codePoints(m)} code points`);
        }
      }
    }
    // Each player is told their card; the Evil Forces each other's names (S1.4).
    const evil = Object.keys(CASE.cards).filter((p) => ['Pollution', 'Waste', 'Greediness'].includes(CASE.cards[p]));
    for (const p of deal.players) {
      const msg = await page.textContent(`[data-testid=private][data-player="${p}"]`);
      assert.ok(msg.includes(CASE.cards[p]), `${p} is told the card ${CASE.cards[p]}`);
      if (evil.includes(p)) for (const q of evil) assert.ok(msg.includes(q), `${p} learns ${q}`);
    }

    // The board: the engine dealt the case's cards.
    await screen(page, 'Board');
    await page.waitForSelector('[data-testid=grimoire]');
    for (const p of deal.players) {
      assert.equal(await page.textContent(`[data-testid=grimoire] tr[data-player="${p}"] td:nth-child(2)`), CASE.cards[p], p);
    }
    assert.match(await page.textContent(`[data-testid=grimoire] tr[data-player="${CASE.spotlight}"]`), /Spotlight/);

    let alive = [...deal.players];
    for (const [i, input] of CASE.phases.entries()) {
      const want = EXPECT[i];
      const night = want.phase.startsWith('night');
      if (night) await playNight(page, i, input, want, dialogs);
      else await playDay(page, i, input, want);

      // The result where the commit button was (S9: the moderator's view).
      const scope = '[data-testid=committed]';
      await page.waitForSelector(scope);
      assert.equal(await page.getAttribute(scope, 'aria-label'), `${want.phase[0].toUpperCase()}${want.phase.slice(1)} committed`);
      assert.deepEqual(await eliminations(page, scope), want.eliminated, `${want.phase}: eliminations and causes`);
      assert.deepEqual(sorted((await rejections(page, `${scope} [data-testid=rejections]`)).map(JSON.stringify)), sorted(want.rejected.map(JSON.stringify)), `${want.phase}: rejected lines`);
      const facts = await page.textContent(`${scope} [data-testid=facts]`);
      if (night) {
        if (want.check) assert.ok(facts.includes(`learns: ${want.check.target} is ${want.check.result}`), facts);
        if (want.watch) assert.ok(facts.includes(`the living Evil Forces are ${want.watch.evil.join(', ')}; their kill target is ${want.watch.target ?? 'no one'}`), facts);
        if (want.buddies) assert.ok(facts.includes(`makes ${want.buddies.join(' and ')} buddies`), facts);
        if (want.nairobi) assert.ok(facts.includes(`summons ${want.nairobi} to Nairobi`), facts);
      } else {
        const outcome = { vote: `Outcome: ${Object.keys(want.eliminated)[0]} has the most votes`, tie: `the Polar Bear ${Object.keys(want.eliminated)[0]} goes instead` }[want.outcome];
        assert.ok(outcome && facts.includes(outcome), `${want.phase}: ${facts}`);
        const rows = await page.locator(`${scope} table.count tbody tr`).allTextContents();
        assert.deepEqual(rows.map((r) => r.match(/^(.*?)(\d+)/)).map((m) => `${m[1]} (${m[2]})`), countOf(want.count), `${want.phase}: final count`);
      }
      if (want.winners.length) {
        assert.equal(await page.getAttribute(`${scope} [data-testid=winners]`, 'data-winners'), want.winners.join(','));
      }
      const dead = Object.keys(want.eliminated);
      alive = alive.filter((p) => !dead.includes(p));
      assert.deepEqual(alive, want.alive, `${want.phase}: the living`);
      assert.equal((await page.textContent('[data-testid=phase]')).trim(), want.winners.length ? `over: ${want.winners.join(' and ')} won` : `${EXPECT[i + 1].phase} next`);

      await checkPhasePosts(page, i, want, alive);
    }
    assert.equal(CASE.expect.game_over, true);

    // The board at the end: the living and the Memories.
    await screen(page, 'Board');
    assert.match(await page.textContent('main h2'), new RegExp(`Game over: ${CASE.expect.winners.join(' and ')} won`));
    for (const p of deal.players) {
      const status = await page.textContent(`[data-testid=grimoire] tr[data-player="${p}"] td:nth-child(4)`);
      assert.equal(status === 'alive', alive.includes(p), `${p}: ${status}`);
    }

    // The end as a post of its own: winners, every card, the seed revealed.
    await screen(page, 'Posts');
    await page.selectOption('[data-testid=posts-stage]', 'end');
    for (const f of FORMATS) {
      const msgs = await publicPost(page, f[0]);
      const text = msgs.join('\n');
      assert.match(text, /Winners:.{0,4} Good \(the Special Forces and Elements\)\./, f[1]);
      assert.ok(text.includes(`Seed: ${deal.seed}`), f[1]);
      assert.ok(text.includes(commitment), f[1]);
      for (const p of deal.players) assert.match(text, new RegExp(`${p}.{0,4}: ${CASE.cards[p]}`), `${f[1]}: ${p}'s card`);
      if (f[0] === 'markdown') for (const m of msgs) assert.ok(codePoints(m) <= 2000);
    }

    // History: every phase, its report again.
    await screen(page, 'History');
    await page.waitForSelector('[data-testid=phase-button]');
    assert.equal(await page.locator('[data-testid=phase-button]').count(), EXPECT.length);
    for (const [i, want] of EXPECT.entries()) {
      await page.locator('[data-testid=phase-button]').nth(i).click();
      await page.waitForFunction((p) => document.querySelector('section.history h3')?.textContent.toLowerCase() === p, want.phase);
      assert.deepEqual(await eliminations(page, 'section.history'), want.eliminated, `history of ${want.phase}`);
    }

    // Verify (S1.6): the revealed seed and salt give the commitment.
    await screen(page, 'Verify');
    await page.click('[data-testid=fill]');
    await page.waitForSelector('[data-testid=match]');
    assert.match(await page.textContent('[data-testid=match]'), /^It matches/);
    assert.equal((await page.textContent('[data-testid=commitment]')).trim(), commitment);
    await t.shot('survival-game-verify');

    assert.deepEqual(t.errors, []);
    console.log(`# the game took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await t.close();
  }
});

/** Night `i` (0-based phase index): the private messages pasted, half in
 * the bulk box (with `Name:` and `== Name ==` headers), half in the
 * players' own boxes; the decisions answered; committed. */
async function playNight(page, i, input, want, dialogs) {
  await screen(page, 'Night');
  await page.waitForSelector('[data-testid=bulk]', { state: 'attached' });
  const players = Object.keys(input.actions);
  // Those with a box of their own type there (every other one); the rest,
  // and anyone without a box (no action tonight), go in the bulk box.
  const typed = [];
  const bulk = [];
  for (const [k, p] of players.entries()) {
    const own = page.locator(`article.player[data-player="${p}"] textarea`);
    if (k % 2 === 0 && await own.count()) typed.push(p);
    else bulk.push(p);
  }
  for (const p of typed) {
    const lines = input.actions[p].split('\n');
    // A message of several lines: the first typed in the box, the later
    // ones pasted in the bulk box (added after it, S2.5).
    await page.fill(`article.player[data-player="${p}"] textarea`, lines.length > 1 ? lines[0] : input.actions[p]);
    if (lines.length > 1) bulk.push([p, lines.slice(1).join('\n')]);
  }
  const pile = bulk.map((b, k) => {
    const [p, text] = Array.isArray(b) ? b : [b, input.actions[b]];
    return `${k % 2 ? `== ${p} ==` : `${p}:`}\n${text}\n`;
  }).join('\n');
  await page.click('details.bulk summary');
  await page.fill('[data-testid=bulk]', pile);
  await page.click('[data-testid=split]');
  await page.waitForSelector('[data-testid=split-result]');
  // The messages are read in the site's worker.
  await readingDone(page);
  assert.equal(await page.locator('[data-testid=split-result] li[data-player]').count(), bulk.length);
  // Every player's text is now the case's message.
  for (const p of players) {
    assert.equal(await page.inputValue(`article.player[data-player="${p}"] textarea`), input.actions[p], `${want.phase}: ${p}'s message`);
  }
  // A later line of a kind replaces the earlier (S2.5): marked in the box.
  for (const p of players.filter((p) => input.actions[p].split('\n').length > 1)) {
    const marks = await page.locator(`article.player[data-player="${p}"] ol.verdicts li`).allTextContents();
    assert.match(marks[0], /replaced by line 2 \(S2\.5\)/, `${p}: ${marks[0]}`);
    assert.match(marks[1], /accepted:/, `${p}: ${marks[1]}`);
  }
  await answerDecisions(page, input, want);
  await readingDone(page);
  const missing = (await page.textContent('[data-testid=not-sent]')).trim();
  const before = dialogs.length;
  await page.click('[data-testid=commit]');
  if (missing !== 'none') {
    // Players with an action who sent nothing are named before the commit.
    assert.equal(dialogs.length, before + 1);
    assert.match(dialogs[before], new RegExp(`^No action from ${missing}\\. Commit ${want.phase} anyway\\?$`));
  } else {
    assert.equal(dialogs.length, before, dialogs.slice(before).join(' / '));
  }
}

/** The decisions an elimination calls for (S7): each asked in its box and
 * answered there; the preview follows. */
async function answerDecisions(page, input, want) {
  for (const [p, text] of Object.entries(input.decisions ?? {})) {
    const box = page.locator(`[data-testid=decisions] .decision[data-player="${p}"]`);
    await box.waitFor({ state: 'visible' });
    assert.match(await box.locator('[data-testid=decision-state]').textContent(), /No decision yet/);
    await box.locator('textarea').fill(text);
    await page.waitForFunction((p) => document.querySelector(`[data-testid=decisions] .decision[data-player="${p}"] [data-testid=decision-state]`).textContent === 'Decision given.', p);
  }
  // Only the players asked have a decision box on view (S7).
  await readingDone(page);
  const asked = await page.locator('[data-testid=decisions] .decision').evaluateAll((ds) => ds.filter((d) => d.offsetParent !== null).map((d) => d.dataset.player));
  assert.deepEqual(asked, Object.keys(input.decisions ?? {}), `${want.phase}: the decision boxes shown`);
  assert.equal(await page.isVisible('[data-testid=decisions]'), asked.length > 0);
  // The preview is the phase's result before the commit.
  assert.deepEqual(await eliminations(page, '[data-testid=preview]'), want.eliminated, `${want.phase}: the preview`);
}

/** Day `i`: the thread pasted in pages of one site (one header layout per
 * day, as a real thread's pages are), the live count compared with the
 * engine's after each page. */
async function playDay(page, i, input, want) {
  await screen(page, 'Day');
  await page.waitForSelector('[data-testid=page]');
  const day = want.phase;
  const counts = COUNTS[day];
  assert.ok(counts, day);
  const posts = input.posts;
  // Pages of three posts; the days in turn `Name:`, Discord, `== Name ==`.
  const layouts = ['colon', 'discord', 'equals'];
  let done = 0;
  let pageNo = 0;
  let minute = 0;
  while (done < posts.length) {
    const chunk = posts.slice(done, done + 3);
    const layout = layouts[(Number(day.slice(4)) - 1) % 3];
    const text = chunk.map(([author, body], k) => {
      minute += 1;
      const time = `18:${String(minute).padStart(2, '0')}`;
      if (layout === 'colon') return `${author}:\n${body}\n`;
      if (layout === 'equals') return `== ${author} ==\n${body}\n`;
      // Discord: a message starts with its author and time; a further
      // message by the same author only with the time.
      const prev = k > 0 ? chunk[k - 1][0] : null;
      return prev === author ? `[${time}] ${body}\n` : `${author} — Today at ${time}\n${body}\n`;
    }).join(layout === 'discord' ? '' : '\n');
    await page.fill('[data-testid=page]', text);
    await page.click('[data-testid=add-page]');
    done += chunk.length;
    pageNo += 1;
    await page.waitForFunction((n) => document.querySelector('[data-testid=post-count]')?.textContent === `${n} posts read.`, done);
    // The live count after `done` posts is the engine's.
    const engine = countLines(counts[done]);
    assert.deepEqual(await liveCount(page), engine, `${day} after ${done} posts (${layout})`);
    assert.match(await page.textContent('[data-testid=count] h3'), new RegExp(`after ${done} posts`));
    if (pageNo === 1) {
      // The count post on the Posts screen at this moment: the engine's,
      // word for word in plain text; the S9.2 layout in BBCode and Discord.
      await screen(page, 'Posts');
      await page.selectOption('[data-testid=posts-stage]', 'count');
      const plain = await publicPost(page, 'plain');
      assert.equal(plain.join('\n').trim(), counts[done].trim(), `${day}: the count post after ${done} posts`);
      for (const [f, b] of [['bbcode', (s) => `[b]${s}[/b]`], ['markdown', (s) => `**${s}**`]]) {
        const msgs = await publicPost(page, f);
        if (f === 'markdown') for (const m of msgs) assert.ok(codePoints(m) <= 2000, `a count message of ${codePoints(m)} code points`);
        const text = msgs.join('\n');
        for (const row of engine.rows) {
          const [, name, rest] = row.match(/^(.*?)( \(\d+\): .*)$/);
          assert.ok(text.includes(b(name) + rest), `${f}: ${b(name) + rest} in ${text}`);
        }
        assert.ok(text.includes(engine.notVoting), f);
      }
      await screen(page, 'Day');
      await page.waitForSelector('[data-testid=count]');
    }
  }
  // Who votes today (S5.1, S5.2).
  const electorate = await page.textContent('[data-testid=electorate]');
  assert.ok(electorate.includes(`${want.spotlight}'s vote counts twice`), electorate);
  const nairobi = EXPECT[EXPECT.indexOf(want) - 1].nairobi;
  if (nairobi) assert.ok(electorate.includes(`${nairobi} (in Nairobi)`), electorate);
  // The final live count is the record's; the vote lines not counted too.
  assert.deepEqual((await liveCount(page)).rows.map((r) => r.replace(/: .*/, '')), countOf(want.count));
  const votes = page.locator('[data-testid=count] [data-testid=vote-rejections]');
  assert.deepEqual(sorted((await votes.count() ? await rejections(page, '[data-testid=count] [data-testid=vote-rejections]') : []).map(JSON.stringify)), sorted(want.rejected.filter((r) => !r.decision).map(JSON.stringify)), `${day}: votes not counted`);
  await answerDecisions(page, input, want);
  await page.click('[data-testid=commit]');
  // The moderator's actions for the day: open Day, each page pasted and
  // added, each decision answered, commit, then Posts (checkPhasePosts).
  const decisions = Object.keys(input.decisions ?? {}).length;
  console.log(`${day}: actions: ${1 + 2 * pageNo + decisions + 2} (${pageNo} pages of ${posts.length} posts, ${decisions} decisions)`);
}

/** The posts of phase `i`: the morning post or the day's result, in every
 * format, never a living player's card or a night's cause. */
async function checkPhasePosts(page, i, want, alive) {
  await page.click('[data-testid=to-posts]');
  await page.waitForSelector('[data-testid=public-post]');
  const night = want.phase.startsWith('night');
  const n = Number(want.phase.split(' ')[1]);
  const dead = sorted(Object.keys(want.eliminated));
  for (const [f, label] of FORMATS) {
    const msgs = await publicPost(page, f);
    const text = msgs.join('\n');
    const b = (s) => (f === 'bbcode' ? `[b]${s}[/b]` : f === 'markdown' ? `**${s}**` : s);
    assert.ok(text.includes(night ? `Night ${n} is over` : `Day ${n} result`), `${label}: ${text}`);
    // The eliminated in name order, each with their card (S9.1).
    const at = dead.map((p) => text.indexOf(`${b(p)} (${CASE.cards[p]})`));
    assert.ok(at.every((x) => x >= 0), `${label}: ${want.phase}: ${dead} in ${text}`);
    assert.deepEqual(at, [...at].sort((x, y) => x - y), `${label}: name order`);
    if (!dead.length) assert.ok(text.includes(night ? 'No one was eliminated.' : 'no one is eliminated'), text);
    // Never a living player's card (S9.5); at night never a cause.
    if (!want.winners.length) for (const p of alive) assert.ok(!text.includes(CASE.cards[p]), `${label}: ${p}'s card ${CASE.cards[p]} in ${text}`);
    if (night) {
      assert.doesNotMatch(text, /\b(kill|killed|bomb|buddy|buddies|revenge|discovered|protect)/i, `${label}: no cause at night`);
      if (want.nairobi) assert.ok(text.includes(`${b(want.nairobi)} is summoned to Nairobi for day ${n}`), text);
    } else {
      for (const row of countOf(want.count)) {
        const [, name, num] = row.match(/^(.*) \((\d+)\)$/);
        assert.ok(text.includes(`${b(name)} (${num}): `), `${label}: ${row} in ${text}`);
      }
      const out = Object.keys(want.eliminated)[0];
      if (want.outcome === 'vote') assert.ok(text.includes(`${b(out)} is voted out.`), text);
      if (want.outcome === 'tie') {
        // The tied: the highest count's candidates, in name order.
        const top = Math.max(...Object.values(want.count));
        const tied = sorted(Object.keys(want.count).filter((p) => want.count[p] === top));
        const words = tied.length > 1 ? `${tied.slice(0, -1).join(', ')} and ${tied.at(-1)}` : tied[0];
        assert.ok(text.includes(`The vote tied between ${words}: ${b(out)} is eliminated by the tie rule.`), text);
      }
    }
    if (want.polar_bear?.sole) {
      assert.ok(text.includes(`decided: only ${b(want.polar_bear.sole)} votes on day ${night ? n : n + 1}.`), text);
    }
    if (want.winners.length) assert.match(text, /The game is over/);
    if (f === 'markdown') {
      for (const m of [...msgs, ...await page.locator('[data-testid=private] [data-testid=message]').allTextContents()]) {
        assert.ok(codePoints(m) <= 2000, `a message of ${codePoints(m)} code points`);
      }
    }
  }
  // The night's private results (S9.3), to players still in the game
  // after the night: one eliminated in it gets no further message.
  const gone = async (p) => assert.equal(await page.locator(`[data-testid=private][data-player="${p}"]`).count(), 0, `${p} is out of the game`);
  if (night && want.check) {
    const scientist = Object.keys(CASE.cards).find((p) => CASE.cards[p] === 'Scientist');
    if (want.alive.includes(scientist)) assert.match(await page.textContent(`[data-testid=private][data-player="${scientist}"]`), new RegExp(`${want.check.target}[\\s\\S]*${want.check.result}`));
    else await gone(scientist);
  }
  if (night && want.watch) {
    const ga = Object.keys(CASE.cards).find((p) => CASE.cards[p] === 'Green Activist');
    if (want.alive.includes(ga)) {
      const msg = await page.textContent(`[data-testid=private][data-player="${ga}"]`);
      for (const e of want.watch.evil) assert.ok(msg.includes(e), msg);
    } else await gone(ga);
  }
  if (night && want.buddies) {
    // The notice goes to a buddy still in the game after the night; one
    // eliminated in it gets no further private message (S9.3).
    for (const [a, o] of [want.buddies, [...want.buddies].reverse()]) {
      if (want.alive.includes(a)) assert.ok((await page.textContent(`[data-testid=private][data-player="${a}"]`)).includes(o));
      else assert.equal(await page.locator(`[data-testid=private][data-player="${a}"]`).count(), 0, `${a} is out of the game`);
    }
  }
  await page.selectOption('[data-testid=format]', 'bbcode');
}

test('majority mode: the votes needed, L-1, the day ending at a majority, the Spotlight handed on', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const players = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
  try {
    await page.waitForSelector('[data-testid=deal]');
    await page.fill('[data-testid=players]', players.join(', '));
    await page.selectOption('[data-testid=spotlight]', 'Ann');
    await page.selectOption('[data-testid=opt-vote]', 'majority');
    await page.fill('[data-testid=seed]', '7');
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=public-post]');
    // Night 1 with no message at all: no one is eliminated.
    await screen(page, 'Night');
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    assert.deepEqual(await eliminations(page, '[data-testid=committed]'), {});

    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=page]');
    // Eight voters, Ann's vote counts twice: nine votes, more than half is five.
    // (Read in the site's worker: it shows once read.)
    await page.waitForFunction(() => /voters/.test(document.querySelector('[data-testid=electorate]')?.textContent ?? ''));
    const electorate = await page.textContent('[data-testid=electorate]');
    const [, voters, total, need] = electorate.match(/^(\d+) voters \((\d+) votes\)\..* it takes (\d+) votes to eliminate/).map(Number);
    assert.equal(voters, 8);
    assert.equal(total, 9);
    assert.equal(need, Math.floor(total / 2) + 1, 'more than half of the total weight (S5.5)');
    assert.equal((await page.textContent('[data-testid=count] [data-testid=majority]')).trim(), `With ${voters} voters (${total} votes: the Spotlight counts twice) it takes ${need} to eliminate.`);

    // One vote short: L-1 on Ann, in the count and in the count post.
    const short = players.slice(1, need);
    await page.fill('[data-testid=page]', short.map((p) => `${p}:\nvote Ann\n`).join('\n'));
    await page.click('[data-testid=add-page]');
    await page.waitForFunction((n) => document.querySelector('[data-testid=post-count]')?.textContent === `${n} posts read.`, short.length);
    const live = await liveCount(page);
    assert.deepEqual(live.rows, [`Ann (${need - 1}): ${short.join(', ')} (L-1)`]);
    assert.equal(await page.locator('[data-testid=decided]').count(), 0);
    await screen(page, 'Posts');
    await page.selectOption('[data-testid=posts-stage]', 'count');
    const post = (await publicPost(page, 'bbcode')).join('\n');
    assert.ok(post.includes(`[b]Ann[/b] (${need - 1}): ${short.join(', ')} (L-1)`), post);
    assert.ok(post.includes(`it takes ${need} to eliminate.`), post);

    // The next vote is a majority: the day ends there, a later vote is ignored.
    await screen(page, 'Day');
    await page.waitForSelector('[data-testid=page]');
    const [last, late] = players.slice(need, need + 2);
    await page.fill('[data-testid=page]', `${last}:\nvote Ann\n\n${late}:\nvote Bob\n`);
    await page.click('[data-testid=add-page]');
    await page.waitForSelector('[data-testid=decided]');
    assert.match(await page.textContent('[data-testid=decided]'), new RegExp(`after post ${short.length + 1}:`));
    assert.deepEqual((await liveCount(page)).rows, [`Ann (${need}): ${[...short, last].join(', ')}`]);

    // Ann goes; as the Spotlight holder she hands it on (S7.4).
    const box = page.locator('[data-testid=decisions] .decision[data-player="Ann"]');
    await box.waitFor({ state: 'visible' });
    assert.match(await box.locator('label').textContent(), /spotlight NAME/);
    await box.locator('textarea').fill('spotlight Hal');
    await page.waitForFunction(() => document.querySelector('[data-testid=decisions] .decision[data-player="Ann"] [data-testid=decision-state]').textContent === 'Decision given.');
    await page.click('[data-testid=commit]');
    await page.waitForSelector('[data-testid=committed]');
    assert.deepEqual(await eliminations(page, '[data-testid=committed]'), { Ann: ['vote'] });
    await page.click('[data-testid=to-posts]');
    const result = (await publicPost(page, 'plain')).join('\n');
    assert.ok(result.includes('Ann handed the Spotlight to Hal: their vote counts twice.'), result);
    await screen(page, 'Board');
    assert.match(await page.textContent('[data-testid=grimoire] tr[data-player="Hal"]'), /Spotlight/);
    assert.doesNotMatch(await page.textContent('[data-testid=grimoire] tr[data-player="Ann"]'), /Spotlight/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('private messages pasted in batches: a later message counts, a batch split twice is taken once', async () => {
  const t = await open({ page: 'survival/' });
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  const deal = CASE._deal;
  try {
    await page.waitForSelector('[data-testid=deal]');
    for (const c of deal.specials) await page.check(`input[data-card="${c}"]`);
    await page.fill('[data-testid=seed]', deal.seed);
    await page.click('[data-testid=deal]');
    await page.waitForSelector('[data-testid=private]');
    await screen(page, 'Night');
    await page.waitForSelector('[data-testid=bulk]', { state: 'attached' });
    await page.click('details.bulk summary');
    const evil = Object.keys(CASE.cards).find((p) => CASE.cards[p] === 'Pollution');
    const split = async (text, what) => {
      await page.fill('[data-testid=bulk]', text);
      await page.click('[data-testid=split]');
      await page.waitForFunction(([p, what]) => document.querySelector(`[data-testid=split-result] li[data-player="${p}"]`)?.textContent.includes(what), [evil, what], { timeout: 5000 });
    };
    const box = `article.player[data-player="${evil}"] textarea`;
    // Three private messages from the same Evil Force, in three batches:
    // Hazel, then Cobalt, then Hazel again. The last one counts (S2.5).
    await split(`${evil}:\nkill Hazel\n`, ': new (');
    await split(`== ${evil} ==\nkill Cobalt\n`, 'added after the earlier text');
    await split(`${evil}:\nkill Hazel\n`, 'added after the earlier text');
    assert.equal(await page.inputValue(box), 'kill Hazel\nkill Cobalt\nkill Hazel');
    // The same batch split again adds nothing.
    await split(`${evil}:\nkill Hazel\n`, 'already there, unchanged');
    assert.equal(await page.inputValue(box), 'kill Hazel\nkill Cobalt\nkill Hazel');
    await readingDone(page);
    const marks = await page.locator(`article.player[data-player="${evil}"] ol.verdicts li`).allTextContents();
    assert.match(marks[2], /accepted: kill Hazel/);
    assert.match(await page.textContent('[data-testid=preview] [data-testid=facts]'), /The Evil Forces' kill: Hazel/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
