// A sign-up list copied whole from a forum post sets up a game in one
// paste, in every game with a players list: the title and count line and
// a remark under the list are set aside with the reason, the list marks
// and `@` are taken off, and the names Discord and forums allow (`_`, `.`,
// emoji, accents) are players (S1.1, D1.1, R1.1). Names that break the
// rules are all shown at once, each with its line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goto, open, paste } from './helpers.mjs';

// As a phpBB sign-up thread's first post copies (a title with the count,
// numbered places, a remark under the list).
const NAMES = ['Mafia_Mom', 'tofu_cat', 'sunny.d', '🦊 Foxy', 'Mika 🌸', 'Zoë', 'Harbor Lights', 'Kestrel', 'Vex', 'Sir Reg', 'Nova', 'Quill'];
const LIST = ['Sign-ups (12/12) - FULL', ...NAMES.map((n, i) => `${i + 1}. ${n === 'sunny.d' ? '@' : ''}${n}`), 'Backups welcome!'].join('\n');

const GAMES = [
  {
    kind: 'mini-survivor',
    open: (page) => page.click('[data-testid=new-mini-survivor]'),
    start: async (page) => {
      await page.fill('input[inputmode=numeric]', '7');
      await page.click('[data-testid=deal]');
    },
    ready: '[data-testid=public-post]',
    steps: 2, // paste, Deal (the seed typed is the test's, for a fixed deal)
  },
  {
    kind: 'survival',
    open: (page) => goto(page, 'survival/'),
    start: async (page) => {
      await page.fill('[data-testid=seed]', '7');
      await page.click('[data-testid=deal]');
    },
    ready: '[data-testid=public-post]',
    steps: 2,
  },
  {
    kind: 'dice-org',
    open: (page) => goto(page, 'dice-org/#/setup'),
    start: async (page) => {
      await page.fill('[data-testid=seed]', '7');
      await page.waitForSelector('[data-testid=setup-preview]');
      await page.click('[data-testid=start]');
    },
    ready: 'section.team',
    steps: 2,
  },
];

for (const g of GAMES) {
  test(`${g.kind}: a forum sign-up list with a title, a remark and Discord names sets up a game in one paste`, async () => {
    const t = await open();
    const { page } = t;
    try {
      await g.open(page);
      await page.waitForSelector('[data-testid=players]');
      await page.fill('[data-testid=players]', '');
      await paste(page, '[data-testid=players]', LIST);
      await page.waitForSelector('[data-testid=signup-skipped]');
      const skipped = await page.textContent('[data-testid=signup-skipped]');
      assert.match(skipped, /line 1 “Sign-ups \(12\/12\) - FULL”: the list's title or a count, not a name/);
      assert.match(skipped, /line 14 “Backups welcome!”: not an entry of the numbered or bulleted list/);
      await g.start(page);
      await page.waitForSelector(g.ready);
      // Every name is a player, as written (on the page or in the saved
      // game); the title and the remark are none.
      const shown = await page.evaluate(() => document.body.innerText);
      const saved = await page.evaluate(() => JSON.stringify(Object.values(localStorage)));
      for (const n of NAMES) assert.ok(shown.includes(n) || saved.includes(n), `${n} is a player`);
      for (const gone of ['Sign-ups', 'Backups welcome']) assert.ok(!shown.includes(gone) && !saved.includes(gone), `${gone} is no player`);
      console.log(`# ${g.kind}: a 12-player sign-up post set up in one paste; moderator's actions: ${1 + g.steps} (1 outside: copy the sign-up post; ${g.steps} inside: paste, start)`);
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });
}

test('survival: every refused name of a list is shown at once, and a remark is taken as a name in one click', async () => {
  const t = await open();
  const { page } = t;
  try {
    await goto(page, 'survival/');
    await page.waitForSelector('[data-testid=players]');
    await page.fill('[data-testid=players]', '');
    await paste(page, '[data-testid=players]', 'Players:\n1. Ann\n2. H*l\n3. ann_\n4. Bob\n5. Cid\n6. Dee\nZed');
    await page.waitForFunction(() => document.querySelector('[data-testid=setup-problem]')?.textContent.includes('line 3'));
    const problem = await page.textContent('[data-testid=setup-problem]');
    assert.match(problem, /line 3: "H\*l" contains '\*'/);
    assert.match(problem, /line 4: "Ann" and "ann_" read as the same name/);
    assert.equal(await page.isDisabled('[data-testid=deal]'), true);
    // Zed, under the numbered list, was set aside; one click takes it.
    assert.match(await page.textContent('[data-testid=signup-skipped]'), /line 8 “Zed”/);
    await page.fill('[data-testid=players]', '1. Ann\n2. Hal\n3. Bob\n4. Cid\n5. Dee\nZed');
    await page.waitForFunction(() => document.querySelector('[data-testid=player-count]').textContent.startsWith('5 players'));
    await page.click('[data-testid=take-as-name]');
    await page.waitForFunction(() => document.querySelector('[data-testid=player-count]').textContent.startsWith('6 players'));
    assert.equal(await page.inputValue('[data-testid=players]'), '1. Ann\n2. Hal\n3. Bob\n4. Cid\n5. Dee\n- Zed');
    assert.equal(await page.isVisible('[data-testid=signup-skipped]'), false);
    assert.deepEqual(t.errors, []);
  } finally {
    await t.close();
  }
});
