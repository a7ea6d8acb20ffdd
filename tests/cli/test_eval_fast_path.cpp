// The eval fast path (the scanner of eval_fast_line.cpp, cached layouts and the fast kernels of
// execute_matrix_fast) against the reference eval path (nlohmann's DOM and execute_matrix): the
// same random lines, over every matrix instruction with random modifiers, switches and spellings,
// must give byte-identical output.
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <charconv>
#include <cstring>
#include <random>

#include "emu/api/matrix_executor.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switch_scope.hpp"
#include "fmt/format.h"
#include "tests/support/cli_run.hpp"
#include "tests/support/sanitized.hpp"
#include "emu/protocol/eval_fast_line.hpp"
#include "emu/protocol/eval_line.hpp"

using Json = nlohmann::ordered_json;
using mxlane::protocol::EvalEngine;
using mxlane::protocol::EvalOutcome;

namespace {

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// A lane word: random bits, or (for the float formats' common case) small ordinary values in
// both halves, so that the fast kernels' finite loops and their special-value exits both run.
std::uint32_t random_word(std::mt19937_64& rng, bool ordinary) {
  const auto bits = static_cast<std::uint32_t>(rng());
  if (!ordinary) return bits;
  // f16 halves with exponent 13..16 (and f32/f64 words with a moderate exponent field).
  const std::uint32_t half_lo = (bits & 0x83FF) | ((13 + (bits >> 16) % 4) << 10);
  const std::uint32_t half_hi = ((bits >> 8) & 0x83FF) | ((13 + (bits >> 20) % 4) << 10);
  return (rng() % 2 == 0) ? (half_hi << 16 | half_lo) : ((bits & 0x807FFFFF) | ((120 + (bits >> 24) % 8) << 23));
}

// The spelling of one word: mostly "0x%08x", sometimes shorter, upper-case or a JSON integer.
Json spell(std::uint32_t w, std::mt19937_64& rng) {
  switch (rng() % 8) {
    case 0: return Json(static_cast<std::uint64_t>(w));
    case 1: return fmt::format("0X{:X}", w);
    case 2: return fmt::format("0x{:x}", w);
    default: return fmt::format("{:#010x}", w);
  }
}

Json grid(int vgprs, int wave, std::mt19937_64& rng, bool ordinary) {
  Json out = Json::array();
  for (int r = 0; r < vgprs; ++r) {
    Json row = Json::array();
    for (int l = 0; l < wave; ++l) row.push_back(spell(random_word(rng, ordinary), rng));
    out.push_back(std::move(row));
  }
  return out;
}

// Random legal modifiers for `d` (about half the lines keep the defaults).
Json random_mods(const mxlane::InstrDesc& d, std::mt19937_64& rng) {
  Json mods = Json::object();
  if (rng() % 2 == 0) return mods;
  for (const mxlane::ModifierRange& range : mxlane::legal_modifiers(d))
    if (rng() % 2 == 0) mods[range.name] = range.values[rng() % range.values.size()];
  mxlane::Modifiers m;
  for (const auto& [name, value] : mods.items()) mxlane::set_modifier(m, name, value.get<int>());
  try {
    mxlane::validate_modifiers(d, m);
  } catch (const mxlane::InvalidArgument&) {
    return Json::object();  // e.g. abid >= 2^cbsz
  }
  return mods;
}

// One random switch that applies to the architecture, in a third of the lines.
Json random_options(const mxlane::InstrDesc& d, std::mt19937_64& rng) {
  Json options = Json::object();
  if (rng() % 3 != 0) return options;
  const auto switches = mxlane::all_switches();
  for (int attempt = 0; attempt < 20; ++attempt) {
    const mxlane::SwitchInfo& info = switches[rng() % switches.size()];
    const std::string value(info.values[rng() % info.values.size()].name);
    mxlane::Switches s;
    try {
      mxlane::set_switch_for(s, info.name, value, mxlane::arch_bit(d.arch));
    } catch (const mxlane::InvalidArgument&) {
      continue;
    }
    options[std::string(info.name)] = value;
    return options;
  }
  return options;
}

struct Compared {
  int lines = 0, fast_lane = 0;
};

// `line` through both paths; the fast path's text is what `mxlane eval` prints.
void compare_paths(const std::string& line, Compared& counts) {
  INFO(line.substr(0, 300));
  const EvalOutcome reference = mxlane::protocol::eval_line(line, false, EvalEngine::reference);
  const std::optional<mxlane::protocol::FastEvalResult> fast = mxlane::protocol::eval_line_fast(line, false, true);
  const std::string fast_text =
      fast ? fast->rendered : dump(mxlane::protocol::eval_line(line, false, EvalEngine::fast).output);
  REQUIRE(fast_text == dump(reference.output));
  CHECK(dump(mxlane::protocol::eval_line(line, false, EvalEngine::fast).output) == dump(reference.output));
  // The fast lane takes exactly the lines the reference evaluates without mismatch (matrix only).
  if (fast) CHECK(reference.status == EvalOutcome::Status::ok);
  // Replay: the fast lane answers "match" only for lines the reference says match.
  const std::optional<mxlane::protocol::FastEvalResult> replay = mxlane::protocol::eval_line_fast(line, true, false);
  if (replay) CHECK(mxlane::protocol::eval_line(line, true, EvalEngine::reference).status == EvalOutcome::Status::ok);
  ++counts.lines;
  counts.fast_lane += fast.has_value();
}

}  // namespace

