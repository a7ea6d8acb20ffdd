// Exit codes and messages that tell the truth on bad input a user tried: directories as input,
// empty captures, lost output, switches of another architecture, huge or negative numbers, JSON
// words that are not 32-bit integers, and `§` in error text.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <streambuf>

#include "tests/support/cli_run.hpp"
#include "tools/mxlane/cli.hpp"
#include "emu/protocol/line_reader.hpp"

using Json = nlohmann::ordered_json;
using mxlane_test::Run;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;
using mxlane_test::ScratchFile;

namespace {

// A refusal: exit 2, nothing on stdout, one line on stderr mentioning each of `mentions`.
void check_refused(const Run& r, const std::vector<std::string>& mentions) {
  INFO("stderr: " << r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  for (const std::string& m : mentions) CHECK_THAT(r.err, Catch::Contains(m));
}

// An output stream whose every write fails, like standard output redirected to /dev/full.
class FullDevice : public std::streambuf {
 protected:
  int_type overflow(int_type) override { return traits_type::eof(); }
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
  int sync() override { return -1; }
};

Run run_into_full_device(const std::vector<std::string>& args) {
  FullDevice device;
  std::ostream out(&device);
  std::ostringstream err;
  std::vector<std::string> argv = args;
  argv.insert(argv.begin(), "mxlane");
  return {mxlane::cli::run_cli(argv, out, err), "", err.str()};
}

// sad_u8(0x01020304, 0x04030201, src2) on gfx90a, one lane: `src2` is spliced in as written.
std::string sad_line_with_src2(const std::string& src2) {
  return R"({"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [["0x01020304"]], "src1": [["0x04030201"]], "src2": [[)" +
         src2 + "]]}}";
}

std::string eval_error(const std::string& line) {
  const Run r = run_mxlane_on_input({"eval"}, line + "\n");
  const Json out = Json::parse(r.out);
  return out.contains("error") ? out["error"].get<std::string>() : "";
}

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

const std::vector<std::string> kGfx1100Wmma = {"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16"};

std::vector<std::string> args(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

}  // namespace

TEST_CASE("eval and replay refuse a directory as the input file, naming it", "[cli][exitcodes]") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  for (const char* sub : {"eval", "replay"}) {
    const Run r = run_mxlane({sub, dir});
    check_refused(r, {"FILE", dir, "directory"});
  }
}

TEST_CASE("replay of an empty capture is not a pass; eval of empty input is 0 lines", "[cli][exitcodes]") {
  check_refused(run_mxlane_on_input({"replay"}, ""), {"mxlane replay: error: FILE", "no lines to replay"});
  const Run eval = run_mxlane_on_input({"eval"}, "");
  CHECK(eval.code == 0);
  CHECK(eval.err == "mxlane eval: 0 lines, 0 errors, 0 mismatches\n");
}

TEST_CASE("output that cannot be written is exit 2 'cannot write output', never success", "[cli][exitcodes]") {
  const ScratchFile input("mxlane_full_device");
  std::ofstream(input.path())
      << sad_line_with_src2("\"0x1\"") << '\n'
      << R"({"arch": "gfx90a", "inst": "sad_u8", "expect": [["0x9"]], "src": {"src0": [["0x01020304"]], "src1": [["0x04030201"]], "src2": [["0x1"]]}})"
      << '\n';
  const std::vector<std::vector<std::string>> commands = {
      {"eval", input.path()},
      {"replay", input.path()},
      {"list", "--arch", "gfx1100"},
      args({"lanemap"}, args(kGfx1100Wmma, {"--operand", "A"})),
      args({"lanemap"}, args(kGfx1100Wmma, {"--format", "html"})),
      args({"check"}, args(kGfx1100Wmma, {"--operand", "D", "--row", "G*2+L/16", "--col", "L%16"})),
  };
  for (const auto& command : commands) {
    INFO(command[0] << " " << command[1]);
    const Run r = run_into_full_device(command);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::EndsWith("error: cannot write output (standard output)\n"));
  }
  // site: its files, and then its one line on standard output (with the browser application built;
  // without it, tests/pictures/test_pictures.cpp checks the refusal).
#ifdef MXLANE_TEST_WEB_BUILT
  const std::filesystem::path site =
      std::filesystem::temp_directory_path() / ("mxlane_site_" + std::to_string(::getpid()));
  std::filesystem::create_directories(site / "app.js");  // a directory where a file goes
  check_refused(run_mxlane({"site", site.string(), "--arch", "gfx1100"}), {"cannot write output file", "app.js"});
  std::filesystem::remove_all(site / "app.js");
  const Run site_full = run_into_full_device({"site", site.string(), "--arch", "gfx1100"});
  CHECK(site_full.code == 2);
  CHECK_THAT(site_full.err, Catch::Contains("cannot write output"));
  std::filesystem::remove_all(site);
#endif
}

TEST_CASE("eval error text is UTF-8: a message citing § says §, not \\xc2\\xa7", "[cli][exitcodes]") {
  // cbsz=3 on a 4-block MFMA: the refusal cites the ISA's and docs/spec/layouts.md's sections.
  const std::string line =
      R"({"arch": "gfx90a", "inst": "v_mfma_f32_16x16x1f32", "mods": {"cbsz": 3}, "src": {"A": [], "B": [], "C": []}})";
  const Run r = run_mxlane_on_input({"eval"}, line + "\n");
  CHECK(r.code == 2);
  const std::string error = Json::parse(r.out)["error"].get<std::string>();
  CHECK_THAT(error, Catch::Contains("\u00a7") && !Catch::Contains("\\x"));
  CHECK_THAT(r.err, Catch::Contains("\u00a7") && !Catch::Contains("\\x"));
  CHECK(valid_utf8(r.out));
  CHECK(valid_utf8(r.err));
  const Run replay = run_mxlane_on_input({"replay"}, line + "\n");
  CHECK_THAT(replay.out, Catch::Contains("\u00a7") && !Catch::Contains("\\x"));
  // Bytes that are not well-formed UTF-8, and control characters, are still escaped.
  CHECK(mxlane::protocol::printable("\u00a7 \xc3\x28 \xed\xa0\x80 \xc2\x85 \x01 \xf0\x9f\x98\x80") ==
        "\u00a7 \\xc3( \\xed\\xa0\\x80 \\xc2\\x85 \\x01 \xf0\x9f\x98\x80");
}

TEST_CASE("a behaviour switch for another architecture is refused, naming where it applies", "[cli][exitcodes]") {
  check_refused(
      run_mxlane(args({"lanemap"}, args(kGfx1100Wmma, {"--operand", "A", "--option", "cbsz_model=calculator"}))),
      {"--option", "cbsz_model", "gfx90a", "gfx1100"});
  check_refused(run_mxlane(args({"check"}, args(kGfx1100Wmma, {"--operand", "D", "--row", "G*2+L/16", "--col", "L%16",
                                                               "--option", "cdna2_nan=propagate"}))),
                {"--option", "cdna2_nan", "gfx90a"});
  check_refused(run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "0,1,2",
                            "--option", "rdna3_replica=group0"}),
                {"--option", "rdna3_replica", "gfx1100"});
  check_refused(run_mxlane({"site", "unused-dir", "--arch", "gfx1100", "--option", "f64_4x4x4_cd_order=isa-general"}),
                {"--option", "f64_4x4x4_cd_order", "gfx90a"});
  const std::string wmma =
      R"({"arch": "gfx1100", "inst": "v_wmma_f32_16x16x16_f16", "options": {"cbsz_model": "calculator"}, "src": {}})";
  CHECK_THAT(eval_error(wmma), Catch::StartsWith("options.cbsz_model: ") && Catch::Contains("gfx90a"));
  const std::string fnuz =
      R"({"arch": "gfx1200", "inst": "cvt_f32_fp8", "options": {"fnuz_nan_decode": "0x7fffffff"}, "src": {}})";
  CHECK_THAT(eval_error(fnuz), Catch::StartsWith("options.fnuz_nan_decode: ") && Catch::Contains("gfx942"));
  // MODE register state exists everywhere; a switch of the right architecture still works.
  CHECK(run_mxlane(args({"lanemap"}, args(kGfx1100Wmma, {"--operand", "A", "--option", "mode_round=rtz"}))).code == 0);
  CHECK(run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x1f32", "--operand", "A", "--option",
                    "cbsz_model=calculator"})
            .code == 0);
}

