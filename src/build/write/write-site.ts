/** Writing the site (`SiteWriter`): where each route goes, output paths kept inside the output, a new folder or an update. */
import fs from 'node:fs';
import path from 'node:path';
import type { WrittenFile, WrittenSite } from '../cache/manifest.ts';
import { building, MARKER_TEXT, SITE_MARKER, swapInto } from './output-folder.ts';
import { foldersOf, makeFolders, WriteQueue } from './write-queue.ts';

/** The site icon: a drawn mark (ours), so no third-party file is fetched. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" ' +
  'height="32" rx="7" fill="#0b5cad"/><path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" ' +
  'stroke="#fff" stroke-width="3.2"/></svg>\n';

/**
 * The absolute path of an output file, checked to land inside the output folder: routes are validated where
 * they are read, and this is the last line of defence should anything slip through.
 */
export function outputPathIn(root: string, rel: string): string {
  const file = path.resolve(root, rel);
  if (!file.startsWith(path.resolve(root) + path.sep))
    throw new Error(`refusing to write "${rel}": it resolves outside the output folder`);
  return file;
}

/** What the site writer does to the disk: replaced in tests to make a step fail. */
export interface WriterOps {
  rename(from: string, to: string): void;
}
const realOps: WriterOps = { rename: (from, to) => fs.renameSync(from, to) };

/**
 * When an update puts its files in place: first what pages link to (assets, the search index's data, named by
 * their content), then the pages, then what switches the search index over (its entry files and the records).
 */
export const PHASE = { linked: 0, page: 1, index: 2 } as const;
export type Phase = (typeof PHASE)[keyof typeof PHASE];

/**
 * Writes a site. A first build (no site there, or one this cache did not write) writes a new folder beside the
 * output and swaps it in (`swapInto`). A later build updates the site it wrote in place: a file whose key is the
 * one it was written with, and which is still as written (size, time), stays; any other is written beside its
 * place and renamed over it once every file is written, in the order of `PHASE`, so a reader meanwhile finds
 * each file whole and every link of a page resolving; then what the site no longer has is removed. On this
 * project's machines making a folder or a file costs far more than writing its bytes: an update makes only what
 * changed, where a new folder would make some two thousand files and six hundred folders each time.
 *
 * Files found in the site that the last build did not write are removed too (a folder whose time changed since
 * the last build is read again), so the site is always the one a first build would write. Nothing is put in
 * place unless every file was written: a build that fails leaves the previous site as it was.
 */
export class SiteWriter {
  readonly mode: 'fresh' | 'update';
  /** Where files are written: the temporary folder, or the site itself. */
  private readonly root: string;
  private readonly queue = new WriteQueue();
  private readonly files: Record<string, WrittenFile> = {};
  private readonly madeDirs = new Map<string, Promise<unknown>>();
  private readonly temps: [tmp: string, target: string, phase: Phase][] = [];
  private wrote = 0;
  private folders: Promise<void> = Promise.resolve();
  private done = false;

  /** `folders`: folders a first build makes at once (every route's), many at a time, while the pages render. */
  constructor(
    private readonly outDir: string,
    private readonly previous: WrittenSite | undefined,
    folders: string[],
    private readonly ops: WriterOps = realOps,
  ) {
    this.mode = previous?.dir === outDir && fs.existsSync(outDir) ? 'update' : 'fresh';
    if (this.mode === 'update') {
      this.root = outDir;
      this.place(SITE_MARKER, 'marker', () => MARKER_TEXT, PHASE.linked);
      return;
    }
    this.root = `${outDir}.tmp-${process.pid}`;
    // Left by an earlier build of this process that failed in it.
    fs.rmSync(this.root, { recursive: true, force: true });
    building.add(this.root);
    this.folders = makeFolders(this.root, folders);
    this.folders.catch(() => undefined);
    this.place(SITE_MARKER, 'marker', () => MARKER_TEXT, PHASE.linked);
  }

