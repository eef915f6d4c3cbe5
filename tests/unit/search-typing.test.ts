/**
 * A word still being typed costs no index chunks (`search`'s `typing`): a steady typist searches every prefix, and
 * each prefix's chunks ("tra", "trav", ...) would be fetched on a phone. Until the word is ended or the text
 * stands, the list is a preview matched without them, never the final answer; once its chunks are in, the word
 * is answered in full. A Pagefind stand-in counts what is fetched, over five chunks starting at a, m, t, tra, trb.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search, usePagefind, wordBeingTyped, type Pagefind } from '../../src/islands/search-client.ts';
import type { PagefindResult } from '../../src/islands/search-fulltext.ts';
import { packRecordsFile } from '../../src/islands/search-records-format.ts';
import { paceAfter, TYPING_PAUSE_MS, wordPause } from '../../src/islands/use-search-answers.ts';
import { addFillerPages, record } from './search-records.ts';
import type { PageRecord } from '../../src/islands/name-match.ts';

const STARTS = ['a', 'm', 't', 'tra', 'trb'];
/** The chunk a word sorts into. */
const chunkOf = (word: string) => STARTS.filter((s) => s <= word).at(-1) ?? STARTS[0]!;
/** Where each word is, by page. */
const TEXT: Record<string, Record<string, number[]>> = {
  time: { en_travel: [0, 9], en_clock: [2] },
  travel: { en_travel: [1, 10] },
};

/** Pagefind as the client sees it, its chunks fetched as the reader fetches them, each once. */
class CountingPagefind implements Pagefind {
  readonly fetched: string[] = [];
  private readonly have = new Set<string>();
  private fetch(query: string) {
    for (const w of query.replace(/"/g, '').split(' ')) {
      const chunk = chunkOf(w);
      if (!this.have.has(chunk)) this.fetched.push(chunk);
      this.have.add(chunk);
    }
  }
  init = () => Promise.resolve();
  options = () => Promise.resolve();
  mergeIndex = () => Promise.resolve();
  preload(term: string): Promise<void> {
    this.fetch(term);
    return Promise.resolve();
  }
  search(query: string): Promise<{ results: PagefindResult[] }> {
    this.fetch(query);
    const word = query.replace(/"/g, '');
    const results = Object.entries(TEXT)
      .filter(([w]) => w.startsWith(word) || (!query.startsWith('"') && w.startsWith(word.slice(0, -1))))
      .flatMap(([, pages]) => Object.entries(pages))
      .map(([id, words]): PagefindResult => ({ id, score: words.length, words, data: () => Promise.reject() }));
    return Promise.resolve({ results });
  }
  loaded(query: string): boolean {
    return query.split(' ').every((w) => this.have.has(chunkOf(w)));
  }
}

const pages: Record<string, PageRecord> = {
  en_travel: record('/doc/time-travel', 'Querying Old Data', 'Read a table as it was.'),
  en_clock: record('/doc/clock', 'Clock Functions', 'The current time.'),
};
addFillerPages(pages);
const realFetch = globalThis.fetch;
const pf = new CountingPagefind();

beforeAll(() => {
  const { records } = packRecordsFile({ sections: ['Docs'], names: [], pages, chunks: STARTS });
  globalThis.fetch = (input: string | URL | Request) =>
    (input instanceof Request ? input.url : input.toString()).endsWith('/search-records.json')
      ? Promise.resolve(new Response(JSON.stringify(records)))
      : Promise.resolve(new Response('not found', { status: 404 }));
  usePagefind(pf, '/pagefind/');
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('a word being typed', () => {
  it('costs none of its chunks, and its list is a preview, not the answer', async () => {
    const preview = await search('time trav', { typing: true });
    expect(preview.final).toBe(false);
    // The ended word is looked up; the one being typed is not.
    expect(pf.fetched).toEqual(['t']);
  });

  it('is looked up in full once ended (or the text stands): its chunks fetched, the answer final', async () => {
    const answer = await search('time travel');
    expect(answer.final).toBe(true);
    expect(pf.fetched).toEqual(['t', 'tra']);
    expect(answer.hits[0]?.url).toBe('/doc/time-travel');
  });

  it('is answered in full at once when its chunks are already in, fetching nothing more', async () => {
    const answer = await search('time trave', { typing: true });
    expect(answer.final).toBe(true);
    expect(pf.fetched).toEqual(['t', 'tra']);
    expect(answer.hits[0]?.url).toBe('/doc/time-travel');
  });

  it('is the last word with nothing after it', () => {
    expect(wordBeingTyped('time trav')).toBe('trav');
    expect(wordBeingTyped('time ')).toBeUndefined();
    expect(wordBeingTyped('date_')).toBeUndefined();
  });
});

describe("the reader's pace", () => {
  const paced = (gap: number) => [1, 2, 3, 4].reduce<number[]>((gaps) => paceAfter(gaps, gap), []);

  it('lets a steady typist (a key every 250 ms) type on before a word costs its chunks', () => {
    expect(wordPause(paced(250))).toBeGreaterThan(350);
  });

  it('keeps the typing pause for a quick typist, and a bound for a slow one', () => {
    expect(wordPause(paced(90))).toBe(TYPING_PAUSE_MS);
    expect(wordPause([])).toBe(TYPING_PAUSE_MS);
    expect(wordPause(paced(900))).toBeLessThanOrEqual(600);
    // A pause to think is not the pace.
    expect(paceAfter(paced(250), 5000)).toEqual(paced(250));
  });
});
