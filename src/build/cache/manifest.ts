/**
 * The build's manifest (`.cache/build/manifest/<key>.json`): what the last build rendered and wrote, read by the
 * next one. The cache may come from elsewhere (a CI cache restored from another machine) or be damaged, so it is
 * untrusted input: it is checked against a schema, and a manifest that fails is set aside (with a warning) as if
 * there were none, so the cache heals itself with the next build. Every path in it must be a plain relative path:
 * the site writer removes files by these names, and a `..` would reach outside the output.
 */
import { z } from 'zod';
import type { BuildCache, EntryRef, SegmentStamp } from './build-cache.ts';
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

/** The last build's manifest, or an empty one when there is none or it fails the schema (then with a warning). */
export function readManifest(cache: BuildCache, key: string, warn: (message: string) => void = console.warn): Manifest {
  const raw = cache.readJson<unknown>('manifest', key);
  if (raw === undefined) return { bodies: {} };
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
