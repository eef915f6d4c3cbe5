#!/bin/sh
# `npm run build` (arguments go to src/build/cli.ts): the build's code and packages bundled by esbuild into plain
# JavaScript, then run by Node. Run on the TypeScript sources, Node would pass each of a hundred modules through
# tsx's loader, which costs a quarter of a second before the build starts. Each dynamic import stays a file of its own
# (--splitting), so a build that renders nothing never loads the renderer's packages. The bundle is kept under a
# hash of the sources (`.cache/cli/b-<hash>/`), so a rebuild after an edit of the content does not bundle again.
set -eu
cd "$(dirname "$0")/.."

# Bundles of builds that were killed: their process is gone.
for dir in .cache/cli/run-*; do
  [ -d "$dir" ] || continue
  kill -0 "${dir##*-}" 2>/dev/null || rm -rf "$dir"
done

# What the bundle is made from: every source's name and bytes, this script, the lock file (esbuild's version).
hash_cmd=$(command -v sha256sum || echo "shasum -a 256")
files=$(find src -type f | LC_ALL=C sort)
key=$({ echo "$files"; cat $files scripts/build.sh package-lock.json; } | $hash_cmd | cut -c1-16)
bundle=".cache/cli/b-$key"
trap 'exit 130' INT
trap 'exit 143' TERM
if [ ! -f "$bundle/cli.js" ]; then
  out=".cache/cli/run-$$"
  trap 'rm -rf "$out"' EXIT
  # The bundle finds the sources it was made from (the build hashes them) by this path, relative to itself, and
  # the render worker beside it (as src/build/render/worker-bundle.ts would make it: one file, its packages in it),
  # so the first render thread starts before the build's modules load (src/build/render/early-thread.ts).
  # The packages are bundled too, as the worker's are: Node resolves and compiles one module per file, and zod,
  # yaml and micromark are hundreds of files. Left out: those with native binaries or programs of their own
  # (esbuild, lightningcss, Pagefind) and Vite, which the build of the islands loads only when they changed.
  node_modules/.bin/esbuild src/build/cli.ts --bundle --splitting --format=esm --platform=node --target=node20 \
    --external:esbuild --external:lightningcss --external:pagefind --external:vite \
    --jsx=automatic --log-level=warning --outdir="$out" \
    --define:__BUILD_SOURCE_DIR__='"../../../src"' --define:__WORKER_BUNDLE__='"render-worker.mjs"' \
    --banner:js="import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);"
  # The worker as CommonJS, which V8's code cache can hold (ES modules have none on Node 20), started by a small
  # module that runs it through the cache (src/build/render/code-cache.ts).
  node_modules/.bin/esbuild src/build/render/render-worker.ts --bundle --format=cjs --platform=node --target=node20 \
    --jsx=automatic --log-level=warning --outfile="$out/render-worker.cjs"
  node_modules/.bin/esbuild src/build/render/render-worker-entry.ts --bundle --format=esm --platform=node \
    --target=node20 --log-level=warning --outfile="$out/render-worker.mjs"
  # Put in place whole, by one rename; a build that made the same bundle meanwhile keeps its own (then removed).
  [ -d "$bundle" ] || mv "$out" "$bundle" 2>/dev/null || true
  [ -f "$bundle/cli.js" ] || bundle="$out"
fi
# Bundles of older sources, unused for an hour (no build runs that long on one); this one marked as used now.
touch "$bundle"
find .cache/cli -maxdepth 1 -name 'b-*' ! -name "b-$key" -mmin +60 -exec rm -rf {} + 2>/dev/null || true
# Set before Node loads anything: the bundle loads its packages before its first line (production-env.ts) runs.
NODE_ENV="${NODE_ENV-production}" node "$bundle/cli.js" "$@"
