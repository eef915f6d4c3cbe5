/**
 * The first render thread of `npm run build`, started by `cli.ts` before the build's own modules load: a thread
 * takes a fifth of a second to load the renderer, which then overlaps the main thread's loading and reading
 * instead of following it, and a rebuild's edited page renders as soon as it is known. `RenderPool` adopts it.
 * Only the bundle `scripts/build.sh` makes has the worker beside it (`__WORKER_BUNDLE__`); under tsx there is none.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

declare const __WORKER_BUNDLE__: string | undefined;

/** The render worker bundled beside the build's bundle, if the build runs from one. */
export const BUNDLED_WORKER: string | undefined =
  typeof __WORKER_BUNDLE__ === 'string' ? path.resolve(import.meta.dirname, __WORKER_BUNDLE__) : undefined;

/** A larger young generation than V8's default: rendering makes many short-lived objects, and fewer collections run. */
const YOUNG_GENERATION = { maxYoungGenerationSizeMb: 64 };

/** A render thread on a bundled worker. */
export function renderThread(bundle: string): Worker {
  return new Worker(bundle, { execArgv: [], resourceLimits: YOUNG_GENERATION });
}

let early: { bundle: string; worker: Worker } | undefined;

/** Starts the first thread; until a pool takes it, it does not keep the process alive (a build may need none). */
export function startEarlyThread(bundle: string): void {
  if (early) return;
  early = { bundle, worker: renderThread(bundle) };
  early.worker.unref();
}

/** The early thread, if one was started on this bundle and not taken yet. */
export function takeEarlyThread(bundle: string): Worker | undefined {
  if (early?.bundle !== bundle) return undefined;
  const { worker } = early;
  early = undefined;
  worker.ref();
  return worker;
}
