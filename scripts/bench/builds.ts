/** Builds timed from outside, as `npm run build` runs them, with the build's own figures (`--stats`). */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import type { BuildSummary } from '../../src/build/build-context.ts';

const projectRoot = process.cwd();

/** The pages the rebuild figures edit, one of each kind the goal names (under content/doc/). */
export const EDITED_PAGES = {
  function: '15-sql-functions/04-array-functions/index.md',
  guide: '10-deploy/02-deploying-databend.md',
  reference: '13-sql-reference/50-file-format-options.md',
};

export interface BuildRun {
  /** Wall time of the whole command, from start to exit (bundling the build's code and Node starting included). */
  wallMs: number;
  /** The build's own time (`buildSite`). */
  ms: number;
  maxRssKb: number;
  stages: Record<string, number>;
  /** The build's own figures (`BuildSummary`): what it rendered and indexed again. */
  rendered: BuildSummary['rendered'];
  load: number;
}

/**
 * One build as `npm run build` runs it (`scripts/build.sh`, as a child; through npm itself with `viaNpm`, whose
 * own start adds about a third of a second), timed from outside; its own figures from `--stats`.
 */
export function timedBuild(contentDir: string, outDir: string, cacheDir: string, viaNpm = false): BuildRun {
  const load = os.loadavg()[0] ?? 0;
  const buildArgs = ['--content', contentDir, '--out', outDir, '--cache', cacheDir, '--stats'];
  const started = performance.now();
  const run = viaNpm
    ? spawnSync('npm', ['run', 'build', '--', ...buildArgs], {
        cwd: projectRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
    : spawnSync('sh', ['scripts/build.sh', ...buildArgs], {
        cwd: projectRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}${run.stdout}`);
  const last = run.stdout.trim().split('\n').pop() ?? '{}';
  return { ...(JSON.parse(last) as Omit<BuildRun, 'wallMs' | 'load'>), wallMs, load };
}

/** Which parts of the search index a build made again (the others came from the cache). */
export const searchPartsText = (r: BuildRun) =>
  `search index: ${r.rendered.searchParts} of ${r.rendered.allSearchParts} parts written again, ${r.rendered.searchPages} pages indexed by Pagefind`;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/** A build's stages and their seconds, on one line. */
export const stagesText = (r: BuildRun) =>
  `stages: ${Object.entries(r.stages)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`)
    .join(', ')}`;
