// Survival circle: every screen (and the Play screen while the AI thinks,
// with a value pointed at, with the hint) has no serious or critical
// axe-core violation, on a desktop and a phone-sized screen; the circle has
// a text alternative; first load of the page without the worker; no
// console error. Screenshots under tests/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { open, goto, screen, ROOT } from './helpers.mjs';

async function axe(page, name, problems) {
  await page.waitForTimeout(50);
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    problems.push(`${name}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }
}

test('every Survival circle screen passes axe-core and logs no error', async () => {
  const t = await open({ page: 'survival-circle/' });
  const { page } = t;
  const problems = [];
  try {
    // Setup, no game open; its AI form.
    await page.waitForSelector('[data-testid=start]');
    await axe(page, 'Setup', problems);
    await page.click('[data-testid=kind-ai]');
    await axe(page, 'Setup (AI)', problems);
    await t.shot('circle-screen-setup');
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.includes('circle-worker')));
    assert.deepEqual(await fetched(), [], 'the worker is not part of the first load');

    // A game against the AI with a slow think: Play while it thinks.
    await page.selectOption('[data-testid=level]', 'Strongest');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=circle]');
    // The circle's text alternative and its cell list.
    const label = await page.getAttribute('[data-testid=circle]', 'aria-label');
    assert.match(label, /^The circle\. Blue 0 tokens, Red 0\. .*Blue lands on cell 0, on an empty cell: the token stays\.$/);
    assert.equal(await page.locator('.circle ol.sr-only li').count(), 16);
    assert.equal(await page.textContent('.circle ol.sr-only li >> nth=0'), "Cell 0: empty (this turn's token lands here)");
    await page.selectOption('[data-testid=think-ms]', '10000');
    await page.keyboard.press('4');
    await page.waitForSelector('[data-testid=thinking]');
    // Asked now: the page starts the worker from its loader shim.
    // A resource timing entry appears once the fetch completes, which may
    // be after the page shows that the AI is thinking.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/survival-circle/console-circle-worker_loader.js')), null, { timeout: 10000 }).catch(() => {});
    assert.ok((await fetched()).some((u) => u.endsWith('/survival-circle/console-circle-worker_loader.js')), 'the worker loaded when asked');
    await axe(page, 'Play (AI thinking)', problems);
    await t.shot('circle-screen-thinking');
    await page.click('[data-testid=stop]');
    await page.waitForSelector('[data-testid=paused]');
    await axe(page, 'Play (AI stopped)', problems);
    await page.click('[data-testid=resume]');
    await page.waitForSelector('[data-testid=move-now]:enabled');
    await page.click('[data-testid=move-now]');
    await page.waitForSelector('button.value:enabled');
    // The figures are those of the depth completed when it was stopped.
    assert.match(await page.textContent('[data-testid=ai-last]'), /^The AI's move at turn 2, R\d: stopped \(Move now\) after a search \d+ turns? deep, .*: the best value of that depth\.$/);
    // Pointing at a value marks where it sends the opponent.
    await page.focus('.hand[data-player=Blue] button[data-value="3"]');
    const next = Number((await page.textContent('[data-testid=turn]')).match(/lands on cell (\d+)/)[1]);
    assert.match(await page.getAttribute('[data-testid=circle]', 'aria-label'), new RegExp(`; 3 sends Red to cell ${(next + 3) % 16}, on `));
    assert.equal(await page.locator('.circle .mark-target').count(), 1);
    assert.equal(await page.getAttribute('.circle g:has(.mark-target)', 'data-cell'), String((next + 3) % 16));
    await page.click('[data-testid=hint-button]');
    await page.waitForSelector('[data-testid=hint]', { timeout: 10000 });
    await axe(page, 'Play (hint)', problems);
    await t.shot('circle-screen-play');

    for (const name of ['Forum', 'History', 'Rules', 'Setup']) {
      await screen(page, name);
      if (name === 'Forum') {
        await page.fill('[data-testid=paste-text]', 'R3 please');
        await page.waitForSelector('[data-testid=post-reading]');
        await axe(page, 'Forum (a post)', problems);
        await page.check('[data-testid=paste-next]');
        await page.fill('[data-testid=paste-text]', '5 R9');
        await page.waitForSelector('[data-testid=verdicts]');
      }
      if (name === 'History') await page.click('[data-testid=show-move] >> nth=0');
      await axe(page, name, problems);
      await t.shot(`circle-screen-${name.toLowerCase()}`);
    }
    // The rules page lists every numbered rule of RULES.md.
    await screen(page, 'Rules');
    await page.waitForSelector('#C8-3');
    const rules = await page.$$eval('.rules p.rule strong', (ds) => ds.map((d) => d.textContent));
    assert.ok(rules.includes('C1.1') && rules.includes('C5.2') && rules.includes('C8.3'), rules.join(' '));
    // As many as RULES.md numbers (C8.6 and C8.7 came with the forum posts).
    const numbered = fs.readFileSync(path.join(ROOT, 'games/survival-circle/RULES.md'), 'utf8').match(/^- C\d+\.\d+ /gm).length;
    assert.equal(rules.length, numbered);
    assert.ok(rules.includes('C8.6') && rules.includes('C8.7'), rules.join(' '));

    // A phone-sized screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'Play');
    await axe(page, 'Play (phone)', problems);
    await t.shot('circle-screen-play-phone');
    assert.deepEqual(problems, []);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
