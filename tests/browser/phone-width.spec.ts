import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { scaled } from '../load.ts';

/** Every route the sitemap lists, plus the pages it leaves out (search, not found), as paths. */
function sitemapRoutes(): string[] {
  const xml = fs.readFileSync('site/sitemap.xml', 'utf8');
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  return [...routes, '/doc/search', '/doc/search?q=date_trunc', '/doc/no/such/page'];
}

const routes = sitemapRoutes();
const CHUNKS = 6;

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (let c = 0; c < CHUNKS; c++) {
    const chunk = routes.filter((_, i) => i % CHUNKS === c);
    test(`no page is wider than the screen (part ${c + 1} of ${CHUNKS}, ${chunk.length} pages)`, async ({ page }) => {
      test.setTimeout(scaled(chunk.length * 3_000));
      const wide: string[] = [];
      for (const route of chunk) {
        await page.goto(route, { waitUntil: 'load' });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) wide.push(`${route} ${width}px`);
      }
      expect(wide).toEqual([]);
    });
  }
});
