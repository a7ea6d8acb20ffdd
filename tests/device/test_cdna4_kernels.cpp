// The gfx950 f8f6f4 device kernels: every A x B format pair, each scale byte, and the unscaled form,
// with the HIP call and the disassembly tokens the offline check looks for (docs/cdna4.md §1).
#include "support/catch_compat.hpp"

#include <algorithm>
#include <string>

#include "device/hip_source.hpp"
#include "device/kernel_catalog.hpp"

using namespace mxlane;
using namespace mxlane::device;

TEST_CASE("gfx950 f8f6f4 kernels: formats, scale bytes, the unscaled form", "[device][cdna4][f8f6f4]") {
  const std::vector<Target> targets = targets_for({"gfx950"});
  REQUIRE(targets.size() == 1);
  const std::vector<Kernel> kernels = kernels_for(targets[0]);
  const auto find = [&](const std::string& name) -> const Kernel* {
    const auto it = std::find_if(kernels.begin(), kernels.end(), [&](const Kernel& k) { return k.name == name; });
    return it == kernels.end() ? nullptr : &*it;
  };
  int scaled = 0, unscaled = 0;
  for (const Kernel& k : kernels) {
    if (k.matrix == nullptr || !k.matrix->cbsz_blgp_are_formats()) continue;
    (k.matrix->zero_scale_form ? unscaled : scaled)++;
  }
  CHECK(scaled == 2 * (25 + 6));  // two shapes: 25 format pairs, opsel_a 1..3, opsel_b 1..3
  CHECK(unscaled == 2 * 25);
  const Kernel* fp6 = find("k_mfma_scale_f32_32x32x64_f8f6f4__cbsz2_blgp2");
  REQUIRE(fp6 != nullptr);
  CHECK(fp6->operand_dwords == std::vector<int>{8, 8, 16, 1, 1});  // A, B, C, SA, SB
  const Kernel* byte2 = find("k_mfma_scale_f32_16x16x128_f8f6f4__opsel_a2");
  REQUIRE(byte2 != nullptr);
  CHECK(std::find(byte2->modifier_tokens.begin(), byte2->modifier_tokens.end(), "op_sel_hi:[1,0,0]") !=
        byte2->modifier_tokens.end());
  const Kernel* plain = find("k_mfma_scale_f32_16x16x128_f8f6f4__unscaled__cbsz4_blgp4");
  REQUIRE(plain != nullptr);
  CHECK(plain->mnemonics == std::vector<std::string>{"v_mfma_f32_16x16x128_f8f6f4"});
  CHECK(plain->operand_dwords == std::vector<int>{8, 8, 4});
  const std::string hip = hip_source(targets[0], {*fp6, *plain});
  CHECK_THAT(hip, Catch::Contains("__builtin_amdgcn_mfma_scale_f32_32x32x64_f8f6f4(s0, s1, s2, 2, 2, 0, s3, 0, s4)"));
  CHECK_THAT(hip, Catch::Contains("__builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(s0, s1, s2, 4, 4, 0, 0, 0, 0)"));
}
