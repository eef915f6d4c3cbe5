/**
 * A part of the search index written from its pages' entries (`page-entries.ts`), in catalogue order: the files
 * Pagefind 1.6 would write for those pages (`pagefind-entry.json`, the `pf_meta`, index chunks cut at
 * `INDEX_CHUNK_SIZE` as Pagefind cuts them, fragments), each named by Pagefind's hash of its content. The output
 * is a function of the entries only, so a part merged from cached entries and a freshly indexed page is the part a
 * build without a cache writes. The CBOR is Pagefind's own, byte for byte (`tests/unit/build/search-entries.test.ts`);
 * only the gzip around it is Node's.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { compareCodePoints } from '../../islands/chunk-range.ts';
import {
  LANGUAGE,
  PAGEFIND_VERSION,
  SIGNATURE,
  pagefindHash,
  type Occurrences,
  type PageEntry,
} from './page-entries.ts';
import { CborWriter } from './pagefind-cbor.ts';
import { INDEX_CHUNK_SIZE } from './search-parts.ts';

/** The characters Pagefind 1.6 counts as part of a word (`WORD_SYMBOLS`), listed in its entry file. */
const INCLUDE_CHARACTERS = ['_', '‿', '⁀', '⁔', '︳', '︴', '﹍', '﹎', '﹏', '＿'];

/** Rust's string order (code points); JavaScript's own where no surrogate pair can order differently. */
const HIGH = /[\ud800-\uffff]/;
const rustOrder = (a: string, b: string): number =>
  HIGH.test(a) || HIGH.test(b) ? compareCodePoints(a, b) : a < b ? -1 : a > b ? 1 : 0;

/** One word of the part: the pages holding it as indexed, and each form with diacritics with its pages. */
interface PartWord {
  word: string;
  pages: [page: number, at: Occurrences][];
  variants: Map<string, [page: number, at: Occurrences][]>;
}

/**
 * Index chunks as an earlier write of the part compressed them (`known`), and the path of each chunk this write
 * made (`made`), by the SHA-1 of their CBOR: a rebuild after an edit changes a few chunks of the part, and gzip of
 * the others was a fifth of writing it. The same CBOR, the same bytes: the output is the one a write without it gives.
 */
export interface ChunkMemo {
  known: ReadonlyMap<string, Buffer>;
  made: Map<string, string>;
}

/** A part's files (path under the part's folder → bytes) from its pages' entries in catalogue order. */
export function writePart(entries: readonly PageEntry[], memo?: ChunkMemo): Map<string, Buffer> {
  const seen = new Map<string, string>();
  for (const e of entries) {
    const other = seen.get(e.id);
    // The records and the index find a page by this id: two pages under one would mix them up.
    if (other !== undefined)
      throw new Error(
        `search index: two pages have the result id ${e.id} (${other} and ${e.url}); a word more or less on either page changes it`,
      );
    seen.set(e.id, e.url);
  }
  // Pagefind numbers the fields of all the pages, in Rust's string order.
  const fields = [...new Set(entries.flatMap((e) => e.fields))].sort(rustOrder);
  const fieldId = new Map(fields.map((f, i) => [f, i]));
  const words = new Map<string, PartWord>();
  entries.forEach((entry, page) => {
    for (const [word, plain, variants] of entry.words) {
      let w = words.get(word);
      if (!w) words.set(word, (w = { word, pages: [], variants: new Map() }));
      if (plain) w.pages.push([page, plain]);
      for (const [form, at] of variants) {
        const pages = w.variants.get(form) ?? [];
        pages.push([page, at]);
        w.variants.set(form, pages);
      }
    }
  });
  const files = new Map<string, Buffer>();
  const named = new Set<string>();
  /** A file's name: Pagefind's hash of its CBOR, `length` characters, longer while another file has it. */
  const nameOf = (cbor: Buffer, length: number) => {
    const hash = pagefindHash(cbor);
    let name = `${LANGUAGE}_${hash.slice(0, length)}`;
    for (let n = length + 1; named.has(name) && n <= hash.length; n++) name = `${LANGUAGE}_${hash.slice(0, n)}`;
    named.add(name);
    return name;
  };
  const chunkMeta: [from: string, to: string, hash: string][] = [];
  const keys = [...words.keys()];
  // Sorted natively unless a word holds a character whose UTF-16 order is not its code point order.
  const high = new Set(keys.filter((k) => HIGH.test(k)));
  keys.sort((a, b) => (high.has(a) || high.has(b) ? compareCodePoints(a, b) : a < b ? -1 : a > b ? 1 : 0));
  for (const chunk of chunksOf(keys.map((k) => words.get(k)!))) {
    const cbor = new CborWriter().array(1).array(chunk.length);
    for (const w of chunk) {
      cbor.array(3).string(w.word);
      writePages(cbor, w.pages, fieldId);
      // Forms in the order Pagefind met them: by their first page, then by form.
      const forms = [...w.variants].sort(([a, pa], [b, pb]) => pa[0]![0] - pb[0]![0] || rustOrder(a, b));
      cbor.array(forms.length);
      for (const [form, pages] of forms) writePages(cbor.array(2).string(form), pages, fieldId);
    }
    const bytes = cbor.bytes();
    const hash = nameOf(bytes, 7);
    const exact = memo ? createHash('sha1').update(bytes).digest('hex') : undefined;
    const file = `index/${hash}.pf_index`;
    files.set(file, (exact === undefined ? undefined : memo?.known.get(exact)) ?? compress(bytes));
    if (exact !== undefined) memo?.made.set(exact, file);
    chunkMeta.push([chunk[0]!.word, chunk.at(-1)!.word, hash]);
  }
  // Each chunk's bounds cut to the shortest prefixes that still tell it from its neighbour (`chunk_meta`).
  for (let i = 0; i + 1 < chunkMeta.length; i++) {
    const a = Array.from(chunkMeta[i]![1]);
    const b = Array.from(chunkMeta[i + 1]![0]);
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common++;
    const to = a.slice(0, common + 1).join('');
    // Pagefind 1.6 keeps the whole last word where its prefix would sort before the chunk's own start.
    if (rustOrder(to, chunkMeta[i]![0]) >= 0) chunkMeta[i]![1] = to;
    chunkMeta[i + 1]![0] = b.slice(0, common + 1).join('');
  }
  const meta = new CborWriter().array(6).string(PAGEFIND_VERSION).array(entries.length);
  for (const e of entries) meta.array(3).string(e.id).int(e.wordCount).string('');
  meta.array(chunkMeta.length);
  for (const [from, to, hash] of chunkMeta) meta.array(3).string(from).string(to).string(hash);
  meta.array(0).array(0).array(fields.length);
  for (const f of fields) meta.string(f);
  const metaBytes = meta.bytes();
  const metaHash = `${LANGUAGE}_${pagefindHash(metaBytes).slice(0, LANGUAGE.length + 8)}`;
  files.set(`pagefind.${metaHash}.pf_meta`, compress(metaBytes));
  const entry = {
    version: PAGEFIND_VERSION,
    languages: { [LANGUAGE]: { hash: metaHash, wasm: LANGUAGE, page_count: entries.length } },
    include_characters: INCLUDE_CHARACTERS,
  };
  files.set('pagefind-entry.json', Buffer.from(JSON.stringify(entry), 'utf8'));
  for (const e of entries) files.set(`fragment/${e.id}.pf_fragment`, e.fragment);
  return files;
}

