// The tied-accumulator spellings of the VALU dots (instructions.def MXLANE_VALU_TIED): v_dot2c_f32_f16,
// v_dot4c_i32_i8, ... resolve on exactly the architectures where llvm-mc-22 encodes them, compute what the
// builtin computes with src2 = dst (expected words derived by hand from docs/spec/valu.md §4.1 and §5), and
// refuse clamp where the VOP2 form has no VOP3 encoding (docs/builtins-overview.md "Tied spellings").
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "emu/isa/valu_desc.hpp"
#include "emu/protocol/eval_line.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/hex.hpp"

namespace tied_spellings {

using Json = nlohmann::ordered_json;
using mxlane::protocol::eval_line;
using mxlane::protocol::EvalOutcome;

Json reg(std::uint32_t w) { return Json::array({Json::array({mxlane_test::hex_word(w)})}); }

// One lane: a, b, and the accumulator as the tied form reads it (dst) or as src2.
Json tied_line(const char* arch, const char* inst, std::uint32_t a, std::uint32_t b, std::uint32_t acc,
               bool acc_as_dst = true) {
  Json src{{"src0", reg(a)}, {"src1", reg(b)}};
  Json in{{"id", inst}, {"arch", arch}, {"inst", inst}};
  if (!acc_as_dst) src["src2"] = reg(acc);
  in["src"] = src;
  if (acc_as_dst) in["dst"] = reg(acc);
  return in;
}

std::uint32_t d_word(const Json& in) {
  const EvalOutcome r = eval_line(in.dump());
  INFO(in.dump() << " -> " << r.error);
  REQUIRE(r.status == EvalOutcome::Status::ok);
  return static_cast<std::uint32_t>(std::stoul(r.output.at("D")[0][0].get<std::string>(), nullptr, 16));
}

std::string error_of(const Json& in) {
  const EvalOutcome r = eval_line(in.dump());
  INFO(in.dump());
  REQUIRE(r.status == EvalOutcome::Status::error);
  return r.error;
}

struct Case {
  const char* arch;
  const char* tied;       // the tied spelling
  const char* canonical;  // the builtin's own mnemonic there
  std::uint32_t a, b, acc, expected;
};

// Hand-derived: sdot4 0xFF02FD04 x 0x05060708: bytes (4,-3,2,-1) . (8,7,6,5) = 32-21+12-5 = 18, + (-20) = -2;
// sdot2 (3,-1) . (7,5) = 16, + 100 = 116; sdot8 nibbles of 0x12345678 (8 is -8) . all 1 = -8+7+6+5+4+3+2+1 = 20;
// fdot2 f16 (1.0, 2.0) . (3.0, 0.5) = 4.0, + 0.25 = 4.25f = 0x40880000 (exact in every model); the same in bf16.
const Case kCases[] = {
    {"gfx90a", "v_dot4c_i32_i8", "v_dot4_i32_i8", 0xFF02FD04, 0x05060708, 0xFFFFFFEC, 0xFFFFFFFE},
    {"gfx908", "v_dot4c_i32_i8", "v_dot4_i32_i8", 0xFF02FD04, 0x05060708, 0xFFFFFFEC, 0xFFFFFFFE},
    {"gfx1030", "v_dot4c_i32_i8", "v_dot4_i32_i8", 0xFF02FD04, 0x05060708, 0xFFFFFFEC, 0xFFFFFFFE},
    {"gfx942", "v_dot2c_i32_i16", "v_dot2_i32_i16", 0xFFFF0003, 0x00050007, 100, 116},
    {"gfx950", "v_dot8c_i32_i4", "v_dot8_i32_i4", 0x12345678, 0x11111111, 0, 20},
    {"gfx90a", "v_dot2c_f32_f16", "v_dot2_f32_f16", 0x40003C00, 0x38004200, 0x3E800000, 0x40880000},
    {"gfx1030", "v_dot2c_f32_f16", "v_dot2_f32_f16", 0x40003C00, 0x38004200, 0x3E800000, 0x40880000},
    {"gfx1100", "v_dot2acc_f32_f16", "v_dot2_f32_f16", 0x40003C00, 0x38004200, 0x3E800000, 0x40880000},
    {"gfx1100", "v_dot2c_f32_f16", "v_dot2_f32_f16", 0x40003C00, 0x38004200, 0x3E800000, 0x40880000},
};

}  // namespace tied_spellings

using namespace tied_spellings;

