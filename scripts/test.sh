#!/bin/sh
# `npm test`: the whole suite, in the order a failure is cheapest to find, each step timed.
#
# The two checks on the engine (every example run again; every function's signatures probed again) are separate
# processes that spend their time in the engine, so they run beside the Node steps instead of before them: the
# signature probe from the start (it needs no data folder), the examples once the unit tests are done (the unit
# tests record examples themselves, and one run at a time holds the examples' data folder). Their output is printed
# when they end, with their time; either failing fails the suite. The HTML validation (one thread) runs beside the
# other checks of the built site in the same way.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh --engine

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "test: Chromium not found at $CHROMIUM. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)" >&2
  exit 1
fi

now() { date +%s%N | cut -c1-13; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.1f s", ms / 1000 }'; }
background_dir=$(mktemp -d "${TMPDIR:-/tmp}/docs-test-XXXXXX")
suite_start=$(now)
timings=""
cpu_total=0
# note NAME MILLISECONDS CPU-SECONDS [WHERE]: one line of the table printed at the end.
note() {
  line=$(printf '  %-48s %9s %9s%s' "$1" "$(seconds "$2")" "$3 s" "${4:-}")
  timings="$timings$line
"
  cpu_total=$(awk -v a="$cpu_total" -v b="$3" 'BEGIN { printf "%.1f", a + b }')
}
# Each command of a step runs under scripts/timed.sh, which adds the CPU seconds it used to the step's file: the
# figure to compare between runs on a shared machine (the wall time there measures the others' load too).
step_cpu="$background_dir/step.cpu"
timed() {
  sh scripts/timed.sh "$step_cpu.one" "$@" || { rc=$?; cat "$step_cpu.one" >>"$step_cpu"; return "$rc"; }
  cat "$step_cpu.one" >>"$step_cpu"
}
cpu_of() { awk '{ t += $1 } END { printf "%.1f", t }' "$@"; }
step_name=""
step_start=0
# Ends the step before (printing its time) and starts the next.
step() {
  end_step
  step_name="$1"
  step_start=$(now)
  : >"$step_cpu"
  echo
  echo "== $1"
}
end_step() {
  if [ -n "$step_name" ]; then
    took=$(($(now) - step_start))
    cpu=$(cpu_of "$step_cpu")
    echo "   ($step_name: $(seconds "$took"), CPU $cpu s)"
    note "$step_name" "$took" "$cpu"
  fi
  step_name=""
}

# Checks run in the background: each in a session of its own (setsid), so the suite can end it and everything it
# started; its output goes to a file, printed when it is waited for, with the time it took to its end.
cleanup() {
  for group in "$background_dir"/*.group; do
    [ -f "$group" ] && kill -TERM "-$(cat "$group")" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$background_dir" || true
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# start_background NAME COMMAND...: the command runs now; its output, exit status and end time are kept under NAME.
start_background() {
  name="$1"
  shift
  dir="$background_dir"
  now >"$dir/$name.start"
  (
    rc=0
    setsid sh -c 'echo $$ >"$0"; exec "$@"' "$dir/$name.group" sh scripts/timed.sh "$dir/$name.cpu" "$@" \
      >"$dir/$name.log" 2>&1 || rc=$?
    # Quiet: when the suite ends it early, the folder is gone by now.
    {
      echo "$rc" >"$dir/$name.rc"
      now >"$dir/$name.end"
      rm -f "$dir/$name.group"
    } 2>/dev/null || true
  ) &
  echo $! >"$dir/$name.pid"
  echo "   ($name: started in the background)"
}
# wait_background NAME TITLE: waits for it, prints its output and time; exits 1 if it failed.
wait_background() {
  wait "$(cat "$background_dir/$1.pid")" || true
  took=$(($(cat "$background_dir/$1.end") - $(cat "$background_dir/$1.start")))
  echo
  cpu=$(cpu_of "$background_dir/$1.cpu" 2>/dev/null || echo 0)
  echo "== $2 (ran in the background: $(seconds "$took"), CPU $cpu s)"
  cat "$background_dir/$1.log"
  note "$2" "$took" "$cpu" " (in the background)"
  if [ "$(cat "$background_dir/$1.rc")" -ne 0 ]; then
    echo "test: $2 failed" >&2
    exit 1
  fi
}

start_background signatures npx tsx src/examples/cli.ts check --signatures

step "types (tsc, strict)"
timed npx tsc -p .
step "lint (oxlint, type-aware)"
timed npm run --silent lint
step "format (prettier)"
timed npm run --silent format:check >/dev/null || { npm run --silent format:check; echo "test: run npm run format" >&2; exit 1; }
step "unit tests"
timed npx vitest run
end_step
start_background examples npx tsx src/examples/cli.ts check
step "content checks"
timed npx tsx scripts/check-content.ts
step "build"
timed sh scripts/build.sh
end_step
# One thread through every page: it runs beside the steps below, which leave a core free now and then.
start_background html npx tsx scripts/validate-html.ts site
# A second build without the cache, into a folder of its own, compared with site/ file by file: beside the steps
# below, which read site/ and never write it.
again=".cache/site-again"
rm -rf "$again" "$again.serve.json"
start_background determinism sh -c 'sh scripts/build.sh --no-cache --out "$1" >/dev/null &&
  { diff -r site "$1" >/dev/null || { diff -rq site "$1" | head -20; echo "two builds of the same tree differ"; exit 1; }; } &&
  rm -rf "$1" "$1.serve.json" && echo "the same site, byte for byte"' determinism "$again"
# Every tuning query through the browser's ranking code in Node: one thread, beside the browser tests.
start_background relevance npx tsx scripts/search-relevance.ts --gate
step "links and anchors over the built site"
timed npx tsx scripts/check-site.ts site
step "every route through the real server, and a crawl from /doc/"
timed npx tsx scripts/check-served.ts site
step "byte budgets"
timed npx tsx scripts/bench.ts --budgets-only
end_step
# The browser tests are the longest step: they start at once, beside what still runs in the background (the
# second build, the HTML validation, the signature probe), and those are waited for after them.
# Chromium's renderer and GPU processes outlive the browser process that started them and were reaped by init, so
# `times` never saw their CPU (268 CPU-s reported for a run that used 864). The step runs as a child subreaper
# (prctl PR_SET_CHILD_SUBREAPER), which reaps them itself, so their CPU is counted; it waits at most 30 s for any.
reaped='import ctypes, os, subprocess, sys, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
rc = subprocess.call(sys.argv[1:])
until = time.time() + 30
while time.time() < until:
    try:
        if os.waitpid(-1, os.WNOHANG) == (0, 0):
            time.sleep(0.1)
    except ChildProcessError:
        break
sys.exit(rc)'
step "browser tests and accessibility"
timed python3 -c "$reaped" npx playwright test
end_step
wait_background determinism "output is deterministic: a second build without the cache, compared file by file"
wait_background html "HTML of every page (html-validate: unique and valid ids, landmarks)"
wait_background signatures "function signatures on the engine (probed again, compared with content/catalogue/signatures.json)"
wait_background relevance "search: every tuning query finds its page first (the browser's ranking code, in Node)"
wait_background examples "examples on the engine"
echo
echo "time per step (wall, CPU):"
printf '%s' "$timings"
echo "all tests passed in $(seconds $(($(now) - suite_start))), CPU $cpu_total s (load average then: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
