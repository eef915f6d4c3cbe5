/**
 * Pagefind 1.6.0's index files, read without its WebAssembly: each is `pagefind_dcd` followed by a CBOR payload,
 * gzipped (as Pagefind writes them) or not. Only the CBOR Pagefind writes is decoded: unsigned and negative
 * integers, text strings and arrays of known length.
 */

const SIGNATURE = 'pagefind_dcd';

/** The payload after the signature, gunzipped first unless it already starts with it. */
export async function decompress(data: Uint8Array, file: string): Promise<Uint8Array> {
  const sig = new TextEncoder().encode(SIGNATURE);
  const signed = (d: Uint8Array) => d.length >= sig.length && sig.every((b, i) => d[i] === b);
  if (signed(data)) return data.subarray(sig.length);
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  const out = await new Response(stream).arrayBuffer().then(
    (b) => new Uint8Array(b),
    (e: unknown) => {
      throw new Error(`Pagefind file ${file}: not gzip (${String(e)})`);
    },
  );
  if (!signed(out)) throw new Error(`Pagefind file ${file}: no pagefind_dcd signature after decompression`);
  return out.subarray(sig.length);
}

/** A cursor over CBOR bytes. */
export class Cbor {
  private at = 0;
  private readonly text = new TextDecoder();
  constructor(
    private readonly bytes: Uint8Array,
    private readonly file: string,
  ) {}

  private head(): [major: number, value: number] {
    const b = this.bytes[this.at++];
    if (b === undefined) throw new Error(`Pagefind file ${this.file}: ends early at byte ${this.at}`);
    const info = b & 31;
    let value = info;
    if (info >= 24 && info <= 27) {
      const n = 1 << (info - 24);
      value = 0;
      for (let i = 0; i < n; i++) value = value * 256 + this.bytes[this.at++]!;
    } else if (info > 27) throw new Error(`Pagefind file ${this.file}: unsupported CBOR item at byte ${this.at - 1}`);
    return [b >> 5, value];
  }

  private expect(major: number, what: string): number {
    const [m, v] = this.head();
    if (m !== major) throw new Error(`Pagefind file ${this.file}: expected ${what} at byte ${this.at}`);
    return v;
  }

  /** An array's length. */
  array(): number {
    return this.expect(4, 'an array');
  }
  string(): string {
    const n = this.expect(3, 'a string');
    const s = this.text.decode(this.bytes.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }
  /** An integer, negative or not. */
  int(): number {
    const [m, v] = this.head();
    if (m === 0) return v;
    if (m === 1) return -1 - v;
    throw new Error(`Pagefind file ${this.file}: expected an integer at byte ${this.at}`);
  }
  /** Whether anything is left. */
  more(): boolean {
    return this.at < this.bytes.length;
  }
}

export interface PageEntry {
  hash: string;
  wordCount: number;
}
export interface ChunkEntry {
  from: string;
  to: string;
  hash: string;
}
export interface IndexMeta {
  version: string;
  pages: PageEntry[];
  chunks: ChunkEntry[];
  /** Names of the metadata fields, by the id the chunks use. */
  metaFields: string[];
}

/** The part's `pf_meta`: its pages (hash, word count), index chunks (first and last word, hash), metadata fields. */
export function decodeMeta(bytes: Uint8Array, file: string): IndexMeta {
  const c = new Cbor(bytes, file);
  c.array();
  const version = c.string();
  const pages: PageEntry[] = [];
  for (let n = c.array(); n > 0; n--) {
    const fields = c.array();
    const hash = c.string();
    const wordCount = c.int();
    // A third field names the page's fragment group (empty: the page has a fragment file of its own).
    for (let i = 2; i < fields; i++) c.string();
    pages.push({ hash, wordCount });
  }
  const chunks: ChunkEntry[] = [];
  for (let n = c.array(); n > 0; n--) {
    c.array();
    chunks.push({ from: c.string(), to: c.string(), hash: c.string() });
  }
  // Filters and sorts: this site has none.
  for (const what of ['filters', 'sorts'])
    if (c.array() !== 0) throw new Error(`Pagefind file ${file}: ${what} are not supported`);
  const metaFields: string[] = [];
  if (c.more()) for (let n = c.array(); n > 0; n--) metaFields.push(c.string());
  return { version, pages, chunks, metaFields };
}

/** One page's occurrences of a word: positions with their weight (Pagefind's 0–255, 24 = ×1), metadata positions. */
export interface PageWord {
  page: number;
  locs: [weight: number, position: number][];
  metaLocs: [field: number, position: number][];
}
export interface WordData {
  pages: PageWord[];
  /** Forms with diacritics, each with its pages. */
  variants: { form: string; pages: PageWord[] }[];
}

function decodePages(c: Cbor): PageWord[] {
  const pages: PageWord[] = [];
  let page = 0;
  for (let n = c.array(); n > 0; n--) {
    const fields = c.array();
    page += c.int();
    const locs: PageWord['locs'] = [];
    // Positions are deltas; a negative number sets the weight of those after it and restarts the count.
    let weight = 25;
    let position = 0;
    for (let k = c.array(); k > 0; k--) {
      const v = c.int();
      if (v < 0) {
        weight = Math.min(255, -v - 1);
        position = 0;
      } else locs.push([weight, (position += v)]);
    }
    const metaLocs: PageWord['metaLocs'] = [];
    if (fields >= 3) {
      let field = 0;
      let at = 0;
      for (let k = c.array(); k > 0; k--) {
        const v = c.int();
        if (v < 0) {
          field = -v - 1;
          at = 0;
        } else metaLocs.push([field, (at += v)]);
      }
    }
    pages.push({ page, locs, metaLocs });
  }
  return pages;
}

/** An index chunk: its words, each with the pages that hold it. */
export function decodeChunk(bytes: Uint8Array, file: string): Map<string, WordData> {
  const c = new Cbor(bytes, file);
  const words = new Map<string, WordData>();
  c.array();
  for (let n = c.array(); n > 0; n--) {
    const fields = c.array();
    const word = c.string();
    const pages = decodePages(c);
    const variants: WordData['variants'] = [];
    if (fields >= 3)
      for (let k = c.array(); k > 0; k--) {
        c.array();
        variants.push({ form: c.string(), pages: decodePages(c) });
      }
    words.set(word, { pages, variants });
  }
  return words;
}
