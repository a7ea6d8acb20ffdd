// Declared-only architectures: none is left (gfx1251, the last, is emulated since its f64 WMMA is modelled,
// docs/cdna5.md §2.6); every LLVM name mxlane knows resolves, and an unknown name still gets "unknown
// architecture" with the known ones listed (exit 2, one line).
#include "support/catch_compat.hpp"

#include <algorithm>

#include "emu/isa/arch.hpp"
#include "emu/isa/declared_archs.hpp"
#include "support/cli_run.hpp"

using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

TEST_CASE("No architecture is declared-only; gfx1251 resolves; unknown names are refused", "[cli][arch][cdna5]") {
  CHECK(mxlane::declared_only_archs().empty());
  REQUIRE(mxlane::find_arch("GFX1251") != nullptr);
  CHECK(mxlane::find_declared_arch("gfx1251") == nullptr);

  const auto lanemap =
      run_mxlane({"lanemap", "--arch", "gfx1251", "--inst", "v_wmma_f32_16x16x32_f16", "--operand", "A"});
  CHECK(lanemap.code == 0);
  const auto eval = run_mxlane_on_input({"eval"}, R"({"arch": "gfx1251", "inst": "v_wmma_f32_16x16x32_f16"})"
                                                  "\n");
  CHECK(eval.code == 2);  // no registers given: refused for that, not for the architecture
  CHECK_THAT(eval.err + eval.out, !Catch::Contains("architecture"));

  const auto unknown =
      run_mxlane({"lanemap", "--arch", "gfx9999", "--inst", "v_wmma_f32_16x16x32_f16", "--operand", "A"});
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown architecture 'gfx9999'"));
  CHECK_THAT(unknown.err, Catch::Contains("gfx1251"));
  CHECK(std::count(unknown.err.begin(), unknown.err.end(), '\n') == 1);
  CHECK_THAT(run_mxlane({"list"}).out, !Catch::Contains("declared, not emulated"));
}
