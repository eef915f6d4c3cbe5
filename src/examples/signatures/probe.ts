/**
 * The signature prober: asks the engine which argument types each function accepts and what it returns. Calls
 * are planned, never run (binding type-checks them in under a millisecond), by type family first and then the
 * widths inside the accepted families; a few calls per function are then run for NULL behaviour and determinism.
 * Every step is a batch over all functions, so the whole catalogue is a few dozen round trips to the engine.
 * How calls are written is in calls.ts; NULL behaviour and determinism in behaviour.ts.
 */
import { OTHER_STRINGS, probeBehaviour } from './behaviour.ts';
import { checkByValue } from './checked-by-value.ts';
import {
  callSql,
  FAMILY_PRIORITY,
  familyOfOverloadType,
  FORMS,
  grid,
  keyOf,
  overloadArgs,
  repArgs,
  selectSql,
  type Arg,
  type Form,
} from './calls.ts';
import { ALL_FAMILIES, sqlTypeName, variantOfEngineType, type TypeFamily } from './types.ts';

export interface ProbeEngine {
  /** Plans each statement: the type of its first column (the engine's plan type) or the error. */
  plan(sqls: string[]): Promise<PlanAnswer[]>;
  /** Runs each statement: the engine's rendering of the result, or the error. */
  run(sqls: string[]): Promise<{ box?: string; error?: string }[]>;
}

/** A planned call: its type, or the error and the overloads of that many arguments the engine tried. */
export interface PlanAnswer {
  type?: string;
  error?: string;
  overloads?: string[];
}

export interface ProbeTarget {
  name: string;
  aggregate: boolean;
  /** The most arguments to try (the documented syntax's count, at least 3). */
  maxArity: number;
  /** The documented syntax's count of arguments, when the function is documented. */
  documented?: number;
}

/** One accepted call: its argument types (SQL names, `NULL` for the NULL literal) and the type it returns. */
export interface ProbedCall {
  args: string[];
  returns: string;
}

/**
 * A NULL argument gave NULL, a value, an error, a refusal when planned, or no row at all (a set-returning function);
 * for an aggregate, `counted`: a NULL input changed the result over other rows (it was not skipped); for a scalar,
 * `conditional`: a value beside NOT NULL arguments, NULL where the others are of nullable types (ARRAY_INDEXOF).
 */
export type NullAnswer = 'null' | 'value' | 'error' | 'rejected' | 'empty' | 'counted' | 'conditional';