TEST_CASE("eval fast path: random lines give the reference path's bytes for every matrix instruction",
          "[cli][eval][fast]") {
  std::mt19937_64 rng(20261201);
  Compared counts;
  // Three lines per instruction (two ordinary, one with special values), each also with a matching
  // and a mismatching "expect" and in another spelling; under the sanitizers one line per instruction
  // with one of those variants, the kinds and variants taken in turn over the table, and no tied or
  // wave64 twin of an instruction whose wave32 form ran (the same scanner and kernel paths on
  // another placement; tests/support/sanitized.hpp).
  int instruction = 0;
  for (const mxlane::InstrDesc& d : mxlane::instruction_table()) {
    if (mxlane_test::kSanitized && (d.tied || (d.family().builtin_suffix_chooses_wave && d.wave == 64))) continue;
    const std::string arch(mxlane::arch_info(d.arch).name);
    const int variant = instruction % 3;  // under the sanitizers: the one variant besides the plain line
    const int first = mxlane_test::kSanitized ? instruction % 3 : 0, last = mxlane_test::kSanitized ? first + 1 : 3;
    ++instruction;
    for (int n = first; n < last; ++n) {
      Json line = Json::object();
      if (rng() % 4 != 0) line["id"] = rng() % 2 ? Json(fmt::format("case-{}", n)) : Json(n);
      line["arch"] = arch;
      // The unscaled f8f6f4 rows share the scaled builtin's name: their mnemonic names them.
      line["inst"] = std::string(d.zero_scale_form ? d.mnemonic : d.builtin);
      const Json mods = random_mods(d, rng);
      if (!mods.empty()) line["mods"] = mods;
      const Json options = random_options(d, rng);
      if (!options.empty()) line["options"] = options;
      if (rng() % 4 == 0) line["exec"] = fmt::format("{:#x}", rng() & (d.wave == 64 ? ~0ULL : 0xFFFFFFFFULL));
      const bool ordinary = n != 2;
      line["src"] = Json{{"A", grid(d.vgprs_a, d.wave, rng, ordinary)},
                         {"B", grid(d.vgprs_b, d.wave, rng, ordinary)},
                         {"C", grid(d.vgprs_c, d.wave, rng, ordinary)}};
      if (d.has(mxlane::Operand::IDX)) line["src"]["IDX"] = grid(d.vgprs(mxlane::Operand::IDX), d.wave, rng, ordinary);
      for (const auto& [name, op] : {std::pair{"SA", mxlane::Operand::SA}, std::pair{"SB", mxlane::Operand::SB}})
        if (d.has(op)) line["src"][name] = grid(d.vgprs(op), d.wave, rng, ordinary);
      if (!d.tied && rng() % 3 == 0) line["dst"] = grid(d.vgprs_cd, d.wave, rng, false);
      compare_paths(line.dump(), counts);
      // With "expect": the reference's D (match) and one word changed (mismatch).
      const EvalOutcome r = mxlane::protocol::eval_line(line.dump(), false, EvalEngine::reference);
      REQUIRE(r.status == EvalOutcome::Status::ok);
      line["expect"] = r.output["D"];
      if (!mxlane_test::kSanitized || variant == 0) compare_paths(line.dump(), counts);
      line["expect"][0][0] = "0xdeadbeef";
      if (!mxlane_test::kSanitized || variant == 1) compare_paths(line.dump(), counts);
      // Whitespace and key order as a capture tool might write them.
      if (!mxlane_test::kSanitized || variant == 2) compare_paths(line.dump(1, '\t'), counts);
    }
  }
  // The fast lane really ran (else this test would compare the reference with itself).
  CHECK(counts.fast_lane > counts.lines / 3);
}

