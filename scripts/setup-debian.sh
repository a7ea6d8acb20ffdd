#!/usr/bin/env bash
# Installs the Debian packages mxlane needs (only those missing), for the release this system runs.
#
# Supported: Debian 12 (bookworm) and Debian 13 (trixie). The release is read from /etc/os-release;
# on any other system the script changes nothing, names the release, lists what the build needs and
# exits 2 (never a failure halfway through an install). MXLANE_SETUP_OS_RELEASE=FILE reads another
# os-release file (the tests use it to check the refusal).
set -euo pipefail

os_release=${MXLANE_SETUP_OS_RELEASE:-/etc/os-release}

# What each package is for; the names are Debian's (both releases use these names).
common=(
  build-essential cmake ninja-build          # toolchain (GCC 12 on Debian 12, GCC 14 on Debian 13)
  catch2                                     # the tests: Catch2 2.13 on Debian 12, 3.7 on Debian 13 (tests/support/catch_compat.hpp)
  nlohmann-json3-dev libcli11-dev libfmt-dev libboost-dev libeigen3-dev  # libraries
  clang-22 lld-22 llvm-22   # device code: clang-22 compiles, lld-22 links the AMDGPU code objects,
                            # llvm-objdump-22 disassembles them (bookworm-security / trixie-security)
  libamdhip64-dev           # the HIP runtime the device runner loads (5.2 on Debian 12, 5.7 on Debian 13)
  libxml2-dev libpng-dev librsvg2-bin  # picture tests: parse SVG/XHTML, rasterize figures and decode the PNGs
  chromium                  # the browser tests (tests/browser): headless, over the DevTools pipe
  emscripten                # the browser application (web/): the library compiled to WebAssembly (3.1.6 on
                            # Debian 12, 3.1.69 on Debian 13; it brings its clang, node and acorn)
  libclang-rt-22-dev        # libFuzzer and the sanitizer runtimes for scripts/fuzz.sh
  libbenchmark-dev          # Google Benchmark: scripts/bench.sh (never run by the tests)
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module (python/) and its tests
)

release_id=unknown
release_version=unknown
release_name="an unknown system"
if [ -r "$os_release" ]; then
  # shellcheck disable=SC1090
  release_id=$( . "$os_release" && echo "${ID:-unknown}")
  release_version=$( . "$os_release" && echo "${VERSION_ID:-unknown}")
  release_name=$( . "$os_release" && echo "${PRETTY_NAME:-${ID:-unknown} ${VERSION_ID:-}}")
fi

case "$release_id/$release_version" in
  debian/12) packages=("${common[@]}") ;;  # bookworm: clang-22, lld-22, llvm-22, chromium from bookworm-security
  debian/13) packages=("${common[@]}") ;;  # trixie: clang-22 and friends from trixie-security
  *)
    {
      echo "setup: $release_name ($os_release: ID=$release_id VERSION_ID=$release_version) is not a release this script knows;"
      echo "setup: nothing was installed. It supports Debian 12 (bookworm) and Debian 13 (trixie)."
      echo "setup: the build needs: a C++20 compiler (GCC 12+ or clang 16+), CMake 3.25+, Ninja, Catch2 2.13 or 3.x,"
      echo "setup:   nlohmann-json 3.10+, CLI11 2.1+, fmt 9+, Boost 1.74+ (headers), Eigen 3.4, libxml2, libpng, rsvg-convert,"
      echo "setup:   pybind11 2.6+ with Python 3.9+ headers, NumPy and pytest (the Python module and its tests);"
      echo "setup:   for device code clang 22 + lld + llvm-objdump (or ROCm's clang), and a HIP runtime to run kernels;"
      echo "setup:   for the browser application emscripten; for the test command also chromium and clang's"
      echo "setup:   libFuzzer/sanitizer runtimes."
      echo "setup: the Debian package names are: ${common[*]}"
    } >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} > 0)); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      echo "setup: missing packages (${missing[*]}) and not root, and sudo is not installed: run as root" >&2
      exit 2
    fi
    sudo="sudo"
  fi
  echo "setup: $release_name: installing ${missing[*]}"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
