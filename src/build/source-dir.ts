import path from 'node:path';

/**
 * Where the build's sources are (`src/`). The build runs from them under tsx (the tests, the dev tooling) or
 * from the bundle `scripts/build.sh` makes of them in `.cache/cli/`, where `import.meta` names the bundle's own
 * files: the bundle is then given the way back to its sources, relative to itself.
 */
declare const __BUILD_SOURCE_DIR__: string | undefined;

export const SOURCE_DIR: string =
  typeof __BUILD_SOURCE_DIR__ === 'string'
    ? path.resolve(import.meta.dirname, __BUILD_SOURCE_DIR__)
    : path.resolve(import.meta.dirname, '..');

/**
 * In the bundle: the hash of every source it was made from, which names its folder (`b-<hash>`, see
 * `scripts/build.sh`). Undefined under tsx, or in a bundle folder of another name.
 */
export const BUNDLED_SOURCES: string | undefined =
  typeof __BUILD_SOURCE_DIR__ === 'string'
    ? /^b-([0-9a-f]{16})$/.exec(path.basename(import.meta.dirname))?.[1]
    : undefined;

/** A source file, by its path under `src/`. */
export const sourceFile = (rel: string): string => path.join(SOURCE_DIR, rel);
