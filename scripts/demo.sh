#!/usr/bin/env bash
# The main job: install what is missing, build mxlane, and print the lane map of
# v_wmma_f32_16x16x16_f16's A operand (gfx1100, wave32). The Python module is built too, so
# `PYTHONPATH=build/python python3 -c "import mxlane"` works afterwards, and so is the browser
# application (emscripten), so `build/mxlane site DIR` writes it (docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-debian.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXLANE_BUILD_TESTS=OFF -DMXLANE_PYTHON=ON \
  -DMXLANE_WEB=ON >/dev/null
cmake --build build --target mxlane mxlane_python mxlane_web_build
build/mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A "$@"
