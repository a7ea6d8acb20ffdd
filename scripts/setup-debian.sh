#!/usr/bin/env bash
# Installs the Debian 12 packages mxlane needs, only those that are missing (apt-get update first).
set -euo pipefail

packages=(
  build-essential cmake ninja-build          # toolchain
  catch2 nlohmann-json3-dev libcli11-dev libfmt-dev libboost-dev libeigen3-dev  # libraries
  clang-22 lld-22 llvm-22 libamdhip64-dev  # device code (clang-22 compiles, lld-22 links the AMDGPU code objects,
                                           # llvm-objdump-22 disassembles them), the HIP runtime
  libxml2-dev libpng-dev librsvg2-bin  # picture tests: parse SVG/XHTML, rasterize figures and decode the PNGs
  chromium  # the browser test of the HTML page (tests/browser): headless, over the DevTools pipe;
            # Debian 12 ships its current chromium through bookworm-security (an apt source like clang-22's)
  libclang-rt-22-dev                # libFuzzer and the sanitizer runtimes for scripts/fuzz.sh
  libbenchmark-dev  # Google Benchmark: scripts/bench.sh (never run by the tests)
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module (python/) and its tests (Debian's /usr/bin/python3)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} > 0)); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
