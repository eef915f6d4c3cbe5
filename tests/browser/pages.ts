import type { Page } from '@playwright/test';

/** Routes the browser tests visit: one of each kind of page. */
export const pages = {
  home: '/doc/',
  landing: '/doc/sql-functions',
  generatedIndex: '/doc/reference/functions/datetime-functions',
  deep: '/doc/sql-functions/datetime-functions/datetrunc',
  command: '/doc/sql-commands/ddl/table/ddl-truncate-table',
  tabs: '/doc/develop/api/rest',
  guide: '/doc/deploy/deploying-databend',
  indexPage: '/doc/guides/',
} as const;

/** Opens a route and waits until its islands are hydrated, so clicks reach live controls. */
export async function gotoReady(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.locator('html[data-islands="ready"]').waitFor({ state: 'attached' });
}
