// Every game's Rules screen, written for players and moderators: with a
// game open, on a desktop and a 390x844 phone screen, the players' guide
// comes first (its sections, a worked example drawn from the engine's
// result, with a text alternative), then the options chosen for the open
// game, then the numbered rules with their anchors; a citation in the
// guide moves to its rule without changing the page's route; nothing
// written for developers ("cite them in code", the seeds) shows; the guide,
// the rules and the Markdown worker (console-rules-worker) are fetched when
// the screen opens, not in the first load (Survival's Posts screen, which
// has the same worker write its posts, loads the worker earlier); no
// serious or critical axe-core violation, no console error. Screenshots
// under tests/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { open, goto, screen, openDemo, ROOT, ARTIFACTS } from './helpers.mjs';

async function axe(page, name, problems) {
  await page.waitForTimeout(50);
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    problems.push(`${name}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }
}

const GAMES = [
  {
    name: 'mini-survivor',
    start: async (page) => { await openDemo(page); },
    sections: ['What the game is', 'How a round goes', 'Writing your orders', 'Worked examples'],
    examples: ['ms-assassination', 'ms-tie'],
    // The engine's result, as the example shows it: survivors 2 and 4 tie.
    example: { name: 'ms-tie', text: /2 \(Bob\) and 4 \(Dee\) tie for the most votes \(2 each\)/, diagram: 'table tbody tr.out' },
    options: [/Adjacency \(R6\.1\)/, /Outcast without a move \(R6\.7\)/],
    rule: 'R4-2',
    cite: 'R4.2',
  },
  {
    name: 'survival',
    start: async (page) => {
      await goto(page, 'survival/#/setup');
      await page.waitForSelector('[data-testid=deal]');
      await page.fill('[data-testid=name]', 'Rules page');
      await page.click('[data-testid=deal]');
      await page.waitForSelector('[data-testid=private]');
    },
    // The Survival Posts screen (shown after the deal) has its posts
    // written by the same worker: it is loaded then, still not in the
    // first load (size.test.mjs); the texts wait for the Rules screen.
    postsWorker: true,
    sections: ['What the game is', 'How a night and a day go', 'Worked example: a night chain'],
    examples: ['survival-chain'],
    example: { name: 'survival-chain', text: /Bob \(GMO\) is eliminated because their buddy Ann was \(S7\.1\)/, diagram: 'ol.chain li' },
    options: [/S5\.5 the day decides by plurality/],
    rule: 'S7-1',
    cite: 'S7.1',
  },
  {
    name: 'survival-circle',
    start: async (page) => {
      await goto(page, 'survival-circle/');
      await page.waitForSelector('[data-testid=start]');
      await page.click('[data-testid=start]');
      await page.waitForSelector('[data-testid=circle]');
    },
    sections: ['What the game is', 'How a turn goes', 'Worked examples', 'Writing moves by forum'],
    examples: ['circle-opening', 'circle-string', 'circle-opponent'],
    example: { name: 'circle-string', text: /the tokens on cells 4 and 5 are removed from the game \(C5\.2\)/, diagram: 'svg[role=img]' },
    options: [/Landing on one's own token \(C5\.3\)/, /Landing on an opposing token \(C6\.2\)/],
    rule: 'C5-2',
    cite: 'C5.2',
  },
  {
    name: 'dice-org',
    start: async (page) => {
      await goto(page, 'dice-org/#/setup');
      await page.fill('[data-testid=season-name]', 'Rules page');
      await page.fill('[data-testid=players]', ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'].join('\n'));
      await page.fill('[data-testid=seed]', '7');
      await page.waitForSelector('[data-testid=setup-preview]');
      await page.click('[data-testid=start]');
      await page.waitForSelector('section.team');
    },
    sections: ['What the game is', 'How a round goes', 'Worked example: a camp'],
    examples: ['dice-camp'],
    example: { name: 'dice-camp', text: /Bob rolls 12 and finds the Hidden Immunity waiting at camp \(D5\.4\)/, diagram: 'table tbody tr' },
    options: [/food 5 per player/],
    rule: 'D5-4',
    cite: 'D5.4',
  },
];

for (const g of GAMES) {
  test(`${g.name}: the Rules screen is the players' guide, the options, then the numbered rules`, async () => {
    const t = await open({ page: `${g.name}/` });
    const { page } = t;
    const problems = [];
    // What the page and its workers ask for (the service worker's
    // precaching left out).
    const asked = [];
    t.context.on('request', (r) => { if (!r.serviceWorker()) asked.push(r.url()); });
    try {
      await g.start(page);
      const later = (u) => /GUIDE\.md|RULES\.md/.test(u) || (!g.postsWorker && /rules-worker/.test(u));
      assert.deepEqual(asked.filter(later), [], 'the texts and the Markdown worker are not loaded before the Rules screen');
      for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
        await page.setViewportSize(viewport);
        await screen(page, 'Rules');
        const route = new URL(page.url()).hash;
        await page.waitForSelector(`.guide figure.example[data-example="${g.example.name}"]`);
        await page.waitForSelector('.rules-text p.rule');

        // The guide first, with its sections and every example in place.
        const order = await page.$$eval('section.rules > *', (els) => els.map((e) => e.className));
        assert.deepEqual(order.slice(0, 3), ['guide', 'options', 'rule-book'], order.join(' '));
        const heads = await page.$$eval('.guide h3', (hs) => hs.map((h) => h.textContent.trim()));
        for (const s of g.sections) assert.ok(heads.includes(s), `${g.name}: the guide has "${s}": ${heads.join(' | ')}`);
        const examples = await page.$$eval('.guide figure.example', (fs) => fs.map((f) => f.dataset.example));
        assert.deepEqual(examples, g.examples);

        // The example drawn from the engine's result, with a text alternative.
        const ex = page.locator(`.guide figure.example[data-example="${g.example.name}"]`);
        assert.match(await ex.locator('ol.steps').textContent(), g.example.text);
        assert.ok((await ex.locator(g.example.diagram).count()) > 0, `${g.name}: the example has its diagram (${g.example.diagram})`);
        if (g.example.diagram.startsWith('svg')) {
          const alt = await ex.locator('svg[role=img]').first().getAttribute('aria-label');
          assert.match(alt, /^Before: Blue on cells .*; Red on cells .*\.$/);
        } else {
          assert.ok((await ex.locator('caption').count()) > 0, 'the table has a caption');
        }
        // Nothing runs off a phone screen sideways but a scrollable table.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(wide <= 0, `${g.name} (${label}): the page is ${wide} px wider than the screen`);

        // The options of this game.
        const options = await page.textContent('section.options');
        for (const o of g.options) assert.match(options, o);

        // The numbered rules, anchored; no line written for developers.
        const rule = page.locator(`#${g.rule}`);
        assert.match(await rule.textContent(), new RegExp(`^${g.cite.replace('.', '\\.')} `));
        // Every numbered rule of RULES.md, each once, in order.
        const letter = g.cite[0];
        const defined = fs.readFileSync(path.join(ROOT, 'games', g.name, 'RULES.md'), 'utf8')
          .split('\n').map((l) => l.match(new RegExp(`^- (${letter}\\d+\\.\\d+) `))).filter(Boolean).map((m) => m[1]);
        assert.ok(defined.length > 10);
        assert.deepEqual(await page.$$eval('.rules-text p.rule strong', (ss) => ss.map((s) => s.textContent)), defined);
        const all = await page.textContent('section.rules');
        for (const dev of ['cite them in code', 'seeds/', 'This restates', 'as the console must apply them']) {
          assert.ok(!all.includes(dev), `${g.name}: "${dev}" is shown`);
        }

        // A citation in the guide moves to its rule and keeps the route.
        await page.locator(`.guide a[data-rule="${g.cite}"]`).first().click();
        await page.waitForFunction((id) => document.activeElement?.id === id, g.rule);
        assert.equal(new URL(page.url()).hash, route);

        await axe(page, `${g.name} Rules (${label})`, problems);
        await t.shot(`rules-${g.name}-${label}`);
        await ex.screenshot({ path: path.join(ARTIFACTS, `rules-${g.name}-example-${label}.png`) });
        await screen(page, g.name === 'survival-circle' ? 'Setup' : 'History');
      }
      // The texts and the worker came with the Rules screen.
      const files = asked.filter((u) => /GUIDE\.md|RULES\.md|rules-worker/.test(u)).map((u) => u.split('/').pop());
      for (const f of ['GUIDE.md', 'RULES.md', 'console-rules-worker_loader.js', 'console-rules-worker_bg.wasm']) assert.ok(files.includes(f), `${f} loaded: ${files.join(' ')}`);
      assert.deepEqual(problems, []);
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });
}