TEST_CASE("numeric options out of range: one line naming the option and its range", "[cli][exitcodes]") {
  const std::vector<std::string> check =
      args({"check"}, args(kGfx1100Wmma, {"--operand", "D", "--row", "G*2+L/16", "--col", "L%16"}));
  for (const char* value : {"-1", "99999999999999999999", "1e400"}) {
    const Run r = run_mxlane(args(check, {"--max-mismatches", value}));
    check_refused(r, {"--max-mismatches", "0", "1000000"});
    CHECK(r.err.size() < 200);
  }
  const std::vector<std::string> mfma = {"lanemap",   "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16",
                                         "--operand", "A"};
  check_refused(run_mxlane(args(mfma, {"--element", "99999999999999999999,0"})),
                {"--element", "out of range", "row 0..31, col 0..7"});
  check_refused(run_mxlane(args(mfma, {"--element", "0,-99999999999999999999,0"})), {"--element", "out of range"});
  check_refused(run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--trace",
                            "0,99999999999999999999,0"}),
                {"--trace", "out of range", "row 0..31, col 0..31"});
  for (const char* option : {"--reg", "--lane", "--cbsz", "--abid", "--blgp", "--wave"}) {
    std::vector<std::string> a = args(mfma, {option, "99999999999999999999"});
    if (std::string(option) == "--reg") a = args(a, {"--lane", "0"});
    if (std::string(option) == "--lane") a = args(a, {"--reg", "0"});
    const Run r = run_mxlane(a);
    check_refused(r, {option});
    CHECK(r.err.size() < 300);
  }
}

