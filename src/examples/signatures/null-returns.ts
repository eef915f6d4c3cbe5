/**
 * Calls the engine declares nullable for arguments that are not NULL (every call with a VARIANT argument, GET,
 * TRY_TO_DATE), run on values that may give NULL: the card says NULL may come back only where one of these calls
 * gave it. One call per argument families (the widths of a family behave alike), each argument in turn given each
 * of its family's values below, the others the probe table's; every VARIANT argument at once given each JSON value.
 */
import type { Arg, Form } from './calls.ts';
import type { ProbeEngine } from './probe-types.ts';
import { argSql, type TypeVariant } from './types.ts';

/** A function as this step sees it: its accepted calls of arguments that are not NULL, with their types. */
export interface NullReturnTarget {
  name: string;
  form: Form;
  calls: { args: Arg[]; type: string }[];
}

/** A call of these argument types (the engine's names) gave NULL: the call, as a reader could write it. */
export interface NullReturn {
  args: string[];
  call: string;
}

/** Values beside the probe table's that often give NULL, by family: JSON null, a string, an empty array; 0; 100. */
const OTHER_VALUES: Record<string, (v: TypeVariant) => string[]> = {
  VARIANT: () => ["PARSE_JSON('null')", `PARSE_JSON('"x"')`, "PARSE_JSON('[]')"],
  VARCHAR: () => ["'x'", "''"],
  INTEGER: (v) => [`0::${v.sql}`, `100::${v.sql}`],
  FLOAT: (v) => [`0::${v.sql}`],
  DECIMAL: (v) => [`0::${v.sql}`],
};
/** Statements per request to the engine. */
const RUN_BATCH = 200;

/** The calls written for one accepted call: the probe table's values, then each argument (VARIANTs at once) changed. */
function variants(args: Arg[]): string[][] {
  const base = args.map((a) => argSql(a.variant, 'literal'));
  const out = [base];
  args.forEach((a, i) => {
    if (a.constant) return;
    for (const v of OTHER_VALUES[a.family.name]?.(a.variant) ?? []) out.push(base.map((x, j) => (j === i ? v : x)));
  });
  const variantsAt = args.flatMap((a, i) => (a.family.name === 'VARIANT' && !a.constant ? [i] : []));
  if (variantsAt.length > 1)
    for (const v of OTHER_VALUES.VARIANT!(args[0]!.variant))
      out.push(base.map((x, j) => (variantsAt.includes(j) ? v : x)));
  return out;
}

/** For each function, the calls (one per argument families) shown to give NULL for arguments that are not NULL. */
export async function probeNullReturns(
  engine: ProbeEngine,
  targets: NullReturnTarget[],
): Promise<{ shown: Map<string, NullReturn[]>; ran: number }> {
  const callOf = (t: NullReturnTarget, sqls: string[]) => `${t.name}${t.form.params ?? ''}(${sqls.join(', ')})`;
  const tuples: { t: NullReturnTarget; args: string[]; calls: string[] }[] = [];
  for (const t of targets) {
    const seen = new Set<string>();
    for (const c of t.calls) {
      if (!c.type.endsWith(' NULL') || !c.args.length || c.args.some((a) => a.family.name === 'NULL')) continue;
      const families = c.args.map((a) => a.family.name).join(',');
      if (seen.has(families)) continue;
      seen.add(families);
      tuples.push({
        t,
        args: c.args.map((a) => a.variant.sql),
        calls: variants(c.args).map((sqls) => callOf(t, sqls)),
      });
    }
  }
  // In rounds, the k-th call of each not yet shown: most give NULL in the first round or two (a VARIANT object
  // that is no number), and the first call that does is the one recorded, as if all had run.
  const found = new Map<number, string>();
  let ran = 0;
  for (let k = 0; k < Math.max(0, ...tuples.map((x) => x.calls.length)); k++) {
    const round = tuples.flatMap((x, i) => (found.has(i) || k >= x.calls.length ? [] : [i]));
    const sqls = round.map((i) => `SELECT (${tuples[i]!.calls[k]}) IS NULL`);
    const answers: { box?: string }[] = [];
    for (let j = 0; j < sqls.length; j += RUN_BATCH) answers.push(...(await engine.run(sqls.slice(j, j + RUN_BATCH))));
    ran += sqls.length;
    round.forEach((i, j) => {
      if (/│\s*true\s*│\s*$/m.test(answers[j]?.box ?? '')) found.set(i, tuples[i]!.calls[k]!);
    });
  }
  const shown = new Map<string, NullReturn[]>();
  tuples.forEach((x, i) => {
    const call = found.get(i);
    // The engine lists a few names twice (SUBSTRING): one entry per argument types.
    if (call === undefined || shown.get(x.t.name)?.some((r) => r.args.join(',') === x.args.join(','))) return;
    shown.set(x.t.name, [
      ...(shown.get(x.t.name) ?? []),
      { args: x.args, call: call.replace(/^[a-z0-9_]+/, (n) => n.toUpperCase()) },
    ]);
  });
  return { shown, ran };
}
