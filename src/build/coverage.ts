import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../catalogue/types.ts';
import { ContentError, ContentErrors } from '../content/errors.ts';

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

/**
 * The rows of a tab-separated file of `content/catalogue/` (its header line skipped). A missing file, or a row
 * whose columns do not match the header (a merge conflict, a stray edit), stops the build naming file and line.
 */
export function readCatalogueTsv(projectRoot: string, name: string): string[][] {
  const rel = `content/catalogue/${name}`;
  const file = path.join(projectRoot, rel);
  if (!fs.existsSync(file))
    throw new ContentErrors([new ContentError(rel, undefined, 'the catalogue file is missing (restore it from git)')]);
  const [header = '', ...lines] = fs.readFileSync(file, 'utf8').replace(/\n+$/, '').split('\n');
  const width = header.split('\t').length;
  const errors: ContentError[] = [];
  const rows = lines.map((line, i) => {
    const cells = line.split('\t');
    if (cells.length !== width)
      errors.push(
        new ContentError(
          rel,
          i + 2,
          `${cells.length} columns where the header has ` +
            `${width}${/^(<<<<<<<|=======|>>>>>>>)/.test(line) ? ' (a merge conflict marker)' : ''}`,
        ),
      );
    return cells;
  });
  if (width < 2) errors.unshift(new ContentError(rel, 1, 'no header line of tab-separated column names'));
  if (errors.length) throw new ContentErrors(errors);
  return rows;
}

export function readCatalogueRows(projectRoot: string): CatalogueRow[] {
  return readCatalogueTsv(projectRoot, 'catalogue.tsv').map(
    ([id = '', route = '', title = '', sidebarLabel = '', categoryPath = '', position = '', source = '']) => ({
      id,
      route,
      title,
      sidebarLabel,
      categoryPath,
      position,
      source,
    }),
  );
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
export function catalogueCoverage(projectRoot: string, catalogue: Catalogue): Coverage {
  const rows = readCatalogueRows(projectRoot);
  const built = new Set(catalogue.pages.map((p) => p.route));
  let writtenPages = 0;
  let cataloguePages = 0;
  let generatedIndexes = 0;
  let catalogueIndexes = 0;
  for (const { id, route } of rows) {
    const generated = id.startsWith('generated-index:');
    if (generated) catalogueIndexes++;
    else cataloguePages++;
    if (built.has(route)) {
      if (generated) generatedIndexes++;
      else writtenPages++;
    }
  }
  return { writtenPages, cataloguePages, generatedIndexes, catalogueIndexes };
}
