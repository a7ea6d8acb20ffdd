// Evaluation of one JSON line: strict validation (unknown keys, shapes, ranges are errors naming
// the field), then the instruction on a fresh register file.
#include "emu/protocol/eval_line.hpp"
#include "emu/isa/declared_archs.hpp"
#include "emu/isa/modifier_set_traits.hpp"
#include "emu/protocol/mismatch_report.hpp"

#include <algorithm>
#include <set>
#include <span>

#include "emu/api/matrix.hpp"
#include "emu/api/matrix_executor.hpp"
#include "emu/insns/execute.hpp"
#include "emu/insns/execute_valu.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "fmt/format.h"
#include "emu/protocol/name_resolution.hpp"
#include "emu/protocol/element_text.hpp"
#include "emu/protocol/json_number_text.hpp"
#include "emu/protocol/line_reader.hpp"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& field, const std::string& why) {
  throw InvalidArgument(field.empty() ? why : fmt::format("{}: {}", field, why));
}

// What a number was expected to be, for the error that quotes it.
enum class NumberKind { word, integer };

std::string number_error(NumberKind kind, const std::string& field, const std::string& text) {
  if (kind == NumberKind::word)
    return fmt::format("{}: {} is not a word: give an integer in 0..4294967295 or \"0x\" and 1 to 8 hex digits", field,
                       text);
  const bool integer_text = text.find_first_of(".eE") == std::string::npos;  // beyond 64 bits, still an integer
  return integer_text ? fmt::format("{}: {} is out of range", field, text)
                      : fmt::format("{}: expected an integer, got {}", field, text);
}

// A non-integer number (1e3, 1.5, or an integer beyond 64 bits): nlohmann kept only its double,
// so the message is composed where the line's text is at hand (quoting_numbers).
class NonIntegerNumber : public InvalidArgument {
 public:
  NonIntegerNumber(NumberKind kind, std::string field, const std::string& dumped)
      : InvalidArgument(number_error(kind, field, dumped)), kind_(kind), field_(std::move(field)) {}
  // The message with the number as `line` wrote it.
  std::string message_for(std::string_view line) const {
    const std::optional<std::string> text = number_text_at(line, field_);
    return text ? number_error(kind_, field_, *text) : what();
  }

 private:
  NumberKind kind_;
  std::string field_;
};

// A number that is not what `kind` allows: its error, quoting it as the input wrote it.
[[noreturn]] void fail_number(NumberKind kind, const std::string& field, const Json& v) {
  if (v.is_number_float()) throw NonIntegerNumber(kind, field, v.dump());
  throw InvalidArgument(number_error(kind, field, v.dump()));
}

// Runs `validate` on `line`'s parsed JSON, turning a NonIntegerNumber into the message that
// quotes the number as written.
template <class Validate>
auto quoting_numbers(std::string_view line, Validate&& validate) {
  try {
    return validate();
  } catch (const NonIntegerNumber& e) {
    throw InvalidArgument(e.message_for(line));
  }
}

std::uint32_t parse_word(const Json& v, const std::string& field) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (s.size() < 3 || s.size() > 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
      fail(field, fmt::format("'{}' is not a hex word \"0x\" followed by 1 to 8 hex digits", s));
    std::uint32_t w = 0;
    for (std::size_t i = 2; i < s.size(); ++i) {
      const char c = s[i];
      const int digit = (c >= '0' && c <= '9')   ? c - '0'
                        : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                        : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                                 : -1;
      if (digit < 0) fail(field, fmt::format("'{}' is not a hex word", s));
      w = (w << 4) | static_cast<std::uint32_t>(digit);
    }
    return w;
  }
  // Exactly the integers 0..2^32-1: a negative number is not read as two's complement, and
  // 1e3 or 4.0 is refused rather than converted (README "mxlane eval").
  if (v.is_number_unsigned() && v.get<std::uint64_t>() <= 0xFFFFFFFFULL)
    return static_cast<std::uint32_t>(v.get<std::uint64_t>());
  if (v.is_number_integer() && v.get<std::int64_t>() == 0) return 0;  // -0 is the integer 0
  if (v.is_number()) fail_number(NumberKind::word, field, v);
  fail(field, fmt::format("expected a hex string or an integer, got {}", v.dump()));
}

int parse_int(const Json& v, const std::string& field) {
  if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
  if (v.is_number_float()) fail_number(NumberKind::integer, field, v);
  if (!v.is_number_integer()) fail(field, fmt::format("expected an integer, got {}", v.dump()));
  const auto i = v.get<std::int64_t>();
  if (i < -1000000 || i > 1000000) fail(field, fmt::format("{} is out of range", i));
  return static_cast<int>(i);
}

