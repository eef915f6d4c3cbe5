/** Writing the site: where each route goes, output paths kept inside the output, and the final swap. */
import { spawn } from 'node:child_process';
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

let swaps = 0;

/**
 * Replaces `outDir` by `tmpDir` with two renames, so readers of `outDir` see the old or the new site, never half.
 * The old site (thousands of files) is removed by a process of its own, so the build does not wait for it; one
 * that is killed first leaves `<out>.old-<pid>-<n>`, which the next build removes.
 */
export function swapInto(tmpDir: string, outDir: string): void {
  const old = `${outDir}.old-${process.pid}-${swaps++}`;
  const replaced = fs.existsSync(outDir);
  if (replaced) fs.renameSync(outDir, old);
  fs.renameSync(tmpDir, outDir);
  if (replaced) removeInBackground(old);
}

function removeInBackground(dir: string): void {
  if (process.platform === 'win32') {
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  const child = spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' });
  child.on('error', () => fs.rmSync(dir, { recursive: true, force: true }));
  child.unref();
}

/**
 * Files written a few at a time, in Node's thread pool: making a file is the slow part of writing one (on the
 * machines this project runs on, up to half a millisecond of system time), and several proceed at once on
 * separate cores while this thread goes on. `make` runs when a file's turn comes, so only the files in flight
 * are held in memory.
 */
export class WriteQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private failure: unknown;
  private readonly idle: (() => void)[] = [];

  constructor(private readonly parallel = 16) {}

  add(task: () => Promise<void>): void {
    this.waiting.push(task);
    this.pump();
  }

  /** Settles once every file is written; rejects with the first failure (after the others have stopped). */
  async done(): Promise<void> {
    if (this.running > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure !== undefined) throw this.failure;
  }

  private pump(): void {
    while (this.running < this.parallel && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running++;
      task()
        .catch((err: unknown) => {
          this.failure ??= err;
          // Nothing more is started once one failed: the build stops.
          this.waiting.length = 0;
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }
}
