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
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

/**
 * What sticks out sideways at the current width: the page wider than the window, or the article's content wider
 * than the article (code blocks and tables scroll inside their own box, so they never count). One measure each:
 * a walk over every element of 590 pages, twice, doubled the test's time. And what breaks where it must not, and a
 * table column too narrow for its words.
 */
function overflowNow(): string[] {
  const out: string[] = [];
  const doc = document.documentElement.scrollWidth;
  if (doc > window.innerWidth) out.push(`page ${doc}px wide`);
  const main = document.querySelector('main');
  if (main && main.scrollWidth > main.clientWidth + 1)
    out.push(`article content ${main.scrollWidth - main.clientWidth}px wider than the article`);
  // An option (`--host`) split after its hyphens: a reader would copy `--` and `host` from two lines.
  for (const code of document.querySelectorAll('code.opt'))
    if (code.getClientRects().length > 1) out.push(`${code.textContent} broken across lines`);
  // A table's prose squeezed to a word or two a line: a cell of four words or more narrower than 7em (a table in a
  // hidden tab panel has no width).
  for (const table of document.querySelectorAll('.article table:not(.result-table, .signature-table)')) {
    const em = parseFloat(getComputedStyle(table).fontSize);
    for (const cell of table.querySelectorAll('td, th')) {
      const text = (cell.textContent ?? '').trim();
      const width = cell.getBoundingClientRect().width;
      if (width > 0 && width < 7 * em && text.split(/\s+/).length >= 4)
        out.push(`"${text.slice(0, 40)}" in a ${Math.round(width)} px column`);
    }
  }
  return out;
}

// One load of each page, measured at both widths: the phone layout as a phone shows it, then the window widened
// to a desk's (the layout follows the width, as the stylesheet's media queries read it).
test.describe('on a 390 px phone and on a 1440 px desk', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  for (let c = 0; c < CHUNKS; c++) {
    const chunk = routes.filter((_, i) => i % CHUNKS === c);
    test(`nothing sticks out sideways (part ${c + 1} of ${CHUNKS}, ${chunk.length} pages)`, async ({ page }) => {
      test.setTimeout(scaled(chunk.length * 3_000));
      const wide: string[] = [];
      // Each page loads at the width the one before ended at, and is measured there, then at the other width:
      // one resize a page.
      let widths = [PHONE, DESK];
      for (const route of chunk) {
        await page.goto(route, { waitUntil: 'load' });
        for (const [i, size] of widths.entries()) {
          if (i > 0) await page.setViewportSize(size);
          for (const problem of await page.evaluate(overflowNow)) wide.push(`${route} at ${size.width} px: ${problem}`);
        }
        widths = [...widths].reverse();
      }
      expect(wide).toEqual([]);
    });
  }
});
