// Named behaviour switches: where sources disagree, the best-supported choice is the default and
// the alternatives stay selectable (docs/spec/evidence.md, "rule for unknowns"). Every switch and its
// values are one row of emu/isa/switches.def, from which the value enums, their eval/CLI spellings,
// SwitchId and the typed accessors here are generated; call sites read
// `switches.cdna2_mode() == ModeEffect::honoured`, never a value index.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace mxlane {

// The CLI spellings of a value enum's enumerators, in enum order.
template <class E>
struct SwitchValueNames;

// The value sets and switches of emu/isa/switches.def, one include per thing generated from them.
#define MXLANE_SWITCH_VALUES(Enum, ...) enum class Enum : std::uint8_t { __VA_ARGS__ };
#define V(enumerator, spelling, meaning) enumerator,
#include "emu/isa/switches.def"
#undef V
#define MXLANE_SWITCH_VALUES(Enum, ...)                        \
  template <>                                                  \
  struct SwitchValueNames<Enum> {                              \
    static constexpr std::string_view names[] = {__VA_ARGS__}; \
  };
#define V(enumerator, spelling, meaning) spelling,
#include "emu/isa/switches.def"
#undef V

enum class SwitchId : std::uint8_t {
#define MXLANE_SWITCH(id, ...) id,
#include "emu/isa/switches.def"
  count
};

// The value enum of switch `id`.
template <SwitchId id>
struct SwitchTraits;
#define MXLANE_SWITCH(id_, Enum, ...)              \
  template <>                                      \
  struct SwitchTraits<SwitchId::id_> {             \
    using type = Enum;                             \
    static constexpr std::string_view name = #id_; \
  };
#include "emu/isa/switches.def"
template <SwitchId id>
using SwitchType = typename SwitchTraits<id>::type;

struct SwitchValue {
  std::string_view name;
  std::string_view meaning;
};

// mode_field: MODE register state a kernel sets (known for every launch); question: an open question
// about the hardware, settled by a device probe.
enum class SwitchKind : std::uint8_t { mode_field, question };

struct SwitchInfo {
  SwitchId id;
  std::string_view name;
  std::span<const SwitchValue> values;  // values[0] is the default
  SwitchKind kind;
  std::string_view applies_to;
  std::string_view evidence;  // why the default is the default, and the probe that settles it
};

// Which switches a computation consults, recorded while a SwitchReads lives on this thread (a nested one
// hands its reads to the outer one when it ends): every read of a choice marks its switch, and a comparison of two
// Switches marks them all (a cache or a fast path keyed on the whole set depends on every switch). The
// probes use it to try other answers only to the questions an emulation read (device/probes.cpp).
class SwitchReads {
 public:
  SwitchReads() : outer_(current_) { current_ = this; }
  ~SwitchReads() {
    current_ = outer_;
    if (outer_ != nullptr) outer_->mask_ |= mask_;
  }
  SwitchReads(const SwitchReads&) = delete;
  SwitchReads& operator=(const SwitchReads&) = delete;
  bool read(SwitchId id) const { return (mask_ >> static_cast<unsigned>(id) & 1U) != 0; }

  static void mark(SwitchId id) {
    if (current_ != nullptr) current_->mask_ |= std::uint64_t{1} << static_cast<unsigned>(id);
  }
  static void mark_all() {
    if (current_ != nullptr) current_->mask_ = ~std::uint64_t{0};
  }

 private:
  static_assert(static_cast<std::size_t>(SwitchId::count) <= 64, "one bit per switch");
  inline static thread_local SwitchReads* current_ = nullptr;
  SwitchReads* outer_;
  std::uint64_t mask_ = 0;
};

// The current choice of every switch; value-initialised means every default.
class Switches {
 public:
  // Typed access: switches.get<SwitchId::cdna2_mode>() or switches.cdna2_mode().
  template <SwitchId id>
  SwitchType<id> get() const {
    return static_cast<SwitchType<id>>(get(id));
  }
  template <SwitchId id>
  void set(SwitchType<id> value) {
    set(id, static_cast<std::uint8_t>(value));
  }
#define MXLANE_SWITCH(id_, Enum, ...) \
  Enum id_() const { return get<SwitchId::id_>(); }
#include "emu/isa/switches.def"

  // Value index of any switch, for the registry, the CLI and the trace (which treat switches
  // generically); semantics use the typed accessors above.
  std::uint8_t get(SwitchId id) const {
    SwitchReads::mark(id);
    return choice_[static_cast<std::size_t>(id)];
  }
  void set(SwitchId id, std::uint8_t value) { choice_[static_cast<std::size_t>(id)] = value; }
  bool operator==(const Switches& other) const {
    SwitchReads::mark_all();
    return choice_ == other.choice_;
  }

 private:
  std::array<std::uint8_t, static_cast<std::size_t>(SwitchId::count)> choice_{};
};

std::span<const SwitchInfo> all_switches();
const SwitchInfo& switch_info(SwitchId id);

// Set a switch by name and value name, e.g. ("cbsz_model", "calculator"). Throws
// InvalidArgument naming the unknown switch or value and listing the legal ones.
void set_switch(Switches& switches, std::string_view name, std::string_view value);

std::string_view switch_value_name(const Switches& switches, SwitchId id);

}  // namespace mxlane
