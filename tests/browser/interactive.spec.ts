import { expect, test } from '@playwright/test';
import { gotoReady, pages } from './pages.ts';

test('the theme choice persists over a reload and is applied before first paint', async ({ page }) => {
  await gotoReady(page, pages.deep);
  await page.locator('.theme-switch select').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Read the attribute as soon as the document is parsed, before any module script has run.
  await page.reload({ waitUntil: 'commit' });
  const early = await page.evaluate(
    () =>
      new Promise<string | undefined>((resolve) => {
        if (document.readyState === 'loading')
          document.addEventListener('DOMContentLoaded', () => resolve(document.documentElement.dataset.theme), {
            once: true,
          });
        else resolve(document.documentElement.dataset.theme);
      }),
  );
  expect(early).toBe('dark');
  await expect(page.locator('.theme-switch select')).toHaveValue('dark');
  const bg = await page.evaluate(
    () => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor,
  );
  expect(bg).not.toBe('rgb(255, 255, 255)');
  await page.locator('.theme-switch select').selectOption('system');
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
});

test('tabs show one panel, stay in sync by group, and remember the choice', async ({ page }) => {
  await gotoReady(page, pages.tabs);
  const groups = page.locator('.tabs');
  expect(await groups.count()).toBeGreaterThan(0);
  const first = groups.first();
  const tabs = first.locator('[role="tab"]');
  expect(await tabs.count()).toBeGreaterThan(1);
  await expect(first.locator('.tab-panel:not([hidden])')).toHaveCount(1);
  const second = tabs.nth(1);
  const label = (await second.textContent()) ?? '';
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(first.locator('.tab-panel:not([hidden])')).toHaveAttribute('data-tab-label', label);
  await page.reload();
  await expect(page.locator('.tabs').first().locator('[role="tab"][aria-selected="true"]')).toHaveText(label);
});

test('a code block copies its code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoReady(page, pages.deep);
  const block = page.locator('figure.code-block').first();
  await block.locator('button.copy-code').click();
  await expect(block.locator('button.copy-code')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trim()).toBe(((await block.locator('pre').innerText()) ?? '').trim());
});

test('the copy buttons, added by the script, move no line of the page', async ({ page }) => {
  const layout = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('figure.code-block > pre, article, .page-footer')].map((el) => {
        const r = el.getBoundingClientRect();
        // The footer's top: its copy button comes last, at the end of the page, where it moves nothing below.
        return el.matches('.page-footer')
          ? [Math.round(r.top + window.scrollY)]
          : [Math.round(r.top + window.scrollY), Math.round(r.height)];
      }),
    );
  // The page as it paints before its script has run (the theme bootstrap has marked it as scripted).
  await page.route(/\/assets\/build\/islands-[^/]*\.js$/, (route) => route.abort());
  // A page without tabs, which the script folds to one panel.
  await page.goto(pages.deep);
  await expect(page.locator('.tabs')).toHaveCount(0);
  expect(await page.locator('figure.code-block').count()).toBeGreaterThan(2);
  await expect(page.locator('html')).toHaveAttribute('data-js', '');
  await expect(page.locator('button.copy-code')).toHaveCount(0);
  const before = await layout();
  await page.unroute(/\/assets\/build\/islands-[^/]*\.js$/);
  await gotoReady(page, pages.deep);
  expect(await page.locator('button.copy-code').count()).toBe(await page.locator('figure.code-block > pre').count());
  await expect(page.locator('.page-footer button', { hasText: 'Copy page as Markdown' })).toBeVisible();
  expect(await layout()).toEqual(before);
});

test('search finds pages from the top bar and opens the chosen one', async ({ page }) => {
  await gotoReady(page, pages.home);
  await page.keyboard.press('Control+k');
  const input = page.locator('.search-dialog input[type="search"]');
  await expect(input).toBeFocused();
  await input.fill('date_trunc');
  const hit = page.locator('.search-dialog .search-hit').first();
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('DATE_TRUNC');
  await input.press('Enter');
  await expect(page).toHaveURL(/datetrunc$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true });

  test('the sidebar becomes a menu and the table of contents a collapsible block', async ({ page }) => {
    await gotoReady(page, pages.deep);
    await expect(page.locator('#sidebar')).toBeHidden();
    // One list serves every screen: here a closed block above the article.
    await expect(page.locator('.toc-list')).toHaveCount(1);
    const inlineToc = page.locator('details.toc-inline');
    await expect(inlineToc).toBeVisible();
    await expect(inlineToc.locator('a').first()).toBeHidden();
    await inlineToc.locator('summary').click();
    await expect(inlineToc.locator('a').first()).toBeVisible();
    const menu = page.locator('button.menu-button');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#sidebar')).toBeVisible();
    await expect(page.locator('#sidebar [aria-current="page"]')).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(page.locator('#sidebar')).toBeHidden();
  });

  // That the page itself never scrolls sideways on a phone (long next-page titles, tables of connection keys in
  // tabs, long metric names) is phone-width.spec.ts's check, over every page of the sitemap.
});
