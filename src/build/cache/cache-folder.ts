/**
 * The cache folder (`--cache`): which folder a build may keep its cache in. The cache removes, once an hour, files
 * under its folder that the build did not use (`BuildCache.maintain`), so a folder that holds anything else, such
 * as the project (`--cache .`) or a home folder, would lose every file older than a day. A build therefore uses
 * only a folder that is new or empty, that carries the marker a build left in it, or the default `.cache/build/`,
 * and never one that overlaps the project, the content or the output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { realPath, within } from '../folders.ts';

/** The file every cache folder a build made holds: a folder without it (and not empty) is not ours to prune. */
export const CACHE_MARKER = '.databend-docs-cache';
const MARKER_TEXT =
  'This folder is the cache of the Databend documentation build: files it did not use are removed from it.\n';

export class CacheFolderError extends Error {
  constructor(cacheDir: string, why: string) {
    super(`refusing to use ${cacheDir} as the build cache: ${why}`);
    this.name = 'CacheFolderError';
  }
}

/** Refuses a cache folder the build must never write or prune (see the module's comment); checked before any use. */
export function checkCacheFolder(
  cacheDir: string,
  where: { projectRoot: string; contentRoot: string; outDir: string },
): void {
  const cache = realPath(cacheDir);
  const project = realPath(where.projectRoot);
  const content = realPath(where.contentRoot);
  const out = realPath(where.outDir);
  if (within(project, cache)) throw new CacheFolderError(cacheDir, 'it is the project folder or holds it');
  if (within(cache, content) || within(content, cache))
    throw new CacheFolderError(cacheDir, 'it is the content folder, is inside it, or holds it');
  if (within(cache, out) || within(out, cache))
    throw new CacheFolderError(cacheDir, 'it is the output folder, is inside it, or holds it');
  if (within(cache, path.join(project, '.git')))
    throw new CacheFolderError(cacheDir, "it is inside the project's .git folder");
  for (const stage of ['src', 'content', 'tests', 'scripts', 'docs', 'node_modules'])
    if (within(cache, path.join(project, stage)))
      throw new CacheFolderError(cacheDir, `it is inside the project's ${stage} folder`);
  const st = fs.statSync(cache, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) throw new CacheFolderError(cacheDir, 'it is a file, not a folder');
  if (fs.existsSync(path.join(cache, CACHE_MARKER))) return;
  if (cache === realPath(path.join(where.projectRoot, '.cache', 'build'))) return;
  if (fs.readdirSync(cache).length === 0) return;
  throw new CacheFolderError(
    cacheDir,
    `it holds files that are not a build cache (no ${CACHE_MARKER} in it): empty it, remove it, or choose another --cache`,
  );
}

/** Makes the folder (if need be) and marks it as a build cache, once it passed `checkCacheFolder`. */
export function markCacheFolder(cacheDir: string): void {
  const marker = path.join(cacheDir, CACHE_MARKER);
  if (fs.existsSync(marker)) return;
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(marker, MARKER_TEXT);
}