TEST_CASE("eval fast path: execute_matrix_fast writes execute_matrix's registers with the fast kernels",
          "[cli][eval][fast]") {
  // Every matrix instruction with default modifiers and switches: the fast GEMM kernels run.
  std::mt19937_64 rng(7);
  for (const mxlane::InstrDesc& d : mxlane::instruction_table()) {
    INFO(d.builtin);
    const int regs_count = d.vgprs_a + d.vgprs_b + d.vgprs_c + d.vgprs_cd;
    mxlane::LaneRegFile regs(d.wave, regs_count);
    for (int r = 0; r < regs_count; ++r)
      for (int l = 0; l < d.wave; ++l) regs.set_word(r, l, random_word(rng, r % 3 != 0));
    mxlane::LaneRegFile fast = regs;
    // D over A: every source must be read before D is written.
    const mxlane::MatrixOperands ops{
        {0}, {d.vgprs_a}, {d.vgprs_a + d.vgprs_b}, {d.vgprs_a % 2 == 0 ? 0 : d.vgprs_a + d.vgprs_b}, {}, {}, {}};
    mxlane::execute_matrix(d, regs, ops);
    mxlane::execute_matrix_fast(d, fast, ops);
    for (int r = 0; r < regs_count; ++r)
      for (int l = 0; l < d.wave; ++l) REQUIRE(fast.word(r, l) == regs.word(r, l));
  }
}

TEST_CASE("eval fast path: the output does not depend on --threads, and bad lines keep their errors",
          "[cli][eval][fast]") {
  std::mt19937_64 rng(11);
  std::string input;
  const auto& arch = mxlane::arch_info(mxlane::ArchId::gfx1100);
  const mxlane::InstrDesc& d = mxlane::resolve_instruction(arch, "v_wmma_f32_16x16x16_f16");
  for (int n = 0; n < 40; ++n) {
    const Json line{{"id", n},
                    {"arch", "gfx1100"},
                    {"inst", "v_wmma_f32_16x16x16_f16"},
                    {"src",
                     {{"A", grid(d.vgprs_a, 32, rng, true)},
                      {"B", grid(d.vgprs_b, 32, rng, true)},
                      {"C", grid(d.vgprs_c, 32, rng, true)}}}};
    input += line.dump() + "\n";
    if (n % 10 == 3) input += line.dump().replace(2, 2, "ix") + "\n";  // an unknown key: the fast lane declines it
  }
  const mxlane_test::Run one = mxlane_test::run_mxlane_on_input({"eval", "--threads", "1"}, input);
  const mxlane_test::Run three = mxlane_test::run_mxlane_on_input({"eval", "--threads", "3"}, input);
  CHECK(one.code == 2);
  CHECK(one.out == three.out);
  CHECK(one.err == three.err);
  CHECK_THAT(one.err, Catch::Contains("line 5: ix: unknown key (allowed: "));
}

