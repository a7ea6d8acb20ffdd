#!/usr/bin/env bash
# The whole test suite: install what is missing, then build and run every test twice, once
# optimised with GCC (with the device code objects of every architecture, their disassembly check and
# the Python module) and once under AddressSanitizer + UndefinedBehaviorSanitizer (clang-22); then
# every libFuzzer target of that same sanitized build for a bounded time. Both builds treat compiler
# warnings as errors. Each stage's wall time is printed at the end (docs/testing.md has the figures).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
stage_names=()
stage_seconds=()
stage_start=$SECONDS
stage() {  # stage NAME: closes the previous stage (if any) and opens NAME
  if ((${#stage_names[@]} > 0)); then stage_seconds+=($((SECONDS - stage_start))); fi
  stage_names+=("$1")
  stage_start=$SECONDS
  echo "== $1"
}
report() {
  stage_seconds+=($((SECONDS - stage_start)))
  echo "== stage times (wall seconds)"
  for i in "${!stage_names[@]}"; do printf '   %5d s  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"; done
  printf '   %5d s  in all\n' "$SECONDS"
}

stage "setup: Debian packages (scripts/setup-debian.sh)"
scripts/setup-debian.sh

stage "Release build (GCC, -Werror; and the browser application, emscripten)"
# MXLANE_PYTHON=ON: the Python module and its pytest suite are required here, never silently skipped.
# MXLANE_WEB=ON: the browser application (emscripten) and its browser tests, never silently skipped.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXLANE_BUILD_TESTS=ON -DMXLANE_DEVICE=ON -DMXLANE_PYTHON=ON \
  -DMXLANE_WEB=ON -DMXLANE_WERROR=ON >/dev/null
cmake --build build -j "$jobs"

stage "Release tests"
ctest --test-dir build --output-on-failure -j "$jobs"

stage "ASan + UBSan build (clang-22, -Werror; the same build holds the libFuzzer targets)"
# (The device code objects, the Python module and the browser application are built and checked once,
# in the optimised build:
# a sanitized extension would need the ASan runtime preloaded into the interpreter.) One clang build
# serves both the sanitized tests and the fuzzers, so the library is compiled twice in all, not three
# times; -O1 with line tables keeps the sanitizer build fast to compile and its reports readable.
CXX=clang++-22 CC=clang-22 cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DMXLANE_BUILD_TESTS=ON -DMXLANE_FUZZ=ON \
  -DMXLANE_DEVICE=OFF -DMXLANE_PYTHON=OFF -DMXLANE_WEB=OFF -DMXLANE_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs"

stage "ASan + UBSan tests"
# The browser test drives chromium over a page the mxlane binary writes; the HTML writer already runs
# under the sanitizers in the [pictures] tests, so the ASan pass leaves the browser out.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -E '^browser\.'

stage "bounded fuzzing (libFuzzer, the four targets side by side for 90 s)"
# Side by side on two cores, 90 s each is the CPU time the former 60 s one after another gave them.
scripts/fuzz.sh 90 build-asan
report
echo "== all tests passed"
