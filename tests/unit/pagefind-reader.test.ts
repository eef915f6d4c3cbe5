/**
 * The Pagefind reader (`src/islands/pagefind-reader.ts`) gives Pagefind 1.6.0's own answers: a fixture site of
 * real documentation pages is indexed by Pagefind in two parts, and every word asked of Pagefind's JavaScript and
 * WebAssembly (run in Node) and of the reader gets the same pages, positions, scores (within 1e-9 relative) and
 * fragments.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkStarts } from '../../src/build/search/pagefind-meta.ts';
import { compareCodePoints } from '../../src/islands/chunk-range.ts';
import { decompress } from '../../src/islands/pagefind-format.ts';
import { normalizeQuery } from '../../src/islands/pagefind-reader.ts';
import { stemEnglish } from '../../src/islands/pagefind-stem.ts';
import { compareAnswers, openBoth, removePagefindRuntime, serveFolder } from '../search/pagefind-oracle.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Pages of the documentation, as text: functions with underscores, numbers, prose. */
const SOURCES = [
  ['content/doc/12-load-data/09-unload.md', 'Unloading Data', 'Load Data'],
  ['content/doc/00-overview/index.md', 'Overview', 'Overview'],
];
let site: string;
let text = '';

/** A page as the site feeds Pagefind: its body, title and breadcrumbs (metadata). */
function html(title: string, crumbs: string, body: string): string {
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/[<>&]/g, ' ')}</p>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body>
<h1>${title}</h1><span data-pagefind-meta="crumbs:${crumbs}"></span>${paragraphs}</main></body></html>`;
}

/** Markdown files under a folder of the content, with their text. */
function pages(): { title: string; crumbs: string; body: string }[] {
  const out = SOURCES.map(([file, title, crumbs]) => ({
    title: title!,
    crumbs: crumbs!,
    body: fs.readFileSync(path.join(root, file!), 'utf8'),
  }));
  const dir = path.join(root, 'content/doc/15-sql-functions/30-datetime-functions');
  for (const name of fs.readdirSync(dir).sort().slice(0, 14))
    if (name.endsWith('.md'))
      out.push({
        title: name.replace(/\.md$/, ''),
        crumbs: 'SQL Functions / Date',
        body: fs.readFileSync(path.join(dir, name), 'utf8'),
      });
  return out;
}

let chunkSizeBefore: string | undefined;
beforeAll(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'pagefind-reader-'));
  // Small chunks, as the site's: a word's extensions then span chunks. Only while this file indexes: the files
  // after it share the worker.
  chunkSizeBefore = process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE;
  process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE = '400';
  const all = pages();
  const halves = [all.slice(0, Math.ceil(all.length / 2)), all.slice(Math.ceil(all.length / 2))];
  for (const [part, list] of halves.entries()) {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(errors.join('; '));
    for (const [i, p] of list.entries()) {
      await index.addHTMLFile({ sourcePath: `p${part}-${i}/index.html`, content: html(p.title, p.crumbs, p.body) });
      text += `${p.title} ${p.body}\n`;
    }
    const { files } = await index.getFiles();
    const dir = path.join(site, 'pagefind', part ? `part-${part}` : '');
    for (const f of files) {
      // Each part carries only its data, as the site's: Pagefind's own code comes from `pagefindRuntime()`.
      if (!/^(index|fragment)\/|pagefind-entry\.json$|\.pf_meta$/.test(f.path)) continue;
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.path), f.content);
    }
  }
  await pagefind.close();
  serveFolder(site);
}, 120_000);

afterAll(async () => {
  if (chunkSizeBefore === undefined) delete process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE;
  else process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE = chunkSizeBefore;
  fs.rmSync(site, { recursive: true, force: true });
  await removePagefindRuntime();
});

/** Every chunk's first word, over both parts, in order. */
function starts(): string[] {
  return ['pagefind', 'pagefind/part-1']
    .flatMap((dir) => {
      const meta = fs.readdirSync(path.join(site, dir)).find((f) => f.endsWith('.pf_meta'))!;
      return chunkStarts(fs.readFileSync(path.join(site, dir, meta)));
    })
    .sort(compareCodePoints);
}

describe('the Pagefind reader', () => {
  it('answers every word as Pagefind 1.6.0 does: whole words, prefixes, stems, numbers, quoted, absent', async () => {
    const words = [
      ...new Set(
        text
          .toLowerCase()
          .split(/[^\p{L}\p{N}_]+/u)
          .filter(Boolean),
      ),
    ].sort();
    expect(words.length).toBeGreaterThan(300);
    // A few hundred of the pages' own words (every third), prefixes and other forms of some, words absent.
    const whole = words.filter((_, i) => i % 3 === 0);
    const longer = words.filter((w) => w.length >= 6).slice(0, 40);
    const asked = [
      ...whole,
      ...longer.map((w) => w.slice(0, 3)),
      ...longer.map((w) => w.slice(0, 5)),
      ...longer.slice(0, 20).flatMap((w) => [`${w}s`, `${w}ing`, `${w}ed`]),
      '1',
      '10',
      '2024',
      'zzyzx',
      'qwertyuiop',
      'date_trunc',
      'timestamps',
      'converting',
    ];
    expect(asked.length).toBeGreaterThan(300);
    const [wasm, reader] = await openBoth(['', 'part-1']);
    expect(await compareAnswers(wasm, reader, asked, starts())).toEqual([]);
  }, 240_000);

  it('tells whether a word can be searched without fetching: only once every chunk it needs is in', async () => {
    const [, reader] = await openBoth(['', 'part-1']);
    const fetched: string[] = [];
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      fetched.push(input instanceof Request ? input.url : input.toString());
      return fetchBefore(input, init);
    };
    try {
      expect(reader.loaded?.('timestamps')).toBe(false);
      await reader.preload('timestamps');
      expect(fetched.some((f) => f.endsWith('.pf_index'))).toBe(true);
      expect(reader.loaded?.('timestamps')).toBe(true);
      fetched.length = 0;
      await reader.search('timestamps');
      expect(fetched).toEqual([]);
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });

  it('stems as Snowball 3 English, its exceptions and special regions included', () => {
    // As Pagefind 1.6.0's WebAssembly stems them (read once from its playground mode's search keywords).
    const cases: [string, string][] = [
      ['generalization', 'general'],
      ['international', 'internat'],
      ['succeeding', 'succeed'],
      ['inning', 'inning'],
      ['dying', 'die'],
      ['skies', 'sky'],
      ['biologist', 'biolog'],
      ['organization', 'organiz'],
      ['pasted', 'paste'],
      ['agreed', 'agre'],
      ['exceedingly', 'exceed'],
      ['idly', 'idl'],
      ['fluently', 'fluentli'],
      ['emergency', 'emergenc'],
      ['pastime', 'pastim'],
      ['date_trunc', 'date_trunc'],
      ['hopping', 'hop'],
    ];
    for (const [word, stem] of cases) expect(stemEnglish(word), word).toBe(stem);
  });

  it('reads a query as Pagefind does: punctuation out except the kept characters, diacritics dropped', () => {
    expect(normalizeQuery('  Café  "DATE_TRUNC"!  ', ['_'])).toEqual({
      original: 'café date_trunc',
      term: 'cafe date_trunc',
    });
  });

  it('takes a file already decompressed, and names a file that is neither', async () => {
    const raw = new TextEncoder().encode('pagefind_dcd{}');
    expect(new TextDecoder().decode(await decompress(raw, 'x'))).toBe('{}');
    await expect(decompress(new TextEncoder().encode('garbage'), 'index/bad.pf_index')).rejects.toThrow(
      /index\/bad\.pf_index/,
    );
  });
});
