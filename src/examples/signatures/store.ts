/**
 * The recorded signatures (`content/catalogue/signatures.json`, written by `npm run examples -- --signatures`)
 * and the reasons a function has none (`content/catalogue/signature-exceptions.tsv`, written by hand).
 */
import { readRecordedJson } from '../../content/recorded.ts';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ContentError, ContentErrors } from '../../content/errors.ts';
import type { FunctionProbe } from './probe.ts';

export const SIGNATURES_FILE = 'content/catalogue/signatures.json';
export const SIGNATURE_EXCEPTIONS_FILE = 'content/catalogue/signature-exceptions.tsv';

export interface RecordedSignatures {
  engine: string;
  functions: Record<string, FunctionProbe>;
}

const nullAnswer = z.enum(['null', 'value', 'error', 'rejected', 'empty', 'counted', 'conditional']);
const callSchema = z.strictObject({ args: z.array(z.string()), returns: z.string() });
const probeSchema = z.strictObject({
  kind: z.enum(['scalar', 'aggregate']),
  form: z.string().optional(),
  calls: z.array(callSchema),
  sample: z.string().optional(),
  nullIn: z.array(nullAnswer).optional(),
  allNull: nullAnswer.optional(),
  deterministic: z.boolean().optional(),
  timeZone: z.literal(true).optional(),
  zoneCalls: z.array(z.strictObject({ args: z.array(z.string()), zone: z.boolean() })).optional(),
  currentDate: z.literal(true).optional(),
  rowOrder: z.literal(true).optional(),
  optionalParameter: z.literal(true).optional(),
  refused: z.string().optional(),
  aliasOf: z.string().optional(),
  repeats: z.number().int().min(2).optional(),
  nullReturns: z.array(z.strictObject({ args: z.array(z.string()), call: z.string() })).optional(),
  severalParameters: z.array(callSchema).optional(),
  parameterCalls: z.strictObject({ params: z.string(), calls: z.array(callSchema) }).optional(),
});
const fileSchema = z.strictObject({ engine: z.string(), functions: z.record(z.string(), probeSchema) });

export function readSignatures(projectRoot: string): RecordedSignatures {
  return readRecordedJson(
    projectRoot,
    SIGNATURES_FILE,
    fileSchema,
    'the recorded function signatures',
    'npm run examples -- --signatures',
  ) as RecordedSignatures;
}

/** One function per line (a diff names the function that changed), keys sorted. */
export function signaturesJson(s: RecordedSignatures): string {
  const names = Object.keys(s.functions).sort();
  const lines = names.map((n) => `  ${JSON.stringify(n)}: ${JSON.stringify(s.functions[n])}`);
  return `{\n "engine": ${JSON.stringify(s.engine)},\n "functions": {\n${lines.join(',\n')}\n }\n}\n`;
}

export function writeSignatures(projectRoot: string, s: RecordedSignatures): void {
  const file = path.join(projectRoot, SIGNATURES_FILE);
  fs.writeFileSync(`${file}.tmp`, signaturesJson(s));
  fs.renameSync(`${file}.tmp`, file);
}

const callText = (name: string, c: { args: string[]; returns: string }) =>
  `${name.toUpperCase()}(${c.args.join(', ')}) → ${c.returns}`;

/** What differs between a recorded probe and a new one, in words naming the function; empty when they agree. */
export function describeProbeDifference(
  name: string,
  then: FunctionProbe | undefined,
  now: FunctionProbe | undefined,
): string[] {
  if (!then) return [`${name}: new in the engine (not recorded)`];
  if (!now) return [`${name}: recorded but no longer in the engine`];
  const out: string[] = [];
  const was = new Map(then.calls.map((c) => [c.args.join(','), c]));
  const is = new Map(now.calls.map((c) => [c.args.join(','), c]));
  const listed = (items: string[]) =>
    items.length > 3 ? `${items.slice(0, 3).join('; ')} and ${items.length - 3} more` : items.join('; ');
  const gone = [...was.values()].filter((c) => !is.has(c.args.join(','))).map((c) => callText(name, c));
  const added = [...is.values()].filter((c) => !was.has(c.args.join(','))).map((c) => callText(name, c));
  const changed = [...is.values()]
    .filter((c) => was.has(c.args.join(',')) && was.get(c.args.join(','))!.returns !== c.returns)
    .map((c) => `${callText(name, c)} (recorded ${was.get(c.args.join(','))!.returns})`);
  if (gone.length) out.push(`${name}: no longer accepted: ${listed(gone)}`);
  if (added.length) out.push(`${name}: now accepted: ${listed(added)}`);
  if (changed.length) out.push(`${name}: now returns ${listed(changed)}`);
  for (const key of [
    'form',
    'sample',
    'nullIn',
    'allNull',
    'deterministic',
    'timeZone',
    'zoneCalls',
    'currentDate',
    'rowOrder',
    'optionalParameter',
    'refused',
    'aliasOf',
    'repeats',
    'nullReturns',
    'severalParameters',
    'parameterCalls',
  ] as const) {
    const a = JSON.stringify(then[key]);
    const b = JSON.stringify(now[key]);
    if (a !== b) out.push(`${name}: ${key} was ${a ?? 'unset'}, now ${b ?? 'unset'}`);
  }
  return out;
}

/** `function<TAB>reason` per line after a header: why a function has no signature recorded. */
export function readSignatureExceptions(projectRoot: string): Map<string, string> {
  const file = path.join(projectRoot, SIGNATURE_EXCEPTIONS_FILE);
  const out = new Map<string, string>();
  if (!fs.existsSync(file)) return out;
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (i === 0 || !line.trim()) return;
      const [name = '', reason = ''] = line.split('\t').map((c) => c.trim());
      if (!name || !reason)
        throw new ContentErrors([
          new ContentError(
            SIGNATURE_EXCEPTIONS_FILE,
            i + 1,
            'each line is a function name, a tab and the reason it has no signature',
          ),
        ]);
      out.set(name.toLowerCase(), reason);
    });
  return out;
}

/** Functions without a signature and without a reason, and reasons no longer needed. */
export function signatureExceptionProblems(s: RecordedSignatures, exceptions: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [name, p] of Object.entries(s.functions)) {
    if (!p.calls.length && !exceptions.has(name))
      out.push(
        `${SIGNATURE_EXCEPTIONS_FILE}: ${name} has no signature (the engine answered: ` +
          `${p.refused ?? 'nothing'}); give the reason on a line of its own`,
      );
  }
  for (const name of exceptions.keys()) {
    const p = s.functions[name];
    if (!p) out.push(`${SIGNATURE_EXCEPTIONS_FILE}: ${name} is not an engine function`);
    else if (p.calls.length) out.push(`${SIGNATURE_EXCEPTIONS_FILE}: ${name} has signatures now; remove its line`);
  }
  return out;
}
