#!/bin/sh
# Installs what the project needs and can install by itself: npm packages (from the lockfile) and, with
# --engine, the Databend engine's Python package in a project-local venv (.venv). Safe to run again.
set -eu
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm ci` installs exactly the lockfile and never rewrites it, so a fresh clone stays clean.
  echo "setup: installing npm packages from package-lock.json"
  npm ci --no-audit --no-fund
fi

if [ "${1:-}" = "--engine" ]; then
  if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import databend" 2>/dev/null; then
    echo "setup: installing the Databend engine (Python package) into .venv"
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check -r src/examples/requirements.txt
  fi
fi
