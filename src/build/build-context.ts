/**
 * What every stage of the build shares (`BuildContext`): the options, where the content is, the cache and what the
 * last build left in it, and the clock that times each stage for `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteConfig } from '../site.config.ts';
import { BuildCache } from './cache/build-cache.ts';
import { checkCacheFolder, markCacheFolder } from './cache/cache-folder.ts';
import { sha256 } from './cache/code-hash.ts';
import { readManifest, type Manifest } from './cache/manifest.ts';
import { checkOutputFolder } from './write/output-folder.ts';

export interface BuildOptions {
  projectRoot: string;
  contentDir?: string;
  outDir: string;
  quiet?: boolean;
  /** The build cache (default `<project>/.cache/build`); `false` builds without one (a temporary folder). */
  cacheDir?: string | false;
  /** Render threads (default: one per core for a full build, none for a handful of pages). */
  threads?: number;
  /** Pages per part of the search index (`search-parts.ts`; tests use a few, to have several parts). */
  searchPagesPerPart?: number;
}

export interface BuildSummary {
  pages: number;
  generated: number;
  ms: number;
  line: string;
  /**
   * Bodies and whole pages rendered (the rest came from the cache), render threads, search index parts indexed
   * (of all), files of the site written (the others were kept) and whether the site was updated in place.
   */
  rendered: {
    bodies: number;
    pages: number;
    threads: number;
    searchParts: number;
    /** Pages Pagefind indexed (the others' entries came from the cache: `search/index-store.ts`). */
    searchPages: number;
    allSearchParts: number;
    filesWritten: number;
    inPlace: boolean;
  };
  /** Milliseconds of each stage, for the benchmark. */
  stages: Record<string, number>;
}

/** Times the stages one after another: `stage(name)` charges the time since the last call to `name`. */
export class StageClock {
  readonly started = performance.now();
  readonly stages: Record<string, number> = {};
  private mark = this.started;

  stage(name: string): void {
    const now = performance.now();
    this.stages[name] = (this.stages[name] ?? 0) + (now - this.mark);
    this.mark = now;
  }
}

export interface BuildContext {
  options: BuildOptions;
  projectRoot: string;
  /** The content folder as given (relative to the project) and resolved. */
  contentDir: string;
  contentRoot: string;
  cacheDir: string;
  cache: BuildCache;
  /** What the last build of this content left: its bodies, its site and the cache's entries. */
  previous: Manifest;
  manifestKey: string;
  clock: StageClock;
  /** The cache of a build without one (`cacheDir: false`): removed by `closeBuild`. */
  tempCache?: string;
}

/** The context of a build, once its output folder is known to be one the build may replace. */
export function openBuild(options: BuildOptions): BuildContext {
  const clock = new StageClock();
  const { projectRoot } = options;
  const contentDir = options.contentDir ?? siteConfig.contentDir;
  const contentRoot = path.resolve(projectRoot, contentDir);
  const tempCache =
    options.cacheDir === false ? fs.mkdtempSync(path.join(os.tmpdir(), 'docs-build-cache-')) : undefined;
  const cacheDir = tempCache ?? (options.cacheDir || path.join(projectRoot, '.cache', 'build'));
  if (!tempCache) {
    checkCacheFolder(cacheDir, { projectRoot, contentRoot, outDir: options.outDir });
    markCacheFolder(cacheDir);
  }
  const cache = new BuildCache(cacheDir);
  const manifestKey = sha256(contentRoot).slice(0, 16);
  const previous = readManifest(cache, projectRoot, manifestKey);
  try {
    checkOutputFolder(options.outDir, { projectRoot, contentRoot, lastWritten: previous.site?.dir });
  } catch (err) {
    if (tempCache) fs.rmSync(tempCache, { recursive: true, force: true });
    throw err;
  }
  cache.useEntries(previous.entries, previous.segments);
  return { options, projectRoot, contentDir, contentRoot, cacheDir, cache, previous, manifestKey, clock, tempCache };
}

/** The cache closed, and a build without one leaves nothing of it. */
export function closeBuild(ctx: BuildContext): void {
  ctx.cache.close();
  if (ctx.tempCache) fs.rmSync(ctx.tempCache, { recursive: true, force: true });
}
