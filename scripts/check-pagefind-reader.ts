/**
 * `npx tsx scripts/check-pagefind-reader.ts`: our Pagefind reader against Pagefind 1.6.0's WebAssembly over the
 * built site (`site/`), for every word of the tuning suite's queries (`tests/search/pagefind-oracle.ts`): prints
 * each difference and exits non-zero when there is one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoredParts } from '../src/islands/index-parts.ts';
import { compareAnswers, openBoth, serveFolder } from '../tests/search/pagefind-oracle.ts';
import { relevanceCases } from '../tests/search/relevance.ts';

const siteDir = path.resolve(process.env.SITE_DIR ?? 'site');
const records = JSON.parse(fs.readFileSync(path.join(siteDir, 'search-records.json'), 'utf8')) as {
  parts?: StoredParts;
  chunks?: string[];
};
serveFolder(siteDir);
const [wasm, reader] = await openBoth((records.parts ?? [['', 0]]).map(([dir]) => dir));
// Each query word as the client looks it up: lower case, split at spaces and punctuation other than `_`.
const words = [
  ...new Set(
    relevanceCases().flatMap((c) =>
      c.q
        .toLowerCase()
        .split(/[^\p{L}\p{N}_]+/u)
        .filter(Boolean),
    ),
  ),
];
const started = performance.now();
const found = await compareAnswers(wasm, reader, words, records.chunks ?? []);
for (const d of found) console.log(`  ${d}`);
console.log(
  `${words.length} words (each plain and quoted) compared in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${found.length ? `${found.length} differences` : 'the same answers'}`,
);
process.exit(found.length ? 1 : 0);