// A list of `vgprs` VGPRs of `wave` lane words each.
std::vector<std::vector<std::uint32_t>> parse_vgprs(const Json& v, const std::string& field, int vgprs, int wave) {
  if (!v.is_array()) fail(field, "expected a list of VGPRs (each a list of lane words)");
  if (static_cast<int>(v.size()) != vgprs)
    fail(field, fmt::format("expected {} VGPR{}, got {}", vgprs, vgprs == 1 ? "" : "s", v.size()));
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t r = 0; r < v.size(); ++r) {
    const std::string reg_field = fmt::format("{}[{}]", field, r);
    if (!v[r].is_array()) fail(reg_field, "expected a list of lane words");
    if (static_cast<int>(v[r].size()) != wave)
      fail(reg_field,
           fmt::format("expected {} lane words{}, got {}", wave,
                       wave == 32 || wave == 64 ? fmt::format(" (wave{})", wave) : std::string(), v[r].size()));
    std::vector<std::uint32_t> lanes;
    for (std::size_t l = 0; l < v[r].size(); ++l)
      lanes.push_back(parse_word(v[r][l], fmt::format("{}[{}]", reg_field, l)));
    out.push_back(std::move(lanes));
  }
  return out;
}

// (A plain list, searched linearly: a std::set built per call cost every eval line allocations.)
void check_keys(const Json& obj, const std::string& where, std::span<const std::string_view> allowed) {
  for (const auto& [key, value] : obj.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      const std::set<std::string_view> sorted(allowed.begin(), allowed.end());
      std::string list;
      for (const std::string_view k : sorted) list += std::string(list.empty() ? "" : ", ") + std::string(k);
      fail(where.empty() ? key : where + "." + key, fmt::format("unknown key (allowed: {})", list));
    }
}
void check_keys(const Json& obj, const std::string& where, std::initializer_list<std::string_view> allowed) {
  check_keys(obj, where, std::span<const std::string_view>(allowed.begin(), allowed.size()));
}

Modifiers parse_mods(const Json& mods, const InstrDesc& d) {
  if (!mods.is_object()) fail("mods", "expected an object");
  static const std::vector<std::string_view> keys = matrix_mod_keys(true);
  check_keys(mods, "mods", keys);
  Modifiers m;
  for (const auto& [key, value] : mods.items()) {
    const int v = parse_int(value, "mods." + key);
    if (key == "a_signed" || key == "b_signed") continue;
    if (key == "byte_sel" || key == "word_sel")
      fail("mods." + key, fmt::format("{} does not take {}", d.mnemonic, key));
    set_modifier(m, key, v);
  }
  // a_signed / b_signed are the integer WMMA builtins' names for NEG[0] / NEG[1].
  for (const auto& [key, bit] : {std::pair{"a_signed", 1}, std::pair{"b_signed", 2}}) {
    if (!mods.contains(key)) continue;
    if (!modifier_set_traits(d.modifiers).neg_is_signedness)
      fail(std::string("mods.") + key, fmt::format("{} does not take {} (integer WMMA only)", d.mnemonic, key));
    const int v = parse_int(mods[key], std::string("mods.") + key);
    if (v != 0 && v != 1) fail(std::string("mods.") + key, "must be 0 or 1");
    if (mods.contains("neg") && ((m.neg & bit) != 0) != (v != 0))
      fail(std::string("mods.") + key, fmt::format("contradicts mods.neg = {}", m.neg));
    m.neg = v ? (m.neg | bit) : (m.neg & ~bit);
  }
  try {
    validate_modifiers(d, m);
  } catch (const InvalidArgument& e) {
    fail("mods", e.what());
  }
  return m;
}

Switches parse_options(const Json& in, const ArchInfo& arch) {
  Switches switches;
  if (!in.contains("options")) return switches;
  const Json& o = in["options"];
  if (!o.is_object()) fail("options", "expected an object of switch names and values");
  for (const auto& [key, value] : o.items()) {
    if (!value.is_string() && !value.is_number_integer() && !value.is_boolean())
      fail("options." + key, "expected a string or integer value");
    const std::string v = value.is_string()    ? value.get<std::string>()
                          : value.is_boolean() ? (value.get<bool>() ? "1" : "0")
                                               : std::to_string(value.get<std::int64_t>());
    try {
      set_switch_for(switches, key, v, arch_bit(arch.id));
    } catch (const InvalidArgument& e) {
      fail("options." + key, e.what());
    }
  }
  return switches;
}