TEST_CASE("tied spellings: the same result as the builtin's mnemonic, src2 = dst, hand-derived", "[valu][tied]") {
  for (const Case& c : kCases) {
    CAPTURE(c.arch, c.tied);
    CHECK(d_word(tied_line(c.arch, c.tied, c.a, c.b, c.acc)) == c.expected);
    CHECK(d_word(tied_line(c.arch, c.tied, c.a, c.b, c.acc, false)) == c.expected);
    // With llvm-objdump's encoding suffix (gfx9 prints v_dot4c_i32_i8_e32).
    CHECK(d_word(tied_line(c.arch, (std::string(c.tied) + "_e32").c_str(), c.a, c.b, c.acc)) == c.expected);
    CHECK(d_word(tied_line(c.arch, c.canonical, c.a, c.b, c.acc, false)) == c.expected);
  }
  // gfx950's v_dot2c_f32_bf16 is fdot2c_f32_bf16's own mnemonic (its builtin takes src2) and fdot2_f32_bf16's tied
  // form: bf16 (1.0, 2.0) . (3.0, 0.5) + 0.25 = 4.25 through each name.
  for (const char* inst : {"v_dot2c_f32_bf16", "v_dot2c_f32_bf16_e32", "v_dot2_f32_bf16", "fdot2c_f32_bf16"})
    CHECK(d_word(tied_line("gfx950", inst, 0x40003F80, 0x3F004040, 0x3E800000, false)) == 0x40880000);
}

TEST_CASE("tied spellings: refused where LLVM does not encode them, naming the architectures that do", "[valu][tied]") {
  // llvm-mc-22: "instruction not supported on this GPU" for each of these.
  const std::string fdot2 = error_of(tied_line("gfx1200", "v_dot2c_f32_f16", 0, 0, 0));
  CHECK_THAT(fdot2, Catch::Contains("inst: v_dot2c_f32_f16"));
  CHECK_THAT(fdot2, Catch::Contains("not an instruction of gfx1200"));
  CHECK_THAT(fdot2, Catch::Contains("gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100"));
  CHECK_THAT(fdot2, Catch::Contains("use v_dot2_f32_f16"));
  CHECK_THAT(error_of(tied_line("gfx1030", "v_dot2c_i32_i16", 0, 0, 0)),
             Catch::Contains("not an instruction of gfx1030"));
  CHECK_THAT(error_of(tied_line("gfx1030", "v_dot8c_i32_i4", 0, 0, 0)),
             Catch::Contains("not an instruction of gfx1030"));
  CHECK_THAT(error_of(tied_line("gfx90a", "v_dot2acc_f32_f16", 0, 0, 0)),
             Catch::Contains("not an instruction of gfx90a"));
  CHECK_THAT(error_of(tied_line("gfx1250", "v_dot2c_f32_f16", 0, 0, 0)), Catch::Contains("inst:"));
  // The builtin itself is missing there: the availability message.
  CHECK_THAT(error_of(tied_line("gfx1100", "v_dot4c_i32_i8", 0, 0, 0)), Catch::Contains("not available on gfx1100"));
  CHECK_THAT(error_of(tied_line("gfx942", "v_dot2c_f32_bf16", 0, 0, 0)), Catch::Contains("not available on gfx942"));
}

TEST_CASE("tied spellings: clamp only where the VOP3 (_e64) encoding exists", "[valu][tied]") {
  // gfx9: v_dot4c_i32_i8_e64 ... clamp assembles; 0x7FFFFFFF + 70 saturates to 0x7FFFFFFF (wraps to 0x80000045
  // without clamp).
  Json gfx9 = tied_line("gfx90a", "v_dot4c_i32_i8", 0x01020304, 0x05060708, 0x7FFFFFFF);
  CHECK(d_word(gfx9) == 0x80000045);
  gfx9["mods"] = {{"clamp", 1}};
  CHECK(d_word(gfx9) == 0x7FFFFFFF);
  // gfx1030 / gfx1100: "e64 variant of this instruction is not supported".
  for (const auto& [arch, inst] : {std::pair{"gfx1030", "v_dot4c_i32_i8"}, std::pair{"gfx1100", "v_dot2acc_f32_f16"}}) {
    Json in = tied_line(arch, inst, 0, 0, 0);
    in["mods"] = {{"clamp", 1}};
    const std::string e = error_of(in);
    CHECK_THAT(e, Catch::Contains(std::string("mods: clamp=1 is not allowed on ") + inst));
    CHECK_THAT(e, Catch::Contains("no VOP3 encoding"));
  }
}

TEST_CASE("tied spellings: the accumulator is the destination", "[valu][tied]") {
  Json both = tied_line("gfx90a", "v_dot4c_i32_i8", 0x01020304, 0x05060708, 10);
  both["src"]["src2"] = reg(10);
  CHECK(d_word(both) == 80);  // 4*8 + 3*7 + 2*6 + 1*5 + 10
  both["src"]["src2"] = reg(11);
  CHECK_THAT(error_of(both), Catch::Contains("dst: v_dot4c_i32_i8 accumulates into its destination"));
  Json none = tied_line("gfx90a", "v_dot4c_i32_i8", 1, 1, 0);
  none.erase("dst");
  CHECK_THAT(error_of(none), Catch::Contains("src.src2: missing: v_dot4c_i32_i8 accumulates into its destination"));
}

