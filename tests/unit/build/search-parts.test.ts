/**
 * The search index in parts: how a site is cut into parts, which files each part publishes, and that scores
 * from different parts, once each part's IDF is taken out, rank pages as one index of all of them would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pageRecords, partRecords, startSearchIndex, type PartFiles } from '../../../src/build/search/search-index.ts';
import { MAX_PARTS, planParts, publishedInPart, type SearchPart } from '../../../src/build/search/search-parts.ts';
import { comparableScores, indexParts, pagefindIdf } from '../../../src/islands/index-parts.ts';
import { scaled } from '../../load.ts';
import { pagefindRuntime, removePagefindRuntime } from '../../search/pagefind-oracle.ts';

describe('the parts of the search index', () => {
  it('cuts the pages into runs of equal size, about three hundred pages each, at most eight', () => {
    expect(planParts(40)).toEqual([{ dir: '', from: 0, to: 40 }]);
    expect(planParts(0)).toEqual([{ dir: '', from: 0, to: 0 }]);
    const four = planParts(1161);
    expect(four.map((p) => p.to - p.from)).toEqual([290, 290, 290, 291]);
    expect(four.map((p) => p.dir)).toEqual(['', 'part-1/', 'part-2/', 'part-3/']);
    // Every page in exactly one part, in order.
    four.forEach((p, k) => expect(p.from).toBe(k === 0 ? 0 : four[k - 1]!.to));
    expect(four[3]!.to).toBe(1161);
    // The catalogue's pages: two parts.
    expect(planParts(590).map((p) => p.to - p.from)).toEqual([295, 295]);
    // A large site has larger parts, not more of them: a query fetches a chunk per part.
    const large = planParts(10_000);
    expect(large).toHaveLength(MAX_PARTS);
    expect(large[MAX_PARTS - 1]!.to).toBe(10_000);
    expect(planParts(6, 2)).toHaveLength(3);
  });

  it("publishes each part's index data, and none of Pagefind's own code (the browser reads the index itself)", () => {
    for (const file of [
      'pagefind-entry.json',
      'pagefind.en_12ab.pf_meta',
      'index/en_1.pf_index',
      'fragment/en_2.pf_fragment',
      'filter/en_3.pf_filter',
    ])
      expect(publishedInPart(file), file).toBe(true);
    for (const file of [
      'pagefind.js',
      'wasm.en.pagefind',
      'wasm.unknown.pagefind',
      'pagefind-ui.js',
      'pagefind-ui.css',
      'pagefind-worker.js',
      'pagefind-highlight.js',
      'pagefind-component-ui.js',
      'index/nested/en_1.pf_index',
    ])
      expect(publishedInPart(file), file).toBe(false);
  });

  it('maps each result id to its part from the records, which list the pages part by part', () => {
    const parts = indexParts(
      [
        ['', 2],
        ['part-1/', 3],
      ],
      ['a', 'b', 'c', 'd', 'e'],
    );
    expect(parts.dirs).toEqual(['', 'part-1/']);
    expect([...parts.partOf]).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
      ['d', 1],
      ['e', 1],
    ]);
    // Records without parts: one index.
    expect(indexParts(undefined, ['a', 'b']).sizes).toEqual([2]);
  });
});

describe('scores from several parts', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-search-parts-'));
  afterAll(async () => {
    fs.rmSync(work, { recursive: true, force: true });
    await removePagefindRuntime();
  });

  // Eight pages of the same length (so every part has the same average page length), holding the word "apple"
  // 0 to 3 times: the word is rarer in one part than in the other, so the parts' IDFs differ.
  const FILLER = 'river stone cloud paper window garden silver music forest engine'.split(' ');
  const page = (i: number) => {
    const apples = [0, 1, 2, 3, 1, 0, 0, 0][i]!;
    const words = [
      ...Array.from({ length: apples }, () => 'apple'),
      ...Array.from({ length: 40 - apples }, (_, j) => FILLER[(i + j) % FILLER.length]!),
    ];
    return {
      file: `doc/p${i}/index.html`,
      html:
        `<!doctype html><html lang="en"><head><title>Page ${i}</title></head><body><article ` +
        `data-pagefind-body><h1>Page number ` +
        `${i}</h1><p>${words.join(' ')}</p></article></body></html>`,
    };
  };
  const pages = Array.from({ length: 8 }, (_, i) => page(i));

  /** Indexes the pages in the given parts into `<dir>/pagefind/`; the records as the build writes them. */
  async function indexInParts(dir: string, parts: SearchPart[]) {
    const service = await startSearchIndex();
    const made: PartFiles[] = [];
    try {
      for (const part of parts) {
        const writer = await service.createPart();
        for (const p of pages.slice(part.from, part.to)) await writer.add(p.file, p.html);
        const files = await writer.finish();
        made.push({ part, files, records: partRecords(files, []) });
      }
    } finally {
      await service.close();
    }
    for (const { part, files } of made) {
      for (const [rel, data] of files) {
        if (!publishedInPart(rel)) continue;
        const target = path.join(dir, 'pagefind', part.dir, rel);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, data);
      }
    }
    return pageRecords(made);
  }

  /** Pagefind in this process, on the index in `dir`: a module instance of its own (the query string). */
  async function openIn(dir: string, partDirs: string[]) {
    // Pagefind's own code, which the site does not publish, beside the index.
    const runtime = await pagefindRuntime();
    for (const f of fs.readdirSync(runtime)) fs.copyFileSync(path.join(runtime, f), path.join(dir, 'pagefind', f));
    const base = `http://${path.basename(dir)}.local/pagefind/`;
    const pf = (await import(
      `${pathToFileURL(path.join(dir, 'pagefind/pagefind.js')).href}?${path.basename(dir)}`
    )) as {
      options(o: object): Promise<void>;
      init(): Promise<void>;
      mergeIndex(p: string): Promise<void>;
      search(q: string): Promise<{ results: { id: string; score: number; data(): Promise<{ url: string }> }[] }>;
    };
    await pf.options({ basePath: base });
    await pf.init();
    for (const d of partDirs.slice(1)) await pf.mergeIndex(`${base}${d}`);
    return pf;
  }

  it(
    "rank pages as one index does, once each part's IDF is taken out",
    async () => {
      const realFetch = globalThis.fetch;
      // Pagefind fetches its files: from the folders above.
      globalThis.fetch = (input: string | URL | Request) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        return Promise.resolve(
          new Response(
            fs.readFileSync(path.join(work, url.hostname.replace(/\.local$/, ''), decodeURIComponent(url.pathname))),
          ),
        );
      };
      try {
        const one = path.join(work, 'one');
        const two = path.join(work, 'two');
        await indexInParts(one, planParts(8));
        const split = planParts(8, 4);
        expect(split).toHaveLength(2);
        const records = await indexInParts(two, split);
        expect(records.parts).toEqual([
          ['', 4],
          ['part-1/', 4],
        ]);
        // Where each part's chunks start, read from its Pagefind metadata: every word sorts after the first.
        expect(records.chunks.length).toBeGreaterThanOrEqual(2);
        expect(records.chunks[0]).toBe('0');
        expect([...records.chunks].sort()).toEqual(records.chunks);

        const single = await (await openIn(one, [''])).search('apple');
        const merged = await (
          await openIn(
            two,
            records.parts.map(([d]) => d),
          )
        ).search('apple');
        const urlsOf = async (rs: { data(): Promise<{ url: string }> }[]) =>
          Promise.all(rs.map(async (r) => (await r.data()).url.replace(/^https?:\/\/[^/]+/, '')));
        const singleScore = new Map((await urlsOf(single.results)).map((u, i) => [u, single.results[i]!.score]));
        const parts = indexParts(records.parts, Object.keys(records.pages));
        const corrected = comparableScores(merged.results, parts);
        const mergedUrls = await urlsOf(merged.results);
        expect([...mergedUrls].sort()).toEqual([...singleScore.keys()].sort());
        expect(mergedUrls).toHaveLength(4);

        // One index: the word's IDF over all eight pages times what each page holds of it. Parts: the same,
        // each over its own four pages, in which the word is on 3 and 1 pages. Taken out, the ratio to the single
        // index's score is the same for every page (that index's IDF).
        const ratios = mergedUrls.map((u, i) => corrected[i]! / singleScore.get(u)!);
        for (const r of ratios) expect(r).toBeCloseTo(1 / pagefindIdf(8, 4), 4);
        // Without the correction they would not be: the part where the word is rare would win.
        const raw = mergedUrls.map((u, i) => merged.results[i]!.score / singleScore.get(u)!);
        expect(Math.max(...raw) / Math.min(...raw)).toBeGreaterThan(1.5);
      } finally {
        globalThis.fetch = realFetch;
      }
    },
    scaled(60_000),
  );
});
