/**
 * The build cache (`.cache/build/`, git-ignored): outputs of earlier builds, each under a hash of everything it
 * was made from (see `code-hash.ts` and `build-site.ts`). Nothing in it is ever needed: a missing or unreadable
 * entry is made again, so a fresh clone builds exactly the same site. Files are written to a temporary name and
 * renamed; pages and bodies go into the build's own segment, which only its manifest (written last) points into.
 * So a build that is killed never leaves half an entry that a later one reads, and two builds can share the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { CACHE_MARKER } from './cache-folder.ts';
import { packParts, unpackParts } from './packed-parts.ts';

let counter = 0;

/** Where an entry is: its segment file (in `segments/`), its offset and its length in bytes. */
export type EntryRef = [segment: string, offset: number, length: number];

/**
 * A segment file as a build left it: device, inode, size, modification and change times, to the nanosecond. Any
 * write, truncation, copy or restore of the file changes one of them (the change time cannot be set by hand).
 */
export type SegmentStamp = string;

const SEGMENTS = 'segments';
/** More segments than this hold the entries a build uses: they are copied into one. */
const MAX_SEGMENTS = 12;

export class BuildCache {
  private readonly made = new Set<string>();
  private readonly entries = new Map<string, EntryRef>();
  /** Entries this build used or made: the next build's index. */
  private readonly live = new Map<string, EntryRef>();
  private readonly readers = new Map<string, number>();
  private readonly sizes = new Map<string, number | undefined>();
  /** The stamps the last build left its segments with (`segmentStamps`), and which of them still hold. */
  private readonly stamps = new Map<string, SegmentStamp>();
  private readonly unchanged = new Map<string, boolean>();
  private segment?: { name: string; fd: number; size: number };
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
   * Entries kept in segments: every page and body this build renders is appended to one file (the build's
   * segment) rather than written as files of their own. On this project's machines making a file costs far more
   * than writing its bytes (up to a millisecond of system time), and a first build makes over a thousand entries.
   * Where each entry is (segment, offset, length) is kept in the build's manifest (`entries`), read back with
   * `useEntries` by the next build.
   */
  appendParts(kind: string, key: string, parts: Readonly<Record<string, string | Buffer>>): void {
    if (this.segment === undefined) {
      const dir = path.join(this.dir, SEGMENTS);
      fs.mkdirSync(dir, { recursive: true });
      const name = `${Date.now().toString(36)}-${process.pid}-${threadId}-${counter++}.seg`;
      this.segment = { name, fd: fs.openSync(path.join(dir, name), 'wx+'), size: 0 };
      this.sizes.set(name, 0);
    }
    const packed = packParts(parts);
    fs.writeSync(this.segment.fd, packed, 0, packed.length, this.segment.size);
    const entry: EntryRef = [this.segment.name, this.segment.size, packed.length];
    this.segment.size += packed.length;
    this.sizes.set(this.segment.name, this.segment.size);
    this.entries.set(`${kind}/${key}`, entry);
    this.live.set(`${kind}/${key}`, entry);
  }

  /**
   * Whether an entry is there and whole (its bytes match their hash: a build that finds it damaged renders it
   * again); counted as used by this build. In a segment that is as the last build left it (`segmentStamps`), an
   * entry it checked is known whole without reading its bytes: a rebuild would otherwise read and hash every page
   * and body of the site to learn that they are there.
   */
  hasParts(kind: string, key: string): boolean {
    const id = `${kind}/${key}`;
    const entry = this.entries.get(id);
    if (entry && this.isUnchanged(entry[0])) {
      const size = this.segmentSize(entry[0]);
      if (size !== undefined && entry[1] + entry[2] <= size) {
        this.live.set(id, entry);
        return true;
      }
    }
    return this.readParts(kind, key) !== undefined;
  }

