import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ErrorSink } from '../content/errors.ts';
import type { RecordedExample, RecordedPage, ResultTable } from '../content/recorded.ts';

/**
 * Recorded results live beside the content, one JSON file per page: `<content>.examples/<page source>.json`
 * (content/doc → content/doc.examples), so any content tree (the fixtures too) carries its own.
 */
export function resultsDirOf(contentRoot: string): string {
  return `${contentRoot.replace(/\/+$/, '')}.examples`;
}

export function resultsFileOf(contentRoot: string, sourceRelPath: string): string {
  return path.join(resultsDirOf(contentRoot), sourceRelPath.replace(/\.md$/, '.json'));
}

const resultTableSchema = z.strictObject({
  columns: z.array(z.strictObject({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(z.string())),
});
const recordedPageSchema = z.strictObject({
  engine: z.string(),
  examples: z.array(
    z.strictObject({
      key: z.string(),
      sql: z.string(),
      expectError: z.boolean(),
      nondeterministic: z.boolean(),
      result: resultTableSchema.optional(),
      error: z.string().optional(),
    }),
  ),
});

/** A results file that cannot be read (a merge conflict, a hand edit): names the file and, where known, the line. */
export class RecordedResultsError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    reason: string,
  ) {
    super(reason);
  }
}

export function readRecordedPage(contentRoot: string, sourceRelPath: string): RecordedPage | undefined {
  const file = resultsFileOf(contentRoot, sourceRelPath);
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const lines = text.split('\n');
    const marker = lines.findIndex((l) => /^(<<<<<<<|=======|>>>>>>>)/.test(l));
    const at = /position (\d+)/.exec((err as Error).message);
    const line = marker >= 0 ? marker + 1 : at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    const conflict =
      marker >= 0 ? ' (it holds merge conflict markers: run `npm run examples` on the page to record it again)' : '';
    throw new RecordedResultsError(
      file,
      line,
      `recorded results are not valid JSON: ${(err as Error).message}${conflict}`,
    );
  }
  const parsed = recordedPageSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RecordedResultsError(
      file,
      undefined,
      `recorded results do not have the expected shape: ${issue?.path.join('.') || '(top)'}: ` +
        `${issue?.message ?? ''} (run \`npm run examples\` on the page to record it again)`,
    );
  }
  return parsed.data;
}

/**
 * A page's recorded example results. A results file that cannot be read is a content error naming it; the
 * examples tooling (no sink) reads on without it, since recording the page again is the fix.
 */
export function recordedExamples(
  contentRoot: string,
  relPath: string,
  sink: ErrorSink | undefined,
): RecordedExample[] | undefined {
  try {
    return readRecordedPage(contentRoot, relPath)?.examples;
  } catch (err) {
    if (!(err instanceof RecordedResultsError)) throw err;
    sink?.add(path.relative(process.cwd(), err.file), err.line, err.message);
    return undefined;
  }
}

/** Written beside the old file and renamed over it: an interrupted write never leaves half a file. */
export function writeRecordedPage(contentRoot: string, sourceRelPath: string, page: RecordedPage): void {
  const file = resultsFileOf(contentRoot, sourceRelPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, `${formatRecordedPage(page)}\n`);
  fs.renameSync(tmp, file);
}

/**
 * What a page's results file holds after a recording, one entry per example (`keys`, in page order): each
 * example that ran, and for one that did not (the engine hung or crashed before it) the result recorded earlier
 * under the same key, so a failed run never loses a result. A result that varies from run to run keeps its
 * earlier recording while its columns and row count are unchanged: its values are not compared anyway, and
 * recording them again would only churn the diff. (An error that varies, e.g. a list in random order, likewise,
 * while it begins the same way: the same error name and code.) Only while the statements before it on the page are
 * unchanged, though: a changed setup changes what it shows (a grant added above a `SHOW GRANTS`), with the same
 * shape.
 */
export function mergeRecording(
  keys: string[],
  now: (RecordedExample | undefined)[],
  before: RecordedExample[] | undefined,
): RecordedExample[] {
  const old = new Map((before ?? []).map((e) => [e.key, e]));
  const oldKeys = (before ?? []).map((e) => e.key);
  const samePrefix = (i: number) => oldKeys.length >= i && keys.slice(0, i).every((k, j) => oldKeys[j] === k);
  const sameShape = (a?: ResultTable, b?: ResultTable) =>
    !!a && !!b && JSON.stringify(a.columns) === JSON.stringify(b.columns) && a.rows.length === b.rows.length;
  return keys.flatMap((key, i) => {
    const e = now[i];
    const prev = old.get(key);
    if (!e) return prev ? [prev] : [];
    const same =
      prev?.error !== undefined && e.error !== undefined
        ? errorKind(prev.error) === errorKind(e.error)
        : prev?.error === undefined && e.error === undefined && sameShape(prev?.result, e.result);
    if (e.nondeterministic && prev?.nondeterministic && prev.sql === e.sql && same && samePrefix(i)) return [prev];
    return [e];
  });
}

/** An error's name and code (`BadBytes. Code: 1046`), or its whole text when it has no `, Text = ` part. */
const errorKind = (error: string) => error.split(', Text = ')[0];

/** Indented JSON with each result row on one line, so a changed row is a one-line diff. */
export function formatRecordedPage(page: RecordedPage): string {
  return JSON.stringify(page, null, 2).replace(
    /\[\n\s+("(?:[^"\\]|\\.)*"(?:,\n\s+"(?:[^"\\]|\\.)*")*)\n\s+\]/g,
    (_, items: string) => `[${items.split(/,\n\s+/).join(', ')}]`,
  );
}