// The exec mask over `lanes` lanes of a `wave`-lane register file (all active when absent).
ExecMask parse_exec(const Json& in, int lanes, int wave) {
  std::uint64_t all = lanes == 64 ? ~0ULL : (1ULL << lanes) - 1;
  if (!in.contains("exec")) return ExecMask(wave, all);
  const Json& e = in["exec"];
  std::uint64_t bits = 0;
  if (e.is_string()) {
    const std::string& s = e.get_ref<const std::string&>();
    if (s.size() < 3 || s.size() > 18 || s.rfind("0x", 0) != 0 ||
        s.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
      fail("exec", fmt::format("'{}' is not a hex mask \"0x\" + 1 to 16 hex digits", s));
    bits = std::stoull(s.substr(2), nullptr, 16);
  } else if (e.is_number_unsigned()) {
    bits = e.get<std::uint64_t>();
  } else {
    fail("exec", "expected a hex string or a non-negative integer");
  }
  if ((bits & ~all) != 0) fail("exec", fmt::format("{:#x} has bits beyond the {} lanes given", bits, lanes));
  return ExecMask(wave, bits);
}

void load_vgprs(LaneRegFile& regs, int base, const std::vector<std::vector<std::uint32_t>>& words) {
  for (std::size_t r = 0; r < words.size(); ++r)
    for (std::size_t l = 0; l < words[r].size(); ++l)
      regs.set_word(base + static_cast<int>(r), static_cast<int>(l), words[r][l]);
}

// "match"/"diff" against `expect` for `count` VGPRs of `lanes` lanes at `base`.
void compare(EvalOutcome& outcome, const LaneRegFile& regs, int base,
             const std::vector<std::vector<std::uint32_t>>& expect) {
  Json diff = Json::array();
  for (std::size_t r = 0; r < expect.size(); ++r)
    for (std::size_t l = 0; l < expect[r].size(); ++l) {
      const std::uint32_t got = regs.word(base + static_cast<int>(r), static_cast<int>(l));
      if (expect[r][l] != got)
        diff.push_back(Json{{"vgpr", r},
                            {"lane", l},
                            {"expect", fmt::format("{:#010x}", expect[r][l])},
                            {"got", fmt::format("{:#010x}", got)}});
    }
  outcome.output["match"] = diff.empty();
  if (!diff.empty()) {
    outcome.output["diff"] = std::move(diff);
    outcome.status = EvalOutcome::Status::mismatch;
  }
}

Json words_json(const LaneRegFile& regs, int base, int count, int lanes) {
  Json out = Json::array();
  for (int r = 0; r < count; ++r) {
    Json row = Json::array();
    for (int l = 0; l < lanes; ++l) row.push_back(fmt::format("{:#010x}", regs.word(base + r, l)));
    out.push_back(std::move(row));
  }
  return out;
}

// The line's matrix instruction ("inst", at "wave" when given); an unknown one is refused naming "inst".
const InstrDesc& line_instruction(const Json& in, const ArchInfo& arch, std::optional<int> wave) {
  try {
    return resolve_instruction(arch, in["inst"].get<std::string>(), wave);
  } catch (const InvalidArgument& e) {
    fail("inst", e.what());
  }
}

// A matrix instruction's line loaded into a register file: operands A, B, C of exactly the
// instruction's VGPR and lane counts (and IDX for SMFMAC). `grids` reads the word lists: grids.has(name)
// says whether the line has "src", "dst" or "expect" (src: an object with only A, B, C, IDX), and
// grids.words(name, field, vgprs, wave) returns one as parse_vgprs() does ("A", "B", "C" under
// src; "dst"; "expect"); grids.load(regs, base, name, field, vgprs, wave) writes one into `regs`
// at VGPR `base`.
template <class Grids>
LoadedMatrixLine load_matrix_from(const Json& in, const ArchInfo& arch, std::optional<int> wave, bool require_expect,
                                  Grids& grids) {
  const InstrDesc& d = line_instruction(in, arch, wave);
  LoadedMatrixLine line{&d,
                        in.contains("mods") ? parse_mods(in["mods"], d) : Modifiers{},
                        parse_options(in, arch),
                        LaneRegFile(d.wave, consecutive_operand_vgprs(d)),
                        {},
                        {}};
  LaneRegFile& regs = line.regs;
  regs.exec() = parse_exec(in, d.wave, d.wave);
  if (!grids.has("src"))
    fail("src", d.has(Operand::IDX)  ? "missing or not an object with A, B, C, IDX"
                : d.has(Operand::SA) ? "missing or not an object with A, B, C, SA, SB"
                                     : "missing or not an object with A, B, C");
  MatrixOperands& ops = line.ops;
  ops = consecutive_operands(d);
  if (d.tied) ops.d = ops.c;  // the _tied builtins write D over C
  // IDX: SMFMAC's index register; SA/SB: the scaled f8f6f4 MFMA's scale registers; one VGPR each
  // (docs/spec/interfaces.md "eval").
  if (!d.has(Operand::IDX) && grids.has("IDX"))
    fail("src.IDX", fmt::format("{} is dense: IDX is the index register of the sparse SMFMAC and SWMMAC instructions",
                                d.mnemonic));
  for (const char* scale : {"SA", "SB"})
    if (!d.has(Operand::SA) && grids.has(scale))
      fail(std::string("src.") + scale,
           fmt::format("{} has no scale registers: SA and SB belong to the gfx950 scaled f8f6f4 MFMA "
                       "(v_mfma_scale_f32_*_f8f6f4)",
                       d.mnemonic));
  for (const auto& [name, op, base] :
       {std::tuple{"A", Operand::A, ops.a.base}, std::tuple{"B", Operand::B, ops.b.base},
        std::tuple{"C", Operand::C, ops.c.base}, std::tuple{"IDX", Operand::IDX, ops.idx.base},
        std::tuple{"SA", Operand::SA, ops.sa.base}, std::tuple{"SB", Operand::SB, ops.sb.base}}) {
    if (!d.has(op)) continue;
    if (!grids.has(name)) fail(std::string("src.") + name, "missing");
    grids.load(regs, base, name, std::string("src.") + name, d.vgprs(op), d.wave);
  }
  if (grids.has("dst")) {
    if (d.tied) fail("dst", fmt::format("{} writes D over C (tied); give the previous contents in src.C", d.builtin));
    grids.load(regs, ops.d.base, "dst", "dst", d.vgprs_cd, d.wave);
  }
  if (grids.has("expect"))
    line.expect = grids.words("expect", "expect", d.vgprs_cd, d.wave);
  else if (require_expect)
    fail("expect", "missing: a replay line carries the captured D");
  return line;
}

// The word lists of a parsed line.
class JsonGrids {
 public:
  explicit JsonGrids(const Json& in) : in_(in) {}
  bool has(std::string_view name) {
    if (name == "dst" || name == "expect") return in_.contains(name);
    if (!in_.contains("src") || !in_["src"].is_object()) return false;
    if (name == "src") {
      check_keys(in_["src"], "src", {"A", "B", "C", "IDX", "SA", "SB"});
      return true;
    }
    return in_["src"].contains(name);
  }
  std::vector<std::vector<std::uint32_t>> words(std::string_view name, const std::string& field, int vgprs, int wave) {
    const Json& v = (name == "dst" || name == "expect") ? in_[std::string(name)] : in_["src"][std::string(name)];
    return parse_vgprs(v, field, vgprs, wave);
  }
  void load(LaneRegFile& regs, int base, std::string_view name, const std::string& field, int vgprs, int wave) {
    load_vgprs(regs, base, words(name, field, vgprs, wave));
  }

 private:
  const Json& in_;
};

LoadedMatrixLine load_matrix(const Json& in, const ArchInfo& arch, std::optional<int> wave, bool require_expect) {
  JsonGrids grids(in);
  return load_matrix_from(in, arch, wave, require_expect, grids);
}

void eval_matrix(const Json& in, const ArchInfo& arch, std::optional<int> wave, bool require_expect, EvalEngine engine,
                 EvalOutcome& outcome) {
  LoadedMatrixLine line = load_matrix(in, arch, wave, require_expect);
  const InstrDesc& d = *line.desc;
  if (engine == EvalEngine::fast)
    execute_matrix_fast(d, line.regs, line.ops, line.mods, line.switches);
  else
    execute_matrix(d, line.regs, line.ops, line.mods, line.switches);
  outcome.desc = &d;
  outcome.mods = line.mods;
  outcome.switches = line.switches;
  outcome.output["D"] = words_json(line.regs, line.ops.d.base, d.vgprs_cd, d.wave);
  if (!line.expect.empty()) compare(outcome, line.regs, line.ops.d.base, line.expect);
  if (outcome.status == EvalOutcome::Status::mismatch)
    describe_d_mismatches(outcome.output["diff"], d, line.mods, line.switches, line.expect, line.regs, line.ops.d.base);
}

// One operand's element values (`values.A`, ...): a rows x cols matrix of strings or integers per
// block, written [block][row][col], or [row][col] for a single-block instruction; an operand not
// given is +0 everywhere (docs/spec/interfaces.md "eval", element values).
std::vector<BitMatrix> parse_element_matrices(const Json& values, const InstrDesc& d, const Modifiers& mods,
                                              Operand op, const std::string& name) {
  const std::string field = "values." + name;
  const int rows = d.rows(op), cols = d.cols(op);
  std::vector<BitMatrix> blocks(static_cast<std::size_t>(d.blocks), BitMatrix::Zero(rows, cols));
  if (!values.contains(name)) return blocks;
  const Json& v = values[name];
  // [row][col] (one block) when the first entry's entries are not themselves lists.
  const bool one_block = v.is_array() && !v.empty() && v[0].is_array() && (v[0].empty() || !v[0][0].is_array());
  const auto shape = [&] {
    return d.blocks == 1 ? fmt::format("{} rows of {} elements (or [[...]] for its one block)", rows, cols)
                         : fmt::format("{} blocks of {} rows of {} elements", d.blocks, rows, cols);
  };
  if (!v.is_array() || (one_block && d.blocks != 1) || (!one_block && static_cast<int>(v.size()) != d.blocks))
    fail(field, fmt::format("expected {}", shape()));
  for (int b = 0; b < d.blocks; ++b) {
    const Json& block = one_block ? v : v[static_cast<std::size_t>(b)];
    const std::string block_field = one_block ? field : fmt::format("{}[{}]", field, b);
    if (!block.is_array() || static_cast<int>(block.size()) != rows) fail(block_field, fmt::format("expected {}", shape()));
    for (int i = 0; i < rows; ++i) {
      const Json& row = block[static_cast<std::size_t>(i)];
      const std::string row_field = fmt::format("{}[{}]", block_field, i);
      if (!row.is_array() || static_cast<int>(row.size()) != cols) fail(row_field, fmt::format("expected {}", shape()));
      for (int j = 0; j < cols; ++j) {
        const Json& e = row[static_cast<std::size_t>(j)];
        const std::string at = fmt::format("{}[{}]", row_field, j);
        // A JSON number with a fraction has passed through binary64 already: the text form keeps every digit.
        if (!e.is_string() && !e.is_number_integer())
          fail(at, "expected a string (\"1.5\", \"-0\", \"inf\", \"nan\", \"0x3c00\") or an integer");
        const std::string text = e.is_string() ? e.get<std::string>() : e.dump();
        blocks[static_cast<std::size_t>(b)](i, j) = parse_element_value(d, mods, op, text, at);
      }
    }
  }
  return blocks;
}

// A line with element values: its instruction, modifiers, switches and matrices, checked.
struct ValuesLine {
  const InstrDesc* desc;
  Modifiers mods;
  Switches switches;
  std::vector<BitMatrix> a, b, c, idx, sa, sb;
};

ValuesLine parse_values_line(const Json& in, const ArchInfo& arch, std::optional<int> wave, bool require_expect) {
  for (const char* key : {"src", "dst", "expect", "exec"})
    if (in.contains(key))
      fail(key, "cannot be combined with \"values\": give registers (src, dst, exec, expect) or element values");
  if (require_expect) fail("values", "a replay line compares registers: give src and expect, not element values");
  const InstrDesc& d = line_instruction(in, arch, wave);
  ValuesLine line{&d, in.contains("mods") ? parse_mods(in["mods"], d) : Modifiers{}, parse_options(in, arch), {}, {}, {}, {}, {}, {}};
  const Json& values = in["values"];
  if (!values.is_object()) fail("values", "expected an object of element matrices: {\"A\": [[...]], \"B\": ..., \"C\": ...}");
  std::vector<std::string_view> names{"A", "B", "C"};
  if (d.has(Operand::IDX)) names.push_back("IDX");
  if (d.has(Operand::SA)) names.insert(names.end(), {"SA", "SB"});
  check_keys(values, "values", std::span<const std::string_view>(names));
  for (const auto& [op, name, matrices] :
       {std::tuple{Operand::A, "A", &line.a}, std::tuple{Operand::B, "B", &line.b}, std::tuple{Operand::C, "C", &line.c},
        std::tuple{Operand::IDX, "IDX", &line.idx}, std::tuple{Operand::SA, "SA", &line.sa},
        std::tuple{Operand::SB, "SB", &line.sb}})
    if (d.has(op)) *matrices = parse_element_matrices(values, d, line.mods, op, name);
  return line;
}

// The registers of a values line (for a trace of it): the matrices where the layouts put them.
LoadedMatrixLine load_values_line(const Json& in, const ArchInfo& arch, std::optional<int> wave) {
  const ValuesLine v = parse_values_line(in, arch, wave, false);
  try {  // what place_matrices() still refuses (an index no register holds) is about the values
    PlacedMatrices placed = place_matrices(*v.desc, v.a, v.b, v.c, v.mods, v.switches, v.idx, v.sa, v.sb);
    return LoadedMatrixLine{v.desc, v.mods, v.switches, std::move(placed.regs), placed.ops, {}};
  } catch (const InvalidArgument& e) {
    fail("values", e.what());
  }
}

// A matrix instruction on element values instead of registers: the elements go where the layouts put
// them (run_matrix(): without modifiers; the instruction then reads them as the modifiers say), and
// D comes back as elements, each as its exact value and its bits.
void eval_matrix_values(const Json& in, const ArchInfo& arch, std::optional<int> wave, bool require_expect,
                        EvalOutcome& outcome) {
  const ValuesLine v = parse_values_line(in, arch, wave, require_expect);
  const InstrDesc& d = *v.desc;
  std::vector<BitMatrix> result;
  try {  // what run_matrix() still refuses (an SMFMAC index no register holds) is about the values
    result = run_matrix(d, v.a, v.b, v.c, v.mods, v.switches, v.idx, v.sa, v.sb);
  } catch (const InvalidArgument& e) {
    fail("values", e.what());
  }
  Json value_blocks = Json::array(), bit_blocks = Json::array();
  for (const BitMatrix& m : result) {
    Json value_rows = Json::array(), bit_rows = Json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      Json value_row = Json::array(), bit_row = Json::array();
      for (Eigen::Index j = 0; j < m.cols(); ++j) {
        value_row.push_back(element_value_text(d, v.mods, Operand::D, m(i, j)));
        bit_row.push_back(element_bits_text(d, v.mods, Operand::D, m(i, j)));
      }
      value_rows.push_back(std::move(value_row));
      bit_rows.push_back(std::move(bit_row));
    }
    value_blocks.push_back(std::move(value_rows));
    bit_blocks.push_back(std::move(bit_rows));
  }
  outcome.desc = &d;
  outcome.mods = v.mods;
  outcome.switches = v.switches;
  outcome.output["values"] = Json{{"D", std::move(value_blocks)}};
  outcome.output["bits"] = Json{{"D", std::move(bit_blocks)}};
}

