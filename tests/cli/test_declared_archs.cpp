// gfx1251 is declared, not emulated: --arch and eval's "arch" refuse it with that message (exit 2, one
// line), `list` names it, and a truly unknown name still gets "unknown architecture" (docs/cdna5.md §1).
#include "support/catch_compat.hpp"

#include <algorithm>

#include "emu/isa/arch.hpp"
#include "emu/isa/declared_archs.hpp"
#include "support/cli_run.hpp"

using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

TEST_CASE("gfx1251 is declared, not emulated", "[cli][arch][cdna5]") {
  CHECK(mxlane::find_arch("gfx1251") == nullptr);
  REQUIRE(mxlane::find_declared_arch("GFX1251") != nullptr);

  const auto lanemap =
      run_mxlane({"lanemap", "--arch", "gfx1251", "--inst", "v_wmma_f32_16x16x32_f16", "--operand", "A"});
  CHECK(lanemap.code == 2);
  CHECK_THAT(lanemap.err, Catch::Contains("--arch: architecture 'gfx1251' is declared, not emulated"));
  CHECK(std::count(lanemap.err.begin(), lanemap.err.end(), '\n') == 1);

  const auto eval = run_mxlane_on_input({"eval"}, R"({"arch": "gfx1251", "inst": "v_wmma_f32_16x16x32_f16"})"
                                                  "\n");
  CHECK(eval.code == 2);
  CHECK_THAT(eval.err + eval.out, Catch::Contains("declared, not emulated"));

  const auto unknown =
      run_mxlane({"lanemap", "--arch", "gfx9999", "--inst", "v_wmma_f32_16x16x32_f16", "--operand", "A"});
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown architecture 'gfx9999'"));

  CHECK_THAT(run_mxlane({"list"}).out, Catch::Contains("gfx1251 (CDNA5 gfx1251): declared, not emulated"));
}
