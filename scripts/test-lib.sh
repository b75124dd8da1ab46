# Sourced by scripts/test (and by scripts/test-harness, which checks it):
# runs one step of the test run, keeps its log, and adds what it proved to
# the totals. Set `logs` (a directory) before the first step; the totals are
# `passed`, `failed` and the lines of `summary`.
#
# A step of kind "tests" passes only when its runner printed at least one
# count line (cargo's `test result: ...` or node --test's `# pass N`), the
# counts add up to at least one test, none failed, and it exited 0. Whatever
# else happens, the step fails: a runner that prints nothing countable is a
# runner that proved nothing, whatever its exit status.
# A step of kind "check" counts as one test: passed when it exits 0.

: "${passed:=0}" "${failed:=0}"
[ -n "${summary+set}" ] || summary=()

# count_tests LOG: prints "PASSED FAILED" summed over the count lines of
# LOG, or nothing when LOG has no count line at all.
count_tests() {
  local log=$1 p=0 f=0 found=0 np nf
  while read -r np nf; do
    p=$((p + np)); f=$((f + nf)); found=1
  done < <(sed -n -E 's/^test result: [a-zA-Z]+\. ([0-9]+) passed; ([0-9]+) failed.*/\1 \2/p' "$log")
  np=$(sed -n -E 's/^# pass ([0-9]+)$/\1/p' "$log" | tail -1)
  nf=$(sed -n -E 's/^# fail ([0-9]+)$/\1/p' "$log" | tail -1)
  if [ -n "$np" ]; then p=$((p + np)); f=$((f + ${nf:-0})); found=1; fi
  [ "$found" -eq 1 ] && echo "$p $f"
  return 0
}

# step NAME KIND CMD...: runs CMD, its output shown and kept in
# $logs/NAME.log; KIND is "tests" or "check" (see above).
step() {
  local name=$1 kind=$2; shift 2
  local log="$logs/$name.log" t0 rc why=""
  t0=$(date +%s)
  printf '\n=== %s: %s\n' "$name" "$*"
  # A pipeline, not a process substitution: bash waits for both ends of a
  # pipeline, while `wait` may return before a substituted tee has written
  # the log's last lines (under load the counts were read from a short log).
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  local took=$(( $(date +%s) - t0 )) ok=1
  if [ "$kind" = tests ]; then
    local counts p f
    counts=$(count_tests "$log")
    if [ -z "$counts" ]; then
      ok=0; failed=$((failed + 1)); why="the runner printed no test count (exit $rc)"
    else
      read -r p f <<<"$counts"
      passed=$((passed + p)); failed=$((failed + f))
      if [ $((p + f)) -eq 0 ]; then
        ok=0; failed=$((failed + 1)); why="the runner reported 0 tests"
      elif [ "$f" -gt 0 ]; then
        ok=0
      elif [ "$rc" -ne 0 ]; then
        # The runner itself failed (did not compile, crashed) with no failing test counted.
        ok=0; failed=$((failed + 1)); why="the runner exited $rc with no failing test counted"
      fi
    fi
  elif [ "$kind" = check ]; then
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else ok=0; failed=$((failed + 1)); fi
  else
    ok=0; failed=$((failed + 1)); why="unknown step kind '$kind'"
  fi
  [ -n "$why" ] && echo "$name: $why" | tee -a "$log"
  summary+=("$(printf '%-14s %s (%ss)%s' "$name" "$([ "$ok" -eq 1 ] && echo ok || echo FAILED)" "$took" "${why:+: $why}")")
}
