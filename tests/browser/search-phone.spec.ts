import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoReady, pages } from './pages.ts';

/** Search on a 390×844 phone with touch: the dialog on screen, the query box with the row, no zoom on focus. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};

/** The query box takes at least 60 % of its row, and every field has text of 16 px or more. */
async function expectUsable(page: Page, scope: string): Promise<void> {
  const input = page.locator(`${scope} input[type="search"]`);
  const row = await box(page.locator(`${scope} .search-controls`));
  const field = await box(input);
  expect(field.width / row.width).toBeGreaterThanOrEqual(0.6);
  const sizes = await page
    .locator(`${scope} input, ${scope} select`)
    .evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(16);
  // The filters are on screen too, below the query box, not beside it.
  for (const select of await page.locator(`${scope} select`).all()) {
    const s = await box(select);
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x + s.width).toBeLessThanOrEqual(390);
    expect(s.y).toBeGreaterThan(field.y);
  }
}

test('the dialog is on screen and the query box gets the row; Escape returns focus to the button', async ({ page }) => {
  await gotoReady(page, pages.deep);
  const button = page.locator('.search-button');
  await button.tap();
  const dialog = page.locator('.search-dialog');
  await expect(dialog.locator('input[type="search"]')).toBeFocused();
  const d = await box(dialog);
  expect(d.x).toBeGreaterThanOrEqual(0);
  expect(d.x + d.width).toBeLessThanOrEqual(390);
  expect(d.y).toBeGreaterThanOrEqual(0);
  await expectUsable(page, '.search-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeVisible();
  await expect(button).toBeFocused();
});

test('the dialog stays on screen on a page wider than the screen', async ({ page }) => {
  await gotoReady(page, pages.deep);
  // A page that overflows sideways (a long name that does not break) must not carry the dialog off screen.
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.className = 'test-wide';
    wide.textContent = 'H3_GET_DESTINATION_INDEX_FROM_UNIDIRECTIONAL_EDGE_'.repeat(4);
    document.querySelector('main')?.append(wide);
  });
  await page.locator('.search-button').tap();
  const d = await box(page.locator('.search-dialog'));
  expect(d.x).toBeGreaterThanOrEqual(0);
  expect(d.x + d.width).toBeLessThanOrEqual(390);
});

test('the search page gives the query box the row', async ({ page }) => {
  await gotoReady(page, '/doc/search');
  await expectUsable(page, '.search-page-panel');
});

test('excerpts keep table cells apart', async ({ page }) => {
  // The header row of the columns tables of system tables: three cells, three words.
  await gotoReady(page, '/doc/search?q=column%20type%20meaning');
  const panel = page.locator('.search-page-panel');
  await panel.locator('.search-results[data-details="ready"]').waitFor({ state: 'attached' });
  const excerpts = await panel.locator('.search-hit-excerpt').allInnerTexts();
  expect(excerpts.some((e) => e.includes('Column Type Meaning'))).toBe(true);
  expect(excerpts.join(' | ')).not.toMatch(/ColumnType|TypeMeaning/);
});

// What the texts typed on the way to a query cost depends on how fast the phone is: `npm run bench` measures it
// (bytes and requests per typed query). Here, what does not depend on speed: one query fetches the fragments of
// the first screen of results only.
test('a query fetches fragments for the first screen of results only, and the rest keep their summaries', async ({
  page,
}) => {
  await gotoReady(page, pages.deep);
  await page.waitForLoadState('networkidle');
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await page.locator('.search-button').tap();
  await page.locator('.search-dialog input[type="search"]').fill('time travel');
  await expect(page.locator('.search-dialog .search-status')).toContainText('"time travel"');
  await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
  await page.waitForTimeout(1500);
  // The excerpts of the results a phone shows before scrolling.
  expect(fetched.filter((p) => p.includes('/fragment/')).length).toBeLessThanOrEqual(3);
  expect(fetched.length, fetched.join('\n')).toBeLessThanOrEqual(30);
  // The results below the first screen keep the summary they came with.
  const excerpts = await page.locator('.search-dialog .search-hit > a .search-hit-excerpt').allInnerTexts();
  expect(excerpts.length).toBeGreaterThan(3);
  for (const e of excerpts.slice(3)) expect(e.trim()).not.toBe('');
});

