/**
 * A Pagefind index taken apart page by page: each page's entry holds everything the index files hold of it (its
 * fragment file, word count, metadata fields, and every word with its locations), so that a part can be written
 * again from its pages' entries (`index-writer.ts`) and an edit re-indexes only the edited page (issue #27).
 *
 * Pagefind 1.6 writes each file as gzip of the signature `pagefind_dcd` and CBOR. What of a page depends on the
 * other pages of its index is not kept: its number (its place in the part), the ids of the metadata fields (an index
 * numbers the fields of all its pages) and its fragment's name when its short hash collides with another page's
 * (Pagefind then lengthens it; here the id is always the short hash, and a collision fails the build).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { CborCursor, CborWriter } from './pagefind-cbor.ts';
import { decodeCbor, type Cbor } from './pagefind-meta.ts';

export const SIGNATURE = 'pagefind_dcd';
/** The Pagefind whose files are read and written: another version's format must be checked first. */
export const PAGEFIND_VERSION = '1.6.0';
export const LANGUAGE = 'en';

/** A page's occurrences of one form of a word. */
export interface Occurrences {
  /**
   * Pagefind's own list for the page, as it encodes it (a CBOR array: positions as deltas, each run after a
   * negative number, its weight), and its length: copied into a part as it is.
   */
  locs: Buffer;
  count: number;
  /** Positions in the page's metadata fields, by field name. */
  meta: [field: string, position: number][];
}

/** A word of a page: its occurrences as indexed (or none: the page has only forms with diacritics), and those forms. */
export type PageWord = [word: string, plain: Occurrences | null, variants: [form: string, at: Occurrences][]];

export interface PageEntry {
  /** The fragment's id (its file's name, the result id): Pagefind's short hash of its JSON. */
  id: string;
  url: string;
  wordCount: number;
  /** Names of the page's metadata fields (its fragment's `meta`). */
  fields: string[];
  /** The fragment file, as Pagefind wrote it. */
  fragment: Buffer;
  /** Its words, in Pagefind's order. */
  words: PageWord[];
}

/** Pagefind's hash of a file's content: SHA-1, each byte in hex without its leading zero (`{:x?}` in Rust). */
export function pagefindHash(bytes: Buffer | string): string {
  return [...createHash('sha1').update(bytes).digest()].map((b) => b.toString(16)).join('');
}

/** A fragment's id from its JSON, as Pagefind names it when no other page's collides. */
export const fragmentId = (json: Buffer): string => `${LANGUAGE}_${pagefindHash(json).slice(0, 7)}`;

/** The CBOR of an index file (after gunzip and the signature). */
export function payload(file: Buffer, name: string): Buffer {
  const raw = gunzipSync(file);
  if (raw.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE)
    throw new Error(`search index: ${name} has no Pagefind signature`);
  return raw.subarray(SIGNATURE.length);
}

const fail = (what: string): never => {
  throw new Error(`search index: Pagefind's files not as Pagefind ${PAGEFIND_VERSION} writes them (${what})`);
};
const list = (v: Cbor, what: string): Cbor[] => (Array.isArray(v) ? v : fail(what));
const text = (v: Cbor, what: string): string => (typeof v === 'string' ? v : fail(what));
const int = (v: Cbor, what: string): number => (typeof v === 'number' ? v : fail(what));

