/**
 * Pagefind's search without its WebAssembly or `pagefind.js` (71 KB a phone no longer fetches): the index parts
 * read in TypeScript and answered as Pagefind 1.6.0 answers, with the calls the client makes of it (`options`,
 * `init`, `mergeIndex`, `preload`, `search`, a result's `data`). The query is normalized as Pagefind's JavaScript
 * does; each part is a `PagefindIndex`; results of the parts merge in order of score.
 */
import { decodeChunk, decodeMeta, decompress } from './pagefind-format.ts';
import { PagefindIndex, type IndexResult } from './pagefind-index.ts';
import type { Pagefind, PagefindData, PagefindResult } from './search-fulltext.ts';

interface Entry {
  version: string;
  languages: Record<string, { hash: string; page_count: number }>;
  include_characters?: string[];
}

/** Pagefind's punctuation test, as its JavaScript writes it. */
const PUNCTUATION = /^\p{Pd}|\p{Pe}|\p{Pf}|\p{Pi}|\p{Po}|\p{Ps}$/u;

/**
 * A query as Pagefind reads it: punctuation out (but the characters the index keeps, such as `_`), lower case,
 * single spaces; `original` keeps diacritics, `term` drops them.
 */
let segmenter: Intl.Segmenter | undefined;
export function normalizeQuery(query: string, keep: readonly string[]): { term: string; original: string } {
  if (typeof Intl.Segmenter !== 'undefined') segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const graphemes = segmenter
    ? Array.from(segmenter.segment(query), (s) => s.segment)
    : // oxlint-disable-next-line typescript/no-misused-spread -- code points, as Pagefind falls back to
      [...query];
  const kept = graphemes.map((g) => (keep.includes(g) ? g : PUNCTUATION.test(g) ? '' : g.toLocaleLowerCase()));
  const original = kept
    .join('')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { original, term: original.normalize('NFD').replace(/\p{M}/gu, '') };
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Pagefind file ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** One part: its index, chunks and fragments, fetched from `basePath`. */
class Part {
  index!: PagefindIndex;
  keep: string[] = [];
  /** The part's metadata is in. */
  ready = false;
  private readonly chunks = new Map<string, Promise<void>>();
  /** Chunks fetched and added to the index (`loaded`). */
  private readonly added = new Set<string>();
  private readonly fragments = new Map<string, Promise<PagefindData>>();
  private readonly baseUrl: string;

  constructor(readonly basePath: string) {
    this.baseUrl = /^(.*\/)_?pagefind/.exec(basePath)?.[1] ?? '/';
  }

  async open(): Promise<void> {
    const res = await fetch(`${this.basePath}pagefind-entry.json`);
    if (!res.ok) throw new Error(`Pagefind file ${this.basePath}pagefind-entry.json: HTTP ${res.status}`);
    const entry = (await res.json()) as Entry;
    this.keep = entry.include_characters ?? [];
    const lang = ((typeof document === 'undefined' ? '' : document.documentElement.lang) || 'unknown').toLowerCase();
    const language =
      entry.languages[lang] ??
      entry.languages[lang.split('-')[0] ?? ''] ??
      Object.values(entry.languages).sort((a, b) => b.page_count - a.page_count)[0];
    if (!language) throw new Error(`Pagefind file ${this.basePath}pagefind-entry.json: no language index`);
    const file = `${this.basePath}pagefind.${language.hash}.pf_meta`;
    this.index = new PagefindIndex(decodeMeta(await decompress(await fetchBytes(file), file), file));
    this.ready = true;
  }

  /** Loads the chunks `term` (normalized) needs; each chunk is fetched once. */
  load(term: string): Promise<unknown> {
    return Promise.all(
      this.index.requestChunks(term).map((hash) => {
        let loading = this.chunks.get(hash);
        if (!loading) {
          const file = `${this.basePath}index/${hash}.pf_index`;
          loading = fetchBytes(file)
            .then((bytes) => decompress(bytes, file))
            .then((bytes) => {
              this.index.addChunk(decodeChunk(bytes, file));
              this.added.add(hash);
            });
          // A failed fetch is tried again by the next query that needs the chunk.
          loading.catch(() => this.chunks.delete(hash));
          this.chunks.set(hash, loading);
        }
        return loading;
      }),
    );
  }

  /** Whether every chunk `term` (normalized) needs is in, so that searching it fetches nothing. */
  has(term: string): boolean {
    return this.index.requestChunks(term).every((hash) => this.added.has(hash));
  }

  /** A page's fragment, as Pagefind hands it over (`raw_content` escaped, `url` from the site's root). */
  fragment(hash: string): Promise<PagefindData> {
    let loading = this.fragments.get(hash);
    if (!loading) {
      const file = `${this.basePath}fragment/${hash}.pf_fragment`;
      loading = fetchBytes(file).then(async (bytes) => {
        const d = JSON.parse(new TextDecoder().decode(await decompress(bytes, file))) as PagefindData;
        const raw = d.raw_content ?? d.content.replace(/</g, '&lt;').replace(/>/g, '&gt;');
        const content = d.raw_content === undefined ? d.content.replace(/\u200B/g, '') : d.content;
        const url = /^(https?:)?\/\//.test(d.url)
          ? d.url
          : `${this.baseUrl}/${d.url}`.replace(/\/+/g, '/').replace(/^(https?:\/)/, '$1/');
        return { ...d, url, content, raw_content: raw };
      });
      loading.catch(() => this.fragments.delete(hash));
      this.fragments.set(hash, loading);
    }
    return loading;
  }
}

/** The index parts behind the `Pagefind` interface the client uses. */
export class PagefindReader implements Pagefind {
  private basePath = '/pagefind/';
  private readonly parts: Part[] = [];
  private opening: Promise<void>[] = [];

  options(o: Record<string, unknown>): Promise<void> {
    if (typeof o.basePath === 'string') this.basePath = o.basePath.endsWith('/') ? o.basePath : `${o.basePath}/`;
    return Promise.resolve();
  }

  init(): Promise<void> {
    return this.add(this.basePath);
  }

  mergeIndex(basePath: string): Promise<void> {
    return this.add(basePath.endsWith('/') ? basePath : `${basePath}/`);
  }

  private add(basePath: string): Promise<void> {
    const part = new Part(basePath);
    this.parts.push(part);
    const opening = part.open();
    this.opening.push(opening);
    return opening;
  }

  private async ready(): Promise<Part[]> {
    await Promise.all(this.opening);
    return this.parts;
  }

  async preload(query: string): Promise<void> {
    const parts = await this.ready();
    await Promise.all(parts.map((p) => p.load(normalizeQuery(query, p.keep).term)));
  }

  /** Whether searching `query` would fetch nothing: every part has opened and holds the chunks it needs. */
  loaded(query: string): boolean {
    return this.parts.length > 0 && this.parts.every((p) => p.ready && p.has(normalizeQuery(query, p.keep).term));
  }

  async search(query: string): Promise<{ results: PagefindResult[] }> {
    const exact = /^\s*".+"\s*$/.test(query);
    const parts = await this.ready();
    const answers = await Promise.all(
      parts.map(async (p) => {
        const { term, original } = normalizeQuery(query, p.keep);
        if (!term) return [];
        await p.load(term);
        const found: IndexResult[] = exact ? p.index.exact(term) : p.index.search(term, original);
        return found.map((r): PagefindResult => ({
          id: r.page,
          score: r.score,
          words: r.locations,
          data: () => p.fragment(r.page),
        }));
      }),
    );
    // As Pagefind merges its instances: in order of part, then a stable sort by score.
    return { results: answers.flat().sort((a, b) => b.score - a.score) };
  }
}
