#!/usr/bin/env bash
# The performance measurement of docs/performance.md in one run: builds mxlane_bench (Release, its
# own build directory) and runs it; it prints Google Benchmark's table, then the summary against
# the performance targets of docs/performance.md. Extra arguments go to the benchmark (e.g. --benchmark_filter=gemm/).
# Never part of the test suite: timings belong here, not in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-debian.sh
cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXLANE_DEVICE=OFF -DMXLANE_BUILD_TESTS=OFF -DMXLANE_PYTHON=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target mxlane_bench
exec build-bench/bench/mxlane_bench "$@"