/** Every page of an index (a part's files, path → bytes), in the index's order. */
export function decodeIndex(files: ReadonlyMap<string, Buffer>): PageEntry[] {
  const metaName = [...files.keys()].find((f) => /^pagefind\.[^/]+\.pf_meta$/.test(f)) ?? fail('no pf_meta');
  const [version, pageList, chunks, filters, sorts, fieldList] = list(
    decodeCbor(payload(files.get(metaName)!, metaName), 0).value,
    'pf_meta',
  );
  if (version !== PAGEFIND_VERSION) fail(`version ${JSON.stringify(version)}`);
  // The site has none; the browser's reader refuses them too (`pagefind-format.ts`).
  if (list(filters, 'filters').length || list(sorts, 'sorts').length) fail('filters or sorts');
  const fields = list(fieldList ?? [], 'metadata fields').map((f) => text(f, 'field'));
  const entries = list(pageList, 'pages').map((p): PageEntry => {
    const [hash, wordCount, group] = list(p, 'page');
    if (group !== undefined && group !== '') fail('a fragment group');
    const name = `fragment/${text(hash, 'page hash')}.pf_fragment`;
    const fragment = files.get(name) ?? fail(`no ${name}`);
    const json = payload(fragment, name);
    const data = JSON.parse(json.toString('utf8')) as { url: string; meta: Record<string, string> };
    return {
      id: fragmentId(json),
      url: data.url,
      wordCount: int(wordCount, 'word count'),
      fields: Object.keys(data.meta),
      fragment,
      words: [],
    };
  });
  /** Each page's words by word, in the order met (chunks are in word order). */
  const byPage = entries.map(() => new Map<string, PageWord>());
  const wordOf = (page: number, word: string): PageWord => {
    const words = byPage[page] ?? fail(`page ${page} out of range`);
    let w = words.get(word);
    if (!w) words.set(word, (w = [word, null, []]));
    return w;
  };
  const pagesOf = (c: CborCursor, each: (page: number, found: Occurrences) => void) => {
    let page = 0;
    for (let n = c.array(); n > 0; n--) {
      const items = c.array();
      page += c.int();
      const { bytes, count } = c.ints();
      const meta: Occurrences['meta'] = [];
      let field = '';
      let position = 0;
      for (let k = items > 2 ? c.array() : 0; k > 0; k--) {
        const v = c.int();
        if (v < 0) {
          field = fields[-v - 1] ?? fail('a metadata field out of range');
          position = 0;
        } else meta.push([field, (position += v)]);
      }
      each(page, { locs: bytes, count, meta });
    }
  };
  for (const c of list(chunks, 'chunks')) {
    const name = `index/${text(list(c, 'chunk')[2], 'chunk hash')}.pf_index`;
    const cursor = new CborCursor(payload(files.get(name) ?? fail(`no ${name}`), name), name);
    cursor.array();
    for (let n = cursor.array(); n > 0; n--) {
      const items = cursor.array();
      const word = cursor.string();
      pagesOf(cursor, (page, found) => (wordOf(page, word)[1] = found));
      for (let v = items > 2 ? cursor.array() : 0; v > 0; v--) {
        cursor.array();
        const form = cursor.string();
        pagesOf(cursor, (page, found) => wordOf(page, word)[2].push([form, found]));
      }
    }
  }
  entries.forEach((e, i) => (e.words = [...byPage[i]!.values()]));
  return entries;
}

/** An entry as the cache keeps it: the fragment's bytes, its words in CBOR (locations as Pagefind wrote them), the rest as JSON. */
export function entryParts(entry: PageEntry): Record<string, string | Buffer> {
  const { fragment, words, ...rest } = entry;
  const cbor = new CborWriter();
  const occurrences = (at: Occurrences) => {
    cbor.raw(at.locs).array(at.meta.length * 2);
    for (const [field, position] of at.meta) cbor.string(field).int(position);
  };
  for (const [word, plain, variants] of words) {
    cbor.string(word);
    if (plain) occurrences(plain);
    else cbor.null();
    cbor.array(variants.length);
    for (const [form, at] of variants) {
      cbor.string(form);
      occurrences(at);
    }
  }
  return { fragment, words: cbor.bytes(), entry: JSON.stringify(rest) };
}

/** An entry from the cache's parts (whole: the cache checks its hash); undefined if it is not there. */
export function entryFromParts(parts: ReadonlyMap<string, Buffer> | undefined): PageEntry | undefined {
  const fragment = parts?.get('fragment');
  const blob = parts?.get('words');
  const rest = parts?.get('entry');
  if (!fragment || !blob || !rest) return undefined;
  const c = new CborCursor(blob, 'a cached page entry');
  const occurrences = (): Occurrences => {
    const { bytes, count } = c.ints();
    const meta: Occurrences['meta'] = [];
    for (let n = c.array() / 2; n > 0; n--) meta.push([c.string(), c.int()]);
    return { locs: bytes, count, meta };
  };
  const words: PageWord[] = [];
  while (c.more()) {
    const word = c.string();
    const plain = c.null() ? null : occurrences();
    const variants: PageWord[2] = [];
    for (let n = c.array(); n > 0; n--) variants.push([c.string(), occurrences()]);
    words.push([word, plain, variants]);
  }
  return { ...(JSON.parse(rest.toString('utf8')) as Omit<PageEntry, 'fragment' | 'words'>), fragment, words };
}
