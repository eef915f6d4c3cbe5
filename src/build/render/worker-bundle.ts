/**
 * The render worker as one plain JavaScript module. A worker started on the TypeScript sources would load every
 * module through tsx's loader (its hooks answer each import from another thread), which doubles the start-up
 * of a thread; bundled by esbuild (the one Vite and tsx use) with the packages it uses, it is one file, which
 * Node reads and compiles lazily. The bundle is kept in `.cache/worker/` under a hash of the code it holds and
 * the lock file (so of the packages in it); it is made again whenever that code changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { codeHash, moduleClosure } from '../cache/code-hash.ts';
import { SOURCE_DIR, sourceFile } from '../source-dir.ts';
import { BUNDLED_WORKER } from './early-thread.ts';

const ENTRY = sourceFile('build/render/render-worker.ts');

let made: Promise<string | undefined> | undefined;

/** The bundle's path, made if needed; undefined when esbuild cannot be loaded (the worker then runs on tsx). */
export function workerBundle(): Promise<string | undefined> {
  // `npm run build`: bundled beside the build by scripts/build.sh, under the hash of every source.
  if (BUNDLED_WORKER) return Promise.resolve(BUNDLED_WORKER);
  made ??= (async () => {
    const projectRoot = path.dirname(SOURCE_DIR);
    // The bundler's options (this file) are part of what the bundle is made from.
    const key = codeHash(projectRoot, [...moduleClosure([ENTRY]), sourceFile('build/render/worker-bundle.ts')]).slice(
      0,
      20,
    );
    const file = path.join(projectRoot, '.cache', 'worker', `render-worker-${key}.mjs`);
    if (fs.existsSync(file)) {
      // Marked as in use, so a build of other code keeps it (see below).
      const now = new Date();
      fs.utimesSync(file, now, now);
      return file;
    }
    let esbuild: typeof import('esbuild');
    try {
      esbuild = await import('esbuild');
    } catch {
      return undefined;
    }
    const tmp = `${file}.tmp-${process.pid}`;
    await esbuild.build({
      entryPoints: [ENTRY],
      outfile: tmp,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      // The packages too: a thread then reads one file instead of resolving and reading some three hundred
      // (150 ms instead of 250 ms before its first page). Their CommonJS parts find Node's modules through this.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    fs.renameSync(tmp, file);
    // Bundles of earlier code: one per edit of the render code, a few megabytes each. A build still running
    // on one used it within the hour.
    for (const name of fs.readdirSync(path.dirname(file))) {
      const other = path.join(path.dirname(file), name);
      try {
        if (other !== file && name.startsWith('render-worker-') && Date.now() - fs.statSync(other).mtimeMs > 3600_000)
          fs.rmSync(other, { force: true });
      } catch {
        // Removed meanwhile.
      }
    }
    return file;
  })();
  return made;
}
