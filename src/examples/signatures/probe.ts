/**
 * The signature prober: asks the engine which argument types each function accepts and what it returns. Calls
 * are planned, never run (binding type-checks them in under a millisecond), by type family first and then the
 * widths inside the accepted families; a few calls per function are then run for NULL behaviour and determinism.
 * Every step is a batch over all functions, so the whole catalogue is a few dozen round trips to the engine.
 * This module runs the steps in order; each is a module of its own: the family and width sweep
 * (family-sweep.ts), calls written with parameters (parameter-forms.ts), the calls that run (run-check.ts), NULL
 * behaviour and determinism (behaviour.ts). What they share is in probe-state.ts; how calls are written in calls.ts.
 */
import { probeBehaviour } from './behaviour.ts';
import { checkByValue } from './checked-by-value.ts';
import { probeNullReturns } from './null-returns.ts';
import { callSql, FORMS, keyOf, selectSql, type Arg } from './calls.ts';
import { ALL_FAMILIES, sqlTypeName } from './types.ts';
import { dropCallsThatFail, callsThatRun } from './run-check.ts';
import { planParameterForm, planSeveralParameters, planWithStringParameters } from './parameter-forms.ts';
import { FOUND_CAP, probeForm } from './family-sweep.ts';
import { Batch, familyCalls, type State } from './probe-state.ts';
import type { FunctionProbe, NullAnswer, PlanAnswer, ProbeEngine, ProbedCall, ProbeTarget } from './probe-types.ts';

export type { FunctionProbe, NullAnswer, PlanAnswer, ProbeEngine, ProbedCall, ProbeTarget };
export { ENCODED_STRINGS } from './run-check.ts';
export { canonicalName } from './probe-state.ts';

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

  // NULL for arguments that are not NULL, where the engine declares it may come back: shown by a run, or not said.
  const { shown: nullReturns, ran: ranForNulls } = await probeNullReturns(
    engine,
    states
      .filter(
        (st) =>
          !st.target.aggregate &&
          !st.form.window &&
          !runsNowhere.has(st) &&
          !behaviour.get(st.target.name)?.nullIn?.includes('empty'),
      )
      .map((st) => ({ name: st.target.name, form: st.form, calls: [...st.accepted.values()] })),
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
      if (b.zoneCalls) probe.zoneCalls = b.zoneCalls;
      if (b.currentDate) probe.currentDate = true;
      if (b.rowOrder) probe.rowOrder = true;
      if (b.optionalParameter) probe.optionalParameter = true;
      if (b.nullIn) probe.nullIn = b.nullIn;
      if (b.allNull) probe.allNull = b.allNull;
    }
    const shownNull = nullReturns.get(st.target.name);
    if (shownNull) probe.nullReturns = shownNull;
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
  return { probes, planned: batch.calls, ran: ran + ranForBehaviour + ranByValue + ranForNulls };
}