/** A word's pages (numbers as deltas), each with its locations and its metadata locations (field ids). */
function writePages(cbor: CborWriter, pages: readonly [number, Occurrences][], fieldId: Map<string, number>): void {
  cbor.array(pages.length);
  let last = 0;
  for (const [page, { locs, meta }] of pages) {
    cbor
      .array(3)
      .int(page - last)
      .raw(locs);
    last = page;
    if (meta.length === 0) {
      cbor.array(0);
      continue;
    }
    const encoded = encodeMeta(meta, (f) => fieldId.get(f)!);
    cbor.array(encoded.length);
    for (const n of encoded) cbor.int(n);
  }
}

/** Metadata locations as Pagefind writes them: a negative number names the field of the positions after it, counted again from zero. */
function encodeMeta(meta: Occurrences['meta'], idOf: (field: string) => number): number[] {
  const encoded: number[] = [];
  let field: string | undefined;
  let position = 0;
  for (const [f, at] of meta) {
    if (f !== field) {
      encoded.push(-idOf(f) - 1);
      field = f;
      position = 0;
    }
    encoded.push(at - position);
    position = at;
  }
  return encoded;
}

/** The length of `encodeMeta`'s list: each position, and a field name before each run. */
function metaLength(meta: Occurrences['meta']): number {
  let n = meta.length;
  for (let i = 0; i < meta.length; i++) if (i === 0 || meta[i]![0] !== meta[i - 1]![0]) n++;
  return n;
}

/**
 * Words in order cut into chunks as Pagefind 1.6 cuts them: a chunk ends with the word that brings it to
 * `INDEX_CHUNK_SIZE`, counting each page of a word (and of each form) as one plus its locations.
 */
function chunksOf(words: PartWord[]): PartWord[][] {
  const sizeOf = (pages: [number, Occurrences][]) =>
    pages.reduce((n, [, at]) => n + 1 + at.count + (at.meta.length ? metaLength(at.meta) : 0), 0);
  const chunks: PartWord[][] = [];
  let chunk: PartWord[] = [];
  let size = 0;
  for (const w of words) {
    size += sizeOf(w.pages);
    for (const pages of w.variants.values()) size += 1 + sizeOf(pages);
    chunk.push(w);
    if (size >= INDEX_CHUNK_SIZE) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

const compress = (cbor: Buffer): Buffer => gzipSync(Buffer.concat([Buffer.from(SIGNATURE, 'latin1'), cbor]));
