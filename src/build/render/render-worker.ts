/** A render thread of the build (see `render-pool.ts`): runs the page jobs it is sent, one at a time. */
import { parentPort } from 'node:worker_threads';
import type { PageJob, WorkSetup } from '../page-keys.ts';
import { PageWork } from './page-work.tsx';
import { loadHighlighter } from '../../markdown/highlighter.ts';

// Loading the grammars is the slow part of starting: begin before the first job arrives.
void loadHighlighter();

/** Settles once this thread has sent its first page back (`render-worker-entry.ts` then saves the code cache). */
let firstPage: () => void = () => undefined;
export const firstPageDone = new Promise<void>((resolve) => (firstPage = resolve));

export type WorkerMessage = { type: 'setup'; setup: WorkSetup } | { type: 'job'; job: PageJob };

let work: PageWork | undefined;
parentPort?.on('message', (message: WorkerMessage) => {
  if (message.type === 'setup') {
    work = new PageWork(message.setup);
    return;
  }
  const { job } = message;
  (work ? work.run(job) : Promise.reject(new Error('render worker: a job before its setup')))
    .then((result) => {
      parentPort?.postMessage({ result });
      firstPage();
    })
    .catch((err: unknown) =>
      parentPort?.postMessage({
        failed: { index: job.index, message: err instanceof Error ? (err.stack ?? err.message) : String(err) },
      }),
    );
});
