#!/usr/bin/env bash
# Bounded fuzzing: builds the libFuzzer targets with clang-22 (ASan + UBSan) and runs each one for
# SECONDS (default 60) from the committed corpus. Any finding fails the run; the input that caused
# it is saved under build-fuzz/findings/<target>/ — copy it into fuzz/regressions/<target>/ so the
# test suite replays it forever. Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=$(nproc)
CXX=clang++-22 CC=clang-22 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMXLANE_FUZZ=ON -DMXLANE_DEVICE=OFF -DMXLANE_BUILD_TESTS=OFF >/dev/null
targets=(eval_line lanemap_arguments index_expression)
cmake --build build-fuzz -j "$jobs" --target "${targets[@]/%/_fuzzer}"
status=0
for target in "${targets[@]}"; do
  work=build-fuzz/corpus/$target findings=build-fuzz/findings/$target
  mkdir -p "$work" "$findings"
  echo "== fuzzing $target for ${seconds}s"
  # New coverage goes to the scratch corpus; the committed seeds and past findings are read only.
  seeds=("fuzz/corpus/$target")
  [[ -d fuzz/regressions/$target ]] && seeds+=("fuzz/regressions/$target")
  if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "build-fuzz/fuzz/${target}_fuzzer" "$work" "${seeds[@]}" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -artifact_prefix="$findings/" -print_final_stats=1 >"build-fuzz/$target.log" 2>&1; then
    tail -n 60 "build-fuzz/$target.log"
    echo "fuzz: $target found a failure: $(ls "$findings")"
    status=1
  else
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done)" "build-fuzz/$target.log" || true
  fi
done
exit $status
