// eval / replay on hostile and large input (the robustness contract of README "Streaming, limits and determinism"): every error path answers for its line alone,
// a stream of 100,000 lines gives 100,000 outputs, a huge line costs no memory, and the output is
// byte-identical for any thread count.
#include "support/catch_compat.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <streambuf>

#include "tests/support/cli_run.hpp"
#include "tests/support/hex.hpp"
#include "tools/mxlane/cli.hpp"
#include "emu/protocol/eval_line.hpp"
#include "emu/protocol/line_reader.hpp"
#include "tests/support/text.hpp"

using mxlane_test::lines_of;

using Json = nlohmann::ordered_json;
using mxlane::protocol::eval_line;
using mxlane::protocol::EvalOutcome;

using mxlane_test::Run;

namespace {

Run run_with_input(const std::vector<std::string>& args, const std::string& input) {
  return mxlane_test::run_mxlane_on_input(args, input);
}

// sad_u8(0x01020304, 0x04030201, c) = |1-4| + |2-3| + |3-2| + |4-1| + c = 8 + c
// (docs/spec/valu.md §3.8's example, hand-derived), one lane.
std::string sad_line(int id, std::uint32_t c) {
  return Json{{"id", id},
              {"arch", "gfx90a"},
              {"inst", "sad_u8"},
              {"src", {{"src0", {{"0x01020304"}}}, {"src1", {{"0x04030201"}}}, {"src2", {{c}}}}}}
      .dump();
}

std::string expected_sad_output(int id, std::uint32_t c) {
  return Json{{"id", id}, {"D", {{mxlane_test::hex_word(8 + c)}}}}.dump();
}

long max_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// An input stream of `size` bytes of 'x' (one line) followed by "\n" and `tail`, generated on the
// fly so the test itself holds none of it.
class HugeLineBuf : public std::streambuf {
 public:
  HugeLineBuf(std::size_t size, std::string tail) : left_(size), tail_(std::move(tail) + "\n"), chunk_(1 << 16, 'x') {}

 protected:
  int_type underflow() override {
    if (left_ > 0) {
      const std::size_t n = std::min(left_, chunk_.size());
      left_ -= n;
      setg(chunk_.data(), chunk_.data(), chunk_.data() + n);
    } else if (!tail_done_) {
      tail_ = "\n" + tail_;
      tail_done_ = true;
      setg(tail_.data(), tail_.data(), tail_.data() + tail_.size());
    } else {
      return traits_type::eof();
    }
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::size_t left_;
  std::string tail_;
  std::string chunk_;
  bool tail_done_ = false;
};

}  // namespace

TEST_CASE("eval error paths: each bad line gets an error naming the field, the rest still evaluate", "[cli][robust]") {
  struct Case {
    std::string line, mention;
  };
  const std::string src = R"("src": {"src0": [["0x01020304"]], "src1": [["0x04030201"]], "src2": [["0x10"]]})";
  const std::vector<Case> cases = {
      {R"({"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [["0x0102)", "not valid JSON"},  // truncated
      {R"({"arch": 90, "inst": "sad_u8", )" + src + "}", "arch: missing or not a string"},      // wrong type
      {R"({"arch": "gfx90a", "inst": "sad_u8", "wave": "64", )" + src + "}", "wave: expected an integer"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [[true]], "src1": [["0x04030201"]], "src2": [["0x10"]]}})",
       "src.src0[0][0]: expected a hex string or an integer"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "colour": 1, )" + src + "}", "colour: unknown key"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "mods": {"clampp": 1}, )" + src + "}", "mods.clampp: unknown key"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "wave": 123456789012345678901234567890, )" + src + "}",
       "wave: 123456789012345678901234567890 is out of range"},  // beyond 64 bits (a float to the parser), quoted as written
      {R"({"arch": "gfx90a", "inst": "sad_u8", "wave": 1e400, )" + src + "}",
       "not valid JSON (number overflow parsing '1e400')"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [["0x01020304"]], "src1": [["0x04030201"]], "src2": [[99999999999]]}})",
       "src.src2[0][0]: 99999999999 is not a word"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [[-99999999999]], "src1": [["0x04030201"]], "src2": [["0x10"]]}})",
       "src.src0[0][0]: -99999999999 is not a word"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "wave": NaN, )" + src + "}", "not valid JSON"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "wave": Infinity, )" + src + "}", "not valid JSON"},
      {R"({"arch": "gfx90a", "inst": "sad_u8", "wave": -Infinity, )" + src + "}", "not valid JSON"},
      {"", "not valid JSON"},
      {"[]", "expected one JSON object per line"},
      {std::string("\x00\xff\xfe{\x01garbage\x80", 13), "not valid JSON"},
      {R"({"id": "\u00ff", "arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [["0x01020304"]], "src1": [["0x0403020)"
       "\xc3\x28"
       R"("]], "src2": [["0x10"]]}})",
       "not valid JSON"},  // invalid UTF-8 inside a string
      {std::string(200000, '[') + std::string(200000, ']'), "nested deeper than 16 levels"},
  };
  std::string input;
  for (const Case& c : cases) input += c.line + "\n" + sad_line(7, 1) + "\n";
  const Run r = run_with_input({"eval"}, input);
  CHECK(r.code == 2);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == 2 * cases.size());
  const auto err = lines_of(r.err);
  REQUIRE(err.size() == cases.size() + 1);  // one per bad line, then the summary
  for (std::size_t n = 0; n < cases.size(); ++n) {
    INFO("case " << n << ": " << mxlane::protocol::printable(cases[n].line.substr(0, 120)));
    const Json bad = Json::parse(out[2 * n]);  // valid JSON, even when the input was not UTF-8
    CHECK(bad.contains("error"));
    CHECK_THAT(bad["error"].get<std::string>(), Catch::Contains(cases[n].mention));
    CHECK(out[2 * n + 1] == expected_sad_output(7, 1));  // the next line is unaffected
    CHECK_THAT(err[n], Catch::StartsWith("mxlane eval: error: line " + std::to_string(2 * n + 1) + ": "));
    CHECK(std::none_of(err[n].begin(), err[n].end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }));
  }
  CHECK(err.back() == "mxlane eval: " + std::to_string(2 * cases.size()) + " lines, " + std::to_string(cases.size()) +
                          " errors, 0 mismatches");
}