export interface FunctionProbe {
  kind: 'scalar' | 'aggregate';
  /** How calls had to be written when plain column arguments were refused. */
  form?: 'literal' | 'window' | `params ${string}`;
  /** Every accepted call, the widths inside accepted families included, sorted. */
  calls: ProbedCall[];
  /** The call run for NULL behaviour and determinism (column arguments of the probe table). */
  sample?: string;
  /** The sample's answer with each argument in turn NULL (a NULL column of the same type). */
  nullIn?: NullAnswer[];
  /** The sample with every argument NULL. */
  allNull?: NullAnswer;
  /** Two runs of the sample gave the same answer, in two time zones too (undefined when the sample does not run). */
  deterministic?: boolean;
  /** The sample's answer changed with the session's time zone. */
  timeZone?: true;
  /** It follows the current date in the session's time zone (a day later in a zone a day ahead): TODAY. */
  currentDate?: true;
  /** An aggregate's answer changed with the order of its input rows (an estimate such as QUANTILE_TDIGEST's). */
  rowOrder?: true;
  /**
   * Called without parameters, it also takes one before its arguments and answers differently for two
   * (APPROX_COUNT_DISTINCT(0.01)(x), its error rate); SUM(0.5)(x) is taken but ignored.
   */
  optionalParameter?: true;
  /** When nothing was accepted: the engine's answer to the simplest call. */
  refused?: string;
  /** The name the engine resolves this one to, when this is an alias (its errors name that function). */
  aliasOf?: string;
  /**
   * Its calls given two parameters, where that changes the type one parameter gives (QUANTILE_TDIGEST(0.5, 0.9)(x)
   * returns an array, one result per level).
   */
  severalParameters?: ProbedCall[];
  /**
   * A scalar function's calls written with parameters, where its plain calls took none (TO_DECIMAL(10, 2)(x) takes
   * integers, strings and booleans; TO_DECIMAL(x) only decimals): the parameters tried and the calls they took.
   */
  parameterCalls?: { params: string; calls: ProbedCall[] };
  /**
   * Its arguments come in groups of this many, as runs showed (JSON_OBJECT's key and value: any even number of
   * arguments); the card writes the group once and that it repeats.
   */
  repeats?: number;
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

/** Work that plans many calls across functions in one batch per step. */
class Batch {
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

interface State {
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

const SEEDS_PER_ARITY = 3;
/** The most calls planned for the families that runs found a function to take (JSON_OBJECT's value: 26 types). */
const FOUND_CAP = 512;
const PRODUCT_CAP = 64;
const BITMAP = ALL_FAMILIES.find((f) => f.name === 'BITMAP')!;
const GEOMETRY = ALL_FAMILIES.find((f) => f.name === 'GEOMETRY')!;
/** The families a sweep tries in each argument: all but the NULL literal, which nearly every function takes. */
const SWEEP = ALL_FAMILIES.filter((f) => f.name !== 'NULL');
const INTEGER = ALL_FAMILIES.find((f) => f.name === 'INTEGER')!;
/**
 * An unsigned integer, tried beside the families where nothing else was accepted: an argument that takes only
 * unsigned integers (QUANTILE_TDIGEST_WEIGHTED's weight) refuses the signed INT that stands for its family, and
 * the engine names no overload for it.
 */
const UNSIGNED: Arg = { family: INTEGER, variant: INTEGER.widths.find((w) => w.sql === 'INT UNSIGNED')! };
/** An argument of a type that stands for its family: the family's own, or the unsigned integer. */
const standsForFamily = (a: Arg) => a.variant === a.family.rep || a.variant === UNSIGNED.variant;

/** Probes the accepted signatures of every target, for one form of writing calls, on the targets not yet settled. */
async function probeForm(batch: Batch, states: State[]): Promise<void> {
  const tryCalls = async (items: { st: State; args: Arg[] }[]) => {
    const sqls = items.map(({ st, args }) => selectSql(callSql(st.target.name, args, st.form)));
    const answers = await batch.plan(sqls);
    items.forEach(({ st, args }, k) => {
      st.tried.add(sqls[k]!);
      const a = answers.get(sqls[k]!)!;
      if (a.type !== undefined) st.accepted.set(keyOf(args), { args, type: sqlTypeName(a.type) });
      else if (st.refused === undefined && a.error) st.refused = a.error;
      if (a.error && !/SyntaxException|UnknownFunction/.test(a.error)) st.parsed = true;
      const canonical = canonicalName(a.error ?? '', args.length);
      if (canonical && canonical !== st.target.name) st.canonical = canonical;
      for (const o of a.overloads ?? []) {
        const types = overloadArgs(o);
        const families = types.map(familyOfOverloadType);
        if (families.length !== args.length || families.some((f) => !f)) continue;
        // The width the overload names where the probe has it (FLOAT for Float32), else the family's usual one.
        const hinted = families.map((f, i) => {
          const w = variantOfEngineType(types[i]!);
          return { family: f!, variant: w && f!.widths.includes(w) ? w : f!.rep };
        });
        const hints = st.hints.get(args.length) ?? new Map<string, Arg[]>();
        hints.set(keyOf(hinted), hinted);
        st.hints.set(args.length, hints);
      }
    });
  };
  const ofArity = (st: State, n: number) => [...st.accepted.values()].filter((c) => c.args.length === n);
  // Calls without the NULL literal: a call that takes NULL tells nothing about the types a function takes.
  const realOfArity = (st: State, n: number) =>
    ofArity(st, n).filter((c) => c.args.every((a) => a.family.name !== 'NULL'));
  const hasReal = (st: State) => [...st.accepted.values()].some((c) => c.args.every((a) => a.family.name !== 'NULL'));
  const maxArity = Math.max(...states.map((s) => s.target.maxArity));
  // First, for every argument count, one call of a type few functions take (BITMAP; GEOMETRY for those that
  // take it): refused, it names the overloads of that many arguments, which seed the rest. A function that
  // names no overload at all (the engine builds its calls from the arguments) gets every family instead. A
  // function the parser refuses (an operator's name, as `and`) is not probed further.
  const arities = (st: State) => Array.from({ length: st.target.maxArity + 1 }, (_, n) => n);
  await tryCalls(states.flatMap((st) => arities(st).map((n) => ({ st, args: repArgs(Array(n).fill(BITMAP)) }))));
  await tryCalls(
    states.flatMap((st) =>
      arities(st)
        .filter((n) => n > 0 && st.accepted.has(keyOf(repArgs(Array(n).fill(BITMAP)))))
        .map((n) => ({ st, args: repArgs(Array(n).fill(GEOMETRY)) })),
    ),
  );
  const probed = states.filter((st) => st.accepted.size > 0 || st.parsed);
  for (let n = 0; n <= maxArity; n++) {
    if (process.env.PROBE_DEBUG) console.error(`arity ${n}: ${batch.calls} calls so far`);
    const live = probed.filter((st) => n <= st.target.maxArity);
    await tryCalls(live.flatMap((st) => [...(st.hints.get(n)?.values() ?? [])].map((args) => ({ st, args }))));
    // Beyond three arguments only what the engine named is tried. A function that took BITMAP or GEOMETRY in
    // every position and named nothing takes any type (IFNULL, NVL): each family is tried in every position too,
    // or only those two would be found (changing one position at a time breaks the one type they share).
    const onlyRare = (st: State) =>
      realOfArity(st, n).every((c) => c.args.every((a) => a.family === BITMAP || a.family === GEOMETRY));
    const unnamed = live.filter((st) => n > 0 && n <= 3 && st.hints.size === 0 && onlyRare(st));
    await tryCalls(unnamed.flatMap((st) => ALL_FAMILIES.map((f) => ({ st, args: repArgs(Array(n).fill(f)) }))));
    // Still nothing: the accepted calls of one argument fewer, extended by each family; for two arguments, a grid.
    await tryCalls(
      unnamed
        .filter((st) => realOfArity(st, n).length === 0)
        .flatMap((st) =>
          realOfArity(st, n - 1)
            .slice(0, 2)
            .flatMap((c) => SWEEP.map((f) => ({ st, args: [...c.args, { family: f, variant: f.rep }] }))),
        ),
    );
    await tryCalls(
      unnamed
        .filter((st) => n === 2 && !hasReal(st))
        .flatMap((st) => grid([...repArgs(SWEEP), UNSIGNED], n).map((args) => ({ st, args }))),
    );
    // Sweep: every position of the first seeds through every family (implicit casts show here).
    await tryCalls(
      live.flatMap((st) =>
        ofArity(st, n)
          .filter((c) => c.args.every((x) => x.family.name !== 'NULL'))
          .slice(0, SEEDS_PER_ARITY)
          .flatMap((c) =>
            c.args.flatMap((_, i) =>
              SWEEP.map((f) => ({ st, args: c.args.map((x, j) => (j === i ? { family: f, variant: f.rep } : x)) })),
            ),
          ),
      ),
    );
    // The product of what each position accepted, when small; with what it accepted in calls of one argument
    // fewer where that stays small (WINDOW_FUNNEL's TIMESTAMP with three conditions: the engine names integers and
    // DATE for four arguments, and TIMESTAMP only for fewer). Again after the constants below, which find calls of
    // one more argument from the first two calls of one fewer only.
    const product = () =>
      tryCalls(
        live.flatMap((st) => {
          const real = (k: number) => ofArity(st, k).filter((c) => c.args.every((x) => x.family.name !== 'NULL'));
          const calls = real(n);
          if (n === 0 || !calls.length) return [];
          const familiesAt = (cs: { args: Arg[] }[], i: number) =>
            cs.filter((c) => c.args[i]).map((c) => [c.args[i]!.family.name, c.args[i]!.family] as const);
          const sizeOf = (pp: TypeFamily[][]) => pp.reduce((acc, p) => acc * p.length, 1);
          const own = Array.from({ length: n }, (_, i) => [...new Map(familiesAt(calls, i)).values()]);
          const fewer = real(n - 1);
          const wider = own.map((p, i) => [
            ...new Map([...p.map((f) => [f.name, f] as const), ...familiesAt(fewer, i)]).values(),
          ]);
          const perPos = sizeOf(wider) <= PRODUCT_CAP ? wider : own;
          if (sizeOf(perPos) > PRODUCT_CAP) return [];
          return perPos
            .reduce<TypeFamily[][]>((acc, p) => acc.flatMap((t) => p.map((f) => [...t, f])), [[]])
            .map((fs) => ({ st, args: repArgs(fs) }));
        }),
      );
    await product();
    // A documented argument the engine takes only as a constant (STRING_AGG's delimiter): the accepted calls of one
    // argument fewer, extended by a literal of each family.
    await tryCalls(
      live
        .filter(
          (st) => st.form.args === 'column' && n > 0 && n <= (st.target.documented ?? 0) && !realOfArity(st, n).length,
        )
        .flatMap((st) =>
          realOfArity(st, n - 1)
            .slice(0, 2)
            .flatMap((c) =>
              SWEEP.map((f) => ({ st, args: [...c.args, { family: f, variant: f.rep, constant: true as const }] })),
            ),
        ),
    );
    await product();
  }
  // Widths: for each argument count, argument and family that has widths, the first accepted call with it,
  // that argument through the family's widths.
  await tryCalls(
    states.flatMap((st) => {
      const covered = new Set<string>();
      return familyCalls(st)
        .filter((c) => c.args.every(standsForFamily))
        .map((c) => ({ args: c.args.map((a, i) => ({ a, i, key: `${c.args.length}:${i}:${a.family.name}` })) }))
        .flatMap((c) => [
          ...c.args
            .filter(({ a, key }) => a.family.widths.length > 0 && !covered.has(key) && covered.add(key))
            .flatMap(({ a, i }) =>
              a.family.widths
                .filter((w) => w !== a.variant)
                .map((w) => ({ st, args: c.args.map((b, j) => (j === i ? { ...a, variant: w } : b.a)) })),
            ),
          // Arrays of one element type in every array position: L2_DISTANCE of two FLOAT vectors is FLOAT, of a
          // FLOAT and an INT vector DOUBLE.
          ...sameArrays(c.args.map(({ a }) => a)).map((args) => ({ st, args })),
        ]);
    }),
  );
}

/**
 * A function written with parameters, planned with them as strings too: INTERSECT_COUNT's parameters are values of
 * its key column's type, so `(1)` finds integer keys and `('1')` string keys. Each argument of the first accepted
 * call of each count goes through every family, and a family found through its widths; planned only, as the calls
 * the parameters found.
 */
async function planWithStringParameters(batch: Batch, states: State[]): Promise<void> {
  const quoted = (params: string) => params.replace(/[\d.]+/g, (x) => `'${x}'`);
  const sweep = (st: State) => {
    const form = { ...st.form, params: quoted(st.form.params!) };
    const firsts = new Map<number, Arg[]>();
    for (const c of familyCalls(st)) if (!firsts.has(c.args.length)) firsts.set(c.args.length, c.args);
    return [...firsts.values()].flatMap((args) =>
      args.flatMap((_, i) =>
        SWEEP.flatMap((f) =>
          [f.rep, ...f.widths.filter((w) => w !== f.rep)].map((variant) => {
            const call = args.map((a, j) => (j === i ? { family: f, variant } : a));
            return { st, args: call, sql: selectSql(callSql(st.target.name, call, form)) };
          }),
        ),
      ),
    );
  };
  const items = states.flatMap(sweep);
  const answers = await batch.plan(items.map((x) => x.sql));
  for (const { st, args, sql } of items) {
    const type = answers.get(sql)?.type;
    if (type !== undefined && !st.accepted.has(keyOf(args)))
      st.accepted.set(keyOf(args), { args, type: sqlTypeName(type) });
  }
}

/** Parameters a scalar function may also be written with, as a precision and a scale are. */
const SCALAR_PARAMETERS = FORMS.flatMap((f) => (f.params ? [f.params] : []));
/** A parameter no function means: taken, it shows the function ignores its parameters. */
const NO_SUCH_PARAMETER = "('?')";

/**
 * The calls of a scalar function written with parameters, where its plain calls took arguments without them:
 * TO_DECIMAL(c_dec) gives the decimal's own type, and TO_DECIMAL(10, 2)(x) takes integers, strings and booleans too.
 * Planned only: its first call with each kind of parameters, and with the first accepted, each argument through every
 * family and its widths.
 */
async function planParameterForm(
  batch: Batch,
  states: State[],
): Promise<Map<State, { params: string; calls: ProbedCall[] }>> {
  const sqlOf = (st: State, args: Arg[], params: string) =>
    selectSql(callSql(st.target.name, args, { ...st.form, params }));
  const all = states.flatMap((st) => {
    const [first] = familyCalls(st);
    return first ? [{ st, args: first.args }] : [];
  });
  // A function that takes any parameters ignores them (ABS('?')(x) is ABS(x)); one that reads them refuses these.
  const ignored = await batch.plan(all.map(({ st, args }) => sqlOf(st, args, NO_SUCH_PARAMETER)));
  const firsts = all.filter(({ st, args }) => ignored.get(sqlOf(st, args, NO_SUCH_PARAMETER))?.type === undefined);
  const answers = await batch.plan(firsts.flatMap(({ st, args }) => SCALAR_PARAMETERS.map((p) => sqlOf(st, args, p))));
  const taken = firsts.flatMap(({ st, args }) => {
    const params = SCALAR_PARAMETERS.find((p) => answers.get(sqlOf(st, args, p))?.type !== undefined);
    return params ? [{ st, args, params }] : [];
  });
  const items = taken.flatMap(({ st, args, params }) =>
    args.flatMap((_, i) =>
      SWEEP.flatMap((f) =>
        [f.rep, ...f.widths.filter((w) => w !== f.rep)].map((variant) => {
          const call = args.map((a, j) => (j === i ? { family: f, variant } : a));
          return { st, params, args: call, sql: sqlOf(st, call, params) };
        }),
      ),
    ),
  );
  const typed = await batch.plan(items.map((x) => x.sql));
  const out = new Map<State, { params: string; calls: ProbedCall[] }>();
  for (const { st, params, args, sql } of items) {
    const type = typed.get(sql)?.type;
    if (type === undefined) continue;
    const form = out.get(st) ?? { params, calls: [] };
    const call = { args: args.map((a) => a.variant.sql), returns: sqlTypeName(type) };
    if (!form.calls.some((c) => c.args.join(',') === call.args.join(','))) form.calls.push(call);
    out.set(st, form);
  }
  // Most functions take parameters and ignore them (ABS(1)(x) is ABS(x)): kept only where they add a call.
  for (const [st, { calls }] of out) {
    const plain = new Map([...st.accepted.values()].map((c) => [keyOf(c.args), c.type]));
    if (calls.every((c) => plain.get(c.args.join(',')) === c.returns)) out.delete(st);
    else calls.sort((a, b) => a.args.length - b.args.length || a.args.join(',').localeCompare(b.args.join(',')));
  }
  return out;
}

/** One parameter and two, as levels are (QUANTILE_CONT(0.5)(x) and QUANTILE_CONT(0.5, 0.9)(x)). */
const ONE_PARAMETER = '(0.5)';
const TWO_PARAMETERS = '(0.5, 0.9)';

/**
 * The calls of an aggregate given two parameters, where that changes its type from one parameter's: several levels
 * give an array of results (QUANTILE_TDIGEST(0.5, 0.9)(x) → ARRAY(DOUBLE)). Planned only: its first call with each,
 * and where the types differ, every accepted call with two.
 */
async function planSeveralParameters(batch: Batch, states: State[]): Promise<Map<State, ProbedCall[]>> {
  const real = (st: State) => [...st.accepted.values()].filter((c) => c.args.every((a) => a.family.name !== 'NULL'));
  const sqlOf = (st: State, args: Arg[], params: string) =>
    selectSql(callSql(st.target.name, args, { ...st.form, params }));
  const firsts = states.flatMap((st) => {
    const [first] = familyCalls(st);
    return first ? [{ st, args: first.args }] : [];
  });
  const answers = await batch.plan(
    firsts.flatMap(({ st, args }) => [sqlOf(st, args, ONE_PARAMETER), sqlOf(st, args, TWO_PARAMETERS)]),
  );
  const bare = (t?: string) => t?.replace(/^Nullable\((.*)\)$/, '$1');
  const changed = firsts.filter(({ st, args }) => {
    const [one, two] = [ONE_PARAMETER, TWO_PARAMETERS].map((p) => bare(answers.get(sqlOf(st, args, p))?.type));
    return one !== undefined && two !== undefined && one !== two;
  });
  const all = changed.flatMap(({ st }) =>
    real(st).map((c) => ({ st, args: c.args, sql: sqlOf(st, c.args, TWO_PARAMETERS) })),
  );
  const typed = await batch.plan(all.map((x) => x.sql));
  const out = new Map<State, ProbedCall[]>();
  for (const { st, args, sql } of all) {
    const type = typed.get(sql)?.type;
    if (type === undefined) continue;
    const calls = out.get(st) ?? [];
    calls.push({ args: args.map((a) => a.variant.sql), returns: sqlTypeName(type) });
    out.set(st, calls);
  }
  for (const calls of out.values())
    calls.sort((a, b) => a.args.length - b.args.length || a.args.join(',').localeCompare(b.args.join(',')));
  return out;
}

/** A call with two or more arrays, each width of array in all of their positions at once. */
function sameArrays(args: Arg[]): Arg[][] {
  const arrays = args.filter((a) => a.family.name === 'ARRAY');
  if (arrays.length < 2 || !arrays.every((a) => a.variant === a.family.rep)) return [];
  return arrays[0]!.family.widths
    .filter((w) => w !== arrays[0]!.variant)
    .map((w) => args.map((a) => (a.family.name === 'ARRAY' ? { ...a, variant: w } : a)));
}

/** The accepted calls of representative types without the NULL literal, fewest arguments and commonest families first. */
function familyCalls(st: State): { args: Arg[]; type: string }[] {
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

/** Probes every target: signatures, then NULL behaviour and determinism from its sample call. */
export async function probeFunctions(
  engine: ProbeEngine,
  targets: ProbeTarget[],
  log: (m: string) => void = () => {},
): Promise<{ probes: Map<string, FunctionProbe>; planned: number; ran: number }> {
  const batch = new Batch(engine);
  const states: State[] = targets.map((target) => ({
    target,
    form: FORMS[0]!,
    accepted: new Map(),
    hints: new Map(),
    tried: new Set(),
  }));
  /** The calls of a form none of which ran, kept in case no later form does better. */
  const unrun = new Map<State, Pick<State, 'form' | 'accepted' | 'hints' | 'refused'>>();
  let ran = 0;
  /** The call found to run, per function (the sample looks no further when its own first calls fail). */
  const running = new Map<State, Arg[]>();
  // Another way of writing the call helps only a function the engine knows and refused by its arguments.
  // A function that took only the NULL literal is not settled either (a JSON path must be a constant).
  const settled = (st: State) => [...st.accepted.values()].some((c) => c.args.every((a) => a.family.name !== 'NULL'));
  for (const form of FORMS) {
    // One whose calls plan but none runs needs other values (literals), not parameters or a window.
    const open = states.filter(
      (st) => !settled(st) && (form === FORMS[0] || st.parsed) && (!unrun.has(st) || form.args === 'literal'),
    );
    if (!open.length) break;
    for (const st of open) st.form = form;
    await probeForm(batch, open);
    // Nor is a function whose calls plan but none of which runs (MAP refuses the probe table's arrays as keys:
    // their items are nullable): another form may run. Its calls are kept if none does.
    // In a later form, one call each: a function that failed in every call as columns fails again as literals,
    // unless the literals' own types are what it lacked (MAP), which its first call shows.
    const checked = await callsThatRun(engine, open.filter(settled), form === FORMS[0] ? undefined : 1);
    ran += checked.ran;
    for (const [st, args] of checked.running) running.set(st, args);
    if (process.env.PROBE_DEBUG) console.error(`none runs: ${checked.none.map((s) => s.target.name).join(', ')}`);
    for (const st of checked.none) {
      if (!unrun.has(st)) unrun.set(st, { form: st.form, accepted: st.accepted, hints: st.hints, refused: st.refused });
      st.accepted = new Map();
      st.hints = new Map();
    }
    log(
      `signatures: ${form.args}${form.params ?? ''}${form.window ? ' window' : ''}: ` +
        `${open.filter((s) => s.accepted.size).length}/${open.length} accepted something ` +
        `(${batch.calls} calls planned)`,
    );
  }
  const runsNowhere = new Set([...unrun.keys()].filter((st) => !settled(st)));
  for (const st of runsNowhere) Object.assign(st, unrun.get(st));
  ran += await dropCallsThatFail(
    engine,
    states.filter((st) => st.form !== FORMS[0] && !runsNowhere.has(st)),
    running,
  );
  await planWithStringParameters(
    batch,
    states.filter((st) => st.form.params && !runsNowhere.has(st)),
  );
  if (process.env.PROBE_DEBUG)
    console.error(
      states
        .map((st) => [st.target.name, st.tried.size] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 20)
        .map(([n, c]) => `${n} ${c}`)
        .join(', '),
    );
  const { behaviour, ran: ranForBehaviour } = await probeBehaviour(
    engine,
    states.map((st) => ({
      name: st.target.name,
      form: st.form,
      calls: familyCalls(st).map((c) => c.args),
      aggregate: st.target.aggregate,
      runsNowhere: runsNowhere.has(st),
      running: running.get(st),
    })),
  );

  // A function the engine plans with any types and checks when run (JSON_OBJECT): only the calls the runs allow.
  const { checked, ran: ranByValue } = await checkByValue(
    engine,
    states.flatMap((st) => {
      const sample = behaviour.get(st.target.name)?.byValue;
      const arities = [...new Set([...st.accepted.values()].map((c) => c.args.length))];
      return sample ? [{ name: st.target.name, form: st.form, sample, arities }] : [];
    }),
  );
  for (const st of states) {
    const check = checked.get(st.target.name);
    if (check) for (const [key, c] of st.accepted) if (!check.takes(c.args)) st.accepted.delete(key);
  }
  // And the calls the runs found that planning never tried (JSON_OBJECT(VARCHAR, DATE)): every width of the families
  // each position takes, planned for their types.
  const found = states.flatMap((st) => {
    const check = checked.get(st.target.name);
    if (!check) return [];
    const perPosition = check.families.map((names) =>
      ALL_FAMILIES.filter((f) => names.includes(f.name)).flatMap((f) =>
        [f.rep, ...f.widths.filter((w) => w !== f.rep)].map((variant): Arg => ({ family: f, variant })),
      ),
    );
    if (perPosition.reduce((acc, p) => acc * p.length, 1) > FOUND_CAP) return [];
    return perPosition
      .reduce<Arg[][]>((acc, p) => acc.flatMap((t) => p.map((a) => [...t, a])), [[]])
      .map((args) => ({ st, args, sql: selectSql(callSql(st.target.name, args, st.form)) }));
  });
  const foundTypes = await batch.plan(found.map((f) => f.sql));
  for (const { st, args, sql } of found) {
    const type = foundTypes.get(sql)?.type;
    if (type !== undefined) st.accepted.set(keyOf(args), { args, type: sqlTypeName(type) });
  }

  const withParameters = await planParameterForm(
    batch,
    states.filter((st) => !st.target.aggregate && st.form === FORMS[0] && !runsNowhere.has(st)),
  );
  const several = await planSeveralParameters(
    batch,
    states.filter((st) => st.target.aggregate && !st.form.window && !runsNowhere.has(st)),
  );

  const probes = new Map<string, FunctionProbe>();
  for (const st of states) {
    const calls = [...st.accepted.values()]
      .map((c) => ({ args: c.args.map((a) => a.variant.sql), returns: c.type }))
      .sort((a, b) => a.args.length - b.args.length || a.args.join(',').localeCompare(b.args.join(',')));
    const probe: FunctionProbe = { kind: st.target.aggregate ? 'aggregate' : 'scalar', calls };
    if (calls.length && st.form !== FORMS[0])
      probe.form = st.form.args === 'literal' ? 'literal' : st.form.window ? 'window' : `params ${st.form.params}`;
    const b = behaviour.get(st.target.name);
    if (b) {
      probe.sample = b.sample;
      if (b.deterministic !== undefined) probe.deterministic = b.deterministic;
      if (b.timeZone) probe.timeZone = true;
      if (b.currentDate) probe.currentDate = true;
      if (b.rowOrder) probe.rowOrder = true;
      if (b.optionalParameter) probe.optionalParameter = true;
      if (b.nullIn) probe.nullIn = b.nullIn;
      if (b.allNull) probe.allNull = b.allNull;
    }
    if (!calls.length) probe.refused = st.refused ?? 'no call planned';
    if (st.canonical) probe.aliasOf = st.canonical;
    const parameterForm = withParameters.get(st);
    if (parameterForm) probe.parameterCalls = parameterForm;
    const withSeveral = several.get(st);
    if (withSeveral?.length) probe.severalParameters = withSeveral;
    const repeats = checked.get(st.target.name)?.repeats;
    if (repeats) probe.repeats = repeats;
    probes.set(st.target.name, probe);
  }
  return { probes, planned: batch.calls, ran: ran + ranForBehaviour + ranByValue };
}

/** Families whose widths run alike: one width's call stands for the others when calls are run. */
const WIDTH_FAMILIES = new Set(['INTEGER', 'FLOAT', 'DECIMAL']);

/**
 * Drops the accepted calls that plan but fail when run, of functions written in another form than column
 * arguments (found to run in one call only): MAP plans array keys and refuses them when run. One call runs for
 * each combination of types not yet run, a number's widths counted as one (SLEEP(1) takes a second each time); a
 * failing one drops every call of its combination, unless none of the function's calls runs. A combination with a
 * string is neither run nor dropped. How many statements ran.
 */
async function dropCallsThatFail(
  engine: ProbeEngine,
  states: State[],
  running: ReadonlyMap<State, Arg[]>,
): Promise<number> {
  // A string or a variant, alone or in an array, is converted by its value: the probe's fails where another
  // passes (COSINE_DISTANCE reads ['1', '2'] as numbers, not ['a', 'b']), so its call stays.
  const byValue = (args: Arg[]) => args.some((a) => /VARCHAR|VARIANT/.test(a.variant.sql));
  const shapeOf = (args: Arg[]) =>
    args.map((a) => (WIDTH_FAMILIES.has(a.family.name) ? a.family.name : a.variant.sql)).join(',');
  const runs = states.flatMap((st) => {
    // Not run: a combination whose call already ran, and one with a string, which stays whatever it answers.
    const ran = running.get(st);
    const byShape = new Map<string, Arg[]>();
    for (const { args } of st.accepted.values())
      if (args.every((a) => a.family.name !== 'NULL') && !byValue(args) && !byShape.has(shapeOf(args)))
        byShape.set(shapeOf(args), args);
    if (ran) byShape.delete(shapeOf(ran));
    return [...byShape].map(([shape, args]) => ({ st, shape, sql: selectSql(callSql(st.target.name, args, st.form)) }));
  });
  const answers = await runAll(
    engine,
    runs.map((r) => r.sql),
  );
  for (const st of states) {
    const own = runs.map((r, i) => ({ ...r, ok: answers[i]!.box !== undefined })).filter((r) => r.st === st);
    if (!running.has(st) && !own.some((r) => r.ok)) continue;
    const failing = new Set(own.filter((r) => !r.ok).map((r) => r.shape));
    for (const [key, { args }] of st.accepted)
      if (failing.has(shapeOf(args)) && !byValue(args)) st.accepted.delete(key);
  }
  return runs.length;
}

/** Calls tried per function, one a round, until one runs: typed calls first, then the first few with other strings. */
const RUN_MORE = 6;
const SHAPED = 2;
/**
 * Strings of the shapes text is decoded from, tried last and in the first call with a string only (few functions
 * get this far): hex and base64 text at once (FROM_HEX, FROM_BASE64, UNHEX: `'1'` is neither), a JSON path predicate
 * (JSON_PATH_MATCH) and an IPv4 address (INET_ATON). Without a call that runs, a card has no Deterministic line.
 */
export const ENCODED_STRINGS = ["'abcd'", "'$.a[0] == 1'", "'127.0.0.1'"];

/**
 * Which call of each function runs on the probe table's values, or with strings of other shapes (a key path, a JSON
 * path); `none`: the functions none of whose calls runs, what plans but fails whatever the values, as MAP with the
 * probe table's arrays. One call per function a round, so a function stops at its first call that runs (a call
 * that fails when run costs a tenth of a second: the engine records where it failed).
 */
async function callsThatRun(
  engine: ProbeEngine,
  states: State[],
  most?: number,
): Promise<{ running: Map<State, Arg[]>; none: State[]; ran: number }> {
  const loose = (args: Arg[]) => args.filter((a) => a.family.name === 'VARCHAR' || a.family.name === 'VARIANT').length;
  const attemptsOf = (st: State): Arg[][] => {
    const calls = familyCalls(st)
      .filter(
        (c) =>
          c.args.length > 0 &&
          c.args.every((a) => a.variant.sql === a.family.rep.sql || a.variant.sql === UNSIGNED.variant.sql),
      )
      .map((c) => c.args)
      .sort((a, b) => loose(a) - loose(b))
      .slice(0, RUN_MORE);
    const withString = calls.filter((args) => args.some((a) => a.family.name === 'VARCHAR'));
    const shapedAs = (strings: string[]) => (args: Arg[]) =>
      strings.map((s) =>
        args.map((a) =>
          a.family.name === 'VARCHAR' ? { ...a, variant: { ...a.variant, value: s }, constant: true as const } : a,
        ),
      );
    const shaped = withString.slice(0, SHAPED).flatMap(shapedAs(OTHER_STRINGS));
    const encoded = withString.slice(0, 1).flatMap(shapedAs(ENCODED_STRINGS));
    return [...calls, ...shaped, ...encoded].slice(0, most);
  };
  const attempts = new Map(states.map((st) => [st, attemptsOf(st)]));
  const running = new Map<State, Arg[]>();
  let ran = 0;
  let open = states.filter((st) => attempts.get(st)!.length);
  for (let k = 0; open.length; k++) {
    const round = open.filter((st) => attempts.get(st)!.length > k);
    const answers = await runAll(
      engine,
      round.map((st) => selectSql(callSql(st.target.name, attempts.get(st)![k]!, st.form))),
    );
    ran += answers.length;
    round.forEach((st, i) => {
      if (answers[i]!.box !== undefined) running.set(st, attempts.get(st)![k]!);
    });
    open = round.filter((st) => !running.has(st));
    if (open.every((st) => attempts.get(st)!.length <= k + 1)) break;
  }
  return { running, none: states.filter((st) => attempts.get(st)!.length && !running.has(st)), ran };
}

async function runAll(engine: ProbeEngine, sqls: string[]): Promise<{ box?: string; error?: string }[]> {
  const out: { box?: string; error?: string }[] = [];
  for (let i = 0; i < sqls.length; i += 200) out.push(...(await engine.run(sqls.slice(i, i + 200))));
  return out;
}
