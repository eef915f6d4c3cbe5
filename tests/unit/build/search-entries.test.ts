/**
 * A Pagefind index taken apart into page entries (`page-entries.ts`) and written again from them
 * (`index-writer.ts`): the same files as Pagefind's (CBOR byte for byte, names, fragments), the same words, pages
 * and locations for the browser's reader, a page's entry the same whichever pages it was indexed with, and a part
 * written from the entries of some pages the index Pagefind makes of those pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePart, type ChunkMemo } from '../../../src/build/search/index-writer.ts';
import { decodeIndex, type PageEntry } from '../../../src/build/search/page-entries.ts';
import { startSearchIndex, type SearchIndexService } from '../../../src/build/search/search-index.ts';
import { publishedInPart } from '../../../src/build/search/search-parts.ts';
import { decodeChunk, decodeMeta } from '../../../src/islands/pagefind-format.ts';
import { scaled } from '../../load.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Pages as the site feeds Pagefind: real documentation text, a title and breadcrumbs, and a few accented words. */
function fixturePages(): { file: string; html: string }[] {
  const dirs = ['content/doc/15-sql-functions/30-datetime-functions', 'content/doc/10-deploy'];
  const files = dirs.flatMap((d) =>
    fs
      .readdirSync(path.join(root, d))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .slice(0, 9)
      .map((f) => path.join(root, d, f)),
  );
  return files.map((file, i) => {
    const body = fs
      .readFileSync(file, 'utf8')
      .split(/\n{2,}/)
      .map((p) => `<p>${p.replace(/[<>&]/g, ' ')}</p>`)
      .join('\n');
    const accents = i % 4 === 0 ? '<p>Zürich café naïve Zurich cafe</p>' : '';
    return {
      file: `doc/p${i}/index.html`,
      html: `<!doctype html><html lang="en"><head><title>Page ${i}</title></head><body><main data-pagefind-body>
<h1>${path.basename(file, '.md')}</h1><span data-pagefind-meta="crumbs:Docs / ${dirs[i % 2]}"></span>${accents}${body}</main></body></html>`,
    };
  });
}

let service: SearchIndexService;
const pages = fixturePages();
/** Pagefind's index of some of the pages, in order. */
async function indexOf(which: number[]): Promise<Map<string, Buffer>> {
  const writer = await service.createPart();
  for (const i of which) await writer.add(pages[i]!.file, pages[i]!.html);
  const files = await writer.finish();
  return new Map([...files].filter(([f]) => publishedInPart(f)));
}
const all = pages.map((_, i) => i);

beforeAll(async () => {
  service = await startSearchIndex();
}, scaled(60_000));
afterAll(() => service.close());

/** A file's content: index files without their gzip (ours is Node's, Pagefind's is its own). */
const contentOf = (name: string, data: Buffer) => (/\.pf_(?:index|meta)$/.test(name) ? gunzipSync(data) : data);

function expectSameFiles(ours: ReadonlyMap<string, Buffer>, pagefinds: ReadonlyMap<string, Buffer>) {
  expect([...ours.keys()].sort()).toEqual([...pagefinds.keys()].sort());
  for (const [name, data] of pagefinds)
    expect(contentOf(name, ours.get(name)!).equals(contentOf(name, data)), name).toBe(true);
}

/** What the browser's reader sees: each word's pages (by fragment id) with their locations and metadata locations. */
function readerView(files: ReadonlyMap<string, Buffer>) {
  const unpack = (name: string) => gunzipSync(files.get(name)!).subarray('pagefind_dcd'.length);
  const metaName = [...files.keys()].find((f) => f.endsWith('.pf_meta'))!;
  const meta = decodeMeta(unpack(metaName), metaName);
  const view = new Map<string, Record<string, unknown>>();
  for (const chunk of meta.chunks) {
    const name = `index/${chunk.hash}.pf_index`;
    for (const [word, data] of decodeChunk(unpack(name), name)) {
      const forms = [{ form: word, pages: data.pages }, ...data.variants];
      for (const { form, pages: list } of forms)
        for (const p of list)
          view.set(`${word}|${form}|${meta.pages[p.page]!.hash}`, {
            wordCount: meta.pages[p.page]!.wordCount,
            locs: p.locs,
            meta: p.metaLocs.map(([field, at]) => [meta.metaFields[field], at]),
          });
    }
  }
  return view;
}

