/**
 * One page's examples on the engine, in a fresh session, in page order: what `npm run examples` records and
 * `check` compares.
 */
import type { RecordedExample } from '../content/recorded.ts';
import type { CodeBlockInfo } from '../markdown/render-markdown.ts';
import { EngineBridge, EngineFailure, engineResultOf, ExampleRefused } from './bridge.ts';
import { exampleDataSourceOf, prepareExampleData } from './example-data.ts';
import { engineErrorMessage, exampleKeys, readEngineResult } from './result-table.ts';

/**
 * Runs one page's examples in a fresh session. Engine failures (hang, crash) become problems with page and line;
 * the examples after a failure are not run (they may depend on it) and each is reported as skipped. The answer
 * has one entry per block, undefined where the block did not run.
 *
 * An engine that stops (a panic) while running the page is started again and the whole page run once more: the
 * engine has been seen to panic, rarely and only on a busy machine, on statements that pass when run again. The
 * first crash is printed; a second one on the same page is the page's problem.
 */
export async function runPage(
  bridge: EngineBridge,
  contentRoot: string,
  file: string,
  blocks: CodeBlockInfo[],
  problems: string[],
): Promise<(RecordedExample | undefined)[]> {
  const first: string[] = [];
  const out = await runPageOnce(bridge, contentRoot, file, blocks, first);
  const crash = first.find((p) => p.includes(STOPPED));
  if (!crash) {
    problems.push(...first);
    return out;
  }
  console.error(`examples: ${crash.split('\n')[0]}; running ${file} again`);
  return runPageOnce(bridge, contentRoot, file, blocks, problems);
}

/** What `EngineBridge` says when the engine process ends under a statement. */
const STOPPED = ': the engine stopped (';

async function runPageOnce(
  bridge: EngineBridge,
  contentRoot: string,
  file: string,
  blocks: CodeBlockInfo[],
  problems: string[],
): Promise<(RecordedExample | undefined)[]> {
  const keys = exampleKeys(blocks.map((b) => b.code));
  const out: (RecordedExample | undefined)[] = blocks.map(() => undefined);
  const skipRest = (from: number, why: string) => {
    for (const b of blocks.slice(from)) problems.push(`${file}:${b.line}: skipped: ${why}`);
  };
  prepareExampleData(exampleDataSourceOf(contentRoot));
  try {
    await bridge.request({ op: 'reset' });
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err;
    problems.push(`${file}: ${err.message}`);
    bridge.restart();
    skipRest(0, 'the engine could not start a session for this page');
    return out;
  }
  for (const [i, b] of blocks.entries()) {
    const base = {
      key: keys[i] ?? String(i),
      sql: b.code,
      expectError: b.meta.expectError,
      nondeterministic: b.meta.nondeterministic,
    };
    let answer;
    try {
      answer = await bridge.request({ op: 'run', sql: b.code });
    } catch (err) {
      if (!(err instanceof EngineFailure)) throw err;
      problems.push(`${file}:${b.line}: ${err.message}`);
      bridge.restart();
      skipRest(
        i + 1,
        `not run after the example at line ${b.line} ${err instanceof ExampleRefused ? 'was refused' : 'stopped the engine'}`,
      );
      return out;
    }
    if (!answer.ok) {
      const error = engineErrorMessage(answer.error ?? '');
      if (!b.meta.expectError) problems.push(`${file}:${b.line}: the example failed on the engine: ${error}`);
      out[i] = { ...base, error };
      continue;
    }
    if (b.meta.expectError) problems.push(`${file}:${b.line}: this "example error" block ran without an error`);
    const raw = engineResultOf(answer);
    let result;
    try {
      result = raw ? readEngineResult(raw) : undefined;
    } catch (err) {
      problems.push(
        `${file}:${b.line}: cannot read the engine's result (${(err as Error).message}):\n${raw?.box ?? ''}`,
      );
      continue;
    }
    out[i] = result && result.columns.length > 0 ? { ...base, result } : base;
  }
  return out;
}
