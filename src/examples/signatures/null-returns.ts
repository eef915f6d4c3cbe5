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
  const planned: { t: NullReturnTarget; args: string[]; call: string }[] = [];
  for (const t of targets) {
    const seen = new Set<string>();
    for (const c of t.calls) {
      if (!c.type.endsWith(' NULL') || !c.args.length || c.args.some((a) => a.family.name === 'NULL')) continue;
      const families = c.args.map((a) => a.family.name).join(',');
      if (seen.has(families)) continue;
      seen.add(families);
      for (const sqls of variants(c.args))
        planned.push({ t, args: c.args.map((a) => a.variant.sql), call: callOf(t, sqls) });
    }
  }
  const sqls = planned.map((p) => `SELECT (${p.call}) IS NULL`);
  const answers: { box?: string }[] = [];
  for (let i = 0; i < sqls.length; i += RUN_BATCH) answers.push(...(await engine.run(sqls.slice(i, i + RUN_BATCH))));
  const shown = new Map<string, NullReturn[]>();
  planned.forEach((p, i) => {
    if (!/│\s*true\s*│\s*$/m.test(answers[i]?.box ?? '')) return;
    const list = shown.get(p.t.name) ?? [];
    if (list.some((r) => r.args.join(',') === p.args.join(','))) return;
    list.push({ args: p.args, call: p.call.replace(/^[a-z0-9_]+/, (n) => n.toUpperCase()) });
    shown.set(p.t.name, list);
  });
  return { shown, ran: sqls.length };
}