// A VALU builtin: operands src0..src2 in the builtin's argument order, 1 to 64 lanes.
void eval_valu(const Json& in, const ArchInfo& arch, const ValuDesc& v, bool require_expect, EvalOutcome& outcome) {
  const std::string inst = in["inst"].get<std::string>();
  try {
    require_available(v, arch.id);
    require_valu_spelling(v, inst, arch.id);
  } catch (const InvalidArgument& e) {
    fail("inst", e.what());
  }
  // A tied spelling (v_dot2c_f32_f16) reads its accumulator from its destination: src2 = dst.
  const ValuTiedSpelling* tied = valu_tied_spelling(v, inst);
  const ValuShape shape = v.shape();
  Modifiers mods;
  if (in.contains("mods")) {
    const Json& m = in["mods"];
    if (!m.is_object()) fail("mods", "expected an object");
    check_keys(
        m, "mods",
        {"opsel", "neg", "neg_hi", "clamp", "cbsz", "abid", "blgp", "a_signed", "b_signed", "byte_sel", "word_sel"});
    for (const auto& [key, value] : m.items()) {
      const int x = parse_int(value, "mods." + key);
      // The builtin's own boolean parameters (a_signed, b_signed) by the signature's traits; the
      // other names are modifier fields (validate_valu_modifiers() checks them below).
      const std::optional<ValuArg> arg = valu_constant_named(key);
      if (arg == ValuArg::a_signed || arg == ValuArg::b_signed) {
        if (!valu_takes(valu_signature_traits(v.signature), *arg))
          fail("mods." + key, fmt::format("{} takes no {}", v.builtin, key));
        if (x != 0 && x != 1) fail("mods." + key, "must be 0 or 1");
        set_valu_constant(mods, *arg, x);
      } else {
        set_modifier(mods, key, x);
      }
    }
    try {
      validate_valu_modifiers(v, mods, tied, arch.id);
    } catch (const InvalidArgument& e) {
      fail("mods", e.what());
    }
  }
  const Switches switches = parse_options(in, arch);
  if (!in.contains("src") || !in["src"].is_object()) fail("src", "missing or not an object with src0, src1, src2");
  const Json& src = in["src"];
  check_keys(src, "src", {"src0", "src1", "src2"});
  // The lane count comes from src0's first VGPR; every operand must agree.
  const Json& first = src.contains("src0") ? src["src0"] : Json();
  if (!first.is_array() || first.empty() || !first[0].is_array()) fail("src.src0", "missing or not a list of VGPRs");
  const int lanes = static_cast<int>(first[0].size());
  if (lanes < 1 || lanes > 64) fail("src.src0[0]", fmt::format("{} lanes; a VGPR holds 1 to 64", lanes));
  LaneRegFile regs(64, 16);
  regs.exec() = parse_exec(in, lanes, 64);
  const ValuOperands ops{{0, 4, 8}, 12};
  for (int n = 0; n < 3; ++n) {
    const std::string name = "src" + std::to_string(n);
    if (shape.src[n] == 0) {
      if (src.contains(name)) fail("src." + name, fmt::format("{} takes no {}", v.builtin, name));
      continue;
    }
    if (n == 2 && tied != nullptr && in.contains("dst")) {
      // The accumulator is the destination's old value: dst alone, or src2 equal to it.
      const auto acc = parse_vgprs(in["dst"], "dst", shape.src[2], lanes);
      if (src.contains(name) && parse_vgprs(src[name], "src." + name, shape.src[n], lanes) != acc)
        fail("dst", fmt::format("{} accumulates into its destination: src2 is dst; give dst alone or src2 equal to it",
                                tied->mnemonic));
      load_vgprs(regs, ops.src[n], acc);
      continue;
    }
    if (!src.contains(name))
      fail("src." + name,
           tied != nullptr && n == 2
               ? fmt::format("missing: {} accumulates into its destination; give dst (or src2)", tied->mnemonic)
               : std::string("missing"));
    load_vgprs(regs, ops.src[n], parse_vgprs(src[name], "src." + name, shape.src[n], lanes));
  }
  if (in.contains("dst")) load_vgprs(regs, ops.dst, parse_vgprs(in["dst"], "dst", shape.dst, lanes));
  std::vector<std::vector<std::uint32_t>> expect;
  if (in.contains("expect"))
    expect = parse_vgprs(in["expect"], "expect", shape.dst, lanes);
  else if (require_expect)
    fail("expect", "missing: a replay line carries the captured D");

  execute_valu(v, arch.id, regs, ops, mods, switches);
  outcome.valu = &v;
  outcome.output["D"] = words_json(regs, ops.dst, shape.dst, lanes);
  if (!expect.empty()) compare(outcome, regs, ops.dst, expect);
}

