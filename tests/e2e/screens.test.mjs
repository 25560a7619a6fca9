// Every screen: no serious or critical axe-core violation, no console
// error, and a screenshot under tests/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { open, screen, openDemo, commit } from './helpers.mjs';

const SCREENS = ['Setup', 'Board', 'Orders', 'Adjudicate', 'Posts', 'History', 'Rules', 'Verify', 'Games'];

test('every screen passes axe-core and logs no error', async () => {
  const t = await open();
  const { page } = t;
  try {
    await openDemo(page);
    await commit(page, 1);
    const problems = [];
    for (const name of SCREENS) {
      await screen(page, name);
      await page.waitForTimeout(50);
      await t.shot(`screen-${name.toLowerCase()}`);
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        problems.push(`${name}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
      }
    }
    // A phone-sized screen too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.waitForSelector('main');
    await screen(page, 'Board');
    await t.shot('screen-board-phone');
    assert.deepEqual(problems, []);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