test("a setting found by name shows its own summary, which comes with the results' details", async ({ page }) => {
  await gotoReady(page, pages.deep);
  await page.locator('.search-button').tap();
  await page.locator('.search-dialog input[type="search"]').fill('max_threads');
  await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
  const first = page.locator('.search-dialog .search-hit').first();
  await expect(first).toHaveAttribute('data-kind', 'setting');
  await expect(first.locator('.search-hit-title')).toHaveText('max_threads');
  // Its own summary (about threads), not the one of the page that lists every setting.
  await expect(first.locator('.search-hit-excerpt')).toContainText(/thread/i);
});

test('with a screenful of results, Close is on screen and closes the dialog', async ({ page }) => {
  await gotoReady(page, pages.deep);
  const button = page.locator('.search-button');
  await button.tap();
  const dialog = page.locator('.search-dialog');
  await dialog.locator('input[type="search"]').fill('time travel');
  await dialog.locator('.search-results[data-details="ready"]').waitFor({ state: 'attached' });
  // A touch screen has no Escape key: the way out must be in sight without scrolling the results.
  const close = dialog.getByRole('button', { name: 'Close' });
  const b = await box(close);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height).toBeLessThanOrEqual(844);
  await close.tap();
  await expect(dialog).not.toBeVisible();
});

// A steady typist (a key every 250 ms, about 40 words a minute) pauses past the typing pause at every key.
const STEADY_MS = 250;

test('a steady typist fetches no index chunks for a word typed on within the pause', async ({ page }) => {
  await gotoReady(page, pages.deep);
  await page.waitForLoadState('networkidle');
  // Each text the box held, from when; and the text in the box when each index chunk is asked for.
  await page.evaluate(() => {
    const w = window as unknown as { texts: { text: string; at: number }[]; asked: string[] };
    w.texts = [];
    w.asked = [];
    document.addEventListener(
      'input',
      (e) => w.texts.push({ text: (e.target as HTMLInputElement).value, at: performance.now() }),
      true,
    );
    const fetchBefore = window.fetch.bind(window);
    window.fetch = (url, init) => {
      if ((url instanceof Request ? url.url : url.toString()).endsWith('.pf_index'))
        w.asked.push(document.querySelector<HTMLInputElement>('.search-dialog input')?.value ?? '');
      return fetchBefore(url, init);
    };
  });
  await page.locator('.search-button').tap();
  const input = page.locator('.search-dialog input[type="search"]');
  await input.pressSequentially('time travel', { delay: STEADY_MS });
  await expect(page.locator('.search-dialog .search-status')).toContainText('"time travel"');
  await page.locator('.search-dialog .search-results[data-details="ready"]').waitFor({ state: 'attached' });
  const { texts, asked } = await page.evaluate(() => {
    const w = window as unknown as { texts: { text: string; at: number }[]; asked: string[] };
    return { texts: w.texts, asked: w.asked };
  });
  expect(asked).toContain('time travel');
  // How long each text stood before the next key (a busy machine may delay a key: then that prefix may be looked up).
  const stood = new Map(texts.map((t, i) => [t.text, (texts[i + 1]?.at ?? Infinity) - t.at]));
  // "tim", "tra", "trav"... cost nothing: a word's chunks come once it is ended ("time ") or the text stands.
  const typedOver = asked.filter((t) => !t.endsWith(' ') && (stood.get(t) ?? Infinity) < 400);
  expect(typedOver).toEqual([]);
});

test('Enter pressed right after typing at a steady pace opens the answer, not the list shown while typing', async ({
  page,
}) => {
  await gotoReady(page, pages.deep);
  await page.locator('.search-button').tap();
  await page.locator('.search-dialog input[type="search"]').pressSequentially('insert overwrite', { delay: STEADY_MS });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/doc\/sql-commands\/dml\/dml-insert#overwrite$/);
});