// The checks every line gets: an object of known keys with "arch" and "inst"; its architecture
// and optional wave size.
std::pair<const ArchInfo*, std::optional<int>> check_line(const Json& in) {
  if (!in.is_object()) fail("", "expected one JSON object per line");
  check_keys(in, "", {"id", "arch", "inst", "wave", "mods", "exec", "options", "src", "dst", "expect", "values"});
  if (!in.contains("arch") || !in["arch"].is_string()) fail("arch", "missing or not a string");
  if (!in.contains("inst") || !in["inst"].is_string()) fail("inst", "missing or not a string");
  const ArchInfo* arch = find_arch(in["arch"].get<std::string>());
  if (arch == nullptr) fail("arch", arch_refusal(in["arch"].get<std::string>()));
  std::optional<int> wave;
  if (in.contains("wave")) {
    wave = parse_int(in["wave"], "wave");
    if (*wave != 32 && *wave != 64) fail("wave", fmt::format("{} is not 32 or 64", *wave));
  }
  return {arch, wave};
}

Json parse_json_line(std::string_view text) {
  // Refused before parsing: the parser recurses once per level (README: Input limits).
  if (json_depth(text) > kMaxJsonDepth)
    fail("", fmt::format("JSON nested deeper than {} levels (README: Input limits)", kMaxJsonDepth));
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {  // parse_error, or out_of_range for a number like 1e400
    // nlohmann's text without its "[json.exception.parse_error.101] " tag.
    const std::string_view what = e.what();
    const std::size_t tag_end = what.find("] ");
    fail("", fmt::format("not valid JSON ({})", tag_end == std::string_view::npos ? what : what.substr(tag_end + 2)));
  }
}

}  // namespace

