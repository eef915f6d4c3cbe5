/** Probes the whole engine catalogue through the bridge (`npm run examples -- --signatures`). */
import { EngineBridge, EngineFailure } from '../bridge.ts';
import { probeFunctions, type FunctionProbe, type ProbeEngine, type ProbeTarget } from './probe.ts';
import { probeTableSql } from './types.ts';
import { documentedArities } from './documented.ts';

/** The bridge as the prober's engine: batches of statements planned or run in the probe session. */
export function bridgeEngine(bridge: EngineBridge): ProbeEngine {
  const ask = async (op: 'plan' | 'values', sqls: string[]) => {
    const a = await bridge.request({ op, sqls });
    if (!a.ok || !a.answers)
      throw new EngineFailure(`the engine bridge did not answer a ${op} batch: ${a.error ?? ''}`);
    return a.answers;
  };
  return { plan: (sqls) => ask('plan', sqls), run: (sqls) => ask('values', sqls) };
}

export async function probeCatalogue(
  bridge: EngineBridge,
  projectRoot: string,
  log: (m: string) => void,
): Promise<{ functions: Record<string, FunctionProbe>; planned: number; ran: number }> {
  const list = async (sql: string) => {
    const a = await bridge.request({ op: 'values', sqls: [sql] });
    const box = a.answers?.[0]?.box;
    if (!box) throw new EngineFailure(`cannot list functions: ${a.answers?.[0]?.error ?? a.error ?? ''}`);
    return [...box.matchAll(/│ '([^']+)'\s*│/g)].map((m) => m[1]!);
  };
  await bridge.request({ op: 'reset' });
  for (const sql of probeTableSql()) {
    const a = await bridge.request({ op: 'run', sql });
    if (!a.ok) throw new EngineFailure(`cannot make the probe table: ${a.error ?? ''}`);
  }
  // PROBE_ONLY=abs,concat probes a few functions (while working on the prober; nothing is written then).
  const only = process.env.PROBE_ONLY?.split(',');
  const names = (await list('SELECT name FROM system.functions ORDER BY name'))
    .sort()
    .filter((n) => !only || only.includes(n));
  const aggregates = new Set(await list('SELECT name FROM system.functions WHERE is_aggregate ORDER BY name'));
  const arities = documentedArities(projectRoot);
  const targets: ProbeTarget[] = names.map((name) => ({
    name,
    aggregate: aggregates.has(name),
    maxArity: Math.min(6, arities.has(name) ? arities.get(name)! + 1 : 6),
    documented: arities.get(name),
  }));
  const { probes, planned, ran } = await probeFunctions(bridgeEngine(bridge), targets, log);
  return { functions: Object.fromEntries([...probes.entries()].sort(([a], [b]) => a.localeCompare(b))), planned, ran };
}