TEST_CASE("lanemap needs the block of a multi-block instruction's element", "[cli][exitcodes]") {
  // v_mfma_f32_32x32x1f32 has 2 blocks, v_mfma_f32_4x4x4f16 16: i,j would silently mean block 0.
  check_refused(run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "D",
                            "--element", "1,2"}),
                {"--element", "16 blocks", "b,i,j", "block 0..15"});
  check_refused(run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "1,2"}),
                {"--trace", "16 blocks", "b,i,j"});
  CHECK(run_mxlane(
            {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "D", "--element", "3,1,2"})
            .code == 0);
  CHECK(run_mxlane(
            {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "D", "--element", "1,2"})
            .code == 0);
}

TEST_CASE("an architecture without emulated matrix instructions: no claim about what exists there",
          "[cli][exitcodes]") {
  const Run r = run_mxlane({"lanemap", "--arch", "gfx1030", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "A"});
  check_refused(r, {"--inst", "does not emulate the matrix instructions of gfx1030",
                    "gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1200"});
  CHECK_THAT(r.err, !Catch::Contains("not available") && !Catch::Contains("exists on"));
  // A VALU builtin is known, just not a matrix instruction: not "unknown instruction".
  check_refused(run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "sad_u8", "--operand", "A"}),
                {"--inst", "sad_u8 is a VALU builtin", "mxlane eval"});
}

TEST_CASE("JSON words are exactly the integers 0..4294967295, quoted as written when refused", "[cli][exitcodes]") {
  const std::string rule = "is not a word: give an integer in 0..4294967295";
  CHECK(eval_error(sad_line_with_src2("4294967295")).empty());
  CHECK(eval_error(sad_line_with_src2("0")).empty());
  CHECK(eval_error(sad_line_with_src2("-0")).empty());
  for (const char* written :
       {"-1", "-2147483648", "4294967296", "100000000000000000000000", "1e23", "1e3", "1.5", "4.0"})
    CHECK(eval_error(sad_line_with_src2(written)) ==
          "src.src2[0][0]: " + std::string(written) + " " + rule + " or \"0x\" and 1 to 8 hex digits");
  // Integers elsewhere are quoted as written too.
  const std::string wave = R"({"arch": "gfx90a", "inst": "sad_u8", "wave": 1e2, "src": {}})";
  CHECK(eval_error(wave) == "wave: expected an integer, got 1e2");
  const std::string huge = R"({"arch": "gfx90a", "inst": "sad_u8", "wave": 123456789012345678901234567890, "src": {}})";
  CHECK(eval_error(huge) == "wave: 123456789012345678901234567890 is out of range");
}

TEST_CASE("mxlane list names the architectures each switch applies to", "[cli][exitcodes]") {
  const Run text = run_mxlane({"list", "--arch", "gfx1100"});
  CHECK_THAT(
      text.out,
      Catch::Contains(
          "  cbsz_model (gfx908/gfx90a/gfx942/gfx950 multi-block MFMA, operand A, 0 < cbsz < log2(blocks); on gfx908, gfx90a, gfx942, gfx950)"));
  const Json doc = Json::parse(run_mxlane({"list", "--format", "json"}).out);
  int seen = 0;
  for (const Json& s : doc["switches"]) {
    if (s["name"] == "fnuz_nan_decode") {
      CHECK(s.value("archs", "") == "gfx942");
      ++seen;
    } else if (s["name"] == "mode_round") {
      CHECK(s.value("archs", "") == "gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1200");
      ++seen;
    }
  }
  CHECK(seen == 2);
}
