/**
 * The examples tooling: every `sql example` block runs on the real engine, in order, each page in a fresh
 * session; what the engine answers is recorded beside the content and shown by the build.
 *
 *   npm run examples                       record every page's results
 *   npm run examples -- content/doc/x.md   record one page (or several)
 *   npm run examples:check                 run everything again; fail on any difference (part of npm test)
 *   npm run examples -- --coverage         record the engine's functions, settings and system tables, and
 *                                          print which of them the site documents
 *   npm run examples -- --settings         record every setting's type, default, range and level (the facts of
 *                                          the settings reference and /settings.json)
 *   npm run examples -- --signatures       probe every engine function's signatures (content/catalogue/
 *                                          signatures.json); with check, probe again and name every difference,
 *                                          unless nothing the probe depends on changed since one last matched
 *                                          the file (signatures/probe-stamp.ts; --probe probes anyway)
 */
import fs from 'node:fs';
import { siteConfig } from '../site.config.ts';
import path from 'node:path';
import { loadSite, type BuiltPage, type SiteModel } from '../build/load-site.ts';
import { ContentErrors } from '../content/errors.ts';
import { EngineBridge, engineResultOf } from './bridge.ts';
import { holdExamplesLock } from './example-data.ts';
import { describeDifference, exampleKeys, readEngineResult } from './result-table.ts';
import { recordCoverage } from './record-coverage.ts';
import { runPage } from './run-page.ts';
import {
  mergeRecording,
  readRecordedPage,
  RecordedResultsError,
  resultsDirOf,
  resultsFileOf,
  writeRecordedPage,
} from './results-store.ts';
import { ENGINE_SETTINGS_FILE, MACHINE_DEPENDENT, type EngineSettings } from '../reference/settings-data.ts';
import { probeCatalogue } from './signatures/record.ts';
import { currentStamp, PROBE_STAMP_FILE, stampHolds, writeStamp } from './signatures/probe-stamp.ts';
import {
  describeProbeDifference,
  readSignatureExceptions,
  readSignatures,
  SIGNATURES_FILE,
  signatureExceptionProblems,
  writeSignatures,
} from './signatures/store.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
const mode = args[0];
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
if (mode !== 'record' && mode !== 'check') {
  console.error('usage: tsx src/examples/cli.ts record|check [--content DIR] [--coverage | --settings] [page.md ...]');
  process.exit(2);
}
const coverageOnly = args.includes('--coverage');
const settingsOnly = args.includes('--settings');
const signaturesOnly = args.includes('--signatures');
const only = args
  .slice(1)
  .filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--content')
  .map((a) => path.resolve(a));

// The engine first: a missing one is reported at once, before the pages are read.
let bridge: EngineBridge;
try {
  bridge = EngineBridge.forProject(projectRoot);
} catch (err) {
  console.error(`examples: ${(err as Error).message}`);
  process.exit(1);
}
const engineVersion = async () => {
  const v = (await bridge.request({ op: 'version' })).value ?? '';
  return /Databend Query (v[\d.]+)/.exec(v)?.[1] ?? 'unknown';
};
let engine: string;
try {
  engine = await engineVersion();
} catch (err) {
  console.error(`examples: ${(err as Error).message}`);
  bridge.close();
  process.exit(1);
}

// The signature prober does not need the pages.
let model = undefined as unknown as SiteModel;
if (!signaturesOnly)
  try {
    const contentDir = flag('--content');
    const contentRoot = path.resolve(projectRoot, contentDir ?? siteConfig.contentDir);
    // Given pages, only they are rendered (the anchors of all are still read, so their links are checked).
    const onlyThese =
      only.length && !coverageOnly ? (rel: string) => only.includes(path.join(contentRoot, rel)) : undefined;
    // The coverage reads what the rendered pages name; recording and checking read only the code blocks.
    model = await loadSite({
      projectRoot,
      contentDir,
      withDates: false,
      allowMissingResults: true,
      only: onlyThese,
      plainCode: !coverageOnly,
    });
  } catch (err) {
    if (!(err instanceof ContentErrors)) throw err;
    for (const e of err.errors) console.error(`  ${e.message}`);
    bridge.close();
    process.exit(1);
  }

