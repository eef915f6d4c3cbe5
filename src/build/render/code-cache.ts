/**
 * A CommonJS bundle run through V8's code cache: the render worker (four megabytes) is compiled in every thread
 * of every build, a noop rebuild's early thread included, and a third of a thread's start went to compiling it.
 * The cache (`<bundle>.v8cache`, beside the bundle in `.cache/cli/b-<hash>/`) holds the bytecode of the functions
 * the first page needed, so later threads neither parse the file nor compile those functions.
 *
 * V8 checks a cache against the source's length and its own version and flags, not the source's bytes: the
 * cache therefore starts with the source's SHA-256, and one made from other bytes is never handed to V8.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

const DIGEST_BYTES = 32;

/** Node's own wrapper of a CommonJS file. */
const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;

export interface CachedModule {
  exports: Record<string, unknown>;
  /** Writes the cache when there was none to use (or V8 refused it): call once the code that matters has run. */
  save(): void;
}

export function runWithCodeCache(file: string, cacheFile = `${file}.v8cache`): CachedModule {
  const source = fs.readFileSync(file);
  const digest = createHash('sha256').update(source).digest();
  let cachedData: Buffer | undefined;
  try {
    const cached = fs.readFileSync(cacheFile);
    if (cached.subarray(0, DIGEST_BYTES).equals(digest)) cachedData = cached.subarray(DIGEST_BYTES);
  } catch {
    // None yet: this thread makes it.
  }
  const script = new vm.Script(wrap(source.toString('utf8')), { filename: file, cachedData });
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  const useful = cachedData !== undefined && !script.cachedDataRejected;
  return {
    exports: module.exports,
    save() {
      if (useful) return;
      try {
        // Written whole under a name of its own, then renamed: threads of one build may both write it.
        const tmp = `${cacheFile}.tmp-${process.pid}-${threadId}`;
        fs.writeFileSync(tmp, Buffer.concat([digest, script.createCachedData()]));
        fs.renameSync(tmp, cacheFile);
      } catch {
        // A cache that cannot be written costs the next thread its compile, nothing else.
      }
    },
  };
}
