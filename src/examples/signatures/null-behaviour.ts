/**
 * The NULL line of a signature card: what NULL arguments give, as the probe's sample call showed (NULL in any
 * argument gives NULL, none does, some do), and for a scalar whose return type the engine declares nullable, which
 * calls may give NULL all the same: only those of argument families a run showed giving NULL (`null-returns.ts`;
 * the engine declares every call with a VARIANT nullable, and many never give NULL).
 */
import type { FunctionProbe, NullAnswer, ProbedCall } from './probe.ts';
import { familyOf } from './types.ts';

export type NullBehaviour = 'propagates' | 'never-null' | 'partial' | 'unknown';

/**
 * How NULL arguments behave: NULL in any argument gives NULL, none does, some do, or it could not be told; for a
 * scalar function whose return type the engine declares nullable for arguments that are not NULL (TRY_TO_DATE,
 * TO_TIMESTAMP with a format), that it may give NULL all the same.
 */
export function nullBehaviour(p: FunctionProbe): { kind: NullBehaviour; text: string } {
  const b = nullArguments(p);
  // A set-returning function's type is that of its rows; its NULL line is about rows.
  if (p.kind !== 'scalar' || p.nullIn?.includes('empty')) return b;
  const families = (args: string[]) => args.map(familyOf).join(',');
  const shown = new Map((p.nullReturns ?? []).map((r) => [families(r.args), r.call]));
  const real = p.calls.filter((c) => c.args.length && !c.args.includes('NULL'));
  const nullable = real.filter((c) => c.returns.endsWith(' NULL') && shown.has(families(c.args)));
  if (!nullable.length) return b;
  const when = nullable.length === real.length ? '' : `${whichCalls(nullable, real)} `;
  const example = shown.get(families(nullable[0]!.args))!;
  return {
    kind: b.kind === 'never-null' ? 'partial' : b.kind,
    text: `${b.text}; ${when}the result type is nullable: NULL may come back for arguments that are not NULL (${example} is NULL)`,
  };
}

/**
 * What the calls declared nullable have and the others lack: an argument type anywhere (a VARIANT, which gives NULL
 * where it does not convert), an argument type in one place, or a count of arguments; else "with some argument types".
 */
function whichCalls(nullable: ProbedCall[], real: ProbedCall[]): string {
  const others = real.filter((c) => !nullable.includes(c));
  const families = (c: ProbedCall) => c.args.map(familyOf);
  const words = (f: string) => (/^[AEIOU]/.test(f) ? `an ${f}` : `a ${f}`);
  const anywhere = families(nullable[0]!).find(
    (f) => nullable.every((c) => families(c).includes(f)) && !others.some((c) => families(c).includes(f)),
  );
  if (anywhere) return `with ${words(anywhere)} argument,`;
  for (let i = 0; i < nullable[0]!.args.length; i++) {
    const f = familyOf(nullable[0]!.args[i]!);
    if (nullable.every((c) => c.args[i] !== undefined && familyOf(c.args[i]!) === f))
      if (!others.some((c) => c.args[i] !== undefined && familyOf(c.args[i]!) === f))
        return `with ${words(f)} as the ${ORDINALS[i] ?? `${i + 1}th`} argument,`;
  }
  const count = nullable[0]!.args.length;
  if (nullable.every((c) => c.args.length === count) && !others.some((c) => c.args.length === count))
    return `with ${count} arguments,`;
  return 'with some argument types,';
}

/** What a NULL gives that is a value only beside arguments of NOT NULL types. */
const CONDITIONAL = 'a value when the other arguments are of NOT NULL types, and NULL when one is nullable';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

function nullArguments(p: FunctionProbe): { kind: NullBehaviour; text: string } {
  const answers: NullAnswer[] = p.nullIn ?? [];
  if (!answers.length) return { kind: 'unknown', text: p.calls.length ? 'takes no arguments' : 'not probed' };
  if (answers.every((a) => a === 'null'))
    return {
      kind: 'propagates',
      text: p.kind === 'aggregate' ? 'NULL when every input is NULL' : 'NULL in any argument gives NULL',
    };
  // COALESCE, GREATEST: one NULL among values is passed over, but all of them NULL give NULL.
  if (answers.length > 1 && answers.every((a) => a === 'value') && p.allNull === 'null' && p.kind !== 'aggregate')
    return { kind: 'partial', text: 'NULL only when every argument is NULL' };
  // An aggregate whose type is nullable may still give NULL (WINDOW_FUNNEL over no rows).
  if (answers.every((a) => a === 'value') && p.kind === 'aggregate' && p.calls.some((c) => c.returns.endsWith(' NULL')))
    return { kind: 'partial', text: 'NULL inputs are skipped; the result may still be NULL (its type is nullable)' };
  if (answers.every((a) => a === 'value'))
    return {
      kind: 'never-null',
      text: p.kind === 'aggregate' ? 'NULL inputs are skipped; never NULL' : 'NULL arguments give a value, not NULL',
    };
  const which = (k: NullAnswer) => answers.map((a, i) => (a === k ? i + 1 : 0)).filter(Boolean);
  const ord = (ns: number[]) =>
    ns.map((n) => ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][n - 1] ?? `${n}th`).join(', ');
  // A set-returning function (JSON_PATH_QUERY, UNNEST) answers a NULL with no rows, not with NULL.
  const empty = which('empty');
  if (empty.length)
    return {
      kind: 'partial',
      text:
        empty.length === answers.length
          ? 'returns a set of rows: NULL in any argument gives no rows'
          : `returns a set of rows: NULL as the ${ord(empty)} argument gives no rows`,
    };
  // An aggregate that keeps a NULL input in its result (GROUP_ARRAY_MOVING_AVG counts it as 0) does not skip it.
  const counted = which('counted');
  if (counted.length && p.kind === 'aggregate')
    return {
      kind: 'partial',
      text:
        counted.length === answers.length
          ? 'NULL inputs are not skipped: each one counts in the result'
          : `NULL as the ${ord(counted)} argument is not skipped: it counts in the result`,
    };
  if (
    answers.some((a) => a === 'error' || a === 'rejected') &&
    !answers.some((a) => a === 'value' || a === 'null' || a === 'conditional')
  )
    return { kind: 'unknown', text: 'could not be told (the probe call fails)' };
  const nulls = which('null');
  const values = which('value');
  // STRING_AGG's delimiter must be a constant string: the engine refuses a NULL there.
  const refused = which('rejected');
  if (p.kind === 'aggregate' && nulls.length && !values.length && refused.length)
    return {
      kind: 'partial',
      text: `NULL when every input is NULL; a NULL as the ${ord(refused)} argument is refused`,
    };
  const parts = (
    [
      [nulls, 'gives NULL', 'NULL'],
      [values, 'gives a value', 'a value'],
      // ARRAY_INDEXOF(c_arr, NULL) is 0; with a nullable array column, NULL (the engine's own NULL rule then).
      [which('conditional'), `gives ${CONDITIONAL}`, CONDITIONAL],
      [refused, 'is refused', 'the call is refused'],
    ] as const
  )
    .filter(([ns]) => ns.length)
    .map(([ns, first, then], i) =>
      i === 0 ? `NULL as the ${ord(ns)} argument ${first}` : `as the ${ord(ns)}, ${then}`,
    );
  return { kind: 'partial', text: parts.join('; ') };
}
