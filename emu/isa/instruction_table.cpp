// Builds the instruction table from instructions.def and resolves user-typed names against it.
#include <algorithm>
#include <array>
#include <stdexcept>

#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/instruction_rows.hpp"
#include "emu/isa/modifier_set_traits.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

std::string_view strip_prefix(std::string_view s, std::string_view prefix) {
  return s.starts_with(prefix) ? s.substr(prefix.size()) : s;
}

// Levenshtein distance, for "did you mean" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

bool names_match(const InstrDesc& d, std::string_view key) {
  return key == d.builtin || key == d.mnemonic || key == strip_prefix(d.mnemonic, "v_");
}

}  // namespace

std::string_view operand_name(Operand op) {
  static constexpr std::array<std::string_view, 7> kNames = {"A", "B", "C", "D", "IDX", "SA", "SB"};
  return kNames[static_cast<std::size_t>(op)];
}

std::optional<Operand> parse_operand(std::string_view name) {
  const std::string key = lowercase(name);
  if (key == "a") return Operand::A;
  if (key == "b") return Operand::B;
  if (key == "c") return Operand::C;
  if (key == "d") return Operand::D;
  if (key == "idx") return Operand::IDX;
  if (key == "sa") return Operand::SA;
  if (key == "sb") return Operand::SB;
  return std::nullopt;
}

ElemType InstrDesc::type(Operand op) const {
  switch (op) {
    case Operand::A: return a_type;
    case Operand::B: return b_type;
    case Operand::C: return c_type;
    case Operand::D: return d_type;
    case Operand::IDX: return ElemType::idx2;
    case Operand::SA:
    case Operand::SB: return ElemType::e8m0;
  }
  return d_type;
}

bool InstrDesc::has(Operand op) const {
  if (op == Operand::IDX) return family().sparse_a;
  if (op == Operand::SA || op == Operand::SB) return modifier_set_traits(modifiers).scale_block_k != 0;
  return true;
}

ElemType operand_type(const InstrDesc& d, Operand op, const Modifiers& mods) {
  if ((op == Operand::SA || op == Operand::SB) && d.has(op)) {
    // gfx1250's scales are E8M0, E5M3 or E4M3 by matrix_*_scale_fmt (docs/cdna5.md §2.7); gfx950's E8M0 only.
    switch (scale_format(d, mods, op)) {
      case BlockScaleFormat::e8m0: return ElemType::e8m0;
      case BlockScaleFormat::e5m3: return ElemType::e5m3;
      case BlockScaleFormat::e4m3: return ElemType::fp8;
    }
  }
  const ElemType table = d.type(op);
  if (table != ElemType::f8f6f4) return table;
  const int code = format_code(d, mods, op);
  if (const auto t = f8f6f4_type(code)) return *t;
  throw InvalidArgument(fmt::format("{}={} is not a format of {}: 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4 ({})",
                                    d.format_modifier(op), code, d.mnemonic, d.family().doc));
}

std::string_view InstrDesc::format_modifier(Operand op) const {
  if (!formats_from_modifiers() || (op != Operand::A && op != Operand::B)) return {};
  return op == Operand::A ? family().a_format_modifier : family().b_format_modifier;
}

int format_code(const InstrDesc& d, const Modifiers& mods, Operand op) {
  const std::string_view name = d.format_modifier(op);
  if (name.empty())
    throw std::logic_error(fmt::format("{} has no format modifier for {}", d.mnemonic, operand_name(op)));
  return modifier_value(mods, name);
}

BlockScaleFormat scale_format(const InstrDesc& d, const Modifiers& mods, Operand op) {
  const std::string_view name = op == Operand::SA   ? d.family().a_scale_format_modifier
                                : op == Operand::SB ? d.family().b_scale_format_modifier
                                                    : std::string_view{};
  if (name.empty()) return BlockScaleFormat::e8m0;  // gfx950 (docs/cdna4.md §2.3)
  const int code = modifier_value(mods, name);
  if (code < 0 || code > 2)
    throw InvalidArgument(fmt::format("{}={} is not a scale format of {}: 0 E8M0, 1 E5M3, 2 E4M3 ({})", name, code,
                                      d.mnemonic, d.family().doc));
  return static_cast<BlockScaleFormat>(code);
}

