// Probe E10 (docs/rdna4.md §E): which index_key LLVM encodes when a SWMMAC builtin's index is a
// register shifted right. Each of the 22 builtins is compiled with clang-22 for every legal window n > 0
// (index = idx >> n*W, W the window width of docs/rdna4.md §2.5) and the disassembly must show
// `index_key:n` and no shift: LLVM's choice agrees with mxlane's IDX windows.
#include "support/catch_compat.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "tests/support/scratch_file.hpp"

#ifndef MXLANE_HIP_CLANG
#error "tests/CMakeLists.txt compiles this probe only in the device build, which defines MXLANE_HIP_CLANG"
#endif

using namespace mxlane;

namespace {

// A typedef of the builtin's C type for an operand (clang's BuiltinsAMDGPU.def): vectors of half,
// short, float or int.
std::string c_typedef(const std::string& name, ElemType t, int vgprs) {
  const bool half = t == ElemType::f16 || t == ElemType::bf16;
  const std::string scalar = t == ElemType::f16    ? "_Float16"
                             : t == ElemType::bf16 ? "short"
                             : t == ElemType::f32  ? "float"
                                                   : "int";
  const int lanes = half ? 2 * vgprs : vgprs;
  return "typedef " + scalar + " " + name +
         (lanes == 1 ? "" : " __attribute__((ext_vector_type(" + std::to_string(lanes) + ")))") + ";\n";
}

}  // namespace

TEST_CASE("E10: LLVM encodes a shifted SWMMAC index as index_key, window by window",
          "[device][gfx1200][swmmac][probe]") {
  int checked = 0;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1200)) {
    if (!d->family().sparse_a) continue;
    CAPTURE(d->builtin);
    const int keys = swmmac_index_keys(*d), window = 32 / keys;
    if (keys == 1) continue;  // iu4 K=64 wave32 reads all 32 bits: nothing to shift
    std::ostringstream src;
    const bool integer = d->d_type == ElemType::i32;
    for (int n = 1; n < keys; ++n) {
      const std::string suffix = std::to_string(n);
      src << c_typedef("A" + suffix, d->a_type, d->vgprs_a) << c_typedef("B" + suffix, d->b_type, d->vgprs_b)
          << c_typedef("C" + suffix, d->c_type, d->vgprs_cd) << "extern \"C\" C" << n << " k" << n << "(A" << n
          << " a, B" << n << " b, C" << n << " c, unsigned idx) { return __builtin_amdgcn_" << d->builtin
          << (integer ? "(false, a, false, b, c, " : "(a, b, c, ") << "(int)(idx >> " << n * window << ")"
          << (integer ? ", false" : "") << "); }\n";
    }
    const mxlane_test::ScratchFile source("swmmac_e10", "cpp"), assembly("swmmac_e10", "s");
    std::ofstream(source.path()) << src.str();
    const std::string command =
        std::string(MXLANE_HIP_CLANG) + " -x c++ --target=amdgcn-amd-amdhsa -nogpulib -mcpu=gfx1200 " +
        (d->wave == 64 ? "-mwavefrontsize64 " : "") + "-O2 -S -o " + assembly.path() + " " + source.path();
    REQUIRE(std::system(command.c_str()) == 0);
    std::ifstream in(assembly.path());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      if (line.find("v_lshr") != std::string::npos || line.find("v_bfe") != std::string::npos)
        FAIL("a shift was emitted: " << line);
      if (line.find("v_swmmac") == std::string::npos) continue;
      ++n;
      CHECK(line.find("index_key:" + std::to_string(n)) != std::string::npos);
      ++checked;
    }
    CHECK(n == keys - 1);
  }
  CHECK(checked == 39);  // wave32: 10 builtins x 1 window; wave64: 9 x 3, iu4 K=32 and K=64 x 1
}
