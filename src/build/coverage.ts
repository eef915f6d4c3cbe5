import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../catalogue/types.ts';

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
  const file = path.join(projectRoot, 'content/catalogue/catalogue.tsv');
  if (!fs.existsSync(file)) return undefined;
  const rows = fs.readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const built = new Set(catalogue.pages.map((p) => p.route));
  let writtenPages = 0;
  let cataloguePages = 0;
  let generatedIndexes = 0;
  let catalogueIndexes = 0;
  for (const [id = '', route = ''] of rows) {
    const generated = id.startsWith('generated-index:');
    if (generated) catalogueIndexes++;
    else cataloguePages++;
    if (built.has(route)) generated ? generatedIndexes++ : writtenPages++;
  }
  return { writtenPages, cataloguePages, generatedIndexes, catalogueIndexes };
}
