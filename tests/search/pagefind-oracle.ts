/**
 * Our Pagefind reader (`src/islands/pagefind-reader.ts`) against Pagefind 1.6.0 itself (its `pagefind.js` and
 * WebAssembly, run in Node) over one built index: the same calls in the same order to both, and every answer
 * compared (ids, word positions, scores within 1e-9 relative, fragments). Used by the unit test on a fixture
 * index and by `scripts/check-pagefind-reader.ts` on the built site.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import { chunkProbes } from '../../src/islands/chunk-range.ts';
import { PagefindReader } from '../../src/islands/pagefind-reader.ts';
import type { Pagefind, PagefindResult } from '../../src/islands/search-fulltext.ts';

export const ORIGIN = 'http://docs.local';
let served: string | undefined;
const realFetch = globalThis.fetch;

/**
 * Pagefind's own code (`pagefind.js` and its WebAssembly), which the site does not publish: written once per
 * process, from an index of one page made by the same Pagefind package as the site's. Returns its folder.
 */
let runtime: Promise<string> | undefined;
export function pagefindRuntime(): Promise<string> {
  runtime ??= (async () => {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(errors.join('; '));
    // In English, as the site's pages: Pagefind loads the WebAssembly of the page's language.
    const page = '<html lang="en"><body><main>a page</main></body></html>';
    await index.addHTMLFile({ sourcePath: 'a/index.html', content: page });
    const { files } = await index.getFiles();
    await pagefind.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagefind-runtime-'));
    for (const f of files.filter((file) => /^(?:pagefind\.js|wasm\.[^/]+\.pagefind)$/.test(file.path)))
      fs.writeFileSync(path.join(dir, f.path), f.content);
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return runtime;
}

/** Removes `pagefindRuntime()`'s folder now (a test runner's worker may end without an `exit` event). */
export async function removePagefindRuntime(): Promise<void> {
  if (runtime) fs.rmSync(await runtime, { recursive: true, force: true });
  runtime = undefined;
}

/**
 * `fetch` answers `ORIGIN` from this folder's files (the built site, or a fixture's); Pagefind's WebAssembly,
 * which the site does not publish, from `pagefindRuntime()`.
 */
export function serveFolder(dir: string): void {
  served = dir;
  // Any other request goes out as asked, its options (method, headers, redirect) with it: the unit tests share a
  // worker's globals (vitest.config.ts), and a later file's own server is reached through this fetch.
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, ORIGIN);
    if (url.origin !== ORIGIN || served === undefined) return realFetch(input, init);
    const wasm = /^\/pagefind\/(wasm\.[^/]+\.pagefind)$/.exec(url.pathname)?.[1];
    const file = wasm ? path.join(await pagefindRuntime(), wasm) : path.join(served, decodeURIComponent(url.pathname));
    if (!fs.existsSync(file)) return new Response('not found', { status: 404 });
    return new Response(fs.readFileSync(file), {
      headers: { 'content-type': file.endsWith('.json') ? 'application/json' : 'application/octet-stream' },
    });
  };
}

/** Pagefind's own module, a fresh instance per call (the index it reads is set by its `basePath` option). */
export async function pagefindModule(): Promise<Pagefind> {
  const url = `${pathToFileURL(path.join(await pagefindRuntime(), 'pagefind.js')).href}?instance=${Math.random()}`;
  return (await import(url)) as Pagefind;
}

/** Pagefind's own module and the reader, both over `dirs` of the folder `serveFolder` serves (first part first). */
export async function openBoth(dirs: readonly string[]): Promise<[Pagefind, Pagefind]> {
  const wasm = await pagefindModule();
  const reader = new PagefindReader();
  for (const pf of [wasm, reader]) {
    await pf.options({ basePath: `${ORIGIN}/pagefind/`, noWorker: true });
    await pf.init();
    for (const dir of dirs.slice(1)) await pf.mergeIndex(`${ORIGIN}/pagefind/${dir}`);
  }
  return [wasm, reader];
}

const relativeGap = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));

/** What differs between two answers to `query` (empty when they agree). */
function differences(query: string, a: PagefindResult[], b: PagefindResult[]): string[] {
  const out: string[] = [];
  const byId = new Map(b.map((r) => [r.id, r]));
  if (a.length !== b.length) out.push(`${query}: ${a.length} results from Pagefind, ${b.length} from the reader`);
  for (const r of a) {
    const s = byId.get(r.id);
    if (!s) {
      out.push(`${query}: ${r.id} missing from the reader`);
      continue;
    }
    if (relativeGap(r.score, s.score) > 1e-9) out.push(`${query}: ${r.id} scored ${r.score} by Pagefind, ${s.score}`);
    if (r.words.join(',') !== s.words.join(','))
      out.push(`${query}: ${r.id} at ${r.words.join(',')} in Pagefind, ${s.words.join(',')}`);
  }
  // The order, where scores differ (Pagefind leaves equal scores in no set order).
  const rank = (list: PagefindResult[]) => list.map((r) => r.score);
  if (!out.length && rank(a).join() !== rank(b).join()) out.push(`${query}: results in another order`);
  return out;
}

/**
 * Both asked about each word as the client asks (the chunks of `chunkProbes` preloaded, then the word and the
 * word quoted), and every `coldEvery`-th word searched with no preload first; the first results' fragments
 * compared too. `starts`: every chunk's first word. Returns every difference.
 */
export async function compareAnswers(
  wasm: Pagefind,
  reader: Pagefind,
  words: readonly string[],
  starts: readonly string[],
  coldEvery = 5,
): Promise<string[]> {
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    const probes = chunkProbes(starts, word);
    const cold = i % coldEvery === 0;
    for (const query of [word, `"${word}"`]) {
      const answers: PagefindResult[][] = [];
      for (const pf of [wasm, reader]) {
        if (!cold && probes.length) await pf.preload(probes.join(' '));
        answers.push((await pf.search(query))?.results ?? []);
      }
      const [a = [], b = []] = answers;
      out.push(...differences(query, a, b));
      for (const r of a.slice(0, 2)) {
        const s = b.find((x) => x.id === r.id);
        if (!s) continue;
        const [d, e] = await Promise.all([r.data(), s.data()]);
        for (const key of ['url', 'content', 'raw_content', 'anchors'] as const)
          if (JSON.stringify(d[key]) !== JSON.stringify(e[key]))
            out.push(`${query}: ${r.id}'s fragment differs in ${key}`);
      }
    }
  }
  return out;
}
