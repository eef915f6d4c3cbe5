/** Writing the site: where each route goes, output paths kept inside the output, and the final swap. */
import fs from 'node:fs';
import path from 'node:path';
import { routeKey } from '../catalogue/ids.ts';

/** The site icon: a drawn mark (ours), so no third-party file is fetched. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" stroke-width="3.2"/></svg>\n';

/** The file a route is written to: every route is a folder with an index.html, so both URL forms resolve. */
export function htmlFileOf(route: string): string {
  const key = routeKey(route).replace(/^\//, '');
  return path.join(key, 'index.html');
}

/**
 * The absolute path of an output file, checked to land inside the output folder: routes are validated where
 * they are read, and this is the last line of defence should anything slip through.
 */
export function outputPathIn(root: string, rel: string): string {
  const file = path.resolve(root, rel);
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`refusing to write "${rel}": it resolves outside the output folder`);
  return file;
}

export function writeFile(root: string, rel: string, data: string | Buffer): void {
  const file = outputPathIn(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/** Replaces `outDir` by `tmpDir` with two renames, so readers of `outDir` see the old or the new site, never half. */
export function swapInto(tmpDir: string, outDir: string): void {
  const old = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(tmpDir, outDir);
  fs.rmSync(old, { recursive: true, force: true });
}
