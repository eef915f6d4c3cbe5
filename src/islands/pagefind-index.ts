/**
 * One Pagefind index (a part of ours), answered as Pagefind 1.6.0's WebAssembly answers it
 * (`pagefind_web/src/lib.rs` and `search.rs`): which chunks a query needs, and a search over the chunks loaded,
 * plain (a word and its extensions, scored by BM25) or exact (a quoted word). Pure: the caller loads the chunks.
 */
import { compareCodePoints } from './chunk-range.ts';
import type { ChunkEntry, IndexMeta, PageWord, WordData } from './pagefind-format.ts';
import { averageLength, bm25, diacriticBonus, idf, RANKING, wordLengthBonus } from './pagefind-score.ts';
import { sortUnstableByKey } from './pagefind-sort.ts';
import { stemEnglish } from './pagefind-stem.ts';

const f = Math.fround;
const utf8 = new TextEncoder();
/** No character past U+007F: UTF-8 bytes, code points and UTF-16 units then count and order alike. */
const ASCII = /^[^\u0080-\uffff]*$/;
/** A string's length in UTF-8 bytes, as Rust counts it. */
const byteLength = (s: string) => (ASCII.test(s) ? s.length : utf8.encode(s).length);
/** Rust's `str` order (UTF-8 bytes, the same as code points); JavaScript's own where no surrogate can differ. */
const compareStrings = (a: string, b: string) =>
  ASCII.test(a) && ASCII.test(b) ? (a < b ? -1 : a > b ? 1 : 0) : compareCodePoints(a, b);
const lessOrEqual = (a: string, b: string) => compareStrings(a, b) <= 0;

export interface IndexResult {
  /** The page's hash: its fragment's name. */
  page: string;
  score: number;
  /** Word positions matched, in order. */
  locations: number[];
}

/** Stems of each space-separated word. */
export const stems = (term: string): string[] => (term.trim() ? term.split(' ').map(stemEnglish) : []);

interface Matching {
  word: PageWord;
  /** The indexed word (a variant's base word). */
  wordStr: string;
  lengthBonus: number;
  diacritic: number;
  termIndex: number;
}

export class PagefindIndex {
  readonly words = new Map<string, WordData>();
  private readonly averagePageLength: number;

  constructor(readonly meta: IndexMeta) {
    this.averagePageLength = averageLength(meta.pages.map((p) => p.wordCount));
  }

  /** Adds a loaded chunk's words. */
  addChunk(words: Map<string, WordData>): void {
    for (const [word, data] of words) this.words.set(word, data);
    this.sorted = undefined;
  }

  /** The loaded words in UTF-16 order, where the words sharing a prefix stand together: made again after a load. */
  private sorted: string[] | undefined;

  /**
   * The chunks a (normalized) query needs: for each word and its stem, those whose range holds it, else those
   * whose range holds it as far as the shorter of the two goes (its extensions or prefixes).
   */
  requestChunks(query: string): string[] {
    const hashes = new Set<string>();
    for (const raw of query.split(' ')) {
      const checks = [raw, ...stems(raw).filter((s) => s !== raw)];
      for (const term of checks) {
        const strict = this.meta.chunks.filter((c) => lessOrEqual(c.from, term) && lessOrEqual(term, c.to));
        const found = strict.length ? strict : this.meta.chunks.filter((c) => looseMatch(term, c));
        for (const c of found) hashes.add(c.hash);
      }
    }
    return [...hashes].sort();
  }

