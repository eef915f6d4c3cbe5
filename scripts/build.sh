#!/bin/sh
# `npm run build` (arguments go to src/build/cli.ts): the build's code bundled by esbuild into plain JavaScript,
# then run by Node. Run on the TypeScript sources, Node would pass each of a hundred modules through tsx's
# loader, which costs a quarter of a second before the build starts; bundling takes 20 ms. Each dynamic import
# stays a file of its own (--splitting), so a build that renders nothing never loads the renderer's packages.
set -eu
cd "$(dirname "$0")/.."

# Bundles of builds that were killed: their process is gone.
for dir in .cache/cli/run-*; do
  [ -d "$dir" ] || continue
  kill -0 "${dir##*-}" 2>/dev/null || rm -rf "$dir"
done

out=".cache/cli/run-$$"
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# The bundle finds the sources it was made from (the build hashes them) by this path, relative to itself.
node_modules/.bin/esbuild src/build/cli.ts --bundle --splitting --format=esm --platform=node --target=node20 \
  --packages=external --jsx=automatic --log-level=warning --outdir="$out" \
  --define:__BUILD_SOURCE_DIR__='"../../../src"'
# Set before Node loads anything: the bundle loads its packages before its first line (production-env.ts) runs.
NODE_ENV="${NODE_ENV-production}" node "$out/cli.js" "$@"
