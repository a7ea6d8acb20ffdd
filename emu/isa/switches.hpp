// Named behaviour switches: where sources disagree, the best-supported choice is the default and
// the alternatives stay selectable (docs/spec/evidence.md, "rule for unknowns").
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace mxlane {

enum class SwitchId : std::uint8_t {
  // layouts
  cbsz_model,
  f64_4x4x4_cd_order,
  rdna3_replica,
  // MODE register state (docs/spec/valu.md §2: HSA/ROCm defaults)
  mode_round,
  mode_denorm_f32,
  mode_denorm_f16_f64,
  fp16_ovfl,
  // docs/spec/numerics.md §E open questions
  cdna2_mode,
  cdna2_exec,
  cdna2_nan,
  cdna2_flushed_input_sign,
  cdna2_int8_overflow,
  cdna2_bf16_product_overflow,
  cdna2_f64_algorithm,
  rdna3_mode,
  rdna3_grid,
  rdna3_bf16_output,
  rdna3_int_clamp,
  // docs/spec/valu.md §8 open questions
  fdot2_cdna,
  gfx90a_fdot2_output_flush,
  fdot_clamp_nan,
  dot4_fp8_rounding,
  mqsad_u32_overflow,
  fnuz_nan_decode,
  fnuz_negative_underflow,
  count
};

// CBSZ/ABID: which lanes of A a broadcast reads (docs/spec/layouts.md §8.1, §11.1).
enum class CbszModel : std::uint8_t {
  isa,         // lane l reads lane (l mod 64>>cbsz) + (64>>cbsz)*abid: top lane bits forced
  calculator,  // block b reads block (b & ~(2^cbsz-1)) + abid: low block bits forced
};

// RDNA3: which copy of a replicated A/B element feeds an output row (docs/spec/layouts.md §8.5).
enum class ReplicaSource : std::uint8_t {
  own_group,  // D in lane group g reads the A/B copies in lane group g (rocjitsu)
  group0,     // every row reads the lane-group-0 copies (the calculator's assumption)
};

// v_mfma_f64_4x4x4f64 C/D lane order (docs/spec/layouts.md §11.2).
enum class F64QuadOrder : std::uint8_t {
  lab_notes,    // lane = j + 4b + 16i (seed 001, calculator, lab notes, rocjitsu)
  isa_general,  // lane = j + 4i + 16b (the ISA's general output rule applied literally)
};

struct SwitchValue {
  std::string_view name;
  std::string_view meaning;
};

struct SwitchInfo {
  SwitchId id;
  std::string_view name;
  std::span<const SwitchValue> values;  // values[0] is the default
  std::string_view applies_to;
  std::string_view evidence;  // why the default is the default, and the probe that settles it
};

// The current choice of every switch; value-initialised means every default.
class Switches {
 public:
  CbszModel cbsz_model() const { return static_cast<CbszModel>(get(SwitchId::cbsz_model)); }
  F64QuadOrder f64_4x4x4_cd_order() const {
    return static_cast<F64QuadOrder>(get(SwitchId::f64_4x4x4_cd_order));
  }
  ReplicaSource rdna3_replica() const { return static_cast<ReplicaSource>(get(SwitchId::rdna3_replica)); }
  // Value index of any switch; the registry in switches.cpp lists the values in this order.
  std::uint8_t get(SwitchId id) const { return choice_[static_cast<std::size_t>(id)]; }
  void set(SwitchId id, std::uint8_t value) { choice_[static_cast<std::size_t>(id)] = value; }
  bool operator==(const Switches&) const = default;

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
