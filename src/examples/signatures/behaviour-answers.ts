/**
 * Reading the engine's answers to the behaviour step's runs: NULL or a value, no row, a date, the data rows, a
 * boolean. Pure functions of the drawn result box.
 */
import type { NullAnswer } from './probe.ts';

/**
 * A result without rows, which the engine draws as an empty box (`┌┐└┘`): a set-returning function given NULL, or
 * a path that matches nothing.
 */
export const noRows = (box: string) => !box.split('\n').some((line) => line.startsWith('│'));

export const isNullAnswer = (a: { box?: string; error?: string }): NullAnswer => {
  if (a.error !== undefined) return /SemanticError|no overload/.test(a.error) ? 'rejected' : 'error';
  if (noRows(a.box ?? '')) return 'empty';
  const cell = /│\s*(true|false)\s*│\s*$/m.exec(a.box ?? '');
  return cell ? (cell[1] === 'true' ? 'null' : 'value') : 'error';
};

/** What a one-row answer holds: a value, NULL, no row at all, or nothing (the call failed). */
export function sampleAnswer(a: { box?: string }): 'value' | 'null' | 'error' | 'empty' {
  if (a.box === undefined) return 'error';
  if (noRows(a.box)) return 'empty';
  const row =
    a.box
      .split('\n')
      .filter((line) => line.startsWith('│'))
      .at(-1) ?? '';
  return /^│\s*NULL\s*│$/.test(row.trim()) ? 'null' : 'value';
}

/**
 * A one-cell answer that is a date in the zone west of UTC and a day or two later (25 hours later, as the zones'
 * clocks are) in the zone east of it.
 */
export function followsTheDate(west: { box?: string }, east: { box?: string }): boolean {
  const dateOf = (a: { box?: string }) => {
    const cell = /│\s*'?(\d{4}-\d{2}-\d{2})'?\s*│\s*$/m.exec(a.box ?? '');
    return cell ? Date.parse(`${cell[1]}T00:00:00Z`) : NaN;
  };
  const days = (dateOf(east) - dateOf(west)) / 86_400_000;
  return days === 1 || days === 2;
}

/** The data rows of an answer (its header names the statement, which differs between the runs compared). */
export function rowsOf(a: { box?: string }): string | undefined {
  if (a.box === undefined) return undefined;
  const lines = a.box.split('\n');
  const body = lines.findIndex((line) => line.startsWith('├'));
  return (body < 0 ? lines : lines.slice(body + 1)).filter((line) => line.startsWith('│')).join('\n');
}

/** A one-cell boolean answer: true, false, or undefined (NULL, or the statement failed). */
export function truth(a: { box?: string }): boolean | undefined {
  const cell = /│\s*(true|false)\s*│\s*$/m.exec(a.box ?? '');
  return cell ? cell[1] === 'true' : undefined;
}
