// Mini-Survivor: a 1 MB pile of submissions pasted in
// the bulk box and split into players. The split is read in the site's
// worker (not in the click's task), the twelve boxes are then checked by
// the engine one slice at a time (not all in one task), and what comes
// out is exactly what the engine reads: each player's orders in force,
// every rejected line with its reason, the lines under no player's header;
// the round adjudicated from it is the round adjudicated from the orders
// typed by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, openDemo, commit, paste } from './helpers.mjs';

const MB = 1024 * 1024;

/** Each player's box as the page shows it: the text of every checked row
 * with its class, the "In force" line, and the rows in all. */
const boxes = (page) => page.locator('article.player').evaluateAll((as) => Object.fromEntries(as.map((a) => [a.dataset.player, {
  rows: [...a.querySelectorAll('ol.verdicts li')].map((l) => [l.className, l.querySelector('code').textContent, l.querySelector('span').textContent]),
  inForce: a.querySelector('.canonical').textContent,
  more: a.querySelector('[data-testid=verdicts-more]')?.textContent ?? null,
}])));

/** Opens the demo at its Orders screen (round 1's orders in the boxes)
 * once every box is read; returns the boxes as `boxes` gives them. */
async function demoOrders(page) {
  await openDemo(page);
  await screen(page, 'Orders');
  await page.waitForFunction(() => [...document.querySelectorAll('article.player')].every((a) => a.querySelector('ol.verdicts li')));
  return boxes(page);
}

/** A box's accepted lines (as `boxes` gives a box). */
const accepted = (box) => box.rows.filter(([c]) => c === 'ok').map(([, line]) => line);

/** The round's public post. */
async function publicPost(page) {
  await screen(page, 'Posts');
  await page.waitForSelector('[data-testid=public-post]');
  return (await page.locator('[data-testid=public-post]').allTextContents()).join('\n');
}

