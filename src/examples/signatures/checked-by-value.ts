/**
 * Functions the engine plans with arguments of any type and checks only when they run: JSON_OBJECT plans an integer
 * key and refuses it when run ("Key must be a string value"), TRY_JSON_OBJECT gives NULL for it, and both take only
 * an even number of arguments. Planning says nothing of them; runs tell the types each position takes and the
 * argument counts that work. Asked only of a function whose typed calls gave no value while its call of strings did.
 */
import { callSql, selectSql, type Arg, type Form } from './calls.ts';
import type { ProbeEngine } from './probe.ts';
import { sampleAnswer } from './behaviour-answers.ts';
import { FAMILIES } from './types.ts';

export interface ValueCheckTarget {
  name: string;
  form: Form;
  /** The call of strings that gave a value (two or more arguments). */
  sample: Arg[];
  /** The argument counts the engine planned. */
  arities: number[];
}

export interface ValueChecked {
  /** Whether a planned call is one the engine also runs, by the checks. */
  takes: (args: Arg[]) => boolean;
  /** The families each position of the call of strings takes when run (the planned calls may lack some). */
  families: string[][];
  /**
   * The arguments come in groups of this many (JSON_OBJECT's key and value): the call of strings gave a value for
   * every multiple of it tried, and for no other count.
   */
  repeats?: number;
}

/** Runs per request to the engine. */
const RUN_BATCH = 200;

/**
 * For each target: its call of strings with each other argument count, and with each position given each other
 * family; a call counts only when it gives a value (a TRY_ function's NULL is a swallowed error).
 */
export async function checkByValue(
  engine: ProbeEngine,
  targets: ValueCheckTarget[],
): Promise<{ checked: Map<string, ValueChecked>; ran: number }> {
  const plans = targets.map((t) => {
    const n = t.sample.length;
    const others = t.arities.filter((k) => k > 0 && k !== n);
    // Strings that differ ('1', '2', …): JSON_OBJECT refuses a key given twice.
    const strings = (k: number): Arg[] =>
      Array.from({ length: k }, (_, j) => ({
        ...t.sample[0]!,
        variant: { ...t.sample[0]!.variant, value: `'${j + 1}'` },
        constant: true as const,
      }));
    const byArity = others.map((k) => ({ k, sql: selectSql(callSql(t.name, strings(k), t.form)) }));
    const byPosition = t.sample.flatMap((_, i) =>
      FAMILIES.filter((f) => f.name !== t.sample[i]!.family.name).map((f) => ({
        i,
        family: f.name,
        sql: selectSql(
          callSql(
            t.name,
            t.sample.map((a, j) => (j === i ? { family: f, variant: f.rep } : a)),
            t.form,
          ),
        ),
      })),
    );
    return { t, byArity, byPosition };
  });
  const sqls = plans.flatMap((p) => [...p.byArity.map((r) => r.sql), ...p.byPosition.map((r) => r.sql)]);
  const answers: { box?: string; error?: string }[] = [];
  for (let i = 0; i < sqls.length; i += RUN_BATCH) answers.push(...(await engine.run(sqls.slice(i, i + RUN_BATCH))));
  const gives = new Map(sqls.map((s, i) => [s, sampleAnswer(answers[i]!) === 'value']));
  const checked = new Map<string, ValueChecked>();
  for (const { t, byArity, byPosition } of plans) {
    const n = t.sample.length;
    const runs = new Set([0, n, ...byArity.filter((r) => gives.get(r.sql)).map((r) => r.k)]);
    const accepted = t.sample.map(
      (a, i) =>
        new Set([a.family.name, ...byPosition.filter((r) => r.i === i && gives.get(r.sql)).map((r) => r.family)]),
    );
    const grouped =
      n > 1 && byArity.some((r) => r.k > n && runs.has(r.k)) && byArity.every((r) => runs.has(r.k) === (r.k % n === 0));
    const takes = (args: Arg[]) => {
      const k = args.length;
      if (k === 0 || args.some((a) => a.family.name === 'NULL')) return true;
      if (!runs.has(k)) return false;
      if (k !== n && !grouped) return true;
      return args.every((a, j) => accepted[j % n]!.has(a.family.name));
    };
    const families = accepted.map((a) => [...a]);
    checked.set(t.name, grouped ? { takes, families, repeats: n } : { takes, families });
  }
  return { checked, ran: sqls.length };
}
