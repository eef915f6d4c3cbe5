/**
 * Rendering on every core: worker threads that each run `PageWork` (Markdown, highlighting, React), fed from one
 * queue so a slow page never holds the others up. A handful of pages (a rebuild after an edit) are rendered in
 * the main thread instead: starting a thread and loading the highlighter into it would cost more than the work.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageResult, WorkSetup } from './page-keys.ts';
import type { PageWork } from './page-work.tsx';
import type { WorkerMessage } from './render-worker.ts';

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
  private inline?: Promise<PageWork>;
  private setupValue: WorkSetup;
  private failure?: Error;

  /** `threads` 0 renders in this thread. */
  constructor(setup: WorkSetup, threads: number) {
    this.setupValue = setup;
    for (let i = 0; i < threads; i++) this.threads.push(this.spawn());
  }

  /** How many threads a build of `jobs` pages should use. */
  static threadsFor(jobs: number): number {
    if (jobs <= 8) return 0;
    return Math.max(1, Math.min(os.availableParallelism(), Math.ceil(jobs / 16)));
  }

  get size(): number {
    return this.threads.length;
  }

  /** New shared data (the anchors of a finished round) for the jobs sent after this. */
  setup(setup: WorkSetup): void {
    this.setupValue = setup;
    this.inline = undefined;
    for (const t of this.threads) t.worker.postMessage({ type: 'setup', setup } satisfies WorkerMessage);
  }

  run(job: PageJob): Promise<PageResult> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.threads.length === 0) {
      this.inline ??= import('./page-work.tsx').then(({ PageWork }) => new PageWork(this.setupValue));
      return this.inline.then((work) => work.run(job));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
    this.threads.length = 0;
  }

  private pump(): void {
    for (const t of this.threads) {
      while (t.busy.size < IN_FLIGHT && this.queue.length) {
        const next = this.queue.shift()!;
        t.busy.set(next.job.index, next);
        t.worker.postMessage({ type: 'job', job: next.job } satisfies WorkerMessage);
      }
    }
  }

  private spawn(): Thread {
    // The worker is TypeScript: register tsx's loader in the thread itself (hooks of the main thread do not
    // reach workers on Node 20), then load the module.
    const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const entry = new URL('./render-worker.ts', import.meta.url).href;
    const code = `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(entry)});\n`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { execArgv: [] });
    const thread: Thread = { worker, busy: new Map() };
    worker.postMessage({ type: 'setup', setup: this.setupValue } satisfies WorkerMessage);
    worker.on('message', (msg: { result?: PageResult; failed?: { index: number; message: string } }) => {
      const index = msg.result?.index ?? msg.failed?.index ?? -1;
      const pending = thread.busy.get(index);
      thread.busy.delete(index);
      if (msg.result) pending?.resolve(msg.result);
      else pending?.reject(new Error(`rendering ${pending?.job.view.route ?? `page ${index}`} failed: ${msg.failed?.message}`));
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
      if (code !== 0 || thread.busy.size) fail(new Error(`a render thread stopped (exit code ${code})`));
    });
    return thread;
  }
}
