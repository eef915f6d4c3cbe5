/**
 * The build's manifest (`.cache/build/manifest/<key>.json`): what the last build rendered and wrote, read by the
 * next one. The cache may come from elsewhere (a CI cache restored from another machine) or be damaged, so it is
 * untrusted input: it is checked against a schema, and a manifest that fails is set aside (with a warning) as if
 * there were none, so the cache heals itself with the next build. Every path in it must be a plain relative path:
 * the site writer removes files by these names, and a `..` would reach outside the output.
 */
import { z } from 'zod';
import fs from 'node:fs';
import { fileStamp, stampOf, type BuildCache, type EntryRef, type SegmentStamp } from './build-cache.ts';
import { sha256 } from './code-hash.ts';
import { codeKeys } from './code-keys.ts';
import type { BodyMeta } from '../page-keys.ts';

/** A file a build wrote: what it was made from (its key), and its size and time as written. */
export interface WrittenFile {
  key: string;
  size: number;
  mtimeMs: number;
}

/** What a build wrote: its output folder, every file, and the time of every folder once it was done. */
export interface WrittenSite {
  dir: string;
  files: Record<string, WrittenFile>;
  /** Folder (relative, `''` for the output folder itself) → its modification time after the build. */
  folders?: Record<string, number>;
}

export interface Manifest {
  /** Body metadata by source path, with the key it belongs to. */
  bodies: Record<string, { key: string; meta: BodyMeta }>;
  /** The site the last build wrote: its files (what each was made from, its size and time as written), its folders. */
  site?: WrittenSite;
  /** Where the cache entries (pages, bodies) the last build used are: see `BuildCache.appendParts`. */
  entries?: Record<string, EntryRef>;
  /** How the last build left the segments its entries are in: an entry of one still so is known whole unread. */
  segments?: Record<string, SegmentStamp>;
}

/**
 * A path inside a folder: `/`-separated, no empty, `.` or `..` segment, no backslash, NUL or leading `/`. One
 * regular expression rather than a function, so the schema checks the manifest's thousands of paths in zod's own
 * loop (a refinement per path was most of the time a rebuild spent on it).
 */
const PLAIN_RELATIVE_PATH = /^(?:(?!\.\.?(?:\/|$))[^/\\\0]+\/)*(?!\.\.?$)[^/\\\0]+$/;
export const isPlainRelativePath = (rel: string): boolean => PLAIN_RELATIVE_PATH.test(rel);

/** A plain relative path in a schema of untrusted input (the manifest, the search feed plan). */
export const relPath = z.string().regex(PLAIN_RELATIVE_PATH, 'not a plain relative path');
const folderPath = z
  .string()
  .refine((rel) => rel === '' || isPlainRelativePath(rel), { message: 'not a plain relative path' });
/** A segment's file name, as `BuildCache` makes them. */
const segmentName = z.string().regex(/^[\w-]+\.seg$/, 'not a segment file name');
const count = z.number().int().nonnegative();

const bodyMeta = z.object({
  anchors: z.array(z.string()),
  toc: z.array(z.unknown()),
  queries: z.array(z.unknown()),
  // Each becomes a rule of the site's stylesheet: one class and its declarations, nothing else.
  styles: z.array(z.string().regex(/^\.[\w-]+\{[^{}<>@\\]*\}$/, 'not a token style rule')),
  assets: z.array(relPath),
  places: z.record(z.string(), z.unknown()),
});

const manifestSchema = z.object({
  bodies: z.record(relPath, z.object({ key: z.string().regex(/^[0-9a-f]+$/), meta: bodyMeta })),
  site: z
    .object({
      dir: z.string().min(1),
      files: z.record(relPath, z.object({ key: z.string(), size: z.number().int(), mtimeMs: z.number() })),
      folders: z.record(folderPath, z.number()).optional(),
    })
    .optional(),
  entries: z.record(z.string().regex(/^[\w-]+\/[\w-]+$/), z.tuple([segmentName, count, count])).optional(),
  segments: z.record(segmentName, z.string().regex(/^\d+:\d+:\d+:\d+:\d+$/)).optional(),
});

/**
 * The manifest, and beside it (`manifest-stamp/<key>.txt`) its file's stamp, its text's hash and the code of its
 * schema: the next build skips the schema (a tenth of a second on the catalogue's two and a half megabytes) for the
 * file a build of this schema wrote, untouched since. A cache copied or restored from elsewhere has files of other
 * stamps; the hash catches a write in the same tick of the clock as the stamp (file times are that coarse).
 */
export function writeManifest(cache: BuildCache, projectRoot: string, key: string, manifest: Manifest): void {
  const text = JSON.stringify(manifest);
  cache.writeText('manifest', key, '.json', text);
  const stamp = fileStamp(cache.file('manifest', key, '.json'));
  if (stamp !== undefined) cache.writeText(STAMP, key, '.txt', stampLine(projectRoot, stamp, text));
}

const STAMP = 'manifest-stamp';
const stampLine = (projectRoot: string, stamp: string, text: string) =>
  `${stamp} ${sha256(text)} ${codeKeys(projectRoot).manifest}`;

/** The last build's manifest, or an empty one when there is none or it fails the schema (then with a warning). */
export function readManifest(
  cache: BuildCache,
  projectRoot: string,
  key: string,
  warn: (message: string) => void = console.warn,
): Manifest {
  const read = readStamped(cache.file('manifest', key, '.json'));
  if (read === undefined) return { bodies: {} };
  cache.markUsed('manifest', key, '.json');
  const { text, raw, stamp } = read;
  if (cache.readText(STAMP, key, '.txt') === stampLine(projectRoot, stamp, text)) return raw as Manifest;
  const parsed = manifestSchema.safeParse(raw);
  // The table of contents, queries and places are checked as far as their outer shape: the render made them.
  if (parsed.success) return parsed.data as unknown as Manifest;
  const issue = parsed.error.issues[0];
  warn(
    `build cache: ${cache.file('manifest', key, '.json')} is not valid ` +
      `(${issue?.path.join('.') || 'top'}: ${issue?.message}); building without it`,
  );
  return { bodies: {} };
}

/**
 * A JSON file and its stamp, taken once it was read from the same open file: a write before or during the read
 * changes the stamp (or, within the clock's tick, the text).
 */
function readStamped(file: string): { text: string; raw: unknown; stamp: string } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const text = fs.readFileSync(fd, 'utf8');
    const stamp = stampOf(fs.fstatSync(fd, { bigint: true }));
    return { text, raw: JSON.parse(text) as unknown, stamp };
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
