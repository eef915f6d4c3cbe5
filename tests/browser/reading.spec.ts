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

/** A tap where the control is, as a finger does (Playwright's click first scrolls a sticky control "into view"). */
async function tapAt(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
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
    await expect(drawer).toHaveAttribute('aria-modal', 'true');
    await expect(drawer).toHaveAttribute('role', 'dialog');
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
    expect(await page.evaluate(() => (document.getElementById('content') as HTMLElement & { inert: boolean }).inert)).toBe(true);
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
