#!/usr/bin/env bash
# Runs trec_eval's own comparisons (../shared/trec_eval_tests/verify.sh) over
# `ranklab eval`: all 15, the preference (-R prefs, qrels_prefs),
# judgment-group (-R qrels_jg) and -Z ones included. Exits non-zero on any
# difference, if a comparison was left out, or if none ran.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
shared="${RANKLAB_SHARED:-$root/../shared}/trec_eval_tests"
cargo build --release -q -p ranklab-cli --manifest-path "$root/Cargo.toml"
bin="$root/target/release/ranklab"
wrapper="$(mktemp)"
trap 'rm -f "$wrapper" "$wrapper.sh"' EXIT
printf '#!/bin/sh\nexec "%s" eval --quiet "$@"\n' "$bin" > "$wrapper"
chmod +x "$wrapper"
# verify.sh changes to its own folder; point it at the shared one instead.
sed "s|^cd \"\$(dirname \"\$0\")\".*|cd '$shared' \|\| exit 2|" "$shared/verify.sh" > "$wrapper.sh"
grep -q "^cd '$shared'" "$wrapper.sh" || { echo "verify.sh changed: cannot point it at $shared"; exit 2; }
out=$(sh "$wrapper.sh" "$wrapper" 2>&1) || true
printf "%s\n" "$out" | grep -v "^all 15 trec_eval" || true
all=$(grep -c '^t out' "$shared/verify.sh")
total=$(grep -c '^t out' "$wrapper.sh")
skipped=$((all - total))
failures=$(printf '%s\n' "$out" | grep -c '^FAIL' || true)
echo "trec_eval comparisons: $((total - failures)) of $all passed, $failures failed, $skipped not run"
[ "$total" -gt 0 ] || { echo "no comparison was run"; exit 1; }
[ "$skipped" -eq 0 ] || { echo "$skipped comparison(s) left out"; exit 1; }
[ "$failures" -eq 0 ]