// The lock guards the examples' data folder; the signature prober never reads it (each engine process has a working
// folder of its own), so it runs beside a run of the examples, as `npm test` does.
if (!signaturesOnly) await holdExamplesLock();

/** The facts of every setting, from `system.settings` in a fresh session; machine-dependent defaults as null. */
async function recordSettings(): Promise<void> {
  await bridge.request({ op: 'reset' });
  const a = await bridge.request({
    op: 'run',
    sql: 'SELECT name, type, "default", "range", level FROM system.settings ORDER BY name',
  });
  const raw = engineResultOf(a);
  if (!raw) throw new Error(`cannot read system.settings: ${a.error ?? ''}`);
  const unquote = (v: string | undefined) => (v ?? '').replace(/^'|'$/g, '');
  const settings = readEngineResult(raw).rows.map((r) => {
    const [name = '', type = '', def = '', range = '', level = ''] = r.map(unquote);
    const dependsOn = MACHINE_DEPENDENT[name];
    return {
      name,
      type,
      default: dependsOn ? null : def,
      ...(dependsOn ? { defaultDependsOn: dependsOn } : {}),
      range,
      level,
    };
  });
  const recorded: EngineSettings = { engine, settings };
  fs.writeFileSync(path.join(projectRoot, ENGINE_SETTINGS_FILE), `${JSON.stringify(recorded, null, 1)}\n`);
  console.log(`${settings.length} settings recorded in ${ENGINE_SETTINGS_FILE}`);
}

/**
 * Probes every engine function's signatures; `record` writes them, `check` compares them with the recorded ones
 * and with the reasons given for functions without any.
 */
async function signatures(): Promise<number> {
  const packageDir = (await bridge.request({ op: 'package' })).value ?? '';
  const stamp = () => currentStamp(projectRoot, { version: engine, packageDir });
  if (mode === 'check' && !process.env.PROBE_ONLY && !args.includes('--probe') && stampHolds(projectRoot, stamp())) {
    const recorded = readSignatures(projectRoot);
    const problems = signatureExceptionProblems(recorded, readSignatureExceptions(projectRoot));
    console.log(
      `signatures: not probed again: the engine (${engine}), the prober and ${SIGNATURES_FILE} are as the last ` +
        `probe that matched the file found them (${PROBE_STAMP_FILE}; --probe probes anyway)`,
    );
    for (const p of problems) console.error(`  ${p}`);
    return problems.length ? 1 : 0;
  }
  const now = await probeCatalogue(bridge, projectRoot, (m) => console.log(m));
  const problems: string[] = [];
  let matched = !process.env.PROBE_ONLY;
  if (mode === 'record' && !process.env.PROBE_ONLY) writeSignatures(projectRoot, { engine, functions: now.functions });
  else {
    try {
      const then = readSignatures(projectRoot);
      if (then.engine !== engine) problems.push(`signatures were recorded on ${then.engine}, the engine is ${engine}`);
      for (const name of new Set([...Object.keys(then.functions), ...Object.keys(now.functions)]))
        problems.push(...describeProbeDifference(name, then.functions[name], now.functions[name]));
    } catch (err) {
      if (!(err instanceof ContentErrors)) throw err;
      problems.push(...err.errors.map((e) => e.message));
    }
    matched &&= !problems.length;
  }
  // The file is what this probe found: later checks may skip the probe until something it depends on changes.
  if (matched && writeStamp(projectRoot, stamp())) console.log(`signatures: ${PROBE_STAMP_FILE} written`);
  problems.push(
    ...signatureExceptionProblems({ engine, functions: now.functions }, readSignatureExceptions(projectRoot)),
  );
  const withCalls = Object.values(now.functions).filter((p) => p.calls.length).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `signatures: ${withCalls}/${Object.keys(now.functions).length} functions with ` +
      `signatures; ${now.planned} calls planned, ${now.ran} run (engine ${engine}, ${seconds} s)`,
  );
  for (const p of problems) console.error(`  ${p}`);
  return problems.length ? 1 : 0;
}

