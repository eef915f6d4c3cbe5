#!/bin/sh
# timed.sh FILE COMMAND...: runs the command, then writes to FILE the CPU seconds (user + system) it and every
# process it waited for used. On a shared machine the wall time of a step measures the others' load; this does not.
out="$1"
shift
rc=0
"$@" || rc=$?
# `times`: this shell's own, then its children's user and system time (0m1.230000s 0m0.450000s).
times >"$out.times"
awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] }
  printf "%.1f\n", t }' "$out.times" >"$out"
rm -f "$out.times"
exit "$rc"
