#!/bin/sh
# `npm start`: install packages if needed, build the site, serve it on http://localhost:${PORT:-3000}.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
npx tsx src/build/cli.ts
echo "serving http://localhost:${PORT:-3000}/doc/"
exec npx serve site --listen "${PORT:-3000}" --no-clipboard
