// Decoding the differing words of a D mismatch through D's layout (layouts/operand_layout.hpp).
#include "emu/protocol/mismatch_report.hpp"

#include "emu/formats/exact_value.hpp"
#include "emu/formats/reference_rounding.hpp"
#include "emu/insns/element_trace.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "layouts/slot_notation.hpp"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

std::uint64_t expected_bits(const std::vector<std::vector<std::uint32_t>>& expect, const Slot& s) {
  const auto lane = static_cast<std::size_t>(s.lane);
  if (s.width() == 64)
    return std::uint64_t{expect[static_cast<std::size_t>(s.vgpr)][lane]} |
           (std::uint64_t{expect[static_cast<std::size_t>(s.vgpr + 1)][lane]} << 32);
  const std::uint64_t word = expect[static_cast<std::size_t>(s.vgpr)][lane];
  return (word >> s.bit_lo) & ((std::uint64_t{1} << s.width()) - 1);
}

// "0x3f800000 (1)"; an integer D element as its signed value.
std::string value_text(ElemType type, std::uint64_t bits) {
  const int width = elem_bits(type);
  if (const FormatSpec* f = element_format(type))
    return fmt::format("{:#0{}x} ({})", bits, width / 4 + 2, decimal_text(*f, bits));
  std::int64_t v = static_cast<std::int64_t>(bits);
  if (width < 64 && ((bits >> (width - 1)) & 1) != 0) v -= std::int64_t{1} << width;
  return fmt::format("{:#0{}x} ({})", bits, width / 4 + 2, v);
}

Json ulps_of(ElemType type, std::uint64_t a, std::uint64_t b) {
  if (const FormatSpec* f = element_format(type)) {
    const auto d = ulp_distance(*f, a, b);
    return d ? Json(*d) : Json(nullptr);
  }
  const int width = elem_bits(type);
  const auto sign_extend = [width](std::uint64_t bits) {
    std::int64_t v = static_cast<std::int64_t>(bits);
    if (width < 64 && ((bits >> (width - 1)) & 1) != 0) v -= std::int64_t{1} << width;
    return v;
  };
  const std::int64_t x = sign_extend(a), y = sign_extend(b);
  return Json(static_cast<std::uint64_t>(x > y ? x - y : y - x));
}

}  // namespace

void describe_d_mismatches(Json& diff, const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                           const std::vector<std::vector<std::uint32_t>>& expect, const LaneRegFile& regs, int d_base) {
  const OperandLayout layout(d, Operand::D, mods, switches);
  for (Json& entry : diff) {
    Json elements = Json::array();
    for (const SlotContents& s : layout.inverse(entry["vgpr"].get<int>(), entry["lane"].get<int>())) {
      const std::uint64_t want = expected_bits(expect, s.slot);
      const std::uint64_t got = read_slot(regs, d_base, s.slot);
      if (want == got) continue;
      for (const Placement& p : s.elements) {
        Json e{{"block", p.block}, {"i", p.row}, {"j", p.col}};
        if (s.slot.width() != 32) e["bits"] = fmt::format("[{}:{}]", s.slot.bit_hi, s.slot.bit_lo);
        e["expect"] = value_text(d.d_type, want);
        e["got"] = value_text(d.d_type, got);
        e["ulps"] = ulps_of(d.d_type, want, got);
        e["name"] = element_notation(Operand::D, p, d.blocks > 1);
        elements.push_back(std::move(e));
      }
    }
    entry["elements"] = std::move(elements);
  }
}

std::string mismatch_word_text(const Json& entry) {
  const std::string where = fmt::format("v{}{{{}}}", entry["vgpr"].get<int>(), entry["lane"].get<int>());
  const std::string words =
      fmt::format("expected {}, got {}", entry["expect"].get<std::string>(), entry["got"].get<std::string>());
  if (!entry.contains("elements")) return fmt::format("{}: {}", where, words);
  if (entry["elements"].empty()) return fmt::format("{} (bits of no D element): {}", where, words);
  std::string text;
  for (const Json& e : entry["elements"]) {
    const std::string ulps =
        e["ulps"].is_null() ? "no ulp distance (NaN)" : fmt::format("{} ulp", e["ulps"].get<std::uint64_t>());
    text +=
        fmt::format("{}{} {}{}: expected {}, got {}, {}", text.empty() ? "" : "; ", where, e["name"].get<std::string>(),
                    e.contains("bits") && e["bits"] != "[63:0]" ? fmt::format(".{}", e["bits"].get<std::string>()) : "",
                    e["expect"].get<std::string>(), e["got"].get<std::string>(), ulps);
  }
  return text;
}

}  // namespace mxlane::protocol
