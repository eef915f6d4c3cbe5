import { expect, test } from '@playwright/test';
import { gotoReady, pages } from './pages.ts';

test('a landing page introduces its section and lists its pages with descriptions', async ({ page }) => {
  const res = await page.goto(pages.landing);
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText('SQL Functions');
  const cards = page.locator('.card-grid .card');
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first().locator('.card-description')).not.toBeEmpty();
});

test('a deep page shows breadcrumbs, marks itself in the sidebar and opens its ancestors', async ({ page }) => {
  await page.goto(pages.deep);
  await expect(page.locator('.breadcrumbs')).toContainText('SQL Functions');
  const current = page.locator('#sidebar [aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('href', pages.deep);
  await expect(current).toBeVisible();
  const openAncestors = page.locator('#sidebar details[open]');
  expect(await openAncestors.count()).toBeGreaterThanOrEqual(2);
  // Categories off the current path stay closed.
  expect(await page.locator('#sidebar details:not([open])').count()).toBeGreaterThan(0);
});

test('on a phone, breadcrumbs that wrap start each line with a name, not with a separator', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/doc/load-data/load/local');
  // The distance from each crumb's left edge to its name's; a crumb that starts a line should have none.
  const crumbs = await page.locator('.breadcrumbs li').evaluateAll((items) =>
    items.map((li) => {
      const name = li.firstElementChild?.getBoundingClientRect();
      const box = li.getBoundingClientRect();
      return { top: Math.round(box.top), left: box.left, nameLeft: name?.left ?? box.left, text: li.textContent };
    }),
  );
  const lineStarts = crumbs.filter((c, i) => i === 0 || c.top > (crumbs[i - 1]?.top ?? 0));
  expect(lineStarts.length, 'the crumbs of this page wrap at 390 px').toBeGreaterThan(1);
  for (const c of lineStarts) expect(c.nameLeft - c.left, `${c.text} starts its line`).toBeLessThan(1);
});

test('the carets of the top-level sidebar categories stand in one column', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoReady(page, pages.home);
  await page.mouse.move(900, 800);
  // Where each row's caret is drawn, read from the pixels of the row's last 48 px: a caret is a CSS border, so
  // only the rendering tells where it ends up. One row with a page of its own, one without ("Load & Unload Data").
  const caretCentre = async (label: string): Promise<number> => {
    const row = page.locator('#sidebar > ul > li').filter({ hasText: label }).first();
    const b = await row.boundingBox();
    if (!b) throw new Error(`${label}: not laid out`);
    const clip = { x: b.x + b.width - 48, y: b.y, width: 48, height: Math.min(b.height, 32) };
    const png = (await page.screenshot({ clip })).toString('base64');
    const cols = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return [];
      ctx.drawImage(img, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, img.width, img.height);
      const at = (x: number, y: number) => (y * width + x) * 4;
      const bg = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
      const inked: number[] = [];
      for (let x = 0; x < width; x++)
        for (let y = 0; y < height; y++) {
          const i = at(x, y);
          const diff =
            Math.abs((data[i] ?? 0) - (bg[0] ?? 0)) +
            Math.abs((data[i + 1] ?? 0) - (bg[1] ?? 0)) +
            Math.abs((data[i + 2] ?? 0) - (bg[2] ?? 0));
          if (diff > 120) {
            inked.push(x);
            break;
          }
        }
      return inked;
    }, `data:image/png;base64,${png}`);
    expect(cols.length, `${label}: a caret is drawn`).toBeGreaterThan(0);
    return b.x + b.width - 48 + (Math.min(...cols) + Math.max(...cols)) / 2;
  };
  const withPage = await caretCentre('Develop');
  const withoutPage = await caretCentre('Load & Unload Data');
  expect(Math.abs(withPage - withoutPage)).toBeLessThanOrEqual(1);
});

test('a trailing slash serves the same page', async ({ page }) => {
  const res = await page.goto(`${pages.deep}/`);
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText(/DATE_TRUNC/);
});

test('/ leads to /doc/', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/doc\/$/);
});

test('a sidebar category expands and collapses', async ({ page }) => {
  await page.goto(pages.home);
  // A top-level category: closed on the home page (a stable locator, unlike one filtered on [open]).
  const category = page.locator('#sidebar > ul > li > details').first();
  await expect(category).not.toHaveAttribute('open', '');
  const summary = category.locator('> summary');
  await summary.click();
  await expect(category).toHaveAttribute('open', '');
  await expect(category.locator('> ul')).toBeVisible();
  await summary.click();
  await expect(category).not.toHaveAttribute('open', '');
});

test('previous and next follow the sidebar order', async ({ page }) => {
  await page.goto(pages.deep);
  const next = page.locator('.prev-next a[rel="next"]');
  const title = (await next.locator('.prev-next-title').textContent()) ?? '';
  await next.click();
  await expect(page.locator('h1')).toHaveText(title);
  await page.locator('.prev-next a[rel="prev"]').click();
  await expect(page).toHaveURL(new RegExp(`${pages.deep}$`));
});

