#!/usr/bin/env bash
# Bounded fuzzing: builds the libFuzzer targets with clang-22 (ASan + UBSan) and runs each one for
# SECONDS (default 60) from the committed corpus, all targets at once. Any finding fails the run; the input that caused
# it is saved under <BUILD_DIR>/findings/<target>/ — copy it into fuzz/regressions/<target>/ so the
# test suite replays it forever. Usage: scripts/fuzz.sh [SECONDS [BUILD_DIR]]
# BUILD_DIR (default build-fuzz, configured here) may be an existing MXLANE_FUZZ=ON build, such as
# scripts/test.sh's sanitized build-asan, whose fuzzers are then built and run from it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${2:-build-fuzz}
jobs=$(nproc)
if [[ ! -f $build/CMakeCache.txt ]]; then
  CXX=clang++-22 CC=clang-22 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMXLANE_FUZZ=ON -DMXLANE_DEVICE=OFF -DMXLANE_BUILD_TESTS=OFF >/dev/null
fi
if ! grep -q '^MXLANE_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "fuzz.sh: $build is not configured with -DMXLANE_FUZZ=ON" >&2
  exit 2
fi
targets=(eval_line lanemap_arguments index_expression linear_layout)
cmake --build "$build" -j "$jobs" --target "${targets[@]/%/_fuzzer}"
# The targets run side by side (each for SECONDS of wall time), so a machine with more than one core
# gives each its own instead of leaving all but one idle for 3 x SECONDS.
run_target() {
  local target=$1
  local work=$build/corpus/$target findings=$build/findings/$target
  mkdir -p "$work" "$findings"
  # New coverage goes to the scratch corpus; the committed seeds and past findings are read only.
  local seeds=("fuzz/corpus/$target")
  [[ -d fuzz/regressions/$target ]] && seeds+=("fuzz/regressions/$target")
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/fuzz/${target}_fuzzer" "$work" "${seeds[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$build/$target.log" 2>&1
}
echo "== fuzzing ${targets[*]} for ${seconds}s each, side by side"
pids=()
for target in "${targets[@]}"; do
  run_target "$target" &
  pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  echo "== $target"
  if ! wait "${pids[$i]}"; then
    tail -n 60 "$build/$target.log"
    echo "fuzz: $target found a failure: $(ls "$build/findings/$target")"
    # The input itself, in the log: a brand-new system or a CI machine is thrown away with its files.
    # To replay it: base64 -d > fuzz/regressions/$target/NAME, then the fuzzer (or the fuzz corpus
    # test) on that file.
    for finding in "$build/findings/$target"/*; do
      [[ -f $finding ]] || continue
      echo "fuzz: $(basename "$finding") ($(wc -c <"$finding") bytes), base64:"
      base64 -w 76 "$finding"
    done
    status=1
  elif ! grep -qE "^#[0-9]+[[:space:]]+INITED" "$build/$target.log"; then
    # libFuzzer prints INITED once every seed (the committed corpus and past findings) has run; the
    # sanitized test pass leaves that replay to this script (tests/cli/test_fuzz_corpus.cpp).
    tail -n 20 "$build/$target.log"
    echo "fuzz: $target stopped before running every committed input (no INITED line)"
    status=1
  else
    grep -E "^(INFO: seed corpus|#[0-9]+[[:space:]]+INITED|stat::number_of_executed_units|stat::peak_rss_mb|Done)" \
      "$build/$target.log" || true
  fi
done
exit $status
