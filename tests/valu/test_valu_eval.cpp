// `mxlane eval` with VALU lines (docs/spec/interfaces.md: "src": {"src0": [[lane words...]], ...}, constant
// arguments in "mods", 1 to 64 lanes, all operands agreeing): round trips whose expected D are spec
// test vectors (docs/spec/valu.md §3.8, §4.2, §5.6, §6.9), and per-line errors naming the field.
#include "support/catch_compat.hpp"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "tests/support/hex.hpp"
#include "tools/mxlane/cli.hpp"
#include "emu/protocol/eval_line.hpp"

using Json = nlohmann::ordered_json;
using mxlane::protocol::eval_line;
using mxlane::protocol::EvalOutcome;
constexpr auto hex = mxlane_test::hex_word;

namespace {

// One VGPR per word, `lanes` lanes each holding the same word.
Json regs(std::initializer_list<std::uint32_t> words, int lanes = 1) {
  Json out = Json::array();
  for (std::uint32_t w : words) out.push_back(Json(std::vector<std::string>(static_cast<std::size_t>(lanes), hex(w))));
  return out;
}

Json line(const char* arch, const char* inst, Json src) {
  return Json{{"id", inst}, {"arch", arch}, {"inst", inst}, {"src", std::move(src)}};
}

EvalOutcome eval(const Json& in) { return eval_line(in.dump()); }

void check_ok(const EvalOutcome& r, const Json& expected_d) {
  INFO("error: " << r.error);
  REQUIRE(r.status == EvalOutcome::Status::ok);
  CHECK(r.output.at("D") == expected_d);
}

void check_error(const Json& in, std::initializer_list<const char*> must_name) {
  const EvalOutcome r = eval(in);
  CAPTURE(in.dump());
  REQUIRE(r.status == EvalOutcome::Status::error);
  CAPTURE(r.error);
  CHECK(r.output.contains("error"));
  CHECK_FALSE(r.output.contains("D"));
  for (const char* s : must_name) {
    CAPTURE(s);
    CHECK(r.error.find(s) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("valu eval: sad_u8, one lane, by builtin name and by mnemonic", "[valu]") {
  // §3.8 [DERIVED] sad_u8(0x01020304, 0x04030201, 0x10) = 0x18
  const Json src{{"src0", regs({0x01020304})}, {"src1", regs({0x04030201})}, {"src2", regs({0x00000010})}};
  for (const char* inst : {"sad_u8", "v_sad_u8", "__builtin_amdgcn_sad_u8"})
    for (const char* arch : {"gfx90a", "gfx1100", "gfx1201"}) {
      CAPTURE(inst, arch);
      check_ok(eval(line(arch, inst, src)), regs({0x00000018}));
    }
}

TEST_CASE("valu eval: qsad_pk_u16_u8 with a 2-VGPR src0 and src2", "[valu]") {
  // §3.8 [DERIVED] qsad_pk(0x0706050403020100, 0x03020100, 0x0004000300020001) = 0x0010000B00060001;
  // 64-bit operands are two VGPRs, low word first.
  const Json src{
      {"src0", regs({0x03020100, 0x07060504})}, {"src1", regs({0x03020100})}, {"src2", regs({0x00020001, 0x00040003})}};
  check_ok(eval(line("gfx942", "qsad_pk_u16_u8", src)), regs({0x00060001, 0x0010000B}));
  // and the mqsad_pk row with the same inputs = 0x000D000900050001
  check_ok(eval(line("gfx942", "v_mqsad_pk_u16_u8", src)), regs({0x00050001, 0x000D0009}));
}

TEST_CASE("valu eval: mqsad_u32_u8 returns 4 VGPRs", "[valu]") {
  // §3.8 [DERIVED] mqsad_u32(0x8877665544332211, 0x00004422, {0xFFFFFF00, ...})
  const Json src{{"src0", regs({0x44332211, 0x88776655})},
                 {"src1", regs({0x00004422})},
                 {"src2", regs({0xFFFFFF00, 0xFFFFFF10, 0xFFFFFF20, 0xFFFFFF30})}};
  check_ok(eval(line("gfx1200", "mqsad_u32_u8", src)), regs({0xFFFFFF33, 0xFFFFFF21, 0xFFFFFF31, 0xFFFFFF63}));

  // §3.8 #2 with the wrap default and the saturate switch via "options"
  Json in = line("gfx90a", "mqsad_u32_u8",
                 Json{{"src0", regs({0xFFFFFFFF, 0x00000000})},
                      {"src1", regs({0x01000001})},
                      {"src2", regs({0xFFFFFFFF, 0, 1, 0x80000000})}});
  check_ok(eval(in), regs({0x000001FB, 0x000000FF, 0x00000100, 0x800000FF}));
  in["options"] = Json{{"mqsad_u32_overflow", "saturate"}};
  check_ok(eval(in), regs({0xFFFFFFFF, 0x000000FF, 0x00000100, 0x800000FF}));
}

TEST_CASE("valu eval: 64 lanes with per-lane vectors, clamp in mods", "[valu]") {
  // §4.2 [DERIVED] udot4 with clamp = 1: C = 0 -> 0x0003F804, C = 0xFFFFFFFF -> 0xFFFFFFFF
  Json a = Json::array(), bb = Json::array(), c = Json::array(), d = Json::array();
  for (int lane = 0; lane < 64; ++lane) {
    a.push_back(hex(0xFFFFFFFF));
    bb.push_back(hex(0xFFFFFFFF));
    c.push_back(hex(lane % 2 ? 0xFFFFFFFF : 0));
    d.push_back(hex(lane % 2 ? 0xFFFFFFFF : 0x0003F804));
  }
  Json in = line("gfx1100", "udot4",
                 Json{{"src0", Json::array({a})}, {"src1", Json::array({bb})}, {"src2", Json::array({c})}});
  in["mods"] = Json{{"clamp", 1}};
  check_ok(eval(in), Json::array({d}));
  // without clamp the odd lanes wrap (§4.2 row 2: 0x0003F803)
  in["mods"] = Json{{"clamp", 0}};
  Json d_wrap = Json::array();
  for (int lane = 0; lane < 64; ++lane) d_wrap.push_back(hex(lane % 2 ? 0x0003F803 : 0x0003F804));
  check_ok(eval(in), Json::array({d_wrap}));
}

TEST_CASE("valu eval: a_signed / b_signed, byte_sel, word_sel, options and expect", "[valu]") {
  {
    // §4.2 sudot4(1, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0, 0) = 0xFFFFFC04; sudot4(0, ..., 1, ...) the same
    Json in = line("gfx1200", "sudot4",
                   Json{{"src0", regs({0xFFFFFFFF})}, {"src1", regs({0xFFFFFFFF})}, {"src2", regs({0})}});
    in["mods"] = Json{{"a_signed", 1}};
    check_ok(eval(in), regs({0xFFFFFC04}));
    in["mods"] = Json{{"b_signed", 1}};
    check_ok(eval(in), regs({0xFFFFFC04}));
  }
  {
    // §4.2 sudot4(0, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0x7FFFFFFF, 1) = 0x7FFFFFFF
    Json in = line("gfx1100", "v_dot4_i32_iu8",
                   Json{{"src0", regs({0xFFFFFFFF})}, {"src1", regs({0xFFFFFFFF})}, {"src2", regs({0x7FFFFFFF})}});
    in["mods"] = Json{{"a_signed", 0}, {"b_signed", 0}, {"clamp", 1}};
    check_ok(eval(in), regs({0x7FFFFFFF}));
  }
  {
    // §6.9 C14 [HW gfx1201]: cvt_sr_fp8_f32(-1.0625, 0x7FFFFFFF, D, 3) = 0xB8345678
    Json in = line("gfx1200", "cvt_sr_fp8_f32",
                   Json{{"src0", regs({0xBF880000})}, {"src1", regs({0x7FFFFFFF})}, {"src2", regs({0x12345678})}});
    in["mods"] = Json{{"byte_sel", 3}};
    check_ok(eval(in), regs({0xB8345678}));
  }
  {
    // §6.9 C14b [DERIVED]: cvt_pk_fp8_f32(1.0625, -1.0625, D, 1) = 0xB8385678
    Json in = line("gfx1200", "cvt_pk_fp8_f32",
                   Json{{"src0", regs({0x3F880000})}, {"src1", regs({0xBF880000})}, {"src2", regs({0x12345678})}});
    in["mods"] = Json{{"word_sel", 1}};
    check_ok(eval(in), regs({0xB8385678}));
  }
  {
    // §6.9 C7 [HW gfx1201]: 0x1234FF7F, with FP16_OVFL = 1 0x1234FE7E
    Json in = line("gfx1200", "cvt_pk_fp8_f32",
                   Json{{"src0", regs({0x43F00000})}, {"src1", regs({0xC3F00000})}, {"src2", regs({0x12345678})}});
    check_ok(eval(in), regs({0x1234FF7F}));
    in["options"] = Json{{"fp16_ovfl", 1}};
    check_ok(eval(in), regs({0x1234FE7E}));
  }
  {
    // §5.6 F1 [HW] on gfx1100 / gfx1201, with "expect": match true, then a mismatch with a diff
    Json in = line("gfx1100", "v_dot2_f32_f16",
                   Json{{"src0", regs({0x48004200})}, {"src1", regs({0x44004800})}, {"src2", regs({0xBF800000})}});
    in["expect"] = regs({0x425C0001});
    EvalOutcome r = eval(in);
    REQUIRE(r.status == EvalOutcome::Status::ok);
    CHECK(r.output.at("match") == true);
    in["arch"] = "gfx1201";
    r = eval(in);
    CHECK(r.status == EvalOutcome::Status::mismatch);
    CHECK(r.output.at("match") == false);
    CHECK(r.output.at("D") == regs({0x425C0000}));
  }
  {
    // exec: lanes 1 and 3 inactive keep "dst" (§6.9 C25 [HW gfx1201] cvt_pkrtz(1.5, -1.5) = 0xBE003E00)
    Json in = line("gfx942", "cvt_pkrtz", Json{{"src0", regs({0x3FC00000}, 4)}, {"src1", regs({0xBFC00000}, 4)}});
    in["exec"] = "0x5";
    in["dst"] = Json::array({Json::array({hex(0x11111111), hex(0x22222222), hex(0x33333333), hex(0x44444444)})});
    check_ok(eval(in),
             Json::array({Json::array({hex(0xBE003E00), hex(0x22222222), hex(0xBE003E00), hex(0x44444444)})}));
  }
}

TEST_CASE("valu eval: errors name the field", "[valu]") {
  const Json sad_src{{"src0", regs({1})}, {"src1", regs({2})}, {"src2", regs({3})}};
  SECTION("missing src1") {
    Json src = sad_src;
    src.erase("src1");
    check_error(line("gfx1100", "sad_u8", src), {"src1"});
  }
  SECTION("an extra src2 for cvt_pkrtz") { check_error(line("gfx1100", "cvt_pkrtz", sad_src), {"src2"}); }
  SECTION("lanes disagree between operands") {
    Json src = sad_src;
    src["src1"] = regs({2}, 3);
    src["src0"] = regs({1}, 2);
    src["src2"] = regs({3}, 2);
    check_error(line("gfx1100", "sad_u8", src), {"src1"});
  }
  SECTION("lanes disagree in src2") {
    Json src = sad_src;
    src["src2"] = regs({3}, 4);
    check_error(line("gfx1100", "sad_u8", src), {"src2"});
  }
  SECTION("65 lanes") {
    const Json src{{"src0", regs({1}, 65)}, {"src1", regs({2}, 65)}, {"src2", regs({3}, 65)}};
    check_error(line("gfx90a", "sad_u8", src), {"src0", "65"});
  }
  SECTION("a wrong VGPR count for a 64-bit operand") {
    const Json src{{"src0", regs({1})}, {"src1", regs({2})}, {"src2", regs({3, 4})}};
    check_error(line("gfx90a", "qsad_pk_u16_u8", src), {"src0"});
  }
  SECTION("clamp on sad_u8, which takes no constant argument") {
    Json in = line("gfx1100", "sad_u8", sad_src);
    in["mods"] = Json{{"clamp", 1}};
    check_error(in, {"clamp"});
  }
  SECTION("a_signed on udot4") {
    Json in = line("gfx1100", "udot4", sad_src);
    in["mods"] = Json{{"a_signed", 1}};
    check_error(in, {"a_signed"});
  }
  SECTION("byte_sel 4") {
    Json in = line("gfx1200", "cvt_f32_fp8", Json{{"src0", regs({0x38})}});
    in["mods"] = Json{{"byte_sel", 4}};
    check_error(in, {"byte_sel", "4"});
  }
  SECTION("word_sel 2") {
    Json in = line("gfx1200", "cvt_pk_f32_fp8", Json{{"src0", regs({0x38})}});
    in["mods"] = Json{{"word_sel", 2}};
    check_error(in, {"word_sel"});
  }
  SECTION("a misspelt mods key") {
    Json in = line("gfx1200", "cvt_f32_fp8", Json{{"src0", regs({0x38})}});
    in["mods"] = Json{{"bytesel", 1}};
    check_error(in, {"bytesel"});
  }
  SECTION("a builtin not available on the arch") {
    // §1.2: sudot4 only on gfx1100 and gfx1200
    check_error(line("gfx90a", "sudot4", sad_src), {"sudot4", "gfx1100", "gfx1200"});
    // §1.2: fdot2c_f32_bf16 only on gfx950
    check_error(line("gfx1200", "fdot2c_f32_bf16", sad_src), {"fdot2c_f32_bf16", "gfx950"});
    // §1.2: cvt_f32_fp8 on gfx942, gfx950, gfx1200; not gfx1100 (nor its alias gfx1151)
    check_error(line("gfx1151", "cvt_f32_fp8", Json{{"src0", regs({0x38})}}), {"gfx942", "gfx950", "gfx1200"});
  }
}

TEST_CASE("valu eval: the CLI evaluates every line and exits 2 when one is invalid", "[valu]") {
  const Json good = line("gfx1030", "sad_u8",
                         Json{{"src0", regs({0x01020304})}, {"src1", regs({0x04030201})}, {"src2", regs({0x10})}});
  Json bad = good;
  bad["id"] = "bad";
  bad["src"].erase("src1");
  const mxlane_test::Run run =
      mxlane_test::run_mxlane_on_input({"eval"}, good.dump() + '\n' + bad.dump() + '\n' + good.dump() + '\n');
  CHECK(run.code == mxlane::cli::kExitUsage);
  std::istringstream lines(run.out);
  std::vector<Json> outputs;
  for (std::string l; std::getline(lines, l);)
    if (!l.empty()) outputs.push_back(Json::parse(l));
  REQUIRE(outputs.size() == 3);
  CHECK(outputs[0].at("D") == regs({0x18}));
  CHECK(outputs[1].at("id") == "bad");
  CHECK(outputs[1].at("error").get<std::string>().find("src1") != std::string::npos);
  CHECK(outputs[2].at("D") == regs({0x18}));
  CHECK(run.err.find("src1") != std::string::npos);
}
