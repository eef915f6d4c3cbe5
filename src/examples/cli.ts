/**
 * The examples tooling. `record` runs every `sql example` block of every page on the real engine and writes
 * what it answered to content/examples/; the build shows those results under the examples. `check` runs them
 * again and fails if a recorded result is missing, stale or different, if an example fails, or if an
 * `error` example succeeds.
 *
 *   npm run examples            # record
 *   npm run examples:check      # verify (part of npm test)
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadSite } from '../build/load-site.ts';
import { ContentErrors } from '../content/errors.ts';
import { readRecordedPage, resultsDirOf, resultsFileOf, writeRecordedPage } from './results-store.ts';
import { runOnEngine } from './run-engine.ts';
import type { RecordedExample } from './types.ts';

const projectRoot = process.cwd();
const mode = process.argv[2];
if (mode !== 'record' && mode !== 'check') {
  console.error('usage: tsx src/examples/cli.ts record|check');
  process.exit(2);
}

const contentFlag = process.argv.indexOf('--content');
const contentDir = contentFlag > 0 ? process.argv[contentFlag + 1] : undefined;
const model = await loadSite({ projectRoot, contentDir, withDates: false, allowMissingResults: true }).catch((err: unknown) => {
  if (err instanceof ContentErrors) {
    for (const e of err.errors) console.error(`  ${e.message}`);
    process.exit(1);
  }
  throw err;
});

const pages = model.pages.flatMap((p) => {
  if (p.page.kind !== 'doc') return [];
  const blocks = p.codeBlocks.filter((b) => b.meta.example);
  return blocks.length ? [{ id: p.page.source.relPath, file: p.page.source.file, blocks }] : [];
});
const started = performance.now();
const { engine, results } = runOnEngine(projectRoot, pages.map((p) => ({ id: p.id, statements: p.blocks.map((b) => b.code) })));
const problems: string[] = [];
let count = 0;

for (const page of pages) {
  const answers = results.get(page.id) ?? [];
  const examples: RecordedExample[] = page.blocks.map((b, i) => {
    const a = answers[i] ?? { ok: false, error: 'no answer from the engine' };
    count++;
    if (b.meta.expectError && a.ok) problems.push(`${page.file}:${b.line}: this "example error" block ran without an error`);
    if (!b.meta.expectError && !a.ok) problems.push(`${page.file}:${b.line}: the example failed on the engine: ${a.error}`);
    return { sql: b.code, expectError: b.meta.expectError, nondeterministic: b.meta.nondeterministic, ...(a.ok ? { output: a.output ?? '' } : { error: a.error ?? '' }) };
  });
  if (mode === 'record') {
    writeRecordedPage(model.contentRoot, page.id, { engine, examples });
    continue;
  }
  const recorded = readRecordedPage(model.contentRoot, page.id);
  if (!recorded) {
    problems.push(`${page.file}: no recorded results (run npm run examples)`);
    continue;
  }
  examples.forEach((now, i) => {
    const then = recorded.examples[i];
    const line = page.blocks[i]?.line;
    if (!then || then.sql !== now.sql) problems.push(`${page.file}:${line}: the recorded result is for another statement (run npm run examples)`);
    else if (!now.nondeterministic && (then.output !== now.output || then.error !== now.error)) {
      problems.push(`${page.file}:${line}: the engine's answer differs from the recorded one (run npm run examples and review the change)`);
    }
  });
  if (recorded.examples.length !== examples.length) problems.push(`${page.file}: ${recorded.examples.length} recorded results for ${examples.length} examples (run npm run examples)`);
}

// Records of pages (or examples) that no longer exist are stale too.
const live = new Set(pages.map((p) => resultsFileOf(model.contentRoot, p.id)));
const walk = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])) : []);
for (const file of walk(resultsDirOf(model.contentRoot))) {
  if (live.has(file)) continue;
  if (mode === 'record') fs.rmSync(file);
  else problems.push(`${path.relative(projectRoot, file)}: recorded results for a page without examples (run npm run examples)`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.error(`examples: ${problems.length} problem${problems.length === 1 ? '' : 's'} (engine ${engine})`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`examples: ${count} examples on ${pages.length} pages ${mode === 'record' ? 'recorded' : 'match the engine'} (engine ${engine}, ${seconds} s)`);
