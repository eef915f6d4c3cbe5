/** Writing many files fast: folders made many at once, files written a few at a time in Node's thread pool. */
import fs from 'node:fs';
import path from 'node:path';

/** Every folder that holds one of the files (relative paths with `/`), the output folder itself as `''`. */
export function foldersOf(files: ReadonlySet<string>): Set<string> {
  const out = new Set<string>(['']);
  for (const rel of files)
    for (let d = path.posix.dirname(rel); d !== '.' && !out.has(d); d = path.posix.dirname(d)) out.add(d);
  return out;
}

/** Every folder (relative to `root`) made, parents first, up to 32 at a time. */
export async function makeFolders(root: string, rels: string[]): Promise<void> {
  const all = new Set<string>();
  for (const rel of rels) for (let d = rel; d && d !== '.' && !all.has(d); d = path.dirname(d)) all.add(d);
  const byDepth = new Map<number, string[]>();
  for (const d of all) {
    const depth = d.split('/').length;
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), d]);
  }
  await fs.promises.mkdir(root, { recursive: true });
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    const level = byDepth.get(depth)!;
    for (let i = 0; i < level.length; i += 32)
      await Promise.all(level.slice(i, i + 32).map((d) => fs.promises.mkdir(path.join(root, d), { recursive: true })));
  }
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
