/**
 * The build cache (`.cache/build/`, git-ignored): outputs of earlier builds, each under a hash of everything it
 * was made from (see `code-hash.ts` and `build-site.ts`). Nothing in it is ever needed: a missing or unreadable
 * entry is made again, so a fresh clone builds exactly the same site. Entries are written to a temporary file
 * and renamed, so a build that is killed never leaves half an entry, and two builds can share the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { gunzipSync, gzipSync } from 'node:zlib';

let counter = 0;

export class BuildCache {
  private readonly made = new Set<string>();
  /** Entries this build used or wrote: the ones pruning keeps. */
  readonly used = new Set<string>();

  constructor(readonly dir: string) {}

  file(kind: string, key: string, ext: string): string {
    return path.join(this.dir, kind, `${key}${ext}`);
  }

  readText(kind: string, key: string, ext: string): string | undefined {
    const file = this.file(kind, key, ext);
    try {
      const text = fs.readFileSync(file, 'utf8');
      this.used.add(file);
      return text;
    } catch {
      return undefined;
    }
  }

  readJson<T>(kind: string, key: string, ext = '.json'): T | undefined {
    const text = this.readText(kind, key, ext);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  }

  /**
   * Several named parts in one entry (a page and what Pagefind reads of it; the search index's files): on this
   * kind of disk, making a file costs far more than writing its bytes, so an entry is one file.
   */
  writeParts(kind: string, key: string, ext: string, parts: Readonly<Record<string, string | Buffer>>, options: { gzip: boolean }): void {
    const packed = packParts(parts);
    this.writeText(kind, key, ext, options.gzip ? gzipSync(packed, { level: 1 }) : packed);
  }

  /** The parts of an entry, or undefined when it is missing or damaged. */
  readParts(kind: string, key: string, ext: string, options: { gzip: boolean }): Map<string, Buffer> | undefined {
    const file = this.file(kind, key, ext);
    try {
      const raw = fs.readFileSync(file);
      const parts = unpackParts(options.gzip ? gunzipSync(raw) : raw);
      this.used.add(file);
      return parts;
    } catch {
      return undefined;
    }
  }

  /**
   * Whether an uncompressed entry of parts is there and whole: its size is what its header says (a file cut short
   * by a full disk or a killed copy is not), read from the first bytes rather than the whole file.
   */
  hasWholeParts(kind: string, key: string, ext: string): boolean {
    let fd: number | undefined;
    try {
      fd = fs.openSync(this.file(kind, key, ext), 'r');
      const head = Buffer.alloc(1024);
      const n = fs.readSync(fd, head, 0, head.length, 0);
      const end = head.subarray(0, n).indexOf(0x0a);
      if (end < 0) return false;
      const layout = JSON.parse(head.subarray(0, end).toString('utf8')) as [string, number][];
      return fs.fstatSync(fd).size === end + 1 + layout.reduce((sum, [, length]) => sum + length, 0);
    } catch {
      return false;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  has(kind: string, key: string, ext: string): boolean {
    return fs.existsSync(this.file(kind, key, ext));
  }

  writeText(kind: string, key: string, ext: string, data: string | Buffer): void {
    const dir = path.join(this.dir, kind);
    if (!this.made.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    const file = path.join(dir, `${key}${ext}`);
    const tmp = `${file}.tmp-${process.pid}-${threadId}-${counter++}`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
    this.used.add(file);
  }

  /** An entry (a file, or with ext '' a folder and everything in it) this build relies on. */
  markUsed(kind: string, key: string, ext: string): void {
    this.used.add(this.file(kind, key, ext));
  }

  private isUsed(file: string): boolean {
    for (let f = file; f.length > this.dir.length; f = path.dirname(f)) if (this.used.has(f)) return true;
    return false;
  }

  /**
   * Keeps the folder from growing without end: entries neither used by this build nor touched for a day are
   * removed (other content trees built from the same project keep theirs while they are in use), and, when the
   * folder holds many times what this build used (code edited again and again), those untouched for an hour.
   * Runs at most once an hour; entries this build used are marked as fresh then.
   */
  maintain(): void {
    const stamp = path.join(this.dir, '.maintained');
    const hour = 3600_000;
    try {
      if (Date.now() - fs.statSync(stamp).mtimeMs < hour) return;
    } catch {
      // Never maintained.
    }
    if (!fs.existsSync(this.dir)) return;
    const now = new Date();
    for (const file of this.used) {
      try {
        fs.utimesSync(file, now, now);
      } catch {
        // Removed meanwhile.
      }
    }
    const files = fs
      .readdirSync(this.dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name !== '.maintained')
      .map((e) => path.join(e.parentPath, e.name));
    const maxAge = files.length > 4 * this.used.size + 2000 ? hour : 24 * hour;
    for (const file of files) {
      if (this.isUsed(file)) continue;
      try {
        const age = Date.now() - fs.statSync(file).mtimeMs;
        // A temporary file older than an hour belongs to a build that was killed.
        if (age > maxAge || (age > hour && /\.tmp-\d+-\d+-\d+$/.test(file))) fs.rmSync(file, { force: true });
      } catch {
        // Removed meanwhile.
      }
    }
    fs.writeFileSync(stamp, '');
  }
}

/** Parts as one buffer: a line of JSON (each part's name and length in bytes), then the parts one after another. */
export function packParts(parts: Readonly<Record<string, string | Buffer>>): Buffer {
  const buffers = Object.entries(parts).map(([name, data]) => [name, typeof data === 'string' ? Buffer.from(data, 'utf8') : data] as const);
  const header = Buffer.from(`${JSON.stringify(buffers.map(([name, b]) => [name, b.length]))}\n`, 'utf8');
  return Buffer.concat([header, ...buffers.map(([, b]) => b)]);
}

export function unpackParts(packed: Buffer): Map<string, Buffer> {
  const end = packed.indexOf(0x0a);
  if (end < 0) throw new Error('cache entry without its header');
  const layout = JSON.parse(packed.subarray(0, end).toString('utf8')) as [string, number][];
  const parts = new Map<string, Buffer>();
  let at = end + 1;
  for (const [name, length] of layout) {
    parts.set(name, packed.subarray(at, at + length));
    at += length;
  }
  if (at !== packed.length) throw new Error('cache entry cut short or too long');
  return parts;
}