describe('a Pagefind index as page entries', () => {
  it(
    'writes from its entries the files Pagefind wrote, and the reader sees the same words, pages and locations',
    async () => {
      const files = await indexOf(all);
      const entries = decodeIndex(files);
      expect(entries.map((e) => e.url)).toEqual(pages.map((p) => `/${path.dirname(p.file)}/`));
      // More than one chunk, words with accented forms and words in the metadata: every part of the format.
      expect([...files.keys()].filter((f) => f.startsWith('index/')).length).toBeGreaterThan(2);
      expect(entries[0]!.words.some(([, , variants]) => variants.length > 0)).toBe(true);
      expect(entries[1]!.words.some(([, plain]) => plain && plain.meta.length > 0)).toBe(true);
      const written = writePart(entries);
      expectSameFiles(written, files);
      const seen = readerView(files);
      expect(readerView(written)).toEqual(seen);
      // Each entry holds exactly the words the reader finds on its page.
      for (const e of entries) {
        const mine = e.words.flatMap(([w, plain, variants]) => [
          ...(plain ? [`${w}|${w}|${e.id}`] : []),
          ...variants.map(([form]) => `${w}|${form}|${e.id}`),
        ]);
        expect(mine.sort()).toEqual([...seen.keys()].filter((k) => k.endsWith(`|${e.id}`)).sort());
      }
    },
    scaled(60_000),
  );

  it(
    "gives a page the same entry whatever pages it is indexed with, and a part of some pages' entries is Pagefind's index of them",
    async () => {
      const full = decodeIndex(await indexOf(all));
      const some = [0, 3, 4, 9, 12, 13];
      const alone = decodeIndex(await indexOf([4]));
      expect(alone).toEqual([full[4]]);
      const subset = await indexOf(some);
      expect(decodeIndex(subset)).toEqual(some.map((i) => full[i]));
      // Merged from the entries of a full index and of a page indexed alone: the index of those pages.
      expectSameFiles(writePart(some.map((i) => (i === 4 ? alone[0]! : full[i]!))), subset);
    },
    scaled(60_000),
  );

  it(
    "writes a part again after a page's edit with the last write's compressed chunks: Pagefind's index of the edited pages",
    async () => {
      const first: ChunkMemo = { known: new Map(), made: new Map() };
      const written = writePart(decodeIndex(await indexOf(all)), first);
      const known = new Map([...first.made].map(([sha, file]) => [sha, written.get(file)!]));
      // Page 4 edited: the chunks holding its words change, the others are taken from the last write.
      const edited = pages.map((p, i) =>
        i === 4 ? { ...p, html: p.html.replace('</main>', '<p>A zebra crossing sentence.</p></main>') } : p,
      );
      const writer = await service.createPart();
      for (const p of edited) await writer.add(p.file, p.html);
      const pagefind = new Map([...(await writer.finish())].filter(([f]) => publishedInPart(f)));
      const again: ChunkMemo = { known, made: new Map() };
      expectSameFiles(writePart(decodeIndex(pagefind), again), pagefind);
      const reused = [...again.made.keys()].filter((sha) => known.has(sha)).length;
      expect(reused).toBeGreaterThan(0);
      expect(reused).toBeLessThan(again.made.size);
    },
    scaled(60_000),
  );

  it('refuses two pages with the same result id, naming both', async () => {
    const [a, b] = decodeIndex(await indexOf([1, 2]));
    const twin: PageEntry = { ...b!, id: a!.id };
    expect(() => writePart([a!, twin])).toThrow(
      new RegExp(`two pages have the result id ${a!.id} \\(/doc/p1/ and /doc/p2/\\)`),
    );
  });
});
