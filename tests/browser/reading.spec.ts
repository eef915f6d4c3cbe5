import { expect, test, type Page } from '@playwright/test';
import { gotoReady } from './pages.ts';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const desk = { viewport: { width: 1440, height: 900 } } as const;

/** Pages with many code blocks, titled and untitled, with and without results. */
const codePages = ['/doc/sql-functions/datetime-functions/tostartofweek', '/doc/sql-commands/ddl/table/ddl-create-table'];

/** Code blocks whose copy button's box overlaps the box of their first line of text. */
async function coveredBlocks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
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
      if (overlap(button.getBoundingClientRect(), text)) covered.push(`block ${i + 1}: ${(line.textContent ?? '').slice(0, 40)}`);
    });
    return covered;
  });
}

for (const [name, device] of [['phone', phone], ['desk', desk]] as const) {
  test.describe(`on a ${name}`, () => {
    test.use(device);
    test('"Copy code" never covers the code', async ({ page }) => {
      for (const route of codePages) {
        await gotoReady(page, route);
        expect(await page.locator('button.copy-code').count()).toBeGreaterThan(5);
        expect(await coveredBlocks(page), route).toEqual([]);
      }
    });
  });
}