TEST_CASE("eval: empty input gives no output, a zero summary and exit 0; replay refuses it", "[cli][robust]") {
  const Run r = run_with_input({"eval"}, "");
  CHECK(r.code == 0);
  CHECK(r.out.empty());
  CHECK(r.err == "mxlane eval: 0 lines, 0 errors, 0 mismatches\n");
  const Run replay = run_with_input({"replay"}, "");
  CHECK(replay.code == 2);  // an empty capture checked nothing (test_exit_codes.cpp)
  CHECK(replay.out.empty());
}

TEST_CASE("eval: a stream of 100,000 lines with a bad one in the middle gives 100,000 outputs in order",
          "[cli][robust]") {
  constexpr int kLines = 100000;
  std::string input;
  input.reserve(kLines * 160);
  for (int n = 0; n < kLines; ++n)
    input += (n == kLines / 2 ? std::string(R"({"arch": "gfx90a", "inst": "sad_u8", "src": 3})")
                              : sad_line(n, static_cast<std::uint32_t>(n))) +
             "\n";
  const Run r = run_with_input({"eval", "--threads", "2"}, input);
  CHECK(r.code == 2);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == kLines);
  int wrong = 0;
  for (int n = 0; n < kLines; ++n)
    if (n != kLines / 2 && out[static_cast<std::size_t>(n)] != expected_sad_output(n, static_cast<std::uint32_t>(n)))
      ++wrong;
  CHECK(wrong == 0);
  CHECK_THAT(out[kLines / 2], Catch::Contains("\"error\":\"src: missing or not an object"));
  CHECK_THAT(r.err, Catch::Contains("mxlane eval: error: line 50001: src: "));
  CHECK_THAT(r.err, Catch::EndsWith("mxlane eval: 100000 lines, 1 error, 0 mismatches\n"));
}