  /** The parts of an entry, or undefined when it is missing or damaged (see `unpackParts`). */
  readParts(kind: string, key: string): Map<string, Buffer> | undefined {
    const id = `${kind}/${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    try {
      const [name, offset, length] = entry;
      const size = this.segmentSize(name);
      if (size === undefined || offset + length > size) return undefined;
      const fd = this.segment?.name === name ? this.segment.fd : this.readerOf(name);
      const data = Buffer.alloc(length);
      if (fs.readSync(fd, data, 0, length, offset) !== length) return undefined;
      const parts = unpackParts(data);
      this.live.set(id, entry);
      return parts;
    } catch {
      this.entries.delete(id);
      return undefined;
    }
  }

  /** Where the last build's entries are (its manifest's `entries`), and its segments' stamps. */
  useEntries(
    entries: Readonly<Record<string, EntryRef>> | undefined,
    stamps: Readonly<Record<string, SegmentStamp>> = {},
  ): void {
    for (const [k, entry] of Object.entries(entries ?? {}))
      if (Array.isArray(entry) && entry.length === 3) this.entries.set(k, entry);
    for (const [name, stamp] of Object.entries(stamps)) this.stamps.set(name, stamp);
  }

  /**
   * The stamp of every segment the entries of `finishEntries` are in, taken once this build wrote its last entry:
   * each of those entries was written by this build or found whole by it (or by the build before, in a segment
   * unchanged since).
   */
  segmentStamps(entries: Readonly<Record<string, EntryRef>>): Record<string, SegmentStamp> {
    const out: Record<string, SegmentStamp> = {};
    for (const [name] of Object.values(entries)) {
      if (name in out) continue;
      const stamp = this.stampOf(name);
      if (stamp !== undefined) out[name] = stamp;
    }
    return out;
  }

  private stampOf(name: string): SegmentStamp | undefined {
    return fileStamp(path.join(this.dir, SEGMENTS, name));
  }

  private isUnchanged(name: string): boolean {
    let unchanged = this.unchanged.get(name);
    if (unchanged === undefined) {
      const stamp = this.stamps.get(name);
      unchanged = stamp !== undefined && stamp === this.stampOf(name);
      this.unchanged.set(name, unchanged);
    }
    return unchanged;
  }

  /**
   * The entries this build used or made, for its manifest; their segments are kept. When they are spread over
   * many segments (each rebuild that renders something adds one), they are copied into one.
   */
  finishEntries(): Record<string, EntryRef> {
    const segments = new Set([...this.live.values()].map(([name]) => name));
    if (segments.size > MAX_SEGMENTS) {
      // Keys are `<kind>/<key>`; a kind holds no "/".
      const split = (k: string) => [k.slice(0, k.indexOf('/')), k.slice(k.indexOf('/') + 1)] as const;
      const moved = [...this.live.keys()].map((k) => [k, this.readParts(...split(k))] as const);
      this.closeSegment();
      for (const [k, parts] of moved) {
        if (parts) this.appendParts(...split(k), Object.fromEntries(parts));
        else this.live.delete(k);
      }
    }
    for (const [name] of this.live.values()) this.used.add(path.join(this.dir, SEGMENTS, name));
    return Object.fromEntries(this.live);
  }

  /** Closes the segment files (the build's own is complete: every entry in it was written whole). */
  close(): void {
    this.closeSegment();
    for (const fd of this.readers.values()) fs.closeSync(fd);
    this.readers.clear();
  }

  private closeSegment(): void {
    if (this.segment) fs.closeSync(this.segment.fd);
    this.segment = undefined;
  }

  private readerOf(name: string): number {
    let fd = this.readers.get(name);
    if (fd === undefined) {
      fd = fs.openSync(path.join(this.dir, SEGMENTS, name), 'r');
      this.readers.set(name, fd);
    }
    return fd;
  }

  private segmentSize(name: string): number | undefined {
    if (!this.sizes.has(name)) {
      try {
        this.sizes.set(name, fs.statSync(path.join(this.dir, SEGMENTS, name)).size);
      } catch {
        this.sizes.set(name, undefined);
      }
    }
    return this.sizes.get(name);
  }

  /** Named parts as one file of their own (the search index's files, shared by every build with the same pages). */
  writePack(kind: string, key: string, ext: string, parts: Readonly<Record<string, string | Buffer>>): void {
    this.writeText(kind, key, ext, packParts(parts));
  }

  readPack(kind: string, key: string, ext: string): Map<string, Buffer> | undefined {
    const file = this.file(kind, key, ext);
    try {
      const parts = unpackParts(fs.readFileSync(file));
      this.used.add(file);
      return parts;
    } catch {
      return undefined;
    }
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
    // Only a folder a build marked as its cache is pruned (`cache-folder.ts`): never one that holds other files.
    if (!fs.existsSync(path.join(this.dir, CACHE_MARKER))) return;
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

/**
 * A file as it is now: device, inode, size, modification and change times. Any write, copy or replacement changes
 * it (the change time cannot be set back), so a file with the stamp a build left is the file that build wrote.
 */
export function fileStamp(file: string): string | undefined {
  try {
    return stampOf(fs.statSync(file, { bigint: true }));
  } catch {
    return undefined;
  }
}

export const stampOf = (st: fs.BigIntStats): string => `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
