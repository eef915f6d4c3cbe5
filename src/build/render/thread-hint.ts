/**
 * Whether `npm run build` starts its first render thread early (`early-thread.ts`). Loading a thread costs about a
 * third of a CPU-second, and a rebuild with nothing changed renders nothing. Each build that succeeds leaves in the
 * cache a stamp of what it was started on: the bundle and every content file's path, size and modification time
 * (the results beside the pages included). A build that finds the same stamp starts no early thread. Only a hint:
 * a page that needs rendering all the same gets its thread from the pool, and the site is the same either way.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The stamp of the content folder (and its `.examples` results) for a build on `bundle`. */
export function contentStamp(contentRoot: string, bundle: string): string {
  const hash = createHash('sha256').update(bundle);
  for (const root of [contentRoot, `${contentRoot}.examples`]) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(root, { recursive: true, withFileTypes: true });
    } catch {
      hash.update('\0none');
      continue;
    }
    const lines: string[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const file = path.join(e.parentPath, e.name);
      try {
        const st = fs.statSync(file);
        lines.push(`${file}\0${st.size}\0${st.mtimeMs}`);
      } catch {
        // Removed meanwhile: the build sees the change.
      }
    }
    hash.update(`\0${root}\0${lines.sort().join('\n')}`);
  }
  return hash.digest('hex');
}

/** Where the stamp of the last build of this content is kept. */
export const stampFile = (cacheDir: string, contentRoot: string): string =>
  path.join(cacheDir, `render-hint-${createHash('sha256').update(contentRoot).digest('hex').slice(0, 16)}.txt`);

/** Whether the last build that succeeded on this cache was started on the same content and bundle. */
export function builtBefore(file: string, stamp: string): boolean {
  try {
    return fs.readFileSync(file, 'utf8') === stamp;
  } catch {
    return false;
  }
}

/** Kept for the next build (written whole, by a rename). */
export function saveStamp(file: string, stamp: string): void {
  try {
    // Named as the cache's other temporary files, which pruning removes when a killed build leaves them.
    const tmp = `${file}.tmp-${process.pid}-${Date.now()}-0`;
    fs.writeFileSync(tmp, stamp);
    fs.renameSync(tmp, file);
  } catch {
    // Only a hint: the next build starts its thread early.
  }
}
