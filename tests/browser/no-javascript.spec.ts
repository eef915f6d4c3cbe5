import { expect, test } from '@playwright/test';
import { pages } from './pages.ts';

test.use({ javaScriptEnabled: false });

test('with JavaScript off, pages read and navigate', async ({ page }) => {
  await page.goto(pages.deep);
  await expect(page.locator('h1')).toHaveText(/DATE_TRUNC/);
  // Code is highlighted at build time.
  expect(await page.locator('figure.code-block pre.shiki span[class]').count()).toBeGreaterThan(0);
  // JS-only controls are hidden rather than broken; the copy buttons are not in the page at all.
  await expect(page.locator('.copy-code-slot, .copy-page')).toHaveCount(0);
  await expect(page.locator('.top-bar-theme')).toBeHidden();
  // The sidebar still closes and opens (native details) and its links work.
  const summary = page.locator('#sidebar > ul > li > details[open]').first().locator('> summary');
  const handle = await summary.elementHandle();
  await handle.click();
  expect(await handle.evaluate((el) => el.parentElement!.hasAttribute('open'))).toBe(false);
  await handle.click();
  expect(await handle.evaluate((el) => el.parentElement!.hasAttribute('open'))).toBe(true);
  await page.locator('.breadcrumbs a').first().click();
  await expect(page).toHaveURL(/\/doc\/$/);
});

test("with JavaScript off, a category off the page's branch is a link to its page, whose sidebar lists its pages", async ({
  page,
}) => {
  await page.goto(pages.deep);
  // It is its link alone: the toggle that fills it from the sidebar's JSON comes with the sidebar loader.
  const lazy = page.locator('#sidebar details[open] > ul > li[data-sb-lazy]').first();
  await expect(lazy.locator('details')).toHaveCount(0);
  const link = lazy.locator('> a');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The category's page holds them in its sidebar, open.
  const current = page.locator('#sidebar a[aria-current="page"]');
  await expect(current).toHaveAttribute('href', href);
  expect(await current.locator('xpath=following-sibling::details[1]/ul/li').count()).toBeGreaterThan(0);
});

test('with JavaScript off, every tab panel shows under its label', async ({ page }) => {
  await page.goto(pages.tabs);
  const group = page.locator('.tabs').first();
  const panels = group.locator('.tab-panel');
  expect(await panels.count()).toBeGreaterThan(1);
  for (const panel of await panels.all()) {
    await expect(panel).toBeVisible();
    await expect(panel.locator('.tab-panel-label')).toBeVisible();
  }
});

test('with JavaScript off on a phone, the sidebar follows the article', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(pages.deep);
  await expect(page.locator('#sidebar')).toBeVisible();
  const sidebarTop = (await page.locator('#sidebar').boundingBox())!.y;
  const articleTop = (await page.locator('article').boundingBox())!.y;
  expect(sidebarTop).toBeGreaterThan(articleTop);
});

test('a function entry shows its signature card above the prose, within a phone screen, without JavaScript', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // A page of many functions: each entry's card sits under its heading, the longest signatures wrap.
  await page.goto('/doc/sql-functions/array-functions');
  const cards = page.locator('article aside.signature-card');
  expect(await cards.count()).toBeGreaterThan(10);
  const first = cards.first();
  await expect(first.locator('.signature-list code').first()).toContainText('→');
  await expect(first.locator('dt', { hasText: 'NULL' })).toBeVisible();
  // The card follows its heading directly.
  expect(await first.evaluate((el) => /^H[2-6]$/.test(el.previousElementSibling?.tagName ?? ''))).toBe(true);
  // No card, nor anything in one, reaches past the screen or scrolls sideways.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('aside.signature-card, aside.signature-card *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth || el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent?.slice(0, 60)),
  );
  expect(overflowing).toEqual([]);
  // The footer lists the files published for tools.
  await expect(page.locator('.tool-links a', { hasText: 'functions.json' })).toHaveAttribute('href', '/functions.json');
});

test('a card of many signatures is a table by first argument that fits a phone screen (PLUS)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/doc/sql-functions/arithmetics-operators');
  const card = page.locator('aside.signature-card[aria-label="Signature of PLUS"]');
  // INTEGER + DECIMAL: the reader finds the INTEGER rows, then DECIMAL among the other arguments.
  const group = card.locator('tbody', { has: page.locator('th', { hasText: /^INTEGER$/ }) });
  const row = group.locator('tr', { has: page.locator('td', { hasText: /^DECIMAL$/ }) });
  await expect(row.locator('td').last()).toHaveText('DECIMAL');
  await expect(card.locator('.signature-more')).toHaveCount(0);
  const overflowing = await card.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter((x) => x.getBoundingClientRect().right > window.innerWidth || x.scrollWidth > x.clientWidth + 1)
      .map((x) => x.textContent?.slice(0, 60)),
  );
  expect(overflowing).toEqual([]);
  await card.screenshot({ path: test.info().outputPath('plus-card.png') });
});

test('with JavaScript off, a category without a page of its own leads to its first page, where it is open', async ({
  page,
}) => {
  await page.goto(pages.deep);
  const group = page.locator('#sidebar > ul > li[data-sb-lazy] > a[data-sb-group]', { hasText: 'Monitor' });
  const href = (await group.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/doc\/monitor\//);
  await group.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // There the category is a toggle, open down to the page, with all its pages.
  const open = page.locator('#sidebar > ul > li > details[open]', { hasText: 'Monitor' });
  await expect(open.locator('a[aria-current="page"]')).toHaveAttribute('href', href);
  expect(await open.locator('a').count()).toBeGreaterThan(3);
});
