/** The table of goals: each goal of the "speed at scale" issue with this run's figures and the anchor's. */
import { BUDGET, KB, samples, type ByteFigures } from './bytes.ts';
import { mib, seconds, type BuildRun } from './builds.ts';
import type { SyntheticRow } from './synthetic.ts';

/** The Docusaurus 2.3 build of the 2023 docs, measured on the same kind of machine: the reference values. */
export const ANCHOR = {
  coldBuildS: 133.4,
  peakMiB: 2244,
  jsGzipKB: 548,
  lighthouse: '49–72',
  htmlGzipKB: [9, 17] as const,
};
/** The goals of the "speed at scale" issue. */
export const GOAL = { coldBuildS: 9, rebuildS: 1, syntheticS: 60, syntheticMiB: 1.5 * 1024, lighthouse: 100 };

/** What one run of the benchmark measured. */
export interface BenchRun {
  cold: BuildRun[];
  noop: BuildRun[];
  edited: BuildRun[];
  editedViaNpm: BuildRun[];
  syntheticRows: SyntheticRow[];
  bytes: ByteFigures;
  lighthouse: number[][];
}

/** The goals of the issue, each with this run's figures and the anchor's. */
export function goalTable({ cold, noop, edited, editedViaNpm, syntheticRows, bytes, lighthouse }: BenchRun): void {
  const rows: [string, string, string, string, string][] = [];
  const missed = (over: number, unit: string) =>
    over > 0 ? `MISSED by ${over.toFixed(unit === 's' ? 2 : 1)} ${unit}` : 'met';
  const list = (xs: BuildRun[], f: (r: BuildRun) => string) => xs.map(f).join(' / ') || '—';
  const worst = (xs: BuildRun[], f: (r: BuildRun) => number) => Math.max(...xs.map(f));
  const coldS = worst(cold, (r) => r.wallMs / 1000);
  rows.push([
    'cold build of the catalogue (wall)',
    `≤ ${GOAL.coldBuildS} s (≥ 15× the anchor)`,
    list(cold, (r) => seconds(r.wallMs)),
    `${ANCHOR.coldBuildS} s`,
    `${missed(coldS - GOAL.coldBuildS, 's')}; ${(ANCHOR.coldBuildS / coldS).toFixed(1)}× faster than the anchor`,
  ]);
  rows.push(['peak memory, cold build', '—', list(cold, (r) => mib(r.maxRssKb)), `${ANCHOR.peakMiB} MiB`, '']);
  // The goal is the command a writer runs, `npm run build`, after editing any one page: judged on the slowest.
  const npmS = worst(editedViaNpm, (r) => r.wallMs / 1000);
  rows.push([
    'rebuild after editing one page, through npm (npm run build; function, guide, reference page)',
    `≤ ${GOAL.rebuildS} s`,
    list(editedViaNpm, (r) => seconds(r.wallMs)),
    '—',
    missed(npmS - GOAL.rebuildS, 's'),
  ]);
  rows.push([
    '  the same, scripts/build.sh without npm (wall; the build itself in brackets)',
    '—',
    list(edited, (r) => `${seconds(r.wallMs)} (build ${seconds(r.ms)})`),
    '—',
    '',
  ]);
  rows.push([
    'rebuild, nothing changed (wall)',
    '—',
    list(noop, (r) => `${seconds(r.wallMs)} (build ${seconds(r.ms)})`),
    '—',
    '',
  ]);
  const large = syntheticRows[syntheticRows.length - 1];
  const small = syntheticRows[0];
  if (large && small) {
    const s = large.run.wallMs / 1000;
    const m = large.run.maxRssKb / 1024;
    rows.push([
      `${large.pages.toLocaleString('en')} synthetic pages`,
      `≤ ${GOAL.syntheticS} s, ≤ ${(GOAL.syntheticMiB / 1024).toFixed(1)} GB`,
      `${s.toFixed(1)} s, ${m.toFixed(0)} MiB`,
      '—',
      [
        missed(s - GOAL.syntheticS, 's'),
        m > GOAL.syntheticMiB ? `memory MISSED by ${(m - GOAL.syntheticMiB).toFixed(0)} MiB` : 'memory met',
      ].join('; '),
    ]);
    rows.push([
      `memory, ${small.pages.toLocaleString('en')} → ${large.pages.toLocaleString('en')} pages`,
      'flat',
      `${mib(small.run.maxRssKb)} → ${mib(large.run.maxRssKb)}`,
      '—',
      `${(large.run.maxRssKb / small.run.maxRssKb).toFixed(2)}× for ${large.pages / small.pages}× the pages`,
    ]);
  }
  if (bytes.referenceHtmlGz !== undefined) {
    const kb = bytes.referenceHtmlGz / KB;
    rows.push([
      'HTML of the reference page (gzip)',
      `≤ the anchor's`,
      `${kb.toFixed(1)} KB`,
      `${ANCHOR.htmlGzipKB[0]}–${ANCHOR.htmlGzipKB[1]} KB`,
      kb <= ANCHOR.htmlGzipKB[0]
        ? 'met (below the lightest anchor page)'
        : kb <= ANCHOR.htmlGzipKB[1]
          ? `within the anchor's range; ${(kb - ANCHOR.htmlGzipKB[0]).toFixed(1)} KB above its lightest page`
          : `MISSED by ${(kb - ANCHOR.htmlGzipKB[1]).toFixed(1)} KB`,
    ]);
  }
  rows.push([
    'JS before interaction (gzip)',
    `≤ ${BUDGET.jsGzip / KB} KB`,
    `${(bytes.jsGz / KB).toFixed(1)} KB`,
    `${ANCHOR.jsGzipKB} KB`,
    bytes.jsGz <= BUDGET.jsGzip ? 'met' : `MISSED by ${((bytes.jsGz - BUDGET.jsGzip) / KB).toFixed(1)} KB`,
  ]);
  if (lighthouse.length) {
    const low = lighthouse.flat();
    const short = lighthouse
      .flatMap((four) => four.map((x) => GOAL.lighthouse - x))
      .reduce((a, b) => Math.max(a, b), 0);
    rows.push([
      `Lighthouse mobile, ${lighthouse.length} sample pages`,
      '100/100/100/100',
      lighthouse.map((f) => f.join('/')).join(', '),
      `performance ${ANCHOR.lighthouse}`,
      lighthouse.length < samples.length
        ? `${samples.length - lighthouse.length} page(s) not measured`
        : short > 0
          ? `MISSED: lowest score ${Math.min(...low)}`
          : 'met',
    ]);
  }
  const widths = [0, 1, 2, 3, 4].map((i) =>
    Math.max(
      ...rows.map((r) => r[i]!.length),
      ['figure', 'goal', 'this build', 'anchor (Docusaurus 2.3)', 'verdict'][i]!.length,
    ),
  );
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  console.log('\ngoals ("speed at scale"), this machine, against the Docusaurus anchor:');
  console.log(line(['figure', 'goal', 'this build', 'anchor (Docusaurus 2.3)', 'verdict']));
  for (const r of rows) console.log(line(r));
}
