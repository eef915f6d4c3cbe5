/**
 * `npm run build`: content → catalogue → render → site/. Writes into a temporary folder and swaps it into place
 * only on success; on any content error it prints every problem (file:line: reason) and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ContentErrors } from '../content/errors.ts';
import { coverageSummary, engineCoverage, readEngineObjects } from '../examples/engine-objects.ts';
import { catalogueCoverage } from './coverage.ts';
import { loadSite } from './load-site.ts';
import { swapInto, writeSite } from './write-site.ts';

export interface BuildOptions {
  projectRoot: string;
  contentDir?: string;
  outDir: string;
  quiet?: boolean;
}

export interface BuildSummary {
  pages: number;
  generated: number;
  ms: number;
  line: string;
}

export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const model = await loadSite({ projectRoot: options.projectRoot, contentDir: options.contentDir });
  const tmpDir = `${options.outDir}.tmp-${process.pid}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  try {
    await writeSite(model, options.projectRoot, tmpDir);
    swapInto(tmpDir, options.outDir);
  } catch (err) {
    fs.rmSync(tmpDir, { recursive: true, force: true });
    throw err;
  }
  const ms = performance.now() - started;
  const docs = model.pages.filter((p) => p.page.kind === 'doc').length;
  const generated = model.pages.length - docs;
  const cov = catalogueCoverage(options.projectRoot, model.catalogue);
  const coverage = cov
    ? `; catalogue coverage: ${cov.writtenPages}/${cov.cataloguePages} pages written (${((100 * cov.writtenPages) / cov.cataloguePages).toFixed(1)}%), ${cov.generatedIndexes}/${cov.catalogueIndexes} generated indexes`
    : '';
  const objects = readEngineObjects(options.projectRoot);
  const engine = objects ? `; engine coverage: ${coverageSummary(engineCoverage(model, objects))} documented` : '';
  const line = `built ${model.pages.length} pages (${docs} written, ${generated} generated) into ${path.relative(options.projectRoot, options.outDir) || '.'} in ${(ms / 1000).toFixed(2)} s${coverage}${engine}`;
  return { pages: model.pages.length, generated, ms, line };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const projectRoot = process.cwd();
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const contentDir = flag('--content');
  const outDir = path.resolve(projectRoot, flag('--out') ?? 'site');
  try {
    const summary = await buildSite({ projectRoot, contentDir, outDir });
    console.log(summary.line);
  } catch (err) {
    if (err instanceof ContentErrors) {
      console.error(`build failed: ${err.errors.length} problem${err.errors.length === 1 ? '' : 's'} in the content (the previous site is unchanged)`);
      for (const e of err.errors) console.error(`  ${e.message}`);
    } else {
      console.error(`build failed: ${(err as Error).stack ?? String(err)}`);
    }
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
