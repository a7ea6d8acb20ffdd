#!/usr/bin/env bash
# The whole test suite: install what is missing, then build and run every test twice, once
# optimised (with the device code objects of every architecture and their disassembly check) and once under
# AddressSanitizer + UndefinedBehaviorSanitizer (clang-22); then every libFuzzer target of that same
# sanitized build for a bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-debian.sh
jobs=$(nproc)

echo "== Release build and tests"
# MXLANE_PYTHON=ON: the Python module and its pytest suite are required here, never silently skipped.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXLANE_BUILD_TESTS=ON -DMXLANE_DEVICE=ON -DMXLANE_PYTHON=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== ASan + UBSan build and tests (clang-22; the same build holds the libFuzzer targets)"
# (The device code objects and the Python module are built and checked once, in the optimised build:
# a sanitized extension would need the ASan runtime preloaded into the interpreter.) One clang build
# serves both the sanitized tests and the fuzzers, so the library is compiled twice in all, not three
# times; -O1 with line tables keeps the sanitizer build fast to compile and its reports readable.
CXX=clang++-22 CC=clang-22 cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DMXLANE_BUILD_TESTS=ON -DMXLANE_FUZZ=ON \
  -DMXLANE_DEVICE=OFF -DMXLANE_PYTHON=OFF >/dev/null
cmake --build build-asan -j "$jobs"
# The browser test drives chromium over a page the mxlane binary writes; the HTML writer already runs
# under the sanitizers in the [pictures] tests, so the ASan pass leaves the browser out.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -E '^browser\.'
echo "== bounded fuzzing (libFuzzer, 60 s per target)"
scripts/fuzz.sh 60 build-asan
echo "== all tests passed"
