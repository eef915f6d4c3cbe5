import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoReady } from './pages.ts';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const desk = { viewport: { width: 1440, height: 900 } } as const;

/** Pages with many code blocks, titled and untitled, with and without results. */
const codePages = [
  '/doc/sql-functions/datetime-functions/tostartofweek',
  '/doc/sql-commands/ddl/table/ddl-create-table',
];

/** Code blocks whose copy button's box overlaps the box of their first line of text. */
async function coveredBlocks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered: string[] = [];
    document.querySelectorAll('figure.code-block').forEach((figure, i) => {
      const button = figure.querySelector('button.copy-code');
      const line = figure.querySelector('pre .line, pre code');
      if (!button || !line) return;
      const range = document.createRange();
      range.selectNodeContents(line);
      // The line's whole box: the union of its tokens' boxes.
      const rects = [...range.getClientRects()];
      if (rects.length === 0) return;
      const text = new DOMRect();
      const left = Math.min(...rects.map((r) => r.left));
      const top = Math.min(...rects.map((r) => r.top));
      text.x = left;
      text.y = top;
      text.width = Math.max(...rects.map((r) => r.right)) - left;
      text.height = Math.max(...rects.map((r) => r.bottom)) - top;
      if (overlap(button.getBoundingClientRect(), text))
        covered.push(`block ${i + 1}: ${(line.textContent ?? '').slice(0, 40)}`);
    });
    return covered;
  });
}

for (const [name, device] of [
  ['phone', phone],
  ['desk', desk],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use(device);
    test('"Copy code" never covers the code', async ({ page }) => {
      for (const route of codePages) {
        await gotoReady(page, route);
        expect(await page.locator('button.copy-code').count()).toBeGreaterThan(5);
        expect(await coveredBlocks(page), route).toEqual([]);
      }
    });
    test("back to top never lies over a code block's buttons at the bottom of the screen", async ({ page }) => {
      await gotoReady(page, '/doc/sql-commands/ddl/table/ddl-create-table');
      expect(await copyButtonAtBottomTaps(page)).toEqual({ shown: true, reached: true });
    });
  });
}

/** A tap where the control is, as a finger does (Playwright's click first scrolls a sticky control "into view"). */
async function tapAt(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Brings a code block's "Copy with setup" button, well down the page, to the bottom right of the screen, where a
 * floating control would sit, and says whether a tap anywhere on it reaches it, with the back-to-top control shown.
 */
async function copyButtonAtBottomTaps(page: Page): Promise<{ shown: boolean; reached: boolean }> {
  return page.evaluate(async () => {
    const button = [...document.querySelectorAll('button.copy-with-setup')].find(
      (b) => b.getBoundingClientRect().top > window.innerHeight * 1.5,
    );
    if (!button) throw new Error('no "Copy with setup" button far enough down');
    const box = button.getBoundingClientRect();
    window.scrollBy(0, box.top + box.height / 2 - (window.innerHeight - 38));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const now = button.getBoundingClientRect();
    const back = document.querySelector('.back-to-top');
    // A tap anywhere along the button, not only at its centre.
    const reached = [0.1, 0.3, 0.5, 0.7, 0.9].every((f) => {
      const hit = document.elementFromPoint(now.left + now.width * f, now.top + now.height / 2);
      return !!hit && button.contains(hit);
    });
    return { shown: !!back && getComputedStyle(back).visibility === 'visible', reached };
  });
}

test.describe('the menu drawer on a phone', () => {
  test.use(phone);
  test('holds the article in place, traps focus, is modal, and its button says Close', async ({ page }) => {
    await gotoReady(page, '/doc/sql-functions/array-functions/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    const menu = page.locator('button.menu-button');
    await expect(menu).toHaveText('Menu');
    await tapAt(page, 'button.menu-button');
    const drawer = page.locator('#sidebar');
    await expect(drawer).toBeVisible();
    const dialog = page.locator('.sidebar-drawer');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAttribute('role', 'dialog');
    await expect(dialog).toHaveAttribute('aria-label', 'Documentation');
    await expect(menu).toHaveText('Close');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.locator('[aria-current="page"]')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // The wheel over the top bar does not scroll the page behind the drawer.
    await page.mouse.move(200, 20);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // Tab from the drawer's last control goes to the Close button, Shift+Tab from it back into the drawer.
    await drawer.locator('a[href]:visible, summary:visible').last().focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.getElementById('sidebar')?.contains(document.activeElement))).toBe(true);
    // The article behind cannot take focus.
    expect(
      await page.evaluate(() => (document.getElementById('content') as HTMLElement & { inert: boolean }).inert),
    ).toBe(true);
    await tapAt(page, 'button.menu-button');
    await expect(drawer).toBeHidden();
    await expect(menu).toHaveText('Menu');
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await tapAt(page, 'button.menu-button');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
  });
});

