/**
 * The first step of the prober: for one form of writing calls, the argument families each function accepts (a
 * sweep of every family in each position, seeded by the overloads the engine names in its errors), then the widths
 * inside the accepted families.
 */
import { callSql, familyOfOverloadType, grid, keyOf, overloadArgs, repArgs, selectSql, type Arg } from './calls.ts';
import { ALL_FAMILIES, sqlTypeName, variantOfEngineType, type TypeFamily } from './types.ts';
import { Batch, canonicalName, familyCalls, standsForFamily, SWEEP, UNSIGNED, type State } from './probe-state.ts';

const SEEDS_PER_ARITY = 3;
/** The most calls planned for the families that runs found a function to take (JSON_OBJECT's value: 26 types). */
export const FOUND_CAP = 512;
const PRODUCT_CAP = 64;
const BITMAP = ALL_FAMILIES.find((f) => f.name === 'BITMAP')!;
const GEOMETRY = ALL_FAMILIES.find((f) => f.name === 'GEOMETRY')!;

/** Probes the accepted signatures of every target, for one form of writing calls, on the targets not yet settled. */
export async function probeForm(batch: Batch, states: State[]): Promise<void> {
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
    const unnamed = live.filter((st) => n > 0 && st.hints.size === 0 && onlyRare(st));
    await tryCalls(
      unnamed.filter(() => n <= 3).flatMap((st) => ALL_FAMILIES.map((f) => ({ st, args: repArgs(Array(n).fill(f)) }))),
    );
    // Still nothing: the accepted calls of one argument fewer, extended by each family, beyond three arguments too
    // (FLATTEN takes five and names no overload: its path, OUTER, RECURSIVE and MODE); for two arguments, a grid.
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

/** A call with two or more arrays, each width of array in all of their positions at once. */
function sameArrays(args: Arg[]): Arg[][] {
  const arrays = args.filter((a) => a.family.name === 'ARRAY');
  if (arrays.length < 2 || !arrays.every((a) => a.variant === a.family.rep)) return [];
  return arrays[0]!.family.widths
    .filter((w) => w !== arrays[0]!.variant)
    .map((w) => args.map((a) => (a.family.name === 'ARRAY' ? { ...a, variant: w } : a)));
}
