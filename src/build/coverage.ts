import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../catalogue/types.ts';

/** One row of `content/catalogue/catalogue.tsv`: a route the site must eventually serve. */
export interface CatalogueRow {
  id: string;
  route: string;
  title: string;
  sidebarLabel: string;
  categoryPath: string;
  position: string;
  source: string;
}

/** The rows of a tab-separated file of `content/catalogue/` (its header line skipped), or undefined when absent. */
export function readCatalogueTsv(projectRoot: string, name: string): string[][] | undefined {
  const file = path.join(projectRoot, 'content/catalogue', name);
  if (!fs.existsSync(file)) return undefined;
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
}

export function readCatalogueRows(projectRoot: string): CatalogueRow[] | undefined {
  return readCatalogueTsv(projectRoot, 'catalogue.tsv')?.map(([id = '', route = '', title = '', sidebarLabel = '', categoryPath = '', position = '', source = '']) => ({
    id,
    route,
    title,
    sidebarLabel,
    categoryPath,
    position,
    source,
  }));
}

export interface Coverage {
  writtenPages: number;
  cataloguePages: number;
  generatedIndexes: number;
  catalogueIndexes: number;
}

/**
 * How much of the catalogue (`content/catalogue/catalogue.tsv`) exists: written Markdown pages and generated
 * category pages, matched by route.
 */
export function catalogueCoverage(projectRoot: string, catalogue: Catalogue): Coverage | undefined {
  const rows = readCatalogueRows(projectRoot);
  if (!rows) return undefined;
  const built = new Set(catalogue.pages.map((p) => p.route));
  let writtenPages = 0;
  let cataloguePages = 0;
  let generatedIndexes = 0;
  let catalogueIndexes = 0;
  for (const { id, route } of rows) {
    const generated = id.startsWith('generated-index:');
    if (generated) catalogueIndexes++;
    else cataloguePages++;
    if (built.has(route)) generated ? generatedIndexes++ : writtenPages++;
  }
  return { writtenPages, cataloguePages, generatedIndexes, catalogueIndexes };
}
