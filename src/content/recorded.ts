import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ContentError, ContentErrors } from './errors.ts';

/** A result table as the engine printed it: column names and SQL types, and each cell as the engine wrote it. */
export interface ResultTable {
  columns: { name: string; type: string }[];
  rows: string[][];
}

/** What the examples tooling records for one `sql example` block. */
export interface RecordedExample {
  /** Stable key: a hash of the statement plus its occurrence on the page, so editing one example leaves others alone. */
  key: string;
  /** The statement as written on the page: a changed statement makes the record stale. */
  sql: string;
  /** The block expects an error (`sql example error`). */
  expectError: boolean;
  /** The result varies between runs (`sql example nondeterministic`): shown, never compared. */
  nondeterministic: boolean;
  /** The result, for statements that return columns. */
  result?: ResultTable;
  /** The engine's error message, for error examples. */
  error?: string;
}

export interface RecordedPage {
  /** Engine version the results came from. */
  engine: string;
  examples: RecordedExample[];
}

/**
 * A JSON file the tooling records (the engine's lists, settings, signatures), read and checked against its
 * schema. Every problem is a content error naming the file (and the line, for broken JSON) and saying how to
 * record it again: `again` is the command, `what` names the contents for the "missing" message.
 */
export function readRecordedJson<T>(
  projectRoot: string,
  rel: string,
  schema: z.ZodType<T>,
  what: string,
  again: string,
): T {
  const fail = (reason: string, line?: number): never => {
    throw new ContentErrors([new ContentError(rel, line, `${reason} (record it again with: ${again})`)]);
  };
  const file = path.join(projectRoot, rel);
  if (!fs.existsSync(file)) return fail(`${what} are missing`);
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message);
    return fail(
      `not valid JSON: ${(err as Error).message}`,
      at ? text.slice(0, Number(at[1])).split('\n').length : undefined,
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    return fail(
      `not the expected shape: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
