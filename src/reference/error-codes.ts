/**
 * The engine's error codes, read from its source (`src/common/exception/src/exception_code.rs`, whose
 * `build_exceptions!` blocks list each error as `Name(code)`), recorded in `content/catalogue/engine-error-codes.json`
 * by `scripts/reference.ts --extract-errors`, and our words on each (`content/catalogue/error-notes.tsv`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ContentError, ContentErrors } from '../content/errors.ts';

export const ENGINE_ERRORS_FILE = 'content/catalogue/engine-error-codes.json';
export const ERROR_NOTES_FILE = 'content/catalogue/error-notes.tsv';
export const EXCEPTION_SOURCE = 'src/common/exception/src/exception_code.rs';

export interface EngineErrorCode {
  name: string;
  code: number;
  /** The source's own comment on the block the code sits in: `Meta service errors [2001, 3000].` */
  block: string;
  /** The comment right above the code in the source (doc comment or plain), if any. */
  comment?: string;
}

export interface EngineErrorCodes {
  engine: string;
  source: string;
  codes: EngineErrorCode[];
}

/**
 * Reads every `Name(code)` of the `build_exceptions!` blocks, with the comment of its block and the comment lines
 * just above it. Fails, naming the line, on anything else inside a block, so a change of the source's layout
 * is seen rather than skipped.
 */
export function extractErrorCodes(source: string, file = EXCEPTION_SOURCE): EngineErrorCode[] {
  const lines = source.split('\n');
  const codes: EngineErrorCode[] = [];
  let block: string | undefined;
  let inBlock = false;
  let lastComment = '';
  let comment: string[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!inBlock) {
      if (line.startsWith('//')) lastComment = line.replace(/^\/\/+\s?/, '');
      if (line === 'build_exceptions! {') {
        inBlock = true;
        block = lastComment;
        comment = [];
      }
      return;
    }
    if (line === '}') {
      inBlock = false;
      return;
    }
    if (line === '') {
      comment = [];
      return;
    }
    if (line.startsWith('//')) {
      comment.push(line.replace(/^\/\/+\s?/, ''));
      return;
    }
    const m = /^([A-Za-z][A-Za-z0-9]*)\((\d+)\),?$/.exec(line);
    if (!m) throw new ContentErrors([new ContentError(file, i + 1, `cannot read an error code from "${line}"`)]);
    const text = comment.join('\n').trim();
    codes.push({ name: m[1]!, code: Number(m[2]), block: block ?? '', ...(text ? { comment: text } : {}) });
    comment = [];
  });
  if (!codes.length)
    throw new ContentErrors([new ContentError(file, undefined, 'no error codes found (no build_exceptions! block)')]);
  return codes;
}

const schema = z.strictObject({
  engine: z.string().min(1),
  source: z.string().min(1),
  codes: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        code: z.number().int(),
        block: z.string(),
        comment: z.string().optional(),
      }),
    )
    .min(1),
});

export function readEngineErrors(projectRoot: string): EngineErrorCodes {
  const file = path.join(projectRoot, ENGINE_ERRORS_FILE);
  const again = ' (extract it again with: npx tsx scripts/reference.ts --extract-errors)';
  const fail = (reason: string): never => {
    throw new ContentErrors([new ContentError(ENGINE_ERRORS_FILE, undefined, reason + again)]);
  };
  if (!fs.existsSync(file)) return fail('the recorded error codes are missing');
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(`not valid JSON: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return fail(`${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Our words on one code: what it means and what to do. */
export interface ErrorNote {
  means: string;
  todo: string;
  line: number;
}

/** `name<TAB>what it means<TAB>what to do`, one code a line (names are unique, codes not); `#` lines are comments. */
export function parseErrorNotes(text: string, file = ERROR_NOTES_FILE): Map<string, ErrorNote> {
  const notes = new Map<string, ErrorNote>();
  const errors: ContentError[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim() || raw.startsWith('#')) return;
    const [name = '', means = '', todo = '', ...rest] = raw.split('\t');
    if (rest.length || !means.trim() || !todo.trim())
      errors.push(new ContentError(file, i + 1, 'expected three columns: error name, what it means, what to do'));
    else if (notes.has(name)) errors.push(new ContentError(file, i + 1, `"${name}" has two notes`));
    else notes.set(name, { means: means.trim(), todo: todo.trim(), line: i + 1 });
  });
  if (errors.length) throw new ContentErrors(errors);
  return notes;
}

export function readErrorNotes(projectRoot: string): Map<string, ErrorNote> {
  const file = path.join(projectRoot, ERROR_NOTES_FILE);
  if (!fs.existsSync(file))
    throw new ContentErrors([
      new ContentError(ERROR_NOTES_FILE, undefined, 'the notes on the error codes are missing'),
    ]);
  return parseErrorNotes(fs.readFileSync(file, 'utf8'));
}

/** Every code has a note and every note a code: otherwise the error names each. */
export function checkErrorNotesCover(
  data: EngineErrorCodes,
  notes: Map<string, ErrorNote>,
  file = ERROR_NOTES_FILE,
): void {
  const errors: ContentError[] = [];
  const names = new Set(data.codes.map((c) => c.name));
  for (const c of data.codes)
    if (!notes.has(c.name))
      errors.push(
        new ContentError(file, undefined, `error ${c.name} (${c.code}) has no note: say what it means and what to do`),
      );
  for (const [name, note] of notes)
    if (!names.has(name))
      errors.push(new ContentError(file, note.line, `"${name}" is not an error code of the engine (${data.engine})`));
  if (errors.length) throw new ContentErrors(errors);
}

/** Each code with what it means as plain text (a search result's excerpt); none where the project has no error data. */
export function errorCodeSummaries(projectRoot: string): { code: number; name: string; means: string }[] {
  if (
    !fs.existsSync(path.join(projectRoot, ENGINE_ERRORS_FILE)) ||
    !fs.existsSync(path.join(projectRoot, ERROR_NOTES_FILE))
  )
    return [];
  const notes = readErrorNotes(projectRoot);
  return readEngineErrors(projectRoot).codes.map((c) => ({
    code: c.code,
    name: c.name,
    means: plainText(notes.get(c.name)?.means ?? ''),
  }));
}

/** Markdown of a note as a search excerpt shows it: links as their text, no backticks. */
export const plainText = (md: string) => md.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
