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

/** A source file, by its path under `src/`. */
export const sourceFile = (rel: string): string => path.join(SOURCE_DIR, rel);

/** The folder of the bundle the build runs from (`.cache/cli/b-<hash of the sources>/`); none under tsx. */
export const BUNDLE_DIR: string | undefined =
  typeof __BUILD_SOURCE_DIR__ === 'string' ? import.meta.dirname : undefined;
