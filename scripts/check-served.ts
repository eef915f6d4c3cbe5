/**
 * Checks the built site the way readers meet it: through the server `npm start` runs, not by reading files (a file
 * in `site/` can still answer 404). Every URL of `sitemap.xml` and every route of the catalogue must answer 200,
 * with and without its trailing slash, `/404` must answer 404; then a crawler (linkinator) follows every link from
 * `/doc/` through the server, and every page, asset and anchor target it reaches must answer. Exits 1 listing
 * each failure.
 *
 *   npx tsx scripts/check-served.ts [site-folder] [--no-crawl]
 */
import fs from 'node:fs';
import path from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import { createSiteServer } from '../src/serve/serve-site.ts';
import { siteConfig } from '../src/site.config.ts';
import { exitOnBadOptions } from '../src/build/cli-options.ts';
import type { AddressInfo } from 'node:net';

/** The routes a site must answer: its sitemap's URLs and the catalogue's routes, each in both slash forms. */
export function routesToCheck(siteDir: string, catalogueTsv: string): string[] {
  const sitemap = fs.readFileSync(path.join(siteDir, 'sitemap.xml'), 'utf8');
  const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '', siteConfig.origin).pathname,
  );
  const fromCatalogue = fs
    .readFileSync(catalogueTsv, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[1] ?? '')
    .filter((route) => route.startsWith('/doc'));
  const both = (route: string) => (route.endsWith('/') ? [route, route.slice(0, -1)] : [route, `${route}/`]);
  return [...new Set([...fromSitemap, ...fromCatalogue].flatMap(both))].sort();
}

/** Every failure found through the server (empty when the site passes): routes first, then the crawl's. */
export async function checkServed(
  siteDir: string,
  catalogueTsv: string,
  options: { crawl?: boolean; log?: (line: string) => void } = {},
): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const server = createSiteServer(siteDir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const failures: string[] = [];
  try {
    const routes = routesToCheck(siteDir, catalogueTsv);
    // A few at a time: the server is in this process, and this is a check, not a load test.
    for (let i = 0; i < routes.length; i += 16) {
      await Promise.all(
        routes.slice(i, i + 16).map(async (route) => {
          const res = await fetch(`${base}${route}`, { redirect: 'manual' });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${route}: ${res.status} through the server`);
        }),
      );
    }
    const missing = await fetch(`${base}/404`);
    await missing.arrayBuffer();
    if (missing.status !== 404) failures.push(`/404: ${missing.status}, expected 404`);
    log(`served: ${routes.length} routes (sitemap and catalogue, both slash forms) requested`);

    if (options.crawl !== false) {
      const checker = new LinkChecker();
      const result = await checker.check({
        path: `${base}/doc/`,
        recurse: true,
        concurrency: 16,
        timeout: 30_000,
        linksToSkip: [`^(?!${base})`],
      });
      for (const link of result.links) {
        if (link.state === LinkState.BROKEN)
          failures.push(
            `${link.url.replace(base, '')}: ${link.status ?? 'no answer'} (linked from ${(link.parent ?? '').replace(base, '')})`,
          );
      }
      log(
        `crawled: ${result.links.filter((l) => l.state !== LinkState.SKIPPED).length} URLs from /doc/ through the server`,
      );
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return failures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  exitOnBadOptions(
    'check-served',
    args,
    { alone: ['--no-crawl'], positional: 1 },
    'npx tsx scripts/check-served.ts [site] [--no-crawl]',
  );
  const siteDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'site');
  const failures = await checkServed(siteDir, path.resolve('content/catalogue/catalogue.tsv'), {
    crawl: !args.includes('--no-crawl'),
    log: console.log,
  });
  for (const f of failures) console.error(`served: ${f}`);
  if (failures.length) console.error(`served: ${failures.length} failure(s)`);
  process.exit(failures.length ? 1 : 0);
}