namespace {

// The word lists a scanner read, shaped-checked as parse_vgprs() checks them.
class ScannedGridsView {
 public:
  explicit ScannedGridsView(const ScannedGrids& g) : g_(g) {}
  bool has(std::string_view name) const {
    if (name == "src") return g_.src;
    return grid(name).present;
  }
  std::vector<std::vector<std::uint32_t>> words(std::string_view name, const std::string& field, int vgprs,
                                                int wave) const {
    const ScannedGrid& g = grid(name);
    if (static_cast<int>(g.row_lengths.size()) != vgprs) fail(field, "VGPR count");
    std::vector<std::vector<std::uint32_t>> out;
    out.reserve(g.row_lengths.size());
    auto next = g.words.begin();
    for (const std::uint32_t length : g.row_lengths) {
      if (static_cast<int>(length) != wave) fail(field, "lane count");
      out.emplace_back(next, next + length);
      next += length;
    }
    return out;
  }
  void load(LaneRegFile& regs, int base, std::string_view name, const std::string& field, int vgprs, int wave) const {
    const ScannedGrid& g = grid(name);
    if (static_cast<int>(g.row_lengths.size()) != vgprs) fail(field, "VGPR count");
    for (const std::uint32_t length : g.row_lengths)
      if (static_cast<int>(length) != wave) fail(field, "lane count");
    if (base < 0 || base + vgprs > regs.num_regs(RegBank::vgpr)) fail(field, "outside the register file");
    std::copy(g.words.begin(), g.words.end(), regs.words().begin() + static_cast<std::ptrdiff_t>(base) * wave);
  }