test('the table of contents follows the scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 800 });
  await gotoReady(page, pages.guide);
  // On a wide screen the page's one list stands open beside the article, without a toggle.
  const links = page.locator('.toc-inline a');
  expect(await links.count()).toBeGreaterThan(2);
  await expect(links.first()).toBeVisible();
  await expect(page.locator('.toc-inline > summary')).toBeHidden();
  const box = await page.locator('.toc-inline .toc-list').boundingBox();
  const article = await page.locator('article').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(article!.x + article!.width);
  const last = links.last();
  const id = decodeURIComponent(((await last.getAttribute('href')) ?? '').slice(1));
  await page.locator(`[id="${id}"]`).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(last).toHaveAttribute('data-active', '');
});

test('an unknown path gets the 404 page with search and a way back', async ({ page }) => {
  const res = await page.goto('/doc/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.locator('.not-found a[href="/doc/"]')).toBeVisible();
  await expect(page.locator('.not-found-search input[type="search"]')).toBeVisible();
});

test('the page footer offers edit, report and copy, and the top bar shows the version', async ({ page }) => {
  await page.goto(pages.deep);
  await expect(page.locator('.page-footer a', { hasText: 'Edit this page' })).toHaveAttribute(
    'href',
    /edit\/main\/content\/doc\/15-sql-functions\/30-datetime-functions\/datetrunc\.md$/,
  );
  const report = await page.locator('.page-footer a', { hasText: 'Report a problem' }).getAttribute('href');
  expect(decodeURIComponent(report ?? '').replace(/\+/g, ' ')).toContain(pages.deep);
  await expect(page.locator('.version-label')).toHaveText(/^Next · Databend v\d+\.\d+\.\d+$/);
});

test("a category off the page's branch loads its contents when opened, from one cached file", async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/build\/sidebar-[0-9a-f]+\.json$/.test(req.url())) fetched.push(req.url());
  });
  await gotoReady(page, pages.deep);
  // The page holds its own branch, not every link of the site: another category of its section arrives empty.
  const lazy = page.locator('#sidebar details[open] > ul > li > details[data-sb-lazy]');
  expect(await lazy.count()).toBeGreaterThan(1);
  const first = lazy.first();
  const href = await first.locator('xpath=preceding-sibling::a[1]').getAttribute('href');
  const handle = await first.elementHandle();
  await first.locator('> summary').click();
  await expect.poll(() => handle?.getAttribute('open')).toBe('');
  await expect
    .poll(() => handle?.evaluate((el) => el.querySelectorAll(':scope > ul > li > a').length))
    .toBeGreaterThan(0);
  expect(await handle?.getAttribute('data-sb-lazy')).toBeNull();
  // Another category needs no second request: the file is fetched once.
  const second = page.locator('#sidebar details[open] > ul > li > details[data-sb-lazy]').first();
  const secondHandle = await second.elementHandle();
  await second.locator('> summary').click();
  await expect
    .poll(() => secondHandle?.evaluate((el) => el.querySelectorAll(':scope > ul > li').length))
    .toBeGreaterThan(0);
  expect(fetched).toHaveLength(1);
  // It lists what the category's own page lists in its sidebar, where the category is open.
  const links = await handle.evaluate((el) =>
    [...el.querySelectorAll(':scope > ul > li > a')].map((a) => a.getAttribute('href') ?? ''),
  );
  await page.goto(href ?? '/');
  const current = page.locator('#sidebar a[aria-current="page"]');
  await expect(current).toHaveAttribute('href', href ?? '');
  const there = await current
    .locator('xpath=following-sibling::details[1]/ul/li/a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(links).toEqual(there);
});

test('a category without a page of its own, off the branch, becomes a toggle that fills as it opens', async ({
  page,
}) => {
  await gotoReady(page, pages.deep);
  const toggle = page.locator('#sidebar > ul > li > details', { hasText: 'Load & Unload Data' });
  // The loader turned the server's link to its first page into the same toggle the server writes on the branch.
  await expect(toggle).toHaveAttribute('data-sb-lazy', '');
  await expect(toggle.locator('> summary > span')).toHaveText('Load & Unload Data');
  await expect(page.locator('#sidebar a[data-sb-group]')).toHaveCount(0);
  const handle = await toggle.elementHandle();
  await toggle.locator('> summary').click();
  // Its contents are the tree of the category's first page's sidebar: nested categories without a page included.
  await expect.poll(() => handle?.evaluate((el) => el.querySelectorAll(':scope > ul > li').length)).toBeGreaterThan(2);
  const nested = toggle.locator('> ul > li > details > summary > span', { hasText: 'Working with Stages' });
  await expect(nested).toBeVisible();
  await nested.click();
  await expect(toggle.locator('a', { hasText: 'Understanding Stages' })).toBeVisible();
});
