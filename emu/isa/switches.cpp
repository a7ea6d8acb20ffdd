// The registry of the behaviour switches (emu/isa/switches.def): each switch's values (default first)
// with their meanings, its kind, the architectures that consult it, and its evidence.
#include "emu/isa/switches.hpp"

#include <array>
#include <iterator>

#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// The architecture sets the rows of switches.def name (each row's `applies to` says the same in
// words). The matrix-instruction switches belong to the architectures whose MFMA/WMMA they model
// (gfx908 shares gfx90a's open questions, docs/cdna1.md); MODE register state (round, denorm,
// FP16_OVFL, DX10_CLAMP) exists on every architecture; the VALU switches follow their builtins'
// feature sets in instructions.def (sad-insts everywhere, fdot2 under dot10/dot2, FNUZ FP8 only on
// gfx942, dot11 only on gfx1200).
constexpr ArchMask kGfx90a = arch_bit(ArchId::gfx90a);
constexpr ArchMask kGfx1100 = arch_bit(ArchId::gfx1100);
constexpr ArchMask kGfx942 = arch_bit(ArchId::gfx942);
constexpr ArchMask kGfx1200 = arch_bit(ArchId::gfx1200);
constexpr ArchMask kGfx908 = arch_bit(ArchId::gfx908);
constexpr ArchMask kGfx908Gfx90a = kGfx908 | kGfx90a;
// The CDNA generations whose MFMA share an open question (docs/cdna3.md §4 lists which carry over to gfx942).
constexpr ArchMask kGfx950 = arch_bit(ArchId::gfx950);
// gfx950 carries gfx942's questions [INF] (docs/cdna4-numerics.md).
constexpr ArchMask kCdnaMfma = kGfx908Gfx90a | kGfx942 | kGfx950;
constexpr ArchMask kFdot2CdnaArchs = kGfx908Gfx90a | kGfx942 | arch_bit(ArchId::gfx950) | arch_bit(ArchId::gfx1030);
constexpr ArchMask kEveryArch = kFdot2CdnaArchs | kGfx1100 | kGfx1200;
// gfx1250's matrix arithmetic reads MODE.FP16_OVFL only (docs/cdna5.md §3.1); it has no VALU rows yet. gfx1251
// has all of gfx1250's matrix rows, so every gfx1250 question is its too.
constexpr ArchMask kGfx1250 = arch_bit(ArchId::gfx1250) | arch_bit(ArchId::gfx1251);

// Each value set's meanings, in its enum's order.
template <class Enum>
struct SetMeanings;
#define MXLANE_SWITCH_VALUES(Enum, ...)                \
  template <>                                          \
  struct SetMeanings<Enum> {                           \
    static constexpr std::array meanings{__VA_ARGS__}; \
  };
#define V(enumerator, spelling, meaning) std::string_view(meaning),
#include "emu/isa/switches.def"
#undef V

// A switch's values: its value set's spellings with the set's meanings, or with the switch's own
// (every value given one).
template <class Enum, std::size_t N>
constexpr std::array<SwitchValue, N> values_of(const std::array<std::string_view, N>& meanings) {
  static_assert(N == std::size(SwitchValueNames<Enum>::names), "one meaning per value of the set");
  std::array<SwitchValue, N> values{};
  for (std::size_t i = 0; i < N; ++i) values[i] = {SwitchValueNames<Enum>::names[i], meanings[i]};
  return values;
}
template <class Enum>
constexpr auto values_of() {
  return values_of<Enum>(SetMeanings<Enum>::meanings);
}
template <class Enum, class... Meanings>
constexpr auto values_of(Meanings... own) {
  return values_of<Enum>(std::array<std::string_view, sizeof...(own)>{own...});
}
#define MXLANE_SWITCH(id, Enum, kind, archs, applies_to, evidence, ...) \
  constexpr auto kValues_##id = values_of<Enum>(__VA_ARGS__);
#include "emu/isa/switches.def"

constexpr SwitchInfo kSwitches[] = {
#define MXLANE_SWITCH(id, Enum, kind, archs, applies_to, evidence, ...) \
  {SwitchId::id, #id, kValues_##id, SwitchKind::kind, applies_to, evidence},
#include "emu/isa/switches.def"
};

// Which architectures' instructions consult each switch, in SwitchId order.
constexpr ArchMask kScopes[] = {
#define MXLANE_SWITCH(id, Enum, kind, archs, ...) archs,
#include "emu/isa/switches.def"
};

static_assert(std::size(kSwitches) == static_cast<std::size_t>(SwitchId::count) &&
              std::size(kScopes) == static_cast<std::size_t>(SwitchId::count));

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
    throw InvalidArgument(fmt::format("switch {}: unknown value '{}'; legal values: {}", name, value, legal));
  }
  std::string known;
  for (const SwitchInfo& info : kSwitches) append_item(known, info.name);
  throw InvalidArgument(fmt::format("unknown switch '{}'; known switches: {}", name, known));
}

ArchMask switch_archs(SwitchId id) { return kScopes[static_cast<std::size_t>(id)]; }

bool switch_is_mode_field(SwitchId id) { return switch_info(id).kind == SwitchKind::mode_field; }

void set_switch_for(Switches& switches, std::string_view name, std::string_view value, ArchMask archs) {
  set_switch(switches, name, value);  // unknown names and values first
  for (const SwitchInfo& info : kSwitches)
    if (info.name == name && (switch_archs(info.id) & archs) == 0)
      throw InvalidArgument(fmt::format("switch {} applies only to {} ({}), not to {}", name,
                                        arch_names(switch_archs(info.id)), info.applies_to, arch_names(archs)));
}

std::string_view switch_value_name(const Switches& switches, SwitchId id) {
  return switch_info(id).values[switches.get(id)].name;
}

}  // namespace mxlane
