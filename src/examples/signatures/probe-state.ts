/**
 * What the prober's steps share: the batch that plans calls across functions, each function's state as the steps
 * fill it, and the families and calls they start from.
 */
import { FAMILY_PRIORITY, overloadArgs, type Arg, type Form } from './calls.ts';
import { ALL_FAMILIES } from './types.ts';
import type { PlanAnswer, ProbeEngine, ProbeTarget } from './probe-types.ts';

/** Work that plans many calls across functions in one batch per step. */
export class Batch {
  private readonly cache = new Map<string, PlanAnswer>();
  calls = 0;
  constructor(private readonly engine: ProbeEngine) {}
  async plan(sqls: string[]): Promise<Map<string, PlanAnswer>> {
    const fresh = [...new Set(sqls)].filter((s) => !this.cache.has(s));
    for (let i = 0; i < fresh.length; i += 500) {
      const part = fresh.slice(i, i + 500);
      const answers = await this.engine.plan(part);
      part.forEach((s, j) => this.cache.set(s, answers[j] ?? { error: 'no answer' }));
      this.calls += part.length;
    }
    return this.cache;
  }
}

export interface State {
  target: ProbeTarget;
  form: Form;
  /** Accepted calls by argument key, with the args that made them. */
  accepted: Map<string, { args: Arg[]; type: string }>;
  refused?: string;
  canonical?: string;
  /** Some call was parsed and bound (refused for its types, not by the parser or as an unknown name). */
  parsed?: boolean;
  /** The statements planned for it (how much probing it cost). */
  tried: Set<string>;
  /** Argument families of the overloads the engine named in its errors, by argument count. */
  hints: Map<number, Map<string, Arg[]>>;
}

/** The families a sweep tries in each argument: all but the NULL literal, which nearly every function takes. */
export const SWEEP = ALL_FAMILIES.filter((f) => f.name !== 'NULL');
export const INTEGER = ALL_FAMILIES.find((f) => f.name === 'INTEGER')!;
/**
 * An unsigned integer, tried beside the families where nothing else was accepted: an argument that takes only
 * unsigned integers (QUANTILE_TDIGEST_WEIGHTED's weight) refuses the signed INT that stands for its family, and
 * the engine names no overload for it.
 */
export const UNSIGNED: Arg = { family: INTEGER, variant: INTEGER.widths.find((w) => w.sql === 'INT UNSIGNED')! };
/** An argument of a type that stands for its family: the family's own, or the unsigned integer. */
export const standsForFamily = (a: Arg) => a.variant === a.family.rep || a.variant === UNSIGNED.variant;

/** The accepted calls of representative types without the NULL literal, fewest arguments and commonest families first. */
export function familyCalls(st: State): { args: Arg[]; type: string }[] {
  const families = [...st.accepted.values()].filter((c) => c.args.every((a) => a.family.name !== 'NULL'));
  const widths = (args: Arg[]) => args.filter((a) => a.variant !== a.family.rep).length;
  const score = (args: Arg[]) =>
    args.map((a) => String(FAMILY_PRIORITY.get(a.family.name)!).padStart(2, '0')).join(',');
  // Representative types first: a call with a width of its own (ARRAY(VARCHAR)) only where none other is.
  return families.sort(
    (a, b) =>
      Math.sign(widths(a.args)) - Math.sign(widths(b.args)) ||
      a.args.length - b.args.length ||
      score(a.args).localeCompare(score(b.args)),
  );
}

/**
 * The function an error says a call of `arity` arguments was resolved to: another name for an alias. Only when
 * that call has as many arguments: else the parser rewrote the call into another function, which is no other name
 * for it (TRIM(s) is planned as trim_both(s, ' '), and TRIM_BOTH takes two arguments).
 */
export function canonicalName(error: string, arity: number): string | undefined {
  const m = /no overload satisfies `([a-z0-9_]+)\((.*?)\)`/.exec(error);
  if (!m || overloadArgs(m[2]!).length !== arity) return undefined;
  return m[1];
}