const started = performance.now();
if (settingsOnly) {
  await recordSettings();
  await bridge.stop();
  process.exit(0);
}
if (signaturesOnly) {
  const code = await signatures();
  await bridge.stop();
  process.exit(code);
}
if (coverageOnly) {
  await recordCoverage(bridge, projectRoot, model, engine);
  await bridge.stop();
  process.exit(0);
}

const pages = model.pages.flatMap((p: BuiltPage) => {
  if (p.page.kind !== 'doc') return [];
  const blocks = p.codeBlocks.filter((b) => b.meta.example);
  const abs = path.join(model.contentRoot, p.page.source.relPath);
  if (only.length && !only.includes(abs)) return [];
  return blocks.length ? [{ id: p.page.source.relPath, file: p.page.source.file, blocks }] : [];
});
if (only.length && pages.length === 0) {
  console.error(
    `examples: none of ${only.map((o) => path.relative(projectRoot, o)).join(', ')} is a page with examples`,
  );
  process.exit(1);
}

const problems: string[] = [];
let count = 0;
let notRun = 0;
for (const built of model.pages) for (const b of built.codeBlocks) if (b.meta.norun) notRun++;

for (const page of pages) {
  const ran = await runPage(bridge, model.contentRoot, page.file, page.blocks, problems);
  count += ran.filter(Boolean).length;
  if (mode === 'record') {
    let before;
    try {
      before = readRecordedPage(model.contentRoot, page.id);
    } catch (err) {
      if (!(err instanceof RecordedResultsError)) throw err;
      console.error(`examples: ${path.relative(projectRoot, err.file)}: ${err.message}; recording the page anew`);
    }
    writeRecordedPage(model.contentRoot, page.id, {
      engine,
      examples: mergeRecording(exampleKeys(page.blocks.map((b) => b.code)), ran, before?.examples),
    });
    continue;
  }
  let recorded;
  try {
    recorded = readRecordedPage(model.contentRoot, page.id);
  } catch (err) {
    if (!(err instanceof RecordedResultsError)) throw err;
    problems.push(`${path.relative(projectRoot, err.file)}${err.line ? `:${err.line}` : ''}: ${err.message}`);
    continue;
  }
  if (!recorded) {
    problems.push(`${page.file}: no recorded results (run npm run examples)`);
    continue;
  }
  const byKey = new Map(recorded.examples.map((e) => [e.key, e]));
  for (const [i, now] of ran.entries()) {
    if (!now) continue;
    const then = byKey.get(now.key);
    const line = page.blocks[i]?.line;
    if (!then || then.sql !== now.sql)
      problems.push(`${page.file}:${line}: no recorded result for this statement (run npm run examples)`);
    else if (!now.nondeterministic) {
      const diff = describeDifference(then, now);
      if (diff) problems.push(`${page.file}:${line}: the engine's answer differs from the recorded one: ${diff}`);
    }
  }
  if (recorded.examples.length !== page.blocks.length)
    problems.push(
      `${page.file}: ${recorded.examples.length} recorded results for ${page.blocks.length} examples (run npm run examples)`,
    );
}
await bridge.stop();

// Records of pages that no longer have examples are stale too (a full run only).
if (!only.length) {
  const live = new Set(pages.map((p) => resultsFileOf(model.contentRoot, p.id)));
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  for (const file of walk(resultsDirOf(model.contentRoot))) {
    if (live.has(file)) continue;
    if (mode === 'record') fs.rmSync(file);
    else
      problems.push(
        `${path.relative(projectRoot, file)}: recorded results for a page without examples (run npm run examples)`,
      );
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.error(`examples: ${problems.length} problem${problems.length === 1 ? '' : 's'} (engine ${engine})`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  `examples: ${count} examples on ${pages.length} pages ` +
    `${mode === 'record' ? 'recorded' : 'run and match the recorded results'}; ${notRun} ` +
    `blocks marked as not runnable here (engine ${engine}, ${seconds} s)`,
);
