// The VALU signature traits (emu/isa/valu_signature.hpp): the HIP call, the disassembly tokens, the
// kernel-name fields and the builtin parameter names, against hand-written expectations from the
// builtins' declarations (docs/spec/valu.md §1.3; clang's BuiltinsAMDGPU.def order for sudot).
#include "support/catch_compat.hpp"

#include "emu/isa/valu_desc.hpp"

using namespace mxlane;

TEST_CASE("VALU signature traits: call order, constants and disassembly tokens", "[isa][valu]") {
  const auto& sudot = valu_signature_traits(find_valu("sudot4")->signature);
  // sudot4(bool a_signed, int a, bool b_signed, int b, int c, bool clamp)
  CHECK(valu_call_expression(sudot, "f", Modifiers{.neg = 2, .clamp = 1}) == "f(false, s0, true, s1, s2, true)");
  CHECK(valu_asm_tokens(sudot, Modifiers{.neg = 1, .clamp = 1}) == std::vector<std::string>{"neg_lo:[1,0,0]", "clamp"});
  CHECK(valu_asm_tokens(sudot, Modifiers{}).empty());
  CHECK(valu_constant_fields(sudot, Modifiers{.neg = 3, .clamp = 0}) ==
        std::vector<std::pair<std::string, int>>{{"neg", 3}, {"clamp", 0}});

  const auto& sr = valu_signature_traits(find_valu("cvt_sr_bf8_f32")->signature);
  CHECK(valu_call_expression(sr, "g", Modifiers{.byte_sel = 3}) == "g(s0, s1, s2, 3)");
  CHECK(valu_constant_fields(sr, Modifiers{.byte_sel = 2}) == std::vector<std::pair<std::string, int>>{{"byte", 2}});
  CHECK(valu_asm_tokens(sr, Modifiers{.byte_sel = 2}).empty());

  const auto& pk = valu_signature_traits(find_valu("cvt_pk_f32_fp8")->signature);
  CHECK(valu_call_expression(pk, "h", Modifiers{.word_sel = 1}) == "h(s0, true)");
  CHECK(pk.hip_result == "v2f32");
  CHECK(pk.shape.dst == 2);

  const auto& fdot2 = valu_signature_traits(find_valu("fdot2")->signature);
  CHECK(valu_call_expression(fdot2, "k", Modifiers{.clamp = 1}) == "k(s0, s1, s2, true)");
  CHECK(valu_asm_tokens(fdot2, Modifiers{.clamp = 1}) == std::vector<std::string>{"clamp"});
  CHECK(fdot2.hip_args[0] == "v2f16");
  CHECK(fdot2.result_float == "f32");

  const auto& pkrtz = valu_signature_traits(find_valu("cvt_pkrtz")->signature);
  CHECK(valu_call_expression(pkrtz, "r", Modifiers{}) == "r(s0, s1)");
  CHECK(pkrtz.hip_args[2].empty());

  // The builtin's parameter names map onto the modifier fields; only sudot takes a_signed.
  REQUIRE(valu_constant_named("b_signed") == ValuArg::b_signed);
  CHECK_FALSE(valu_constant_named("neg").has_value());
  CHECK(valu_takes(sudot, ValuArg::a_signed));
  CHECK_FALSE(valu_takes(fdot2, ValuArg::a_signed));
  Modifiers m;
  set_valu_constant(m, ValuArg::b_signed, 1);
  set_valu_constant(m, ValuArg::a_signed, 1);
  set_valu_constant(m, ValuArg::a_signed, 0);
  CHECK(m.neg == 2);
}

TEST_CASE("VALU signature traits: one entry per signature, shapes as the operands' VGPRs", "[isa][valu]") {
  CHECK(valu_signatures().size() == static_cast<std::size_t>(ValuSignature::count));
  // Hand-derived from the types: qsad (uint64, uint, uint64) -> uint64; mqsad_u32 (uint64, uint, uint4) -> uint4.
  const ValuShape qsad = valu_shape(find_valu("qsad_pk_u16_u8")->signature);
  CHECK((qsad.src[0] == 2 && qsad.src[1] == 1 && qsad.src[2] == 2 && qsad.dst == 2));
  const ValuShape mqsad = valu_shape(find_valu("mqsad_u32_u8")->signature);
  CHECK((mqsad.src[0] == 2 && mqsad.src[1] == 1 && mqsad.src[2] == 4 && mqsad.dst == 4));
  for (const ValuSignatureTraits& t : valu_signatures()) {
    // Every source operand that exists has a HIP type, and the call names each operand once.
    int operands = 0;
    for (int n = 0; n < 3; ++n) {
      CHECK((t.shape.src[n] > 0) == !t.hip_args[static_cast<std::size_t>(n)].empty());
      if (t.shape.src[n] > 0) ++operands;
    }
    int named = 0;
    for (int i = 0; i < t.arity; ++i)
      if (t.call[static_cast<std::size_t>(i)] <= ValuArg::s2) ++named;
    CHECK(named == operands);
    CHECK(valu_takes(t, ValuArg::clamp) == t.shape.clamp);
    CHECK(valu_takes(t, ValuArg::byte_sel) == t.shape.byte_sel);
    CHECK(valu_takes(t, ValuArg::word_sel) == t.shape.word_sel);
  }
}
