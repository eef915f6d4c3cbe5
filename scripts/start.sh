#!/bin/sh
# `npm start`: install packages if needed, build the site, serve it on http://localhost:${PORT:-3000}.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
sh scripts/build.sh
exec npx tsx src/serve/serve-site.ts site --port "${PORT:-3000}"