test('a 1 MB bulk paste is split in the worker and checked a box per task; orders in force, rejected lines and unused lines are the engine\'s, and the round adjudicates as typed by hand', async () => {
  const t = await open();
  const { page, requests } = t;
  page.on('dialog', (d) => d.accept());
  try {
    // The reference: the demo's round 1 (its players' orders pre-filled),
    // each box's accepted lines, and the round adjudicated from them.
    const before = await demoOrders(page);
    const names = Object.keys(before);
    assert.equal(names.length, 12);
    await commit(page, 1);
    const reference = await publicPost(page);

    // A new game of the demo, every box emptied: what the paste brings is all.
    await openDemo(page);
    await screen(page, 'Orders');
    for (const box of await page.locator('article.player textarea').all()) await box.fill('');
    // The pile: a greeting under no header, then each player's accepted
    // lines again and again under `== Name ==` or `Name:` headers (a later
    // line replaces an earlier one of its kind, R3.5: the orders in force
    // stay the same), five unreadable lines in one of Pebble's parts and a
    // part for someone who is not a player, up to 1 MB.
    const oops = ['oops 1', 'oops 2', 'oops 3', 'oops 4', 'oops 5'];
    let text = 'Hi mod, everything I got in my inbox below\n\n== Nobody ==\n12 v 3\n\n';
    const given = Object.fromEntries(names.map((n) => [n, 0]));
    for (let i = 0; text.length < MB - 2000; i++) {
      const name = names[i % names.length];
      const lines = [...accepted(before[name]), ...(i === 40 * names.length + names.indexOf('Pebble') ? oops : [])];
      given[name] += lines.length;
      text += `${i % 3 === 2 ? `${name}:` : `== ${name} ==`}\n${lines.join('\n')}\n\n`;
    }
    assert.ok(text.length > MB - 2000 && text.length <= MB);
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) await page.click('details.bulk summary');
    // Pasted as Chromium pastes: the value set, then one input event.
    await page.evaluate((v) => {
      const el = document.querySelector('[data-testid=bulk]');
      el.value = v;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }, text);
    // The task at which each player's checked lines first show a second
    // page (the moment that box's text was checked), counted by a timer
    // that ticks once a task.
    await page.evaluate(() => {
      window.__tick = 0;
      const tick = () => { window.__tick += 1; if (!window.__stop) setTimeout(tick, 0); };
      tick();
      window.__checkedAt = {};
      new MutationObserver(() => {
        for (const a of document.querySelectorAll('article.player')) {
          if (!(a.dataset.player in window.__checkedAt) && a.querySelector('[data-testid=verdicts-more]')) window.__checkedAt[a.dataset.player] = window.__tick;
        }
      }).observe(document.querySelector('section.orders'), { subtree: true, childList: true, characterData: true });
    });
    // The click's own task does not split: right after it, no result yet.
    const splitInClick = await page.evaluate(() => new Promise((r) => {
      document.querySelector('[data-testid=split]').click();
      setTimeout(() => r(!!document.querySelector('[data-testid=split-result]')), 0);
    }));
    assert.equal(splitInClick, false, 'the split is not read in the click\'s task');
    await page.waitForSelector('[data-testid=split-result]');
    assert.ok(requests.some((u) => u.includes('console-rules-worker')), 'the paste was read in the site\'s worker');
    await page.waitForFunction((n) => Object.keys(window.__checkedAt).length === n, names.length, { timeout: 30000 });
    const ticks = await page.evaluate(() => { window.__stop = true; return window.__checkedAt; });
    assert.ok(new Set(Object.values(ticks)).size > 1, `the boxes were checked in more than one task: ${JSON.stringify(ticks)}`);

    // The account: every player taken, with their lines; the greeting and
    // the part for nobody reported, not taken.
    const account = await page.locator('[data-testid=split-result] li').allTextContents();
    for (const n of names) assert.ok(account.includes(`${n}: new (${given[n]} lines)`), `${n} in ${JSON.stringify(account.slice(0, 14))}`);
    assert.ok(account.some((l) => /^line 3: "Nobody" is not a player of this game/.test(l)), 'the unknown header');
    assert.ok(account.some((l) => /^lines 1, 4 under no player's header/.test(l)), 'the lines taken for nobody');

    // Each box as the engine reads it: the same orders in force as the
    // lines typed once; every line checked; Pebble's five unreadable lines
    // first, each with its reason.
    const after = await boxes(page);
    for (const n of names) {
      assert.equal(after[n].inForce, before[n].inForce, `${n}'s orders in force`);
      assert.equal(after[n].more?.match(/^12 of (\d+) lines shown/)?.[1], String(given[n]), `${n}: every line checked`);
    }
    const bad = after.Pebble.rows.filter(([c]) => c === 'bad');
    assert.deepEqual(bad.map(([, line]) => line), oops);
    assert.deepEqual(after.Pebble.rows.slice(0, 5).map(([c]) => c), Array(5).fill('bad'), 'the unused lines come first');
    for (const [, , why] of bad) assert.ok(why.length > 5, `a reason: ${why}`);

    // Adjudicated from the pasted orders: the same round as from the
    // orders typed once.
    await commit(page, 1);
    assert.equal(await publicPost(page), reference);
    // The moderator's actions from the paste to the post: paste, split,
    // Adjudicate, commit, Posts.
    console.log('Mini-Survivor 1 MB bulk paste: 5 actions from the paste to the public post');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a 1 MB paste into one player\'s box is checked over several tasks: its lines are the engine\'s, the unused ones first and every one reachable, the paste is held from the start (a key there cannot replace it), and a box typed into meanwhile keeps its text', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    const before = await demoOrders(page);
    // Pebble's box emptied, then its accepted lines pasted again and again
    // up to 1 MB (a later line replaces an earlier one of its kind, R3.5:
    // the orders in force stay the same), five unreadable lines half-way.
    const pebble = 'article[data-player="Pebble"]';
    await page.fill(`${pebble} textarea`, '');
    await page.waitForSelector(`${pebble} ol.verdicts li`, { state: 'detached' });
    const oops = ['oops 1', 'oops 2', 'oops 3', 'oops 4', 'oops 5'];
    const block = `${accepted(before.Pebble).join('\n')}\n`;
    let text = '';
    for (let i = 0; text.length + block.length <= MB; i++) text += i === 5000 ? `${oops.join('\n')}\n${block}` : block;
    const pasted = text.split('\n').length - 1;
    assert.ok(text.length > MB - 1000 && text.length <= MB);
    // Mimic's box emptied: the moderator types its lines again while
    // Pebble's paste is being read.
    await page.fill('article[data-player="Mimic"] textarea', '');
    await page.waitForSelector('article[data-player="Mimic"] ol.verdicts li', { state: 'detached' });
    const mimic = accepted(before.Mimic).join('\n');
    // The paste as Chromium pastes (a cancelable paste event carrying the
    // clipboard's text; unless the page takes it, the text goes into the
    // box with one input event); a timer that ticks once a task counts the
    // tasks until Pebble's checked lines show; in the next task, Mimic's
    // box is typed into.
    const seen = await page.evaluate(([text, mimic]) => new Promise((resolve) => {
      const st = { tick: 0, shownAt: null, typedWhileReading: null };
      const shown = () => !!document.querySelector('article[data-player="Pebble"] [data-testid=verdicts-more]');
      const tick = () => { st.tick += 1; if (st.shownAt === null) setTimeout(tick, 0); };
      new MutationObserver((_, obs) => {
        if (st.shownAt === null && shown()) { st.shownAt = st.tick; obs.disconnect(); setTimeout(() => resolve(st), 0); }
      }).observe(document.querySelector('section.orders'), { subtree: true, childList: true, characterData: true });
      const box = document.querySelector('article[data-player="Pebble"] textarea');
      box.focus();
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', text);
      const paste = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
      box.dispatchEvent(paste);
      if (!paste.defaultPrevented) {
        box.value = text;
        box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      }
      setTimeout(tick, 0);
      setTimeout(() => {
        st.typedWhileReading = !shown();
        // Pebble's own box while its paste is read: held (hidden), and a
        // key pressed there (were it shown) does not replace the paste.
        st.pebbleHidden = box.offsetParent === null;
        box.value += 'x';
        box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: 'x' }));
        const other = document.querySelector('article[data-player="Mimic"] textarea');
        other.value = mimic;
        other.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      }, 0);
    }), [text, mimic]);
    assert.ok(seen.shownAt > 1, `Pebble's box was checked over several tasks, not in the paste's: shown after ${seen.shownAt} tasks`);
    assert.equal(seen.typedWhileReading, true, 'Mimic\'s box was typed into while Pebble\'s was being read');
    assert.equal(seen.pebbleHidden, true, 'Pebble\'s box is held (hidden) from the paste on, not showing the text checked before it');
    // The long paste is held (read in full, not laid out until asked).
    assert.ok(await page.locator(`${pebble} [data-testid=long-paste]`).isVisible());

    // Pebble's box as the engine reads it: every line checked, the five
    // unreadable ones first with their reasons, the orders in force those
    // of the lines pasted once.
    const check = async () => {
      await page.waitForFunction(() => /^12 of \d+ lines/.test(document.querySelector('article[data-player="Pebble"] [data-testid=verdicts-more]')?.textContent ?? ''));
      await page.waitForFunction((n) => document.querySelector('article[data-player="Mimic"] .canonical')?.textContent === n, before.Mimic.inForce);
      const after = await boxes(page);
      assert.equal(after.Pebble.more.match(/^12 of (\d+) lines shown: rejected first/)?.[1], String(pasted), 'every line checked');
      assert.deepEqual(after.Pebble.rows.slice(0, 5).map(([c, line]) => [c, line]), oops.map((l) => ['bad', l]), 'the unused lines come first');
      for (const [, , why] of after.Pebble.rows.slice(0, 5)) assert.match(why, /^malformed/);
      assert.equal(after.Pebble.inForce, before.Pebble.inForce);
      // Mimic's typed text kept and read.
      assert.equal(await page.locator('article[data-player="Mimic"] textarea').inputValue(), mimic);
      assert.equal(after.Mimic.inForce, before.Mimic.inForce);
      return after;
    };
    const after = await check();
    // The next page of lines: the replaced ones (R3.5) after the rejected.
    await page.click(`${pebble} [data-testid=verdicts-more] button`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-player="Pebble"] ol.verdicts li').length === 112);
    const more = (await boxes(page)).Pebble;
    assert.deepEqual(more.rows.slice(0, 12), after.Pebble.rows);
    assert.ok(more.rows.slice(5).every(([c]) => c === 'warn'), 'then the replaced lines');
    assert.match(more.more, /^112 of \d+ lines shown/);
    // Saved: after a reload both boxes read the same.
    await page.waitForTimeout(1000);
    await page.reload();
    await page.waitForSelector('article[data-player="Pebble"]');
    await check();
    // The moderator's actions: paste (the checked lines, rejected first),
    // then "Show 100 more" for the next page.
    console.log('Mini-Survivor 1 MB paste into one player\'s box: 1 action to its checked lines, 2 to the next page');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('a bulk paste of twelve boxes just under what a box holds fills them a few a frame, not all in one; a box typed into meanwhile keeps its text, the paste added after it', async () => {
  const t = await open();
  const { page } = t;
  page.on('dialog', (d) => d.accept());
  try {
    const before = await demoOrders(page);
    const names = Object.keys(before);
    for (const box of await page.locator('article.player textarea').all()) await box.fill('');
    // Each player's accepted lines again and again, a part per player in
    // turn, until each has about 3.7 KB: every box lays its text out (a box
    // holds over 4 KB off the page, shell::html::BOX_HELD), 40 KB or more
    // in all. Each player's first PM opens with a greeting as typed on a
    // phone (curly apostrophe, dash): a line of their box, shown rejected
    // with its reason, never an order.
    const parts = Object.fromEntries(names.map((n) => [n, '']));
    let text = '';
    for (let i = 0, added = true; added;) {
      added = false;
      for (const name of names) {
        const hello = parts[name] ? '' : 'Hi mod \u2013 here\u2019s mine for this round\n';
        const body = `${hello}${accepted(before[name]).join('\n')}\n`;
        if (parts[name].length + body.length > 3700) continue;
        parts[name] += body;
        text += `${i++ % 3 === 2 ? `${name}:` : `== ${name} ==`}\n${body}\n`;
        added = true;
      }
    }
    assert.ok(text.length > 40 * 1024, `${text.length} bytes`);
    const kb = Math.round(text.length / 1024);
    if (!(await page.locator('details.bulk').evaluate((d) => d.open))) await page.click('details.bulk summary');
    await paste(page, '[data-testid=bulk]', text);
    // Each frame, the boxes' text on the page; once the first boxes have
    // theirs, a key is typed into the last player's box (its part not yet
    // taken), as the moderator may; the last look is the frame after the
    // split's account shows.
    const last = names[names.length - 1];
    await page.evaluate((last) => {
      const seen = (window.__frames = []);
      const frame = () => {
        const boxes = [...document.querySelectorAll('article.player textarea')];
        seen.push(boxes.reduce((a, b) => a + b.value.length, 0));
        const mine = document.querySelector(`article[data-player="${last}"] textarea`);
        if (seen.at(-1) > 0 && !window.__typed && mine.value === '') {
          mine.value = 'x';
          mine.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: 'x' }));
          window.__typed = true;
        }
        if (window.__stop) window.__done = true;
        else {
          if (document.querySelector('[data-testid=split-result]')) window.__stop = true;
          requestAnimationFrame(frame);
        }
      };
      requestAnimationFrame(frame);
    }, last);
    await page.click('[data-testid=split]');
    await page.waitForFunction(() => window.__done);
    const frames = await page.evaluate(() => window.__frames);
    const added = frames.slice(1).map((n, i) => n - frames[i]);
    // No frame put more than 8 KB of the boxes' text on the page (the
    // split's frame budget, shell::bulk::FRAME_TEXT), and every frame that
    // did was seen: what they added is all the boxes hold.
    const said = `${kb} KB, by frame: ${added.filter((a) => a).join(', ')}`;
    assert.ok(Math.max(...added) <= 8 * 1024, `the most text one frame added: ${Math.max(...added)} (${said})`);
    assert.equal(await page.evaluate(() => window.__typed), true, 'a key was typed while the paste was taken');
    // Every part taken; the box typed into kept its key, the part added after it.
    const values = Object.fromEntries(await page.locator('article.player').evaluateAll((as) => as.map((a) => [a.dataset.player, a.querySelector('textarea').value])));
    for (const n of names) assert.equal(values[n], n === last ? `x\n${parts[n].trimEnd()}` : parts[n].trimEnd(), `${n}'s box`);
    assert.equal(frames.at(-1), Object.values(values).reduce((a, v) => a + v.length, 0), `every frame seen (${said})`);
    const account = await page.locator('[data-testid=split-result] li').allTextContents();
    const lines = (n) => parts[n].split('\n').filter((l) => l.trim()).length;
    for (const n of names) {
      assert.ok(account.includes(n === last ? `${n}: added after the earlier text (${lines(n)} lines)` : `${n}: new (${lines(n)} lines)`), `${n} in ${JSON.stringify(account)}`);
    }
    // Read as the engine reads it: the same orders in force as typed once.
    await page.waitForFunction(() => [...document.querySelectorAll('article.player')].every((a) => a.querySelector('[data-testid=verdicts-more]') || a.querySelectorAll('ol.verdicts li').length));
    const after = await boxes(page);
    for (const n of names) {
      assert.equal(after[n].inForce, before[n].inForce, `${n}'s orders in force`);
      const greeting = after[n].rows.find(([, line]) => line.startsWith('Hi mod'));
      assert.equal(greeting?.[0], 'bad', `${n}'s greeting is a rejected line: ${JSON.stringify(after[n].rows.slice(0, 3))}`);
      assert.ok(greeting[2].length > 5, `with a reason: ${greeting[2]}`);
    }
    // The moderator's actions: paste, split.
    console.log(`Mini-Survivor ${kb} KB bulk paste, every box laid out: 2 actions from the paste to the boxes filled`);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