 private:
  const ScannedGrid& grid(std::string_view name) const {
    if (name == "A") return g_.a;
    if (name == "B") return g_.b;
    if (name == "C") return g_.c;
    if (name == "IDX" || name == "SA" ||
        name == "SB") {  // the scanner takes only A, B, C: such a line goes to the full parser
      static const ScannedGrid kNone;
      return kNone;
    }
    return name == "dst" ? g_.dst : g_.expect;
  }
  const ScannedGrids& g_;
};

}  // namespace

LoadedMatrixLine load_scanned_matrix_line(const Json& fields, const ScannedGrids& grids, bool require_expect) {
  const auto [arch, wave] = check_line(fields);
  if (find_valu(fields["inst"].get<std::string>()) != nullptr) fail("inst", "a VALU builtin");
  ScannedGridsView view(grids);
  return load_matrix_from(fields, *arch, wave, require_expect, view);
}

LoadedMatrixLine load_matrix_line(std::string_view text) {
  const Json in = parse_json_line(text);
  return quoting_numbers(text, [&] {
    const auto [arch, wave] = check_line(in);
    if (find_valu(in["inst"].get<std::string>()) != nullptr)
      fail("inst", fmt::format("{} is a VALU builtin, not a matrix instruction", in["inst"].get<std::string>()));
    if (in.contains("values")) return load_values_line(in, *arch, wave);
    return load_matrix(in, *arch, wave, false);
  });
}

EvalOutcome eval_line(std::string_view text, bool require_expect, EvalEngine engine) {
  EvalOutcome outcome;
  Json id = nullptr;
  try {
    const Json in = parse_json_line(text);
    outcome.input = in;
    if (in.is_object() && in.contains("id")) id = in["id"];
    quoting_numbers(text, [&] {
      const auto [arch, wave] = check_line(in);
      outcome.output = Json{{"id", id}};
      const ValuDesc* v = find_valu(in["inst"].get<std::string>());
      if (in.contains("values") && v != nullptr)
        fail("values", fmt::format("{} is a VALU builtin: element values are for matrix instructions; give src0..src2 in src",
                                   v->builtin));
      if (v != nullptr)
        eval_valu(in, *arch, *v, require_expect, outcome);
      else if (in.contains("values"))
        eval_matrix_values(in, *arch, wave, require_expect, outcome);
      else
        eval_matrix(in, *arch, wave, require_expect, engine, outcome);
    });
  } catch (const InvalidArgument& e) {
    outcome.status = EvalOutcome::Status::error;
    outcome.error = printable(e.what());
    outcome.output = Json{{"id", id}, {"error", outcome.error}};
  }
  return outcome;
}

}  // namespace mxlane::protocol