  /**
   * A file of the site, `make` called only if it has to be written. `key` says what the file is made from: the
   * same key, the same bytes.
   */
  place(rel: string, key: string, make: () => string | Buffer, phase: Phase = PHASE.page): void {
    const target = outputPathIn(this.root, rel);
    // Routes were checked against each other before (`output-paths.ts`): this is the last line of defence.
    if (this.files[rel]) throw new Error(`build: two outputs were made for ${rel}`);
    if (this.mode === 'update') {
      const old = this.previous!.files[rel];
      if (old?.key === key) {
        const st = fs.statSync(target, { throwIfNoEntry: false });
        if (st?.isFile() && st.size === old.size && st.mtimeMs === old.mtimeMs) {
          this.files[rel] = old;
          return;
        }
      }
    }
    this.files[rel] = { key, size: -1, mtimeMs: -1 };
    this.wrote++;
    this.queue.add(async () => {
      await this.dirFor(target);
      let file = target;
      if (this.mode === 'update') {
        // Hidden, and named by this process: a killed build's leftovers are found and removed by the next.
        file = path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}`);
        building.add(file);
        this.temps.push([file, target, phase]);
      }
      await fs.promises.writeFile(file, make());
      const st = await fs.promises.stat(file);
      this.files[rel] = { key, size: st.size, mtimeMs: st.mtimeMs };
    });
  }

  /** Every file written and put in place: what the next build needs to know of the site, and how many were written. */
  async commit(): Promise<{ site: WrittenSite; wrote: number }> {
    await this.folders;
    await this.queue.done();
    if (this.mode === 'fresh') {
      swapInto(this.root, this.outDir);
      building.delete(this.root);
    } else {
      this.putInPlace();
    }
    this.done = true;
    const folders: Record<string, number> = {};
    for (const dir of foldersOf(new Set(Object.keys(this.files)))) {
      const st = fs.statSync(path.join(this.outDir, dir), { throwIfNoEntry: false });
      if (st) folders[dir] = st.mtimeMs;
    }
    return { site: { dir: this.outDir, files: this.files, folders }, wrote: this.wrote };
  }

  /**
   * An update put in place all or nothing: every file that is replaced or removed is first renamed aside (a
   * dotfile of this process beside it), and should any step fail, every step taken is undone in reverse, so the
   * site is byte for byte what it was; once all succeeded, what was set aside is removed. Every path passes the
   * output guard, whatever the last build's record says.
   */
  private putInPlace(): void {
    const expected = new Set(Object.keys(this.files));
    const strays = this.strays(expected);
    const undo: (() => void)[] = [];
    const aside: string[] = [];
    const setAside = (target: string) => {
      const backup = path.join(path.dirname(target), `.${path.basename(target)}.old-${process.pid}`);
      fs.rmSync(backup, { recursive: true, force: true });
      this.ops.rename(target, backup);
      building.add(backup);
      aside.push(backup);
      undo.push(() => this.ops.rename(backup, target));
    };
    try {
      for (const phase of [PHASE.linked, PHASE.page, PHASE.index]) {
        for (const [tmp, target, p] of this.temps) {
          if (p !== phase) continue;
          if (fs.existsSync(target)) setAside(target);
          this.ops.rename(tmp, target);
          undo.push(() => this.ops.rename(target, tmp));
        }
      }
      const gone = Object.keys(this.previous!.files).filter((rel) => !expected.has(rel));
      for (const rel of [...gone, ...strays]) {
        const target = outputPathIn(this.root, rel);
        if (fs.existsSync(target)) setAside(target);
      }
    } catch (err) {
      for (const step of undo.reverse()) {
        try {
          step();
        } catch {
          // Undo what can be undone; the error that stopped the build is the one to report.
        }
      }
      for (const backup of aside) building.delete(backup);
      throw err;
    }
    for (const [tmp] of this.temps) building.delete(tmp);
    for (const backup of aside) {
      fs.rmSync(backup, { recursive: true, force: true });
      building.delete(backup);
    }
    // Folders left empty, deepest first.
    const keep = foldersOf(expected);
    for (const dir of Object.keys(this.previous!.folders ?? {}).sort((a, b) => b.length - a.length)) {
      if (keep.has(dir)) continue;
      try {
        fs.rmdirSync(outputPathIn(this.root, dir));
      } catch {
        // Not empty (a stray was removed above), already gone, or not a path inside the site.
      }
    }
  }

  /** Removes what this build wrote, unless it was put in place: the previous site stays as it was. */
  async abandon(): Promise<void> {
    if (this.done) return;
    await this.folders.catch(() => undefined);
    await this.queue.done().catch(() => undefined);
    if (this.mode === 'fresh') {
      fs.rmSync(this.root, { recursive: true, force: true });
      building.delete(this.root);
      return;
    }
    for (const [tmp] of this.temps) {
      fs.rmSync(tmp, { force: true });
      building.delete(tmp);
    }
  }

  /**
   * What the site holds that this build does not write and the last one did not either: files added by hand, a
   * killed build's temporary files. Only folders whose time changed since the last build (an entry added or
   * removed) are read; all of them when the last build did not record their times.
   */
  private strays(expected: ReadonlySet<string>): string[] {
    const before = this.previous!;
    const known = new Set([...expected, ...Object.keys(before.files)]);
    const knownDirs = foldersOf(known);
    const ours = new Set(this.temps.map(([tmp]) => tmp));
    const out: string[] = [];
    const recorded = before.folders;
    for (const dir of recorded ? Object.keys(recorded) : [...knownDirs]) {
      const abs = path.join(this.root, dir);
      const st = fs.statSync(abs, { throwIfNoEntry: false });
      if (!st || (recorded && st.mtimeMs === recorded[dir])) continue;
      for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory() ? knownDirs.has(rel) : known.has(rel) || ours.has(path.join(abs, entry.name))) continue;
        out.push(rel);
      }
    }
    return out;
  }

  private dirFor(target: string): Promise<unknown> {
    const dir = path.dirname(target);
    let made = this.madeDirs.get(dir);
    if (!made) {
      made = fs.promises.mkdir(dir, { recursive: true });
      this.madeDirs.set(dir, made);
    }
    return made;
  }
}
