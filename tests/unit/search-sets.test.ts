/**
 * The query sets name pages that exist: a page renamed or moved must show up here (and be fixed in the set, with
 * the reason in the commit), never as a silent drop in a relevance figure.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/build-catalogue.ts';
import { scanContent } from '../../src/content/scan.ts';
import { siteConfig } from '../../src/site.config.ts';
import { heldOutSets, openCases, relevanceCases, type RelevanceCase } from '../search/relevance.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tree = scanContent(path.join(root, 'content/doc'), root);
const routes = new Set(buildCatalogue(tree, { routeBase: siteConfig.routeBase }).pages.map((p) => p.route));

function unknownRoutes(cases: readonly RelevanceCase[]): string[] {
  return cases.flatMap((c) =>
    [c.expect, ...(c.alt ?? []), ...(c.heading ? [c.heading] : [])]
      .map((url) => url.split('#')[0] ?? url)
      .filter((route) => !routes.has(route))
      .map((route) => `${JSON.stringify(c.q)}: ${route}`),
  );
}

describe('search query sets', () => {
  it('reads the catalogue of the content', () => expect(routes.size).toBeGreaterThan(400));

  it('the tuning suite and the open queries name catalogue pages', () => {
    expect(relevanceCases(root).length).toBeGreaterThan(300);
    expect(unknownRoutes([...relevanceCases(root), ...openCases(root)])).toEqual([]);
  });

  it('the six frozen held-out sets are there, naming catalogue pages (A and B of at least 120 queries, 3 to 6 of 50)', () => {
    const sets = heldOutSets(root);
    expect(sets.map((s) => s.file)).toEqual([
      'held-out.json',
      'held-out-2.json',
      'held-out-3.json',
      'held-out-4.json',
      'held-out-5.json',
      'held-out-6.json',
    ]);
    for (const set of sets) {
      expect(set.cases.length, set.file).toBeGreaterThanOrEqual(/held-out-[3-6]\.json/.test(set.file) ? 50 : 120);
      expect(unknownRoutes(set.cases), set.file).toEqual([]);
    }
  });
});