int InstrDesc::vgprs(Operand op) const {
  switch (op) {
    case Operand::A: return vgprs_a;
    case Operand::B: return vgprs_b;
    case Operand::C: return vgprs_c;
    case Operand::D: return vgprs_cd;
    case Operand::IDX:  // 2 bits per stored value of a lane, at least one VGPR (docs/cdna3.md §3; gfx1250
                        // K=128 SWMMAC: two, docs/cdna5.md §2.5)
      return has(op) ? std::max(1, (cols(Operand::A) * m * blocks / wave * 2 + 31) / 32) : 0;
    case Operand::SA:
    case Operand::SB:  // one byte per block: one VGPR (gfx950, gfx1250 scale), two (gfx1250 scale16, 8 blocks)
      return has(op) ? std::max(1, cols(op) * 8 / 32) : 0;  // docs/cdna4.md §2.3, docs/cdna5.md §2.7
  }
  return vgprs_cd;
}

int InstrDesc::rows(Operand op) const {
  if (op == Operand::SB) return n;
  return op == Operand::B ? k : m;
}
int InstrDesc::cols(Operand op) const {
  if (op == Operand::SA || op == Operand::SB) return k / modifier_set_traits(modifiers).scale_block_k;  // per block
  if (op == Operand::IDX || (op == Operand::A && family().sparse_a)) return k / 2;
  return op == Operand::A ? k : n;
}

std::vector<Operand> InstrDesc::operands() const {
  std::vector<Operand> out(std::begin(kAllOperands), std::end(kAllOperands));
  for (Operand extra : {Operand::IDX, Operand::SA, Operand::SB})
    if (has(extra)) out.push_back(extra);
  return out;
}

std::span<const InstrDesc> instruction_table() { return kInstrTable; }

std::vector<const InstrDesc*> instructions_for_arch(ArchId arch) {
  std::vector<const InstrDesc*> out;
  for (const InstrDesc& d : kInstrTable)
    if (d.arch == arch) out.push_back(&d);
  return out;
}

bool operand_signed(const InstrDesc& d, const Modifiers& mods, Operand op) {
  // IDX: positions 0..3 in a group of four k (docs/cdna3.md §3); SA/SB: E8M0 bytes (a biased exponent).
  if (op == Operand::IDX || op == Operand::SA || op == Operand::SB) return false;
  if (op == Operand::C || op == Operand::D || !d.family().neg_chooses_integer_signedness) return true;
  return (mods.neg & (op == Operand::A ? 1 : 2)) != 0;
}

std::string matrix_coverage(const std::function<bool(const InstrDesc&)>& which) {
  // display -> architectures, families in table order, architectures in ArchId order
  std::vector<std::pair<std::string_view, ArchMask>> families;
  for (const InstrDesc& d : kInstrTable) {
    if (which && !which(d)) continue;
    auto it =
        std::find_if(families.begin(), families.end(), [&](const auto& f) { return f.first == d.family().display; });
    if (it == families.end()) it = families.insert(families.end(), {d.family().display, ArchMask{0}});
    it->second |= arch_bit(d.arch);
  }
  std::string out;
  for (const auto& [display, archs] : families)
    out += fmt::format("{}{} on {}", out.empty() ? "" : "; ", display, arch_names(archs));
  return out;
}

