import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady, pages } from './pages.ts';
import { scaled } from '../load.ts';

const dialog = (page: Page) => page.locator('.search-dialog');
const input = (page: Page) => page.locator('.search-dialog input[type="search"]');

/** Types a query and waits until the dialog announces the results of exactly that query. */
async function searchFor(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await expect(page.locator('.search-dialog .search-status')).toContainText(`"${query}"`);
}

test('Ctrl+K and "/" open the dialog; Escape closes it and focus returns where it was', async ({ page }) => {
  await gotoReady(page, pages.deep);
  const brand = page.locator('a.brand');
  await brand.focus();
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
  // With a query typed, one Escape closes the dialog (the search box alone would only clear its text).
  await input(page).fill('date');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).not.toBeVisible();
  await expect(brand).toBeFocused();

  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await page.locator('.search-button').click();
  await expect(input(page)).toBeFocused();
});

test('focus stays inside the open dialog', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'date_trunc');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.search-dialog')))).toBe(true);
  }
});

test('results come as you type; arrows move the selection, Enter opens it', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'trunc');
  const titles = await page.locator('.search-dialog .search-hit-title').allInnerTexts();
  expect(titles).toContain('DATE_TRUNC');
  expect(titles).toContain('TRUNCATE TABLE');
  const options = page.locator('.search-dialog [role="option"]');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await input(page).press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  const href = await options.nth(1).getAttribute('href');
  await input(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('an exact name wins whatever its case and separators, and a typo still finds it', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  for (const q of ['DATE TRUNC', 'date_trunc', 'DateTrunc', 'date_trnuc']) {
    await searchFor(page, q);
    await expect(page.locator('.search-dialog .search-hit-title').first()).toHaveText('DATE_TRUNC');
  }
});

test('a heading inside a page is offered as a deep link and opens at its anchor', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'return type');
  const sub = page.locator('.search-dialog .search-sub a').first();
  await expect(sub).toBeVisible();
  const href = (await sub.getAttribute('href')) ?? '';
  expect(href).toContain('#');
  await sub.click();
  const anchor = href.split('#')[1] ?? '';
  await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
  await expect(page.locator(`[id="${anchor}"]`)).toBeVisible();
});

test('the section filter narrows results without leaving the dialog', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'table');
  await page.locator('.search-dialog .search-section select').selectOption('SQL Commands');
  await expect(page.locator('.search-dialog .search-status')).toContainText('"table"');
  await expect(dialog(page)).toBeVisible();
  const hrefs = await page
    .locator('.search-dialog .search-hit > a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/doc\/(sql-commands|reference\/sql)/);
});

test('recent searches are offered again, and no results suggest the indexes', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'date_trunc');
  await input(page).press('Enter');
  await expect(page).toHaveURL(/datetrunc$/);
  await page.locator('html[data-islands="ready"]').waitFor({ state: 'attached' });
  await page.keyboard.press('Control+k');
  await expect(page.locator('.search-dialog .search-recent button', { hasText: 'date_trunc' })).toBeVisible();
  await searchFor(page, '@@@@');
  const help = page.locator('.search-dialog .search-help');
  await expect(help.locator('a[href="/doc/sql-functions"]')).toBeVisible();
  await expect(help.locator('a[href="/doc/sql-commands"]')).toBeVisible();
});

test('the open dialog with results has no serious accessibility violations', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'trunc');
  const results = await new AxeBuilder({ page }).include('.search-dialog').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('text from the index is shown as text, never run as markup', async ({ page }) => {
  const evil = '<img src=x onerror="window.__searchXss=1">';
  await page.route('**/search-records.json', async (route) => {
    const body = (await (await route.fetch()).json()) as { sections: string[]; names: object[] };
    body.names.push({
      name: `EVIL_NAME ${evil}`,
      kind: 'function',
      url: '/doc/',
      page: evil,
      section: 'SQL Functions',
      summary: `summary ${evil}`,
    });
    await route.fulfill({ json: body });
  });
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'evil_name');
  await expect(page.locator('.search-dialog .search-hit-title').first()).toContainText('<img');
  expect(await page.locator('.search-dialog img').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __searchXss?: number }).__searchXss)).toBeUndefined();
});

test('the search page shows full results for ?q= and keeps the address in step', async ({ page }) => {
  await gotoReady(page, '/doc/search?q=date_trunc');
  const panel = page.locator('.search-page-panel');
  await expect(panel.locator('.search-hit-title').first()).toHaveText('DATE_TRUNC');
  await panel.locator('input[type="search"]').fill('truncate table');
  await expect(page).toHaveURL(/\/doc\/search\?q=truncate%20table$/);
  await expect(panel.locator('.search-hit-title').first()).toHaveText('TRUNCATE TABLE');
});

