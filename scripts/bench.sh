#!/usr/bin/env bash
# The performance measurement of docs/performance.md in one run: builds mxlane_bench (Release, its
# own build directory) and runs it; it prints Google Benchmark's table, then the summary against
# the performance targets of docs/performance.md. Extra arguments go to the benchmark (e.g. --benchmark_filter=gemm/).
# `scripts/bench.sh --check`: the short run instead (a few minutes): the headline GEMMs against
# Eigen (the list: `mxlane_bench --headline-gemms`, from bench/bench_registry.hpp) and the eval
# throughput against Python's json parser, one line per target
# ("ratio NAME VALUE target TARGET met|NOT met", scripts/bench_check.py); exit 1 if any is not met.
# Never part of the test suite: timings belong here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-debian.sh
cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXLANE_DEVICE=OFF -DMXLANE_BUILD_TESTS=OFF -DMXLANE_PYTHON=OFF >/dev/null
if [[ "${1:-}" == "--check" ]]; then
  cmake --build build-bench -j "$(nproc)" --target mxlane_bench mxlane
  exec /usr/bin/python3 scripts/bench_check.py build-bench/mxlane build-bench/bench/mxlane_bench build-bench/eval-lines
fi
cmake --build build-bench -j "$(nproc)" --target mxlane_bench
exec build-bench/bench/mxlane_bench "$@"