TEST_CASE("tied spellings: the table's rows and find_valu", "[valu][tied]") {
  // Six spellings, each naming a builtin of the table.
  CHECK(mxlane::valu_tied_table().size() == 6);
  for (const mxlane::ValuTiedSpelling& t : mxlane::valu_tied_table()) {
    CAPTURE(t.mnemonic);
    const mxlane::ValuDesc* d = mxlane::find_valu(t.builtin);
    REQUIRE(d != nullptr);
    CHECK((d->archs & t.archs) == t.archs);  // never where the builtin is missing
    CHECK(mxlane::find_valu(t.mnemonic) != nullptr);
  }
  // v_dot2c_f32_bf16 stays fdot2c_f32_bf16's own mnemonic; it is fdot2_f32_bf16's tied form on gfx950.
  CHECK(mxlane::find_valu("v_dot2c_f32_bf16")->builtin == "fdot2c_f32_bf16");
  CHECK(mxlane::valu_tied_spelling(*mxlane::find_valu("fdot2c_f32_bf16"), "v_dot2c_f32_bf16") == nullptr);
  CHECK(mxlane::valu_tied_spelling(*mxlane::find_valu("fdot2_f32_bf16"), "V_DOT2C_F32_BF16_e32") != nullptr);
  // Encoding suffixes llvm-objdump prints, on the builtins' own mnemonics too.
  CHECK(mxlane::find_valu("v_cvt_f32_fp8_sdwa")->builtin == "cvt_f32_fp8");
  CHECK(mxlane::find_valu("v_cvt_pk_rtz_f16_f32_e32")->builtin == "cvt_pkrtz");
  CHECK(mxlane::find_valu("v_cvt_f32_fp8_e64")->builtin == "cvt_f32_fp8");
  CHECK(mxlane::find_valu("v_dot4c_i32_i8_dpp") == nullptr);  // DPP moves lanes: not the builtin
}

TEST_CASE("tied spellings: mxlane list shows them per architecture", "[valu][tied][cli]") {
  const mxlane_test::Run text = mxlane_test::run_mxlane({"list", "--arch", "gfx1100"});
  REQUIRE(text.code == 0);
  CHECK_THAT(text.out, Catch::Contains("v_dot2_f32_f16 +v_dot2c_f32_f16 +v_dot2acc_f32_f16"));
  const mxlane_test::Run json = mxlane_test::run_mxlane({"list", "--arch", "gfx90a", "--format", "json"});
  REQUIRE(json.code == 0);
  int rows_with_tied = 0;
  const Json doc = Json::parse(json.out);
  for (const auto& row : doc.at("instructions"))
    if (row.at("kind") == "valu") {
      REQUIRE(row.contains("tied_mnemonics"));
      if (row.at("builtin") == "__builtin_amdgcn_sdot4") CHECK(row.at("tied_mnemonics") == Json{"v_dot4c_i32_i8"});
      rows_with_tied += row.at("tied_mnemonics").empty() ? 0 : 1;
    }
  CHECK(rows_with_tied == 4);  // sdot2, sdot4, sdot8, fdot2
  const mxlane_test::Run one = mxlane_test::run_mxlane({"list", "--arch", "gfx90a", "--inst", "v_dot2c_f32_f16_e32"});
  REQUIRE(one.code == 0);
  CHECK_THAT(one.out, Catch::Contains("__builtin_amdgcn_fdot2"));
  CHECK_THAT(one.out, Catch::Contains("tied spelling    v_dot2c_f32_f16"));
  const mxlane_test::Run gfx1030 = mxlane_test::run_mxlane({"list", "--arch", "gfx1030", "--inst", "v_dot4c_i32_i8"});
  REQUIRE(gfx1030.code == 0);
  CHECK_THAT(gfx1030.out, Catch::Contains("constant args    none"));
  const mxlane_test::Run refused = mxlane_test::run_mxlane({"list", "--arch", "gfx1200", "--inst", "v_dot2c_f32_f16"});
  CHECK(refused.code == 2);
  CHECK_THAT(refused.err, Catch::Contains("--inst: v_dot2c_f32_f16 (the tied-accumulator form of fdot2) is not an "
                                          "instruction of gfx1200"));
  const mxlane_test::Run lanemap =
      mxlane_test::run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_dot2c_f32_f16", "--operand", "A"});
  CHECK(lanemap.code == 2);
  CHECK_THAT(lanemap.err, Catch::Contains("is a VALU builtin"));
}
