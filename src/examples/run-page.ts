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
 */
export async function runPage(
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
