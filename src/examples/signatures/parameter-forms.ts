/**
 * Functions written with parameters (`QUANTILE_CONT(0.5)(x)`, `TO_DECIMAL(10, 2)(x)`): the calls their parameters
 * add, planned only.
 */
import { callSql, FORMS, keyOf, selectSql, type Arg } from './calls.ts';
import { sqlTypeName } from './types.ts';
import type { ProbedCall } from './probe-types.ts';
import { Batch, familyCalls, SWEEP, type State } from './probe-state.ts';

/**
 * A function written with parameters, planned with them as strings too: INTERSECT_COUNT's parameters are values of
 * its key column's type, so `(1)` finds integer keys and `('1')` string keys. Each argument of the first accepted
 * call of each count goes through every family, and a family found through its widths; planned only, as the calls
 * the parameters found.
 */
export async function planWithStringParameters(batch: Batch, states: State[]): Promise<void> {
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
export async function planParameterForm(
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
export async function planSeveralParameters(batch: Batch, states: State[]): Promise<Map<State, ProbedCall[]>> {
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