/** The results' links in order, once excerpts and deep links are in. */
async function resultOrder(page: Page, scope: string, q: string): Promise<string[]> {
  await expect(page.locator(`${scope} .search-status`)).toContainText(`"${q}"`);
  await page.locator(`${scope} .search-results[data-details="ready"]`).waitFor({ state: 'attached' });
  return page
    .locator(`${scope} .search-hit > a`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

test('a query gives one order, typed key by key, pasted, or on the search page', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const queries = [
    'cancel a running query',
    'add a column to a table',
    'json data type',
    'insert overwrite',
    'cast',
    'stream data from kafka',
    'date_trunc',
  ];
  await gotoReady(page, pages.home);
  for (const q of queries) {
    await page.keyboard.press('Control+k');
    await input(page).pressSequentially(q, { delay: 20 });
    const typed = await resultOrder(page, '.search-dialog', q);
    await input(page).fill('');
    await input(page).fill(q);
    const pasted = await resultOrder(page, '.search-dialog', q);
    await page.keyboard.press('Escape');
    await gotoReady(page, `/doc/search?q=${encodeURIComponent(q)}`);
    const onPage = await resultOrder(page, '.search-page-panel', q);
    expect(typed.length, q).toBeGreaterThan(0);
    expect(pasted, `pasted "${q}"`).toEqual(typed);
    expect(onPage.slice(0, typed.length), `search page for "${q}"`).toEqual(typed);
  }
});

test('a query ranks the same on a fresh search page as in a dialog whose page has loaded the whole index', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  // On a desk the rest of the index loads in the background after a first answer; Pagefind matches a word's
  // extensions, and a word missing from a part by its prefixes, among the words it has loaded.
  const queries = ['time travel', 'stream data from kafka', 'json data type'];
  const fresh: string[][] = [];
  for (const q of queries) {
    await gotoReady(page, `/doc/search?q=${encodeURIComponent(q)}`);
    fresh.push(await resultOrder(page, '.search-page-panel', q));
  }
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'window');
  await expect(page.locator('html[data-search-index="loaded"]')).toBeAttached({ timeout: scaled(60_000) });
  for (const [i, q] of queries.entries()) {
    await input(page).fill(q);
    const inDialog = await resultOrder(page, '.search-dialog', q);
    expect(inDialog.length, q).toBeGreaterThan(0);
    expect(fresh[i]!.slice(0, inDialog.length), `"${q}" with the whole index loaded`).toEqual(inDialog);
  }
});

test('Enter pressed right after typing opens the first result of what was typed, at its matching section', async ({
  page,
}) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await input(page).pressSequentially('insert overwrite', { delay: 10 });
  await input(page).press('Enter');
  await expect(page).toHaveURL(/\/doc\/sql-commands\/dml\/dml-insert#overwrite$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the top bar search leads to the search page, which lists every documented name', async ({ page }) => {
    await page.goto(pages.deep);
    await page.locator('.search-button').click();
    await expect(page).toHaveURL(/\/doc\/search$/);
    await expect(page.locator('.search-noscript')).toBeVisible();
    await expect(
      page.locator('.name-directory').getByRole('link', { name: 'DATE_TRUNC', exact: true }),
    ).toHaveAttribute('href', '/doc/sql-functions/datetime-functions/datetrunc');
  });
});

test('the kind filter keeps one kind of entry, in the dialog and on the search page', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  await searchFor(page, 'date');
  const kinds = () =>
    page
      .locator('.search-dialog .search-hit')
      .evaluateAll((hits) => [...new Set(hits.map((h) => h.getAttribute('data-kind')))]);
  expect((await kinds()).length).toBeGreaterThan(1);
  await page.locator('.search-dialog .search-kind select').selectOption('function');
  await expect.poll(kinds).toEqual(['function']);
  await page.locator('.search-dialog .search-kind select').selectOption('page');
  await expect.poll(kinds).toEqual(['page']);
  await page.keyboard.press('Escape');
  await gotoReady(page, '/doc/search?q=max_threads');
  const panel = page.locator('.search-page-panel');
  await expect(panel.locator('.search-status')).toContainText('"max_threads"');
  await panel.locator('.search-kind select').selectOption('setting');
  await expect
    .poll(() =>
      panel.locator('.search-hit').evaluateAll((hits) => [...new Set(hits.map((h) => h.getAttribute('data-kind')))]),
    )
    .toEqual(['setting']);
});

test("a function's excerpt reads its signature card's facts as words, not run together", async ({ page }) => {
  await gotoReady(page, '/doc/search?q=date');
  const panel = page.locator('.search-page-panel');
  await panel.locator('.search-results[data-details="ready"]').waitFor({ state: 'attached' });
  const excerpt = panel.locator('.search-hit', { has: page.locator('.search-hit-title', { hasText: /^DATE_TRUNC$/ }) });
  // The card's terms (NULL, Category) and their values each keep a space between them.
  await expect(excerpt.locator('.search-hit-excerpt')).toContainText('NULL not probed');
  await expect(excerpt.locator('.search-hit-excerpt')).not.toContainText('NULLnot');
});

test('on a desk, a query of a few words stays whole in the search box', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  const query = 'truncate timestamp to the hour';
  await searchFor(page, query);
  // Text wider than the box scrolls inside it: the start of the query would be out of sight.
  const box = await input(page).evaluate((el) => ({ text: el.scrollWidth, box: el.clientWidth }));
  expect(box.text).toBeLessThanOrEqual(box.box);
});