TEST_CASE("eval fast path: mutated lines are taken only when the reference path evaluates them the same",
          "[cli][eval][fast]") {
  // One byte of a valid line replaced by a character that matters to JSON or to a word's spelling:
  // the scanner must decline whatever the full parser refuses or reads differently.
  std::mt19937_64 rng(3);
  static constexpr char kReplacements[] = "\"',:[]{}0123456789abcdefgxX.eE-+ \t\\/n";
  Compared counts;
  for (const char* inst : {"v_mfma_f32_4x4x4f16", "v_wmma_f32_16x16x16_f16", "v_mfma_f64_4x4x4f64"}) {
    const bool mfma = inst[2] == 'm';
    const auto& arch = mxlane::arch_info(mfma ? mxlane::ArchId::gfx90a : mxlane::ArchId::gfx1100);
    const mxlane::InstrDesc& d = mxlane::resolve_instruction(arch, inst);
    for (int n = 0; n < 150; ++n) {
      Json line{{"id", "m"}, {"arch", std::string(arch.name)}, {"inst", inst}, {"wave", d.wave}};
      line["src"] = Json{{"A", grid(d.vgprs_a, d.wave, rng, true)},
                         {"B", grid(d.vgprs_b, d.wave, rng, true)},
                         {"C", grid(d.vgprs_c, d.wave, rng, true)}};
      std::string text = line.dump();
      const std::size_t at = rng() % text.size();
      text[at] = kReplacements[rng() % (sizeof(kReplacements) - 1)];
      if (rng() % 4 == 0) text.insert(rng() % text.size(), 1, kReplacements[rng() % (sizeof(kReplacements) - 1)]);
      compare_paths(text, counts);
    }
  }
  CHECK(counts.fast_lane > 0);
  CHECK(counts.fast_lane < counts.lines);
}

TEST_CASE("eval fast path: the 8-digit hex decoder agrees with std::from_chars for every byte at every position",
          "[fast][eval]") {
  // hex_digits8() decides all 8 bytes at once; its argument treats each byte on its own, so every
  // value of every single byte, around a few valid words, covers each byte's every case.
  const auto expected = [](const char(&text)[8], std::uint32_t& value) {
    for (const char c : text)  // from_chars also takes no sign or prefix here, but say which bytes count
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
    const auto [end, error] = std::from_chars(text, text + 8, value, 16);
    return error == std::errc() && end == text + 8;
  };
  std::mt19937_64 rng(8);
  static constexpr char kDigits[] = "0123456789abcdefABCDEF";
  int checked = 0, valid = 0;
  for (int base = 0; base < 24; ++base) {
    char word[8];
    for (char& c : word) c = kDigits[rng() % 22];
    for (int position = 0; position < 8; ++position)
      for (int byte = 0; byte < 256; ++byte) {
        char text[8];
        std::memcpy(text, word, 8);
        text[position] = static_cast<char>(byte);
        std::uint64_t loaded;
        std::memcpy(&loaded, text, 8);
        std::uint32_t got = 0, want = 0;
        const bool ok = mxlane::protocol::hex_digits8(loaded, got);
        INFO("text " << std::string(text, 8));
        REQUIRE(ok == expected(text, want));
        if (ok) REQUIRE(got == want);
        ++checked;
        valid += ok ? 1 : 0;
      }
  }
  CHECK(checked == 24 * 8 * 256);
  CHECK(valid == 24 * 8 * 22);  // 22 hex digit bytes per position
}

