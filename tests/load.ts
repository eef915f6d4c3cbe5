import os from 'node:os';

/**
 * How much slower than on idle cores the machine runs the tests: the load average per core when the run starts,
 * at least 1, at most 4. A test that takes 10 s on idle cores takes 30 s when three times as many processes want
 * them, and a time limit that fails it then measures the machine, not the site. Every time limit of the unit and
 * browser tests is scaled by it (`scaled`). Worked out once per run and handed to the runners' workers through
 * the environment (TEST_SLOWDOWN, which also sets it by hand), so all of a run's processes agree.
 */
export const slowdown: number = (() => {
  const given = Number(process.env.TEST_SLOWDOWN);
  if (Number.isFinite(given) && given >= 1) return given;
  const measured = Math.min(4, Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism()));
  process.env.TEST_SLOWDOWN = String(measured);
  return measured;
})();

/** A time limit measured on idle cores, scaled to how busy the machine is. */
export const scaled = (ms: number): number => Math.round(ms * slowdown);
