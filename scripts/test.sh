#!/bin/sh
# `npm test`: the whole suite, in the order a failure is cheapest to find.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh --engine

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "test: Chromium not found at $CHROMIUM. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)" >&2
  exit 1
fi

step() { echo; echo "== $1"; }
step "types (tsc, strict)"
npx tsc -p .
step "lint (oxlint, type-aware)"
npm run --silent lint
step "format (prettier)"
npm run --silent format:check >/dev/null || { npm run --silent format:check; echo "test: run npm run format" >&2; exit 1; }
step "unit tests"
npx vitest run
step "examples on the engine"
npx tsx src/examples/cli.ts check
step "function signatures on the engine (probed again, compared with content/catalogue/signatures.json)"
npx tsx src/examples/cli.ts check --signatures
step "content checks"
npx tsx scripts/check-content.ts
step "build"
sh scripts/build.sh
step "output is deterministic: a second build without the cache, compared file by file"
again=".cache/site-again"
rm -rf "$again" "$again.serve.json"
sh scripts/build.sh --no-cache --out "$again" >/dev/null
diff -r site "$again" >/dev/null || { diff -rq site "$again" | head -20; echo "test: two builds of the same tree differ" >&2; exit 1; }
rm -rf "$again" "$again.serve.json"
echo "the same site, byte for byte"
step "links and anchors over the built site"
npx tsx scripts/check-site.ts site
step "HTML of every page (html-validate: unique and valid ids, landmarks)"
npx tsx scripts/validate-html.ts site
step "every route through the real server, and a crawl from /doc/"
npx tsx scripts/check-served.ts site
step "byte budgets"
npx tsx scripts/bench.ts --budgets-only
step "browser tests and accessibility"
npx playwright test
echo
echo "all tests passed"
