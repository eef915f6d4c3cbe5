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
import { serveJson } from './outputs.ts';
import { processAlive } from '../examples/example-data.ts';
import { themeBootstrap } from '../islands/theme.ts';

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

/** Temporary folders of builds running in this process: removed if the process is interrupted. */
const building = new Set<string>();

/**
 * Folders a killed build left beside the output (`site.tmp-<pid>`, `site.old-<pid>`, 40–60 MB each): removed
 * when the process that made them is gone, so a build running in another terminal keeps its own.
 */
function removeLeftovers(outDir: string): void {
  const dir = path.dirname(outDir);
  const base = path.basename(outDir);
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)$`).exec(name);
    if (m && !processAlive(Number(m[1]))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const model = await loadSite({ projectRoot: options.projectRoot, contentDir: options.contentDir });
  // The catalogue's data is read before anything is written: missing or corrupt, the build stops here.
  const objects = readEngineObjects(options.projectRoot);
  const cov = catalogueCoverage(options.projectRoot, model.catalogue);
  const tmpDir = `${options.outDir}.tmp-${process.pid}`;
  removeLeftovers(options.outDir);
  building.add(tmpDir);
  try {
    await writeSite(model, options.projectRoot, tmpDir);
    swapInto(tmpDir, options.outDir);
    // How to serve it, beside the site rather than in it: a host's configuration is not a file to publish.
    const hostConfig = `${options.outDir}.serve.json`;
    fs.writeFileSync(`${hostConfig}.tmp-${process.pid}`, serveJson(themeBootstrap));
    fs.renameSync(`${hostConfig}.tmp-${process.pid}`, hostConfig);
  } catch (err) {
    fs.rmSync(tmpDir, { recursive: true, force: true });
    throw err;
  } finally {
    building.delete(tmpDir);
  }
  const ms = performance.now() - started;
  const docs = model.pages.filter((p) => p.page.kind === 'doc').length;
  const generated = model.pages.length - docs;
  const coverage = `; catalogue coverage: ${cov.writtenPages}/${cov.cataloguePages} pages written (${((100 * cov.writtenPages) / cov.cataloguePages).toFixed(1)}%), ${cov.generatedIndexes}/${cov.catalogueIndexes} generated indexes`;
  const engine = `; engine coverage: ${coverageSummary(engineCoverage(model, objects))} documented`;
  const line = `built ${model.pages.length} pages (${docs} written, ${generated} generated) into ${path.relative(options.projectRoot, options.outDir) || '.'} in ${(ms / 1000).toFixed(2)} s${coverage}${engine}`;
  return { pages: model.pages.length, generated, ms, line };
}

async function main(): Promise<void> {
  // Ctrl-C or a kill mid-build: remove the half-written folder, then stop as the signal asks.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      for (const dir of building) fs.rmSync(dir, { recursive: true, force: true });
      process.exit(code);
    });
  }
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
