// Board orders: drag a survivor chip onto a tribe with the mouse and with
// touch (pointer events), a non-adjacent drop is refused, and the keyboard
// path (focus a chip, Enter, choose a destination) works. Survivors and
// tribes are those of shared game 1001 (the built-in demo): A holds
// 1, 40, 45, 48, 50; A's neighbours are B and E.
// On a phone a finger picks a survivor up only after a short hold or with a
// clear move across: a slow vertical swipe that starts on a chip scrolls
// the page and gives no order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, screen, openDemo } from './helpers.mjs';

const center = async (page, selector) => {
  const b = await page.locator(selector).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};
const moveBadge = (page, id) => page.locator(`[data-survivor="${id}"] .b.move`);

async function mouseDrag(page, from, to) {
  const a = await center(page, from);
  const b = await center(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 10, a.y + 10, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** A finger from the centre of `from` to the centre of `to` in `steps`
 * moves, a frame apart (a finger's touch events come one a frame). With
 * `hold`, it first rests on `from` until the page shows the survivor
 * picked up (the chip's `dragging` class). */
async function touchDrag(page, cdp, from, to, { hold = false, steps = 8 } = {}) {
  const a = await center(page, from);
  const b = await center(page, to);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  if (hold) await page.waitForSelector(`${from}.dragging`);
  for (let i = 1; i <= steps; i++) {
    const x = a.x + ((b.x - a.x) * i) / steps;
    const y = a.y + ((b.y - a.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('orders given on the board', async () => {
  const t = await open({ contextOptions: { hasTouch: true } });
  const { page } = t;
  try {
    await openDemo(page);

    // Mouse: 1 (Juniper's, in A) to B, adjacent: accepted.
    assert.equal(await moveBadge(page, 1).count(), 0);
    await mouseDrag(page, '[data-survivor="1"]', '[data-tribe="B"] h3');
    assert.equal((await moveBadge(page, 1).textContent()).trim(), '→B');

    // While dragging, only legal destinations are highlighted.
    const a = await center(page, '[data-survivor="45"]');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 40, a.y + 40, { steps: 4 });
    const legal = await page.locator('.tribe.legal').evaluateAll((els) => els.map((e) => e.dataset.tribe).sort());
    assert.deepEqual(legal, ['B', 'E']);
    // Mouse, non-adjacent: 45 (Quill's, in A) to G is refused.
    const g = await center(page, '[data-tribe="G"] h3');
    await page.mouse.move(g.x, g.y, { steps: 6 });
    await page.mouse.up();
    assert.equal(await moveBadge(page, 45).count(), 0);
    assert.match(await page.locator('[data-testid=live]').textContent(), /cannot move to tribe G/);

    // Touch: 48 (Mimic's, in A) to E, picked up by a hold.
    const cdp = await t.context.newCDPSession(page);
    await touchDrag(page, cdp, '[data-survivor="48"]', '[data-tribe="E"] h3', { hold: true });
    assert.equal((await moveBadge(page, 48).textContent()).trim(), '→E');

    // Keyboard: focus 50 (Pebble's, in A), Enter opens its orders, choose → E.
    await page.focus('[data-survivor="50"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('aside.panel');
    assert.deepEqual(await page.locator('aside.panel [data-move]').evaluateAll((els) => els.map((e) => e.dataset.move)), ['B', 'E']);
    await page.focus('aside.panel [data-move="E"]');
    await page.keyboard.press('Enter');
    assert.equal((await moveBadge(page, 50).textContent()).trim(), '→E');
    await t.shot('board-orders');

    // Board orders and pasted orders are one list.
    await screen(page, 'Orders');
    assert.match(await page.inputValue('article[data-player="Juniper"] textarea'), /\n1 m B$/);
    assert.match(await page.inputValue('article[data-player="Pebble"] textarea'), /\n50 m E$/);
    assert.doesNotMatch(await page.inputValue('article[data-player="Quill"] textarea'), /45 m G/);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});

test('on a phone, a vertical swipe that starts on a chip scrolls; a hold or a move across drags', async () => {
  // A phone: touch only, a small screen, so the board scrolls.
  const t = await open({ contextOptions: { viewport: { width: 390, height: 600 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } });
  const { page } = t;
  try {
    await openDemo(page);
    const cdp = await t.context.newCDPSession(page);
    const live = () => page.locator('[data-testid=live]').textContent();
    // Scrolled down a little, so a swipe down has somewhere to scroll.
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForFunction(() => window.scrollY === 60);
    const before = await live();
    // A slow swipe down from 45 (in A) over E: the page scrolls, no order.
    assert.equal(await moveBadge(page, 45).count(), 0);
    await touchDrag(page, cdp, '[data-survivor="45"]', '[data-tribe="E"] h3', { steps: 20 });
    assert.equal(await moveBadge(page, 45).count(), 0, 'no move order from a scroll');
    const after = await live();
    assert.ok(after === before || !/Order added/.test(after), after);
    assert.equal(await page.locator('aside.panel').count(), 0, 'no survivor selected by a scroll');
    await page.waitForFunction(() => window.scrollY < 60);
    // A clear move across: 1 (in A) to B.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => window.scrollY === 0);
    await touchDrag(page, cdp, '[data-survivor="1"]', '[data-tribe="B"] h3');
    assert.equal((await moveBadge(page, 1).textContent()).trim(), '→B');
    // A hold, then down: 48 (in A) to E, and the page does not scroll.
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForFunction(() => window.scrollY === 60);
    await touchDrag(page, cdp, '[data-survivor="48"]', '[data-tribe="E"] h3', { hold: true, steps: 20 });
    assert.equal((await moveBadge(page, 48).textContent()).trim(), '→E');
    assert.equal(await page.evaluate(() => window.scrollY), 60, 'a drag does not scroll the page');
    // A tap still selects.
    const c = await center(page, '[data-survivor="50"]');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: c.x, y: c.y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForSelector('aside.panel');
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