test.describe('reading a long page on a phone', () => {
  test.use(phone);
  const long = '/doc/sql-functions/array-functions/';

  test('"On this page" stays at hand anywhere, and a jump lands at its heading', async ({ page }) => {
    await gotoReady(page, long);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
    const toc = page.locator('details.toc-inline');
    await expect(toc.locator('summary')).toBeInViewport();
    await tapAt(page, 'details.toc-inline summary');
    const entry = toc.locator('a').nth(5);
    const id = decodeURIComponent(((await entry.getAttribute('href')) ?? '').slice(1));
    await entry.click();
    await expect(toc).not.toHaveAttribute('open', '');
    // The heading sits just under the two bars: visible, not hidden under them, not far below.
    const placed = async () =>
      page.evaluate((headingId) => {
        const top = document.getElementById(headingId)?.getBoundingClientRect().top ?? -1;
        const bars = Math.max(
          document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0,
          document.querySelector('details.toc-inline')?.getBoundingClientRect().bottom ?? 0,
        );
        return top >= bars - 1 && top <= bars + 40;
      }, id);
    await expect.poll(placed).toBe(true);
  });

  test('the sticky "On this page" bar reads as solid: nothing shows at its corners, in either theme', async ({
    page,
  }) => {
    await gotoReady(page, long);
    // Something dark in the light theme and light in the dark one (an image, a run of text) scrolls under the bar.
    await page.evaluate(() => {
      const block = document.createElement('div');
      block.style.cssText = 'height: 1500px; background: var(--text)';
      document.querySelector('.article h2')?.before(block);
      window.scrollTo(0, block.getBoundingClientRect().top + window.scrollY + 300);
    });
    const bar = await page.locator('details.toc-inline').boundingBox();
    if (!bar) throw new Error('no bar');
    // A pixel just inside each corner of the bar's box, outside its rounded border; the page's colour beside the
    // top bar, for comparison.
    const [l, t] = [Math.floor(bar.x), Math.floor(bar.y)];
    const [r, b] = [Math.floor(bar.x + bar.width - 1), Math.floor(bar.y + bar.height - 1)];
    const points: [number, number][] = [
      [l, t],
      [r, t],
      [l, b],
      [r, b],
      [2, 2],
    ];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const lum = await pixels(page, await page.screenshot(), points);
      const pageColour = lum.pop() ?? 0;
      expect(
        lum.map((v) => Math.abs(v - pageColour) < 16),
        scheme,
      ).toEqual([true, true, true, true]);
    }
  });

  test('tap targets are at least 24 px and heading anchors show without hover', async ({ page }) => {
    await gotoReady(page, '/doc/sql-functions/datetime-functions/tostartofweek');
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '.breadcrumbs a, .page-actions a, .heading-anchor, .prev-next a, .toc-inline summary',
        ),
      ]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.height < 24 || r.width < 24)
        .map(
          ({ el, r }) =>
            `${el.className || el.tagName} "${el.textContent}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        ),
    );
    expect(small).toEqual([]);
    const opacity = await page
      .locator('h2 .heading-anchor')
      .first()
      .evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(opacity).toBeGreaterThan(0.4);
  });

  test('a back-to-top control appears once the reader has scrolled, and leads to the top', async ({ page }) => {
    await gotoReady(page, long);
    const back = page.locator('a.back-to-top');
    await expect(back).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(back).toBeInViewport();
    await expect(back).toBeVisible();
    // A round arrow that covers little of the prose behind it, still named for a screen reader.
    const box = await back.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(48);
    expect(box?.height).toBeLessThanOrEqual(48);
    await expect(back).toHaveAccessibleName('Back to top');
    await tapAt(page, 'a.back-to-top');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);
  });
});

test.describe('reading on a desk', () => {
  test.use(desk);
  test('prose runs 65 to 80 characters a line', async ({ page }) => {
    await gotoReady(page, '/doc/sql-commands/ddl/table/ddl-create-table');
    // Characters per line of every paragraph of three lines or more, averaged.
    const perLine = await page.evaluate(() => {
      const rates: number[] = [];
      for (const p of document.querySelectorAll<HTMLElement>('.article p, .article li')) {
        if (p.querySelector('p, ul, ol')) continue;
        const lineHeight = parseFloat(getComputedStyle(p).lineHeight);
        const lines = Math.round(p.getBoundingClientRect().height / lineHeight);
        if (lines >= 3) rates.push((p.textContent ?? '').length / (lines - 0.5));
      }
      return rates.reduce((a, b) => a + b, 0) / rates.length;
    });
    expect(perLine).toBeGreaterThanOrEqual(65);
    expect(perLine).toBeLessThanOrEqual(80);
  });
});

test('two tab groups on one page have ids of their own: each tab controls a panel of its own group', async ({
  page,
}) => {
  await gotoReady(page, '/doc/deploy/metasrv/deploying-databend-on-kubernetes');
  const groups = page.locator('.tabs');
  expect(await groups.count()).toBeGreaterThan(1);
  const wrong = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
    const misplaced = [...document.querySelectorAll('.tabs [role="tab"]')]
      .filter((tab) => {
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        return !panel || panel.closest('.tabs') !== tab.closest('.tabs');
      })
      .map((tab) => tab.id);
    return { dup, misplaced };
  });
  expect(wrong).toEqual({ dup: [], misplaced: [] });
});

test('breadcrumb structured data is on the page and the Content-Security-Policy refuses nothing', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await gotoReady(page, '/doc/sql-functions/datetime-functions/tostartofweek');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@type': string;
    itemListElement: { name: string; position: number }[];
  };
  expect(data['@type']).toBe('BreadcrumbList');
  expect(data.itemListElement.at(-1)).toMatchObject({ name: 'TO_START_OF_WEEK' });
  expect(data.itemListElement.map((e) => e.position)).toEqual(data.itemListElement.map((_, i) => i + 1));
  expect(violations).toEqual([]);
});

test('on paper: only the article, code wrapped, links with their address, tables within the page', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 1000 });
  await gotoReady(page, '/doc/sql-commands/ddl/table/ddl-create-table');
  await page.emulateMedia({ media: 'print' });
  for (const chrome of [
    '.top-bar',
    '#sidebar',
    'details.toc-inline',
    '.prev-next',
    'button.copy-code',
    '.page-actions',
  ]) {
    await expect(page.locator(chrome).first(), chrome).toBeHidden();
  }
  await expect(page.locator('article h1')).toBeVisible();
  const paper = await page.evaluate(() => {
    const pre = document.querySelector('.code-block pre');
    const link = [...document.querySelectorAll('.article a[href]')].find(
      (a) => !a.getAttribute('href')?.startsWith('#'),
    );
    const article = document.querySelector('.article')?.getBoundingClientRect();
    const tables = [...document.querySelectorAll('.article table')].map((t) => t.getBoundingClientRect());
    return {
      wrap: pre ? getComputedStyle(pre).whiteSpace : '',
      linkAfter: link ? getComputedStyle(link, '::after').content : '',
      href: link?.getAttribute('href') ?? '',
      tablesOutside: tables.filter((t) => article && t.right > article.right + 1).length,
      wide: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
  expect(paper.wrap).toBe('pre-wrap');
  expect(paper.linkAfter).toContain(paper.href);
  expect(paper.tablesOutside).toBe(0);
  expect(paper.wide).toBe(false);
});

test('the RFC template is neither the first RFC nor the page after the roadmap', async ({ page }) => {
  await gotoReady(page, '/doc/contributing/roadmap');
  await expect(page.locator('a[rel="next"]')).not.toHaveAttribute('href', /rfcs\/example/);
  await gotoReady(page, '/doc/contributing/rfcs');
  const first = page.locator('.section-cards a').first();
  await expect(first).not.toHaveAttribute('href', /rfcs\/example/);
  await expect(page.locator('.section-cards a').last()).toHaveAttribute('href', /rfcs\/example/);
});

test.describe('the sidebar on a desk', () => {
  test.use(desk);
  test('shows the current page on load, wraps long names instead of scrolling sideways, and lists a name before its variants', async ({
    page,
  }) => {
    await gotoReady(page, '/doc/sql-functions/geo-functions/');
    await expect(page.locator('#sidebar [aria-current="page"]')).toBeInViewport();
    await gotoReady(page, '/doc/sql-functions/aggregate-functions/aggregate-min-if');
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.locator('[aria-current="page"]')).toBeInViewport();
    expect(await sidebar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const labels = await sidebar.locator('a').allTextContents();
    expect(labels.indexOf('MIN')).toBeGreaterThanOrEqual(0);
    expect(labels.indexOf('MIN')).toBeLessThan(labels.indexOf('MIN_IF'));
    expect(labels.indexOf('AVG')).toBeLessThan(labels.indexOf('AVG_IF'));
  });
});

/** The colour of pixels in a PNG, read in a blank page's canvas (the site's CSP rightly refuses data: images). */
async function pixels(page: Page, png: Buffer, points: [number, number][]): Promise<number[]> {
  const blank = await page.context().newPage();
  const lum = await blank.evaluate(
    async ({ data, points: at }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return [];
      ctx.drawImage(img, 0, 0);
      return at.map(([x, y]) => {
        const [r = 0, g = 0, b = 0] = ctx.getImageData(Math.min(x, img.width - 1), y, 1, 1).data;
        return Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
      });
    },
    { data: png.toString('base64'), points },
  );
  await blank.close();
  return lum;
}

/**
 * How far the colour two pixels in from each side edge of a scroll box differs from the colour it would have
 * without a shadow, at its header row (a quarter down) and a body row (three quarters down) or, for code, the
 * empty padding under the last line: the page's own colour beside a table, the block's colour in its middle.
 */
async function edgeShade(page: Page, box: Locator, code: boolean): Promise<{ start: number; end: number }> {
  const size = await box.boundingBox();
  if (!size) throw new Error('no box');
  const w = Math.round(size.width);
  const rows = code ? [Math.round(size.height) - 5] : [0.25, 0.75].map((f) => Math.round(size.height * f));
  const shot = await box.screenshot();
  const plain = code
    ? await pixels(page, shot, [[Math.round(w / 2), rows[0] ?? 0]])
    : await pixels(page, await page.screenshot(), [[1, Math.round(size.y + (rows[1] ?? 0))]]);
  const base = plain[0] ?? 0;
  const lum = await pixels(
    page,
    shot,
    rows.flatMap((y): [number, number][] => [
      [2, y],
      [w - 3, y],
    ]),
  );
  const side = (i: number) => Math.min(...lum.filter((_, k) => k % 2 === i).map((v) => Math.abs(v - base)));
  return { start: side(0), end: side(1) };
}

test.describe('a table or code block wider than the phone', () => {
  test.use(phone);
  test('shows a clear shadow over the edge that hides more, and none at the edge it has reached', async ({ page }) => {
    await gotoReady(page, '/doc/sql-functions/datetime-functions/tostartofweek');
    await page.evaluate(() => {
      const wide = (sel: string) =>
        [...document.querySelectorAll<HTMLElement>(sel)].find((el) => el.scrollWidth > el.clientWidth + 40);
      wide('.result-scroll')?.setAttribute('data-wide', 'table');
      wide('.code-block pre')?.setAttribute('data-wide', 'code');
    });
    for (const kind of ['table', 'code'] as const) {
      const box = page.locator(`[data-wide="${kind}"]`);
      await box.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await box.evaluate((el) => el.scrollTo({ left: 0 }));
        const atStart = await edgeShade(page, box, kind === 'code');
        await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        const atEnd = await edgeShade(page, box, kind === 'code');
        const seen = {
          startAtStart: atStart.start,
          endAtStart: atStart.end,
          startAtEnd: atEnd.start,
          endAtEnd: atEnd.end,
        };
        // A shadow changes the colour by at least 30 of 255 (the old, faint one: about 10), none by under 10.
        expect(
          Object.values(seen).map((v, i) => (i === 0 || i === 3 ? v < 10 : v >= 30)),
          `${kind}, ${scheme}: ${JSON.stringify(seen)}`,
        ).toEqual([true, true, true, true]);
      }
    }
  });
});

test.describe('a table of prose wider than the phone', () => {
  test.use(phone);
  test('gives its description column room for lines, not a word a line', async ({ page }) => {
    await gotoReady(page, '/doc/sql-functions/datetime-functions/datetrunc');
    // The Arguments table: argument, type, description, allowed values.
    const width = await page
      .locator('.table-scroll:not(.result-scroll) table')
      .first()
      .evaluate((table) => {
        const heads = [...table.querySelectorAll('thead th')];
        const i = heads.findIndex((th) => th.textContent === 'Description');
        return heads[i]?.getBoundingClientRect().width ?? 0;
      });
    // 150 px holds about twenty characters of the table's text.
    expect(width).toBeGreaterThan(150);
  });
});

test.describe('a table of long names on a phone', () => {
  test.use(phone);
  test('breaks a name between its words, so the next column keeps room for lines', async ({ page }) => {
    await gotoReady(page, '/doc/sql-functions/array-functions/');
    // The row of the longest name: ARRAY_APPROX_COUNT_DISTINCT, then what it returns.
    const width = await page
      .locator('.article tr', { hasText: 'ARRAY_APPROX_COUNT_DISTINCT' })
      .first()
      .evaluate((row) => row.children[1]?.getBoundingClientRect().width ?? 0);
    // 130 px holds about eighteen characters of the table's text: lines, not a word a line.
    expect(width).toBeGreaterThan(130);
  });
});

test.describe('a heading that fills its line on a phone', () => {
  test.use(phone);
  test('keeps its "#" anchor on its last line, not on a line of its own', async ({ page }) => {
    await gotoReady(page, '/doc/sql-reference/error-codes/codes-1100-1999');
    const alone = await page.evaluate(() =>
      [...document.querySelectorAll('.article :is(h2, h3)')].flatMap((heading) => {
        const anchor = heading.querySelector('.heading-anchor');
        if (!anchor) return [];
        const text = document.createRange();
        text.selectNodeContents(heading);
        text.setEndBefore(anchor);
        const lines = text.getClientRects();
        const lastLine = lines[lines.length - 1];
        const mark = anchor.getClientRects()[0];
        if (!lastLine || !mark) return [];
        // The "#" sits on the text's last line when their boxes share a vertical band.
        return mark.top < lastLine.bottom && lastLine.top < mark.bottom ? [] : [heading.textContent ?? ''];
      }),
    );
    expect(alone).toEqual([]);
  });
});

test.describe('the table of contents on a desk', () => {
  test.use(desk);
  test('breaks a long error name between its words, never inside one', async ({ page }) => {
    await gotoReady(page, '/doc/sql-reference/error-codes/codes-1100-1999');
    // Each word of a long CamelCase or snake_case name must sit on one line: one box per word.
    const split = await page
      .locator('.toc-list')
      .first()
      .evaluate((list) => {
        const broken: string[] = [];
        for (const link of list.querySelectorAll('a')) {
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const m of text.matchAll(/[A-Z][a-z0-9]+|[A-Za-z0-9]+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              if (range.getClientRects().length > 1) broken.push(`${link.textContent}: ${m[0]}`);
            }
          }
        }
        return broken;
      });
    expect(split).toEqual([]);
  });
});

test('the 404 page suggests pages for the mistyped address and keeps its search box', async ({ page }) => {
  const response = await page.goto('/doc/sql-functions/datetime-functions/to-start-of-weak');
  expect(response?.status()).toBe(404);
  const suggestions = page.locator('.not-found-suggestions a');
  await expect(suggestions.first()).toBeVisible();
  await expect(page.locator('.not-found-suggestions a[href$="/tostartofweek"]')).toHaveCount(1);
  await expect(
    page
      .locator('.not-found-search input[type="search"], .not-found-search [role="search"], .not-found-search input')
      .first(),
  ).toBeVisible();
});
