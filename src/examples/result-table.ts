import { createHash } from 'node:crypto';
import type { RecordedExample, ResultTable } from './types.ts';

/**
 * Reads the engine's printed result table (box drawing: names, types, a rule, then rows) into columns and
 * cells, each cell exactly as the engine wrote it. Undefined when the text is not such a table (a value that
 * itself holds the column separator, say): the caller then refuses to record rather than guess.
 */
export function parseResultBox(box: string): ResultTable | undefined {
  const lines = box.split('\n');
  if (lines.length === 2 && lines[0] === '┌┐' && lines[1] === '└┘') return { columns: [], rows: [] };
  if (lines.length < 5 || !lines[0]?.startsWith('┌') || !lines[3]?.startsWith('├') || !lines[lines.length - 1]?.startsWith('└')) return undefined;
  const cells = (line: string) => line.slice(1, -1).split('│').map((c) => c.trim());
  const names = cells(lines[1] ?? '');
  const types = cells(lines[2] ?? '');
  if (names.length !== types.length) return undefined;
  const rows: string[][] = [];
  for (const line of lines.slice(4, -1)) {
    const row = cells(line);
    if (row.length !== names.length || !line.startsWith('│')) return undefined;
    rows.push(row);
  }
  return { columns: names.map((name, i) => ({ name, type: types[i] ?? '' })), rows };
}

/** Keys of a page's examples: a short hash of each statement, numbered when the same statement repeats. */
export function exampleKeys(statements: string[]): string[] {
  const seen = new Map<string, number>();
  return statements.map((sql) => {
    const hash = createHash('sha1').update(sql.trim()).digest('hex').slice(0, 10);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return n === 1 ? hash : `${hash}-${n}`;
  });
}

/** How two answers differ, in a line a reader can act on; undefined when they are the same. */
export function describeDifference(recorded: RecordedExample, now: RecordedExample): string | undefined {
  if (recorded.error !== now.error) return `error was ${JSON.stringify(recorded.error ?? null)}, now ${JSON.stringify(now.error ?? null)}`;
  const a = recorded.result;
  const b = now.result;
  if (!a || !b) return a === b ? undefined : 'one of the two answers has no result table';
  const header = (t: ResultTable) => t.columns.map((c) => `${c.name} ${c.type}`).join(', ');
  if (header(a) !== header(b)) return `columns were (${header(a)}), now (${header(b)})`;
  if (a.rows.length !== b.rows.length) return `${a.rows.length} rows recorded, ${b.rows.length} now`;
  for (let i = 0; i < a.rows.length; i++) {
    const ra = JSON.stringify(a.rows[i]);
    const rb = JSON.stringify(b.rows[i]);
    if (ra !== rb) return `row ${i + 1} was ${ra}, now ${rb}`;
  }
  return undefined;
}

/**
 * The engine's message without the native backtrace some errors carry (`0: <unknown>` … `start_thread`): the
 * frames depend on what ran earlier in the process, so they would make recorded errors differ between runs, and
 * they tell a reader nothing.
 */
export function engineErrorMessage(text: string): string {
  const lines = text.split('\n');
  const frame = lines.findIndex((l) => /^\s*\d+: \S/.test(l));
  return (frame >= 0 ? lines.slice(0, frame) : lines).join('\n').trim();
}
