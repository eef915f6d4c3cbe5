/** How two folders stand to each other, after symbolic links: the guards of the output and cache folders use it. */
import fs from 'node:fs';
import path from 'node:path';

/** The folder's real path (links resolved), or its absolute path when it does not exist yet. */
export function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** Whether `inner` is `outer` or inside it. */
export const within = (inner: string, outer: string): boolean => inner === outer || inner.startsWith(outer + path.sep);
