/** The line `npm run build` prints: pages built, where, how long, and the coverage of the catalogue and the engine. */
import path from 'node:path';
import type { Coverage } from './coverage.ts';

export function summaryLine(figures: {
  pages: number;
  docs: number;
  outDir: string;
  projectRoot: string;
  ms: number;
  coverage: Coverage;
  /** The engine coverage (`coverageSummary`). */
  engine: string;
}): string {
  const cov = figures.coverage;
  const coverageText =
    `; catalogue coverage: ${cov.writtenPages}/${cov.cataloguePages} pages written ` +
    `(${((100 * cov.writtenPages) / cov.cataloguePages).toFixed(1)}%), ` +
    `${cov.generatedIndexes}/${cov.catalogueIndexes} generated indexes`;
  return (
    `built ${figures.pages} pages (${figures.docs} written, ${figures.pages - figures.docs} generated) into ` +
    `${path.relative(figures.projectRoot, figures.outDir) || '.'} in ${(figures.ms / 1000).toFixed(2)} ` +
    `s${coverageText}; engine coverage: ${figures.engine} documented`
  );
}