TEST_CASE("eval: a line over the size limit is refused for that line without being held in memory", "[cli][robust]") {
  // 256 MiB of one line from a generated stream: reading it must not grow the heap by anything like
  // its size (the reader keeps at most kMaxLineBytes of a line).
  constexpr std::size_t kHuge = std::size_t{256} << 20;
  HugeLineBuf source(kHuge, sad_line(2, 5));
  std::streambuf* saved = std::cin.rdbuf(&source);
  const long before = max_rss_kib();
  std::ostringstream out, err;
  const int code = mxlane::cli::run_cli({"mxlane", "eval", "-"}, out, err);
  const long grown_kib = max_rss_kib() - before;
  std::cin.rdbuf(saved);
  CHECK(code == 2);
  const auto lines = lines_of(out.str());
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] ==
        R"x({"id":null,"error":"the line is 268435456 bytes; the limit is 1048576 (README: Input limits)"})x");
  CHECK(lines[1] == expected_sad_output(2, 5));
  CHECK(grown_kib < 64 * 1024);
}

TEST_CASE("eval and replay: the same input gives byte-identical output for 1, 2 and 7 threads", "[cli][robust]") {
  // Matrix, VALU, invalid and mismatching lines across several batches (a batch is 256 lines).
  const auto words = [](int count, int wave, const char* w) {
    Json v = Json::array();
    for (int r = 0; r < count; ++r) v.push_back(Json(std::vector<std::string>(static_cast<std::size_t>(wave), w)));
    return v;
  };
  std::string input;
  for (int n = 0; n < 700; ++n) {
    if (n % 5 == 0) {
      Json m{{"id", n},
             {"arch", "gfx1100"},
             {"inst", "v_wmma_f32_16x16x16_f16"},
             {"src",
              {{"A", words(8, 32, "0x3c003c00")},
               {"B", words(8, 32, n % 2 ? "0x40004000" : "0x3c003c00")},
               {"C", words(8, 32, "0x0")}}},
             {"expect", words(8, 32, "0x41800000")}};  // 16 * 1.0 matches for even n; 16 * 2.0 = 32 does not
      input += m.dump() + "\n";
    } else if (n % 7 == 0) {
      input += "{\"id\": " + std::to_string(n) + ", \"arch\": \"gfx90a\"}\n";
    } else {
      Json v = Json::parse(sad_line(n, static_cast<std::uint32_t>(n)));
      v["expect"] = Json{{n % 3 ? "0x00000000" : "0x12345678"}};
      input += v.dump() + "\n";
    }
  }
  for (const char* sub : {"eval", "replay"}) {
    const Run one = run_with_input({sub, "-j", "1"}, input);
    const Run two = run_with_input({sub, "-j", "2"}, input);
    const Run seven = run_with_input({sub, "--threads", "7"}, input);
    CHECK(lines_of(one.out).size() == 700);
    // Each output line answers its own input line (the batch's line buffers are reused from batch to batch).
    const auto out_lines = lines_of(one.out);
    for (std::size_t n = 0; std::string(sub) == "eval" && n < out_lines.size(); ++n) {
      const Json j = Json::parse(out_lines[n]);
      CAPTURE(n, out_lines[n]);
      CHECK(j["id"] == Json(static_cast<int>(n)));
    }
    CHECK(one.code == 2);
    CHECK(two.out == one.out);
    CHECK(seven.out == one.out);
    CHECK(two.err == one.err);
    CHECK(seven.err == one.err);
  }
  CHECK(run_with_input({"eval", "-j", "0"}, input).code == 2);
  CHECK(run_with_input({"eval", "-j", "257"}, input).code == 2);
}

TEST_CASE("LineReader: terminators, a last line without newline, and the length of refused lines", "[cli][robust]") {
  std::istringstream in("a\r\n\nbc\n" + std::string(40, 'z') + "\nlast");
  mxlane::protocol::LineReader reader(in, 16);
  mxlane::protocol::InputLine line;
  std::vector<std::string> got;
  while (reader.next(line))
    got.push_back(std::to_string(line.number) + ":" +
                  (line.too_long ? "too long " + std::to_string(line.length) : line.text));
  CHECK(got == std::vector<std::string>{"1:a", "2:", "3:bc", "4:too long 40", "5:last"});
  CHECK(mxlane::protocol::json_depth(R"({"a": "[[[[", "b": [[1], {"c": "\"{"}]})") == 3);
}