static const InstrDesc& resolve_uncached(const ArchInfo& arch, std::string_view name, std::optional<int> wave) {
  const std::string key(strip_prefix(lowercase(name), "__builtin_amdgcn_"));

  // A builtin name fixes the wave size itself. "v_" + a builtin name is the gfx90a-style mnemonic,
  // which LLVM's assembler still accepts on gfx942 (docs/cdna3.md §1): it names that builtin's
  // instruction (a removed builtin stays refused).
  const std::string_view as_builtin = strip_prefix(key, "v_");
  for (const InstrDesc& d : kInstrTable) {
    if (d.arch != arch.id || (key != d.builtin && as_builtin != d.builtin)) continue;
    if (wave && *wave != d.wave)
      throw InvalidArgument(
          fmt::format("wave {} contradicts builtin {}, which runs in wave{}{}", *wave, d.builtin, d.wave,
                      d.family().builtin_suffix_chooses_wave ? " (the _w32/_w64 suffix chooses the wave size)" : ""));
    return d;
  }

  // A mnemonic: several builtins may share it; choose by wave size, untied first.
  const int want_wave = wave.value_or(arch.default_wave);
  const InstrDesc* same_name = nullptr;
  for (const InstrDesc& d : kInstrTable) {
    if (d.arch != arch.id || !names_match(d, key)) continue;
    same_name = &d;
    if (d.wave == want_wave && !d.tied) return d;
  }
  if (same_name != nullptr) {
    std::string waves;
    for (const InstrDesc& d : kInstrTable)
      if (d.arch == arch.id && d.mnemonic == same_name->mnemonic &&
          waves.find(std::to_string(d.wave)) == std::string::npos) {
        waves += waves.empty() ? "wave" : " or wave";
        waves += std::to_string(d.wave);
      }
    throw InvalidArgument(
        fmt::format("{} on {} runs only in {}, not wave{}", same_name->mnemonic, arch.name, waves, want_wave));
  }

  // An architecture mxlane knows only for its VALU builtins: whether the instruction exists there
  // is not in the table, so say what mxlane lacks rather than guess.
  if (!arch.matrix_modelled) {
    std::string modelled;
    for (const ArchInfo& a : all_archs())
      if (a.matrix_modelled) append_item(modelled, a.name);
    throw InvalidArgument(
        fmt::format("'{}': mxlane does not emulate the matrix instructions of {} yet (only those of {}); "
                    "`mxlane list --arch {}` shows its VALU builtins",
                    name, arch.name, modelled, arch.name));
  }

  // Known on another architecture?
  std::string elsewhere;
  for (const InstrDesc& d : kInstrTable) {
    if (!names_match(d, key)) continue;
    const std::string_view other = arch_info(d.arch).name;
    if (elsewhere.find(other) == std::string::npos) append_item(elsewhere, other);
  }
  if (!elsewhere.empty())
    throw InvalidArgument(
        fmt::format("instruction '{}' is not available on {}; it exists on {}", name, arch.name, elsewhere));

  // Unknown: suggest the closest name on this architecture.
  std::string_view best;
  std::size_t best_distance = 0;
  for (const InstrDesc& d : kInstrTable) {
    if (d.arch != arch.id) continue;
    for (std::string_view candidate : {d.mnemonic, d.builtin}) {
      const std::size_t dist = edit_distance(key, candidate);
      if (best.empty() || dist < best_distance) {
        best = candidate;
        best_distance = dist;
      }
    }
  }
  std::string hint = fmt::format("`mxlane list --arch {}` shows every instruction", arch.name);
  if (!best.empty() && best_distance <= std::max<std::size_t>(3, key.size() / 4))
    hint = fmt::format("did you mean {}? ", best) + hint;
  throw InvalidArgument(fmt::format("unknown instruction '{}' on {}; {}", name, arch.name, hint));
}

const InstrDesc& resolve_instruction(const ArchInfo& arch, std::string_view name, std::optional<int> wave) {
  // The last name this thread resolved: eval and replay resolve the same name line after line, and
  // the table scans (with their case folding) were a visible share of a line's time. Only a
  // success is kept, so every refusal still comes from resolve_uncached().
  struct Last {
    ArchId arch{};
    std::string name;
    std::optional<int> wave;
    const InstrDesc* desc = nullptr;
  };
  thread_local Last last;
  if (last.desc != nullptr && last.arch == arch.id && last.wave == wave && last.name == name) return *last.desc;
  const InstrDesc& d = resolve_uncached(arch, name, wave);
  last = Last{arch.id, std::string(name), wave, &d};
  return d;
}

}  // namespace mxlane
