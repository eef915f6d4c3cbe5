/**
 * `npm run bench`: the performance figures against the goals and the Docusaurus anchor, printed (never timed
 * tests). The machine is shared: run it twice, and read the load average it prints beside each figure.
 *
 *   npm run bench                       cold build, rebuilds (nothing changed; a function, a guide and a
 *                                       reference page edited, each also through npm), peak memory,
 *                                       bytes per kind of page, search costs, the served site under load
 *                                       (bench/load-test.ts), and the table of goals
 *   npm run bench -- --synthetic 10000  also cold builds of synthetic catalogues of 1,000 and 10,000 pages
 *   npm run bench -- --lighthouse       also Lighthouse (mobile) scores of the four sample pages
 *   npm run bench -- --runs 2           every build figure measured twice
 *   npm run bench -- --lighthouse-only [site]   only Lighthouse, on any built folder (another branch's build)
 *   npm run bench -- --budgets-only     only the deterministic byte budgets; exits 1 if one is exceeded
 *   npm run bench -- --search-only      only search (phone costs, latency, relevance; `--misses` lists the
 *                                       tuning suite's misses), on the built site/; `--phone-only`: phone costs
 *
 * The measuring is in `scripts/bench/`, one module per kind of figure; this file reads the options and runs them.
 *
 * Every process it starts (builds, Chromium, Lighthouse) has ended when it exits; the site is served from
 * this process (`serve-site.ts`) on a port the system picks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { byteReport, type ByteFigures } from './bench/bytes.ts';
import { EDITED_PAGES, mib, searchPartsText, seconds, stagesText, timedBuild, type BuildRun } from './bench/builds.ts';
import { goalTable } from './bench/goals.ts';
import { lighthouseScores } from './bench/lighthouse.ts';
import { describeLoad, serveLoad } from './bench/load-test.ts';
import { searchFigures, type SearchOptions } from './bench/search.ts';
import { synthetic, type SyntheticRow } from './bench/synthetic.ts';
import { exitOnBadOptions } from '../src/build/cli-options.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
exitOnBadOptions(
  'bench',
  args,
  {
    alone: [
      '--budgets-only',
      '--search-only',
      '--phone-only',
      '--phone-detail',
      '--misses',
      '--held-out-misses',
      '--lighthouse',
      '--lighthouse-only',
    ],
    withValue: ['--runs', '--synthetic'],
    numbers: { '--runs': [1, 20], '--synthetic': [10, 100_000] },
    // `--lighthouse-only [site]`: the folder is the one argument that is not an option.
    positional: args.includes('--lighthouse-only') ? 1 : 0,
  },
  'npm run bench -- [--runs <n>] [--synthetic <pages>] [--lighthouse] | --budgets-only | --search-only | --phone-only | --lighthouse-only [site]',
);
const searchOptions: SearchOptions = {
  phoneOnly: args.includes('--phone-only'),
  phoneDetail: args.includes('--phone-detail'),
  misses: args.includes('--misses'),
  heldOutMisses: args.includes('--held-out-misses'),
};

const budgetsOnly = args.includes('--budgets-only');
if (args.includes('--lighthouse-only')) {
  // Any built folder (a build of another branch, for comparison): `--lighthouse-only <site>`.
  const dir = args[args.indexOf('--lighthouse-only') + 1];
  await lighthouseScores(path.resolve(dir && !dir.startsWith('--') ? dir : 'site'));
  process.exit(0);
}
if (args.includes('--search-only') || args.includes('--phone-only')) {
  await searchFigures(path.join(projectRoot, 'site'), searchOptions);
  process.exit(0);
}
const siteDir = path.join(projectRoot, 'site');
if (budgetsOnly) {
  const { failures } = byteReport(siteDir);
  if (failures.length) {
    console.error(`\nbyte budgets exceeded:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  process.exit(0);
}

const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;
console.log(
  `machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (a shared machine: figures vary with the load printed beside them)`,
);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-bench-build-'));
const cold: BuildRun[] = [];
const noop: BuildRun[] = [];
const edited: BuildRun[] = [];
const editedViaNpm: BuildRun[] = [];
let bytes: ByteFigures;
let lighthouse: number[][] = [];
let syntheticRows: SyntheticRow[] = [];
try {
  // Cold: no cache (what a fresh clone builds), into site/ as `npm run build` would.
  console.log(
    "\nbuilds (wall time of the command `npm run build` runs, bundling and Node starting included; the build's own time in brackets):",
  );
  for (let i = 0; i < runs; i++) {
    const cache = path.join(scratch, `cold-cache-${i}`);
    const r = timedBuild('content/doc', siteDir, cache);
    fs.rmSync(cache, { recursive: true, force: true });
    cold.push(r);
    console.log(
      `  cold build of the catalogue: ${seconds(r.wallMs)} (${seconds(r.ms)}), peak memory ` +
        `${mib(r.maxRssKb)}, ${r.rendered.threads} render threads  [load ${r.load.toFixed(1)}]`,
    );
    console.log(`    ${stagesText(r)}`);
  }
  // Rebuilds, on a copy of the content (the bench edits a page of it, never the real one).
  const copy = path.join(scratch, 'content/doc');
  fs.cpSync(path.join(projectRoot, 'content/doc'), copy, { recursive: true });
  fs.cpSync(path.join(projectRoot, 'content/doc.examples'), `${copy}.examples`, { recursive: true });
  const cache = path.join(scratch, 'cache');
  const out = path.join(scratch, 'site');
  timedBuild(copy, out, cache);
  // One page of each kind the goal names: a function's, a guide's, a reference page (the first page where one is gone).
  const anyPage = fs
    .readdirSync(copy, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name))[0]!;
  const targets = Object.entries(EDITED_PAGES).map(([kind, rel]) => {
    const file = path.join(copy, rel);
    return { kind, file: fs.existsSync(file) ? file : anyPage };
  });
  for (let i = 0; i < runs; i++) {
    const r = timedBuild(copy, out, cache);
    noop.push(r);
    console.log(
      `  rebuild, nothing changed: ${seconds(r.wallMs)} (${seconds(r.ms)}), ${r.rendered.pages} ` +
        `pages rendered, ${searchPartsText(r)}  [load ${r.load.toFixed(1)}]`,
    );
    for (const { kind, file } of targets) {
      fs.appendFileSync(file, `\nA sentence the benchmark adds (${i + 1}).\n`);
      const e = timedBuild(copy, out, cache);
      edited.push(e);
      console.log(
        `  rebuild after editing a ${kind} page: ${seconds(e.wallMs)} (${seconds(e.ms)}), ` +
          `${e.rendered.bodies} body and ${e.rendered.pages} pages rendered, ${searchPartsText(e)} ` +
          ` [load ${e.load.toFixed(1)}]`,
      );
      console.log(`    ${stagesText(e)}`);
      // `npm run build` as a reader types it (no --silent): npm's own start and output are part of the figure.
      fs.appendFileSync(file, `\nA sentence the benchmark adds (${i + 1}, through npm).\n`);
      const n = timedBuild(copy, out, cache, true);
      editedViaNpm.push(n);
      console.log(
        `  the same through npm (\`npm run build\`): ${seconds(n.wallMs)} (${seconds(n.ms)})  [load ${n.load.toFixed(1)}]`,
      );
    }
  }
  bytes = byteReport(siteDir);
  await searchFigures(siteDir, searchOptions).catch((err: unknown) =>
    console.log(`\nsearch: not measured (${(err as Error).message.split('\n')[0]})`),
  );
  console.log("\nserved site under load (npm start's server in its own process, loopback, 20 s each):");
  for (const line of describeLoad(await serveLoad(siteDir))) console.log(line);
  if (args.includes('--lighthouse')) lighthouse = await lighthouseScores(siteDir);
  const synIdx = args.indexOf('--synthetic');
  if (synIdx >= 0) syntheticRows = synthetic(Number(args[synIdx + 1] ?? 10000));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

goalTable({ cold, noop, edited, editedViaNpm, syntheticRows, bytes, lighthouse });
if (bytes.failures.length) {
  console.error(`\nbyte budgets exceeded:\n  ${bytes.failures.join('\n  ')}`);
  process.exitCode = 1;
}
