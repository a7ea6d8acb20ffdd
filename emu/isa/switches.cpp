// Registry of the behaviour switches, their values (default first) and their evidence.
#include "emu/isa/switches.hpp"

#include "emu/isa/errors.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

constexpr SwitchValue kCbszModels[] = {
    {"isa", "every lane l reads A from lane (l mod S) + S*abid, S = 64 >> cbsz: the top cbsz "
            "lane bits are forced to abid (AMD ISA guide §7.1.6.1 text; rocjitsu)"},
    {"calculator", "block b reads A from block (b with its low cbsz bits cleared) + abid: runs "
                   "of 2^cbsz adjacent blocks (ROCm matrix calculator, AMD lab notes, HIP CDNA2 "
                   "docs)"},
};

constexpr SwitchValue kF64QuadOrders[] = {
    {"lab-notes", "D[b][i][j] in lane j + 4b + 16i (seed 001 layout, calculator, AMD lab-notes "
                  "example verified on the host, rocjitsu)"},
    {"isa-general", "D[b][i][j] in lane j + 4i + 16b (the ISA's general output rule with H=1 "
                    "applied literally)"},
};

constexpr SwitchInfo kSwitches[] = {
    {SwitchId::cbsz_model, "cbsz_model", kCbszModels,
     "gfx90a multi-block MFMA, operand A, 0 < cbsz < log2(blocks)",
     "[ISA] default vs [DOC] alternative; the two agree when cbsz = log2(blocks). Unverified on "
     "hardware: probe v_mfma_f32_16x16x1f32 cbsz=1 abid=1, A = lane id (layouts.md §11.1)"},
    {SwitchId::f64_4x4x4_cd_order, "f64_4x4x4_cd_order", kF64QuadOrders,
     "gfx90a v_mfma_f64_4x4x4f64, operands C and D",
     "[DOC] default (seed 001 + a host-verified lab-notes kernel) vs [ISA] general formula; "
     "confirm on hardware (layouts.md §11.2)"},
};

}  // namespace

std::span<const SwitchInfo> all_switches() { return kSwitches; }

const SwitchInfo& switch_info(SwitchId id) { return kSwitches[static_cast<std::size_t>(id)]; }

void set_switch(Switches& switches, std::string_view name, std::string_view value) {
  for (const SwitchInfo& info : kSwitches) {
    if (info.name != name) continue;
    std::string legal;
    for (std::size_t i = 0; i < info.values.size(); ++i) {
      if (info.values[i].name == value) {
        switches.set(info.id, static_cast<std::uint8_t>(i));
        return;
      }
      append_item(legal, info.values[i].name);
    }
    throw InvalidArgument(fmt::format("switch {}: unknown value '{}'; legal values: {}", name,
                                      value, legal));
  }
  std::string known;
  for (const SwitchInfo& info : kSwitches) append_item(known, info.name);
  throw InvalidArgument(fmt::format("unknown switch '{}'; known switches: {}", name, known));
}

std::string_view switch_value_name(const Switches& switches, SwitchId id) {
  return switch_info(id).values[switches.get(id)].name;
}

}  // namespace mxlane