TEST_CASE("eval fast path: a control byte outside a string is the full parser's error, after any scalar",
          "[cli][eval][fast]") {
  // nlohmann reads NUL as the end of its input: the scanner must not hand it "32\0" to parse as 32
  // (a fuzzing finding, fuzz/regressions/eval_line/nul_after_scalar). Every position of the fields
  // around the word lists, each byte JSON forbids outside strings.
  std::mt19937_64 rng(5);
  const auto& arch = mxlane::arch_info(mxlane::ArchId::gfx1100);
  const mxlane::InstrDesc& d = mxlane::resolve_instruction(arch, "v_wmma_f32_16x16x16_f16");
  Json line{{"id", 7}, {"arch", "gfx1100"}, {"inst", "v_wmma_f32_16x16x16_f16"}, {"wave", 32}};
  line["src"] = Json{{"A", grid(d.vgprs_a, 32, rng, true)},
                     {"B", grid(d.vgprs_b, 32, rng, true)},
                     {"C", grid(d.vgprs_c, 32, rng, true)}};
  line["mods"] = Json::object();
  line["exec"] = "0xffffffff";
  const std::string text = line.dump();
  const std::size_t src = text.find("\"src\""), after = text.find("]]}") + 3;
  REQUIRE(src != std::string::npos);
  Compared counts;
  for (const char control : {'\0', '\x01', '\x1f', '\x7f'})
    for (std::size_t at = 1; at < text.size(); at = at + 1 == src ? after : at + 1) {
      std::string mutated = text;
      mutated.insert(at, 1, control);
      compare_paths(mutated, counts);
      CHECK(mxlane::protocol::eval_line(mutated, false, EvalEngine::reference).status == EvalOutcome::Status::error);
    }
  CHECK(counts.fast_lane == 0);
}

TEST_CASE("eval fast path: every byte inserted or substituted around the word lists keeps the full path's answer",
          "[cli][eval][fast]") {
  // What found the NUL above, made a test: one-byte mutations of the line's scalar fields and key
  // syntax (the word lists have their own strict scanner, exercised by the mutation test above).
  // Every byte value; under the sanitizers every 13th (NUL among them).
  std::mt19937_64 rng(6);
  const auto& arch = mxlane::arch_info(mxlane::ArchId::gfx90a);
  const mxlane::InstrDesc& d = mxlane::resolve_instruction(arch, "v_mfma_f32_4x4x4f16");
  Json line{{"id", "x1"}, {"arch", "gfx90a"}, {"inst", "v_mfma_f32_4x4x4f16"}, {"wave", 64}};
  line["mods"] = Json{{"cbsz", 1}, {"abid", 0}, {"blgp", 2}};
  line["exec"] = "0xffffffffffffffff";
  line["options"] = Json{{"cbsz_model", "isa"}};
  line["src"] = Json{{"A", grid(d.vgprs_a, 64, rng, true)},
                     {"B", grid(d.vgprs_b, 64, rng, true)},
                     {"C", grid(d.vgprs_c, 64, rng, true)}};
  const std::string text = line.dump();
  const std::size_t src = text.find("\"src\"");
  REQUIRE(src != std::string::npos);
  Compared counts;
  const int step = mxlane_test::kSanitized ? 13 : 1;
  for (int byte = 0; byte < 256; byte += step)
    for (std::size_t at = 0; at <= src; ++at) {
      std::string inserted = text;
      inserted.insert(at, 1, static_cast<char>(byte));
      compare_paths(inserted, counts);
      std::string substituted = text;
      substituted[at] = static_cast<char>(byte);
      compare_paths(substituted, counts);
    }
  INFO(counts.fast_lane << " of " << counts.lines << " mutated lines took the fast lane");
  CHECK(counts.fast_lane > 0);  // spaces, digits in the id: some mutations stay valid
  CHECK(counts.fast_lane < counts.lines);
}
