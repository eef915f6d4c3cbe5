/**
 * Rendering on every core: worker threads that each run `PageWork` (Markdown, highlighting, React), fed from one
 * queue so a slow page never holds the others up. The threads run the bundled worker (`worker-bundle.ts`), which
 * starts faster than this thread loads the same modules through tsx, so even a rebuild of one page renders in a
 * thread (started at the beginning of the build, while the content is read). `threads: 0` renders here.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageResult, WorkSetup } from '../page-keys.ts';
import type { PageWork } from './page-work.tsx';
import type { WorkerMessage } from './render-worker.ts';
import { sourceFile } from '../source-dir.ts';
import { renderThread, takeEarlyThread } from './early-thread.ts';

interface Pending {
  job: PageJob;
  resolve: (r: PageResult) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Map<number, Pending>;
}

/** Jobs in flight per thread: one running, one waiting, so a thread never idles between messages. */
const IN_FLIGHT = 2;

export class RenderPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  /** The thread each code language belongs to (see `pump`). */
  private readonly owners = new Map<string, Thread>();
  private inline?: Promise<PageWork>;
  private setupValue?: WorkSetup;
  private failure?: Error;
  private closed = false;

  /**
   * `threads` 0 renders in this thread. `bundle`: the worker as one module (`worker-bundle.ts`), if made. The
   * threads start loading at once; jobs wait for `setup`.
   */
  constructor(
    threads: number,
    private readonly bundle?: string,
  ) {
    for (let i = 0; i < threads; i++) this.threads.push(this.spawn());
  }

  /**
   * How many threads a build of `jobs` pages should use: one per core for many pages, one for a few (a thread
   * on the bundle starts faster than this thread loads the same modules through tsx).
   */
  static threadsFor(jobs: number): number {
    return Math.max(1, Math.min(os.availableParallelism(), Math.ceil(jobs / 16)));
  }

  get size(): number {
    return this.threads.length;
  }

  /** More threads, up to `threads` (a rebuild that finds many pages to render). */
  grow(threads: number): void {
    if (this.threads.length === 0) return;
    while (this.threads.length < threads) {
      const thread = this.spawn();
      if (this.setupValue) thread.worker.postMessage({ type: 'setup', setup: this.setupValue } satisfies WorkerMessage);
      this.threads.push(thread);
    }
    this.pump();
  }

  /** Whether the jobs' shared data was given. */
  get ready(): boolean {
    return this.setupValue !== undefined;
  }

  /** The data every job shares (new anchors after a round) for the jobs sent after this. */
  setup(setup: WorkSetup): void {
    this.setupValue = setup;
    this.inline = undefined;
    for (const t of this.threads) t.worker.postMessage({ type: 'setup', setup } satisfies WorkerMessage);
  }

  run(job: PageJob): Promise<PageResult> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.setupValue) return Promise.reject(new Error('render pool: a job before its setup'));
    if (this.threads.length === 0) {
      const setup = this.setupValue;
      this.inline ??= import('./page-work.tsx').then(({ PageWork }) => new PageWork(setup));
      return this.inline.then((work) => work.run(job));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
    this.threads.length = 0;
  }

  /**
   * Each free thread takes the first waiting job it may take. A thread turns a grammar's patterns into
   * JavaScript regular expressions the first time it meets the language (a third of a second for JavaScript's),
   * so each language besides SQL and shell belongs to the first thread that met it, and its few pages (Go, Java,
   * JavaScript) go to that thread instead of costing every thread that once. A page whose languages belong to
   * different threads goes to any. The owner takes such a page as soon as it is free, so no page waits long (the
   * search index is fed in page order).
   */
  private pump(): void {
    for (const t of this.threads) {
      while (t.busy.size < IN_FLIGHT && this.queue.length) {
        const mine = nextJobFor(
          t,
          this.threads,
          this.queue.map((p) => p.job.grammars ?? []),
          this.owners,
        );
        if (mine < 0) break;
        const [next] = this.queue.splice(mine, 1);
        for (const g of next!.job.grammars ?? []) if (!this.owners.has(g)) this.owners.set(g, t);
        t.busy.set(next!.job.index, next!);
        t.worker.postMessage({ type: 'job', job: next!.job } satisfies WorkerMessage);
      }
    }
  }

  private spawn(): Thread {
    const worker = this.bundle ? (takeEarlyThread(this.bundle) ?? renderThread(this.bundle)) : this.spawnOnSources();
    const thread: Thread = { worker, busy: new Map() };
    worker.on('message', (msg: { result?: PageResult; failed?: { index: number; message: string } }) => {
      const index = msg.result?.index ?? msg.failed?.index ?? -1;
      const pending = thread.busy.get(index);
      thread.busy.delete(index);
      if (msg.result) pending?.resolve(msg.result);
      else
        pending?.reject(
          new Error(`rendering ${pending?.job.view.route ?? `page ${index}`} failed: ${msg.failed?.message}`),
        );
      this.pump();
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const p of thread.busy.values()) p.reject(err);
      thread.busy.clear();
      for (const p of this.queue.splice(0)) p.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed && (code !== 0 || thread.busy.size))
        fail(new Error(`a render thread stopped (exit code ${code})`));
    });
    return thread;
  }

  /**
   * Without a bundle: the TypeScript sources, tsx's loader registered in the thread itself (hooks of the main thread
   * do not reach workers on Node 20).
   */
  private spawnOnSources(): Worker {
    const api = pathToFileURL(
      createRequire(sourceFile('build/render/render-pool.ts'))
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const entry = pathToFileURL(sourceFile('build/render/render-worker.ts')).href;
    const code = `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(entry)});\n`;
    return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
      execArgv: [],
      resourceLimits: YOUNG_GENERATION,
    });
  }
}

/**
 * Which waiting job (by position) a thread takes, or -1 (see `RenderPool.pump`): the first whose languages all
 * belong to it or to no thread, or one no thread has all the languages of.
 */
export function nextJobFor<T>(
  thread: T,
  threads: readonly T[],
  waiting: readonly (readonly string[])[],
  owners: ReadonlyMap<string, T>,
): number {
  const mayTake = (t: T, grammars: readonly string[]) => grammars.every((g) => (owners.get(g) ?? t) === t);
  return waiting.findIndex((grammars) => mayTake(thread, grammars) || !threads.some((o) => mayTake(o, grammars)));
}

/** A larger young generation than V8's default (see `early-thread.ts`), for threads on the sources too. */
const YOUNG_GENERATION = { maxYoungGenerationSizeMb: 64 };
