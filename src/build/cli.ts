/**
 * `npm run build`: content → catalogue → render → site/. Writes into a temporary folder and swaps it into place
 * only on success; on any content error it prints every problem (file:line: reason) and exits 1. The stages
 * are in `build-site.ts`.
 *
 *   tsx src/build/cli.ts [--content <dir>] [--out <dir>] [--cache <dir> | --no-cache] [--threads <n>] [--stats]
 *
 * `--stats` adds a line of JSON (time, peak memory of the process and its threads, stages, what was rendered)
 * for the benchmark.
 */
import './production-env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { ContentErrors } from '../content/errors.ts';
import { processAlive } from '../examples/example-data.ts';
import type { BuildOptions, BuildSummary } from './build-site.ts';
import { siteConfig } from '../site.config.ts';
import { BUNDLED_WORKER, startEarlyThread } from './render/early-thread.ts';
import { builtBefore, contentStamp, saveStamp, stampFile } from './render/thread-hint.ts';
import { CacheFolderError } from './cache/cache-folder.ts';
import { exitOnBadOptions, type OptionSpec } from './cli-options.ts';
import { building, OutputFolderError } from './write/output-folder.ts';

export type { BuildOptions, BuildSummary };

/**
 * Folders a killed build left beside the output (`site.tmp-<pid>`, `site.old-<pid>-<n>`, 40–60 MB each): removed
 * when the process that made them is gone, so a build running in another terminal keeps its own.
 */
function removeLeftovers(outDir: string): void {
  const dir = path.dirname(outDir);
  const base = path.basename(outDir);
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)(?:-\\d+)?$`).exec(name);
    if (m && !processAlive(Number(m[1]))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  removeLeftovers(options.outDir);
  // The build's modules (and the packages they bring) load only now: the first render thread, started before
  // them, loads meanwhile.
  const { buildSite: build } = await import('./build-site.ts');
  return build(options);
}

const USAGE = 'npm run build -- [--content <dir>] [--out <dir>] [--cache <dir> | --no-cache] [--threads <n>] [--stats]';
const OPTIONS: OptionSpec = {
  alone: ['--no-cache', '--stats'],
  withValue: ['--content', '--out', '--cache', '--threads'],
  numbers: { '--threads': [0, 256] },
  exclusive: [['--cache', '--no-cache']],
};

async function main(): Promise<void> {
  // Ctrl-C or a kill mid-build: remove the half-written folder, then stop as the signal asks.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      for (const dir of building) fs.rmSync(dir, { recursive: true, force: true });
      process.exit(code);
    });
  }
  const args = process.argv.slice(2);
  const projectRoot = process.cwd();
  exitOnBadOptions('build', args, OPTIONS, USAGE);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const contentDir = flag('--content');
  const outDir = path.resolve(projectRoot, flag('--out') ?? 'site');
  const cacheDir = args.includes('--no-cache') ? false : flag('--cache') && path.resolve(projectRoot, flag('--cache')!);
  const threads = flag('--threads') === undefined ? undefined : Number(flag('--threads'));
  // The first render thread loads while the build reads the content, unless the last build was of this very
  // content (`thread-hint.ts`): then nothing is likely to render.
  let hint: { file: string; stamp: string } | undefined;
  if (BUNDLED_WORKER && threads !== 0) {
    if (cacheDir !== false) {
      const contentRoot = path.resolve(projectRoot, contentDir ?? siteConfig.contentDir);
      const file = stampFile(cacheDir || path.join(projectRoot, '.cache', 'build'), contentRoot);
      hint = { file, stamp: contentStamp(contentRoot, BUNDLED_WORKER) };
    }
    if (!hint || !builtBefore(hint.file, hint.stamp)) startEarlyThread(BUNDLED_WORKER);
  }
  try {
    const summary = await buildSite({
      projectRoot,
      contentDir,
      outDir,
      cacheDir: cacheDir || (cacheDir === false ? false : undefined),
      threads,
    });
    if (hint) saveStamp(hint.file, hint.stamp);
    console.log(summary.line);
    if (args.includes('--stats'))
      console.log(
        JSON.stringify({
          ms: summary.ms,
          maxRssKb: process.resourceUsage().maxRSS,
          stages: summary.stages,
          rendered: summary.rendered,
        }),
      );
  } catch (err) {
    if (err instanceof ContentErrors) {
      console.error(
        `build failed: ${err.errors.length} problem${err.errors.length === 1 ? '' : 's'} in the content (the previous site is unchanged)`,
      );
      for (const e of err.errors) console.error(`  ${e.message}`);
    } else if (err instanceof OutputFolderError || err instanceof CacheFolderError) {
      console.error(`build failed: ${err.message}`);
    } else {
      console.error(`build failed: ${(err as Error).stack ?? String(err)}`);
    }
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
