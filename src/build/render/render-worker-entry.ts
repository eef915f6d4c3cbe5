/**
 * The render thread `npm run build` starts (bundled by scripts/build.sh as `render-worker.mjs`): it runs the
 * worker's CommonJS bundle beside it through V8's code cache (`code-cache.ts`), saved once the thread's first page
 * is done, so the cache holds the code a page needs.
 */
import path from 'node:path';
import { runWithCodeCache } from './code-cache.ts';

const worker = runWithCodeCache(path.join(import.meta.dirname, 'render-worker.cjs'));
void (worker.exports.firstPageDone as Promise<void>).then(() => worker.save());