  /** Loaded words starting with `term`, in Rust's order; if none, the longest loaded word `term` starts with. */
  private extensions(term: string): [string, WordData][] {
    // A binary search for the first word not before `term`, then the run of words that start with it: a scan of
    // every loaded word per query word was the largest cost of a keystroke once the whole index had loaded.
    const sorted = (this.sorted ??= [...this.words.keys()].sort());
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < term) low = mid + 1;
      else high = mid;
    }
    const found: [string, WordData][] = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(term); i++)
      found.push([sorted[i]!, this.words.get(sorted[i]!)!]);
    if (found.length) return found.sort(([a], [b]) => compareStrings(a, b));
    // Else the longest loaded word that `term` starts with.
    for (let n = term.length - 1; n >= 0; n--) {
      const prefix = term.slice(0, n);
      const data = this.words.get(prefix);
      if (data) return [[prefix, data]];
    }
    return [];
  }

  /** A plain search: every page holding each query word found (or an extension), scored. */
  search(term: string, original: string): IndexResult[] {
    const total = this.meta.pages.length;
    const terms = stems(term);
    const originals = original.split(' ');
    const byPage = new Map<number, Matching[]>();
    const counts: number[] = [];
    // A query word with nothing loaded is left out; with none of them found, nothing is.
    let pages: Set<number> | undefined;
    terms.forEach((t, termIndex) => {
      const originalTerm = originals[termIndex] ?? '';
      const found = this.extensions(t);
      const set = new Set<number>();
      for (const [word, data] of found) {
        const lengthBonus = wordLengthBonus(Math.abs(byteLength(word) - byteLength(t)) + 1);
        const forms: [string, PageWord[]][] = [
          [word, data.pages],
          ...data.variants.map((v): [string, PageWord[]] => [v.form, v.pages]),
        ];
        for (const [form, list] of forms) {
          const diacritic = diacriticBonus(originalTerm, form);
          for (const pw of list) {
            const entries = byPage.get(pw.page) ?? [];
            entries.push({ word: pw, wordStr: word, lengthBonus, diacritic, termIndex });
            byPage.set(pw.page, entries);
            set.add(pw.page);
          }
        }
      }
      counts.push(found.length ? set.size : 0);
      if (found.length) pages = pages === undefined ? set : new Set([...pages].filter((p) => set.has(p)));
    });
    if (terms.length && pages === undefined) pages = new Set();
    const results = [...(pages ?? this.meta.pages.keys())].sort((a, b) => a - b);
    let queryIdf = 0;
    for (const c of counts) queryIdf = f(queryIdf + idf(total, c));

    const out: (IndexResult & { index: number })[] = [];
    for (const index of results) {
      const page = this.meta.pages[index];
      if (!page) continue;
      const here = byPage.get(index) ?? [];
      const locations = here.flatMap((w) => w.word.locs.map(([weight, location]) => ({ w, weight, location })));
      // In Pagefind's order, which decides which of the words at one position (a compound word's) counts.
      sortUnstableByKey(locations, (l) => l.location);
      // Each metadata field's query words found in it (once per query word, however many of its forms).
      const metaMatches = new Map<number, Map<number, number>>();
      for (const w of here)
        for (const [field] of w.word.metaLocs) {
          const byTerm = metaMatches.get(field) ?? new Map<number, number>();
          byTerm.set(w.termIndex, idf(total, counts[w.termIndex] ?? 0));
          metaMatches.set(field, byTerm);
        }
      const weighted = new Map<string, number>();
      const positions: number[] = [];
      for (let i = 0; i < locations.length;) {
        let j = i;
        const seen = new Map<number, { wordStr: string; weight: number }>();
        for (; j < locations.length && locations[j]!.location === locations[i]!.location; j++) {
          const l = locations[j]!;
          // The first entry of a query word at a position counts (Pagefind's order of equal positions).
          if (!seen.has(l.w.termIndex)) seen.set(l.w.termIndex, { wordStr: l.w.wordStr, weight: l.weight });
        }
        const min = Math.min(...[...seen.values()].map((s) => s.weight));
        // Matching several query words at one position (a compound word) multiplies the weight.
        const effective = seen.size > 1 ? Math.min(255, min * seen.size) : min;
        for (const { wordStr } of seen.values()) weighted.set(wordStr, (weighted.get(wordStr) ?? 0) + effective);
        positions.push(locations[i]!.location);
        i = j;
      }
      let score = 0;
      for (const wordStr of [...weighted.keys()].sort(compareStrings)) {
        const matched = here.find((w) => w.wordStr === wordStr)!;
        const s = bm25({
          weightedTermFrequency: f(f(weighted.get(wordStr)!) / 24),
          documentLength: f(page.wordCount),
          averagePageLength: this.averagePageLength,
          totalPages: total,
          pagesContainingTerm: counts[matched.termIndex] ?? 0,
          lengthBonus: matched.lengthBonus,
        });
        score = f(score + f(s * matched.diacritic));
      }
      let metaBoost = 0;
      for (const field of [...metaMatches.keys()].sort((a, b) => a - b)) {
        const name = this.meta.metaFields[field];
        if (name === undefined) continue;
        const weight = RANKING.metaWeights.get(name) ?? 1;
        let matchedIdf = 0;
        for (const v of metaMatches.get(field)!.values()) matchedIdf = f(matchedIdf + v);
        const coverage = f(matchedIdf / queryIdf);
        const boost = queryIdf > 0 ? f(f(f(weight * matchedIdf) * coverage) * coverage) : 0;
        metaBoost = f(metaBoost + boost);
      }
      out.push({ page: page.hash, score: f(score + metaBoost), locations: positions, index });
    }
    return out
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map(({ page, score, locations }) => ({ page, score, locations }));
  }

  /** An exact (quoted) search: the pages holding each stem itself, at its first run of them (else in metadata). */
  exact(term: string): IndexResult[] {
    const terms = stems(term);
    const entries: PageWord[][] = [];
    for (const t of terms) {
      const data = this.words.get(t);
      if (!data) return [];
      entries.push([data.pages, ...data.variants.map((v) => v.pages)].flat());
    }
    let pages: Set<number> | undefined;
    for (const list of entries) {
      const set = new Set(list.map((p) => p.page));
      pages = pages === undefined ? set : new Set([...pages].filter((p) => set.has(p)));
    }
    const out: IndexResult[] = [];
    for (const index of [...(pages ?? [])].sort((a, b) => a - b)) {
      const page = this.meta.pages[index]!;
      // Each query word's positions on the page, all its forms together.
      const here = entries.map((list) => list.filter((p) => p.page === index));
      const run = firstRun(here.map((list) => list.flatMap((p) => p.locs.map(([, l]) => l))));
      if (run) {
        out.push({ page: page.hash, score: 1, locations: run });
        continue;
      }
      const meta = this.metaRun(here);
      if (meta !== undefined) out.push({ page: page.hash, score: meta, locations: [] });
      else if (terms.length === 1)
        out.push({ page: page.hash, score: 1, locations: here[0]!.flatMap((p) => p.locs.map(([, l]) => l)) });
    }
    return out;
  }

  /** A run of the query words in a metadata field: the field's weight, or undefined. */
  private metaRun(here: PageWord[][]): number | undefined {
    const meta = here.map((list) => list.flatMap((p) => p.metaLocs));
    if (meta.some((m) => !m.length)) return undefined;
    for (const field of new Set(meta.flatMap((m) => m.map(([id]) => id)))) {
      const lists = meta.map((m) => m.filter(([id]) => id === field).map(([, at]) => at));
      if (lists.some((l) => !l.length) || !firstRun(lists)) continue;
      const name = this.meta.metaFields[field];
      return (name === undefined ? undefined : RANKING.metaWeights.get(name)) ?? 1;
    }
    return undefined;
  }
}

/** The first position of the first list from which each next list continues one word further. */
function firstRun(lists: number[][]): number[] | undefined {
  const [first, ...rest] = lists;
  for (const start of first ?? []) {
    let at = start;
    if (rest.every((l) => l.includes(++at))) return Array.from({ length: at - start + 1 }, (_, k) => start + k);
  }
  return undefined;
}

/** A chunk that may hold an extension or a prefix of `term`: the two compared as far as the shorter goes. */
function looseMatch(term: string, chunk: ChunkEntry): boolean {
  // Characters are code points here, as in Rust.
  const points = (s: string) => Array.from(s);
  const head = (s: string, n: number) => points(s).slice(0, n).join('');
  const length = points(term).length;
  const fromN = Math.min(length, points(chunk.from).length);
  const toN = Math.min(length, points(chunk.to).length);
  return lessOrEqual(head(chunk.from, fromN), head(term, fromN)) && lessOrEqual(head(term, toN), head(chunk.to, toN));
}
