// Named behaviour switches: where sources disagree, the best-supported choice is the default and
// the alternatives stay selectable (docs/spec/evidence.md, "rule for unknowns"). Every switch's
// values are an enum generated, with their eval/CLI spellings, from one list below; call sites
// read `switches.cdna2_mode() == ModeEffect::honoured`, never a value index.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace mxlane {

// The CLI spellings of a value enum's enumerators, in enum order (specialised by
// MXLANE_SWITCH_VALUE_ENUM; the registry in switches.cpp is checked against it).
template <class E> struct SwitchValueNames;

// One list per value enum: V(enumerator, "spelling"); the first is the default.
#define MXLANE_SWITCH_ENUMERATOR(id, spelling) id,
#define MXLANE_SWITCH_SPELLING(id, spelling) spelling,
#define MXLANE_SWITCH_VALUE_ENUM(Enum, LIST)                                            \
  enum class Enum : std::uint8_t { LIST(MXLANE_SWITCH_ENUMERATOR) };                  \
  template <> struct SwitchValueNames<Enum> {                                         \
    static constexpr std::string_view names[] = {LIST(MXLANE_SWITCH_SPELLING)};       \
  };

// CBSZ/ABID: which lanes of A a broadcast reads (docs/spec/layouts.md §8.1, §11.1).
//   isa: lane l reads lane (l mod 64>>cbsz) + (64>>cbsz)*abid: top lane bits forced;
//   calculator: block b reads block (b & ~(2^cbsz-1)) + abid: low block bits forced.
#define MXLANE_CBSZ_MODEL(V) V(isa, "isa") V(calculator, "calculator")
MXLANE_SWITCH_VALUE_ENUM(CbszModel, MXLANE_CBSZ_MODEL)

// v_mfma_f64_4x4x4f64 C/D lane order (docs/spec/layouts.md §11.2).
//   lab_notes: lane = j + 4b + 16i (seed 001, calculator, lab notes, rocjitsu);
//   isa_general: lane = j + 4i + 16b (the ISA's general output rule applied literally).
#define MXLANE_F64_QUAD_ORDER(V) V(lab_notes, "lab-notes") V(isa_general, "isa-general")
MXLANE_SWITCH_VALUE_ENUM(F64QuadOrder, MXLANE_F64_QUAD_ORDER)

// RDNA3: which copy of a replicated A/B element feeds an output row (docs/spec/layouts.md §8.5).
//   own_group: D in lane group g reads the A/B copies in lane group g (rocjitsu);
//   group0: every row reads the lane-group-0 copies (the calculator's assumption).
#define MXLANE_REPLICA_SOURCE(V) V(own_group, "own-group") V(group0, "group0")
MXLANE_SWITCH_VALUE_ENUM(ReplicaSource, MXLANE_REPLICA_SOURCE)

// MODE.FP_ROUND, in the order of RoundingMode (emu/formats/round_pack.hpp).
#define MXLANE_ROUND_MODE(V) V(rne, "rne") V(rtz, "rtz") V(rup, "rup") V(rdn, "rdn")
MXLANE_SWITCH_VALUE_ENUM(RoundMode, MXLANE_ROUND_MODE)

// MODE.FP_DENORM, one field for binary32 and one for binary16/binary64.
#define MXLANE_DENORM_MODE(V) V(preserve, "preserve") V(flush, "flush")
MXLANE_SWITCH_VALUE_ENUM(DenormMode, MXLANE_DENORM_MODE)

// A one-bit MODE field (FP16_OVFL).
#define MXLANE_MODE_BIT(V) V(off, "0") V(on, "1")
MXLANE_SWITCH_VALUE_ENUM(ModeBit, MXLANE_MODE_BIT)

// Whether a matrix instruction consults MODE (open questions E1, E7).
#define MXLANE_MODE_EFFECT(V) V(ignored, "ignored") V(honoured, "honoured")
MXLANE_SWITCH_VALUE_ENUM(ModeEffect, MXLANE_MODE_EFFECT)

#define MXLANE_EXEC_EFFECT(V) V(ignored, "ignored") V(masked, "masked")
MXLANE_SWITCH_VALUE_ENUM(ExecEffect, MXLANE_EXEC_EFFECT)

#define MXLANE_NAN_RESULT(V) V(canonical, "canonical") V(propagate, "propagate")
MXLANE_SWITCH_VALUE_ENUM(NanResult, MXLANE_NAN_RESULT)

#define MXLANE_FLUSHED_SIGN(V) V(positive, "positive") V(keep, "keep")
MXLANE_SWITCH_VALUE_ENUM(FlushedSign, MXLANE_FLUSHED_SIGN)

#define MXLANE_INT_OVERFLOW(V) V(wrap, "wrap") V(saturate, "saturate")
MXLANE_SWITCH_VALUE_ENUM(IntOverflow, MXLANE_INT_OVERFLOW)

#define MXLANE_PRODUCT_OVERFLOW(V) V(ieee, "ieee") V(saturate, "saturate")
MXLANE_SWITCH_VALUE_ENUM(ProductOverflow, MXLANE_PRODUCT_OVERFLOW)

#define MXLANE_F64_ALGORITHM(V) V(fma_chain, "fma-chain") V(exact_dot, "exact-dot")
MXLANE_SWITCH_VALUE_ENUM(F64Algorithm, MXLANE_F64_ALGORITHM)

#define MXLANE_RDNA3_GRID(V) V(published, "published") V(no_f16_c_floor, "no-f16-c-floor")
MXLANE_SWITCH_VALUE_ENUM(Rdna3Grid, MXLANE_RDNA3_GRID)

#define MXLANE_BF16_OUTPUT(V) V(truncate, "truncate") V(round, "round")
MXLANE_SWITCH_VALUE_ENUM(Bf16Output, MXLANE_BF16_OUTPUT)

#define MXLANE_INT_CLAMP(V) V(final, "final") V(unsigned_range, "unsigned-range")
MXLANE_SWITCH_VALUE_ENUM(IntClamp, MXLANE_INT_CLAMP)

#define MXLANE_FDOT2_CDNA(V) V(exact, "exact") V(sequential, "sequential") V(gfx12_window, "gfx12-window")
MXLANE_SWITCH_VALUE_ENUM(Fdot2Cdna, MXLANE_FDOT2_CDNA)

#define MXLANE_OUTPUT_FLUSH(V) V(flush, "flush") V(keep, "keep")
MXLANE_SWITCH_VALUE_ENUM(OutputFlush, MXLANE_OUTPUT_FLUSH)

#define MXLANE_CLAMP_NAN(V) V(zero, "zero") V(nan, "nan")
MXLANE_SWITCH_VALUE_ENUM(ClampNan, MXLANE_CLAMP_NAN)

#define MXLANE_DOT4_ROUNDING(V) V(sequential, "sequential") V(single, "single")
MXLANE_SWITCH_VALUE_ENUM(Dot4Rounding, MXLANE_DOT4_ROUNDING)

#define MXLANE_FNUZ_NAN(V) V(quiet_nan, "0x7fc00000") V(all_ones, "0x7fffffff")
MXLANE_SWITCH_VALUE_ENUM(FnuzNan, MXLANE_FNUZ_NAN)

// gfx908 MFMA subnormals (docs/cdna1.md): keep = gradual underflow everywhere (MMA-Sim's CDNA1
// path); flush = gfx90a's DAZ/FTZ rules (docs/spec/numerics.md §B.2).
#define MXLANE_CDNA1_SUBNORMALS(V) V(keep, "keep") V(flush, "flush")
MXLANE_SWITCH_VALUE_ENUM(Cdna1Subnormals, MXLANE_CDNA1_SUBNORMALS)

#define MXLANE_FNUZ_UNDERFLOW(V) V(zero, "zero") V(nan, "nan")
MXLANE_SWITCH_VALUE_ENUM(FnuzUnderflow, MXLANE_FNUZ_UNDERFLOW)

// gfx12 integer WMMA CLAMP staging (docs/rdna4.md §3.3, probe E4): two-stage saturates after the
// first half of K and again after the second [HW-digest wave32]; final saturates once at the end.
#define MXLANE_GFX12_INT_CLAMP(V) V(two_stage, "two-stage") V(final, "final")
MXLANE_SWITCH_VALUE_ENUM(Gfx12IntClamp, MXLANE_GFX12_INT_CLAMP)

// gfx12 FP8/BF8 WMMA arithmetic (docs/rdna4.md §3.2, probe E1): dot4 applies the f16/bf16 DOT4 chain
// to the decoded factors [INF]; fma-chain is a binary32 FMA per product in K order (GoC's loose model).
#define MXLANE_GFX12_FP8_WMMA(V) V(dot4, "dot4") V(fma_chain, "fma-chain")
MXLANE_SWITCH_VALUE_ENUM(Gfx12Fp8Wmma, MXLANE_GFX12_FP8_WMMA)

// gfx942 SMFMAC (docs/cdna3-numerics.md §4, probe E-C3-2): dense-k runs the dense instruction's
// arithmetic on the rebuilt K-long row, zeros included [INF]; compressed-k multiplies only the stored
// values by the B rows their indices pick, grouped by the compressed K/2.
#define MXLANE_SMFMAC_GROUPING(V) V(dense_k, "dense-k") V(compressed_k, "compressed-k")
MXLANE_SWITCH_VALUE_ENUM(SmfmacGrouping, MXLANE_SMFMAC_GROUPING)

// gfx950 (CDNA4) open questions (docs/cdna4-numerics.md §6).
// E-C4-3: what a scale byte 0x00 means in the scaled f8f6f4 encoding: e8m0 = 2^-127 (the E8M0
// definition) or identity = no scaling (what the unscaled encoding uses).
#define MXLANE_SCALE_ZERO(V) V(e8m0, "e8m0") V(identity, "identity")
MXLANE_SWITCH_VALUE_ENUM(ScaleZero, MXLANE_SCALE_ZERO)

// E-C4-4: how f8f6f4 sums a 32-k scale block: block32 = one fused group of 32 products (truncated
// at 24 fraction bits below the block's largest product); split16 = gfx942's fp8 structure (two
// groups of 16 with the even/odd split), each scaled and accumulated.
#define MXLANE_F8F6F4_GROUP(V) V(block32, "block32") V(split16, "split16")
MXLANE_SWITCH_VALUE_ENUM(F8f6f4Group, MXLANE_F8F6F4_GROUP)

// K-doubled f16/bf16 MFMA fused group size (docs/cdna4-numerics.md §4) [INF]: 8 as gfx942, or 16.
#define MXLANE_KDOUBLED_GROUP(V) V(g8, "8") V(g16, "16")
MXLANE_SWITCH_VALUE_ENUM(KdoubledGroup, MXLANE_KDOUBLED_GROUP)

// E-C4-1: the K-doubled f16/bf16/i8 A/B lane map (docs/cdna4.md §2.1): contiguous = 8 (16) k per
// lane, k = Kl*g + t; interleaved16b = the f8f6f4 fp8 rule applied to the two 64-bit halves.
#define MXLANE_K16_LAYOUT(V) V(contiguous, "contiguous") V(interleaved16b, "interleaved16B")
MXLANE_SWITCH_VALUE_ENUM(K16Layout, MXLANE_K16_LAYOUT)

// E-C4-2: the fp6/bf6 f8f6f4 lane map (docs/cdna4.md §2.2): contiguous = 32 consecutive k per lane
// packed 6 bits apart; interleaved = the fp8 rule (two 16-k halves across lane groups, 96 bits each).
#define MXLANE_FP6_LAYOUT(V) V(contiguous, "contiguous") V(interleaved, "interleaved")
MXLANE_SWITCH_VALUE_ENUM(Fp6Layout, MXLANE_FP6_LAYOUT)

// Every switch: X(id, value enum). The order is SwitchId's and the registry's (switches.cpp
// static_asserts that each registry row has this id, this name and this enum's spellings).
#define MXLANE_SWITCH_LIST(X)                      \
  /* layouts */                                    \
  X(cbsz_model, CbszModel)                         \
  X(f64_4x4x4_cd_order, F64QuadOrder)              \
  X(rdna3_replica, ReplicaSource)                  \
  /* MODE register state (docs/spec/valu.md §2) */ \
  X(mode_round, RoundMode)                         \
  X(mode_denorm_f32, DenormMode)                   \
  X(mode_denorm_f16_f64, DenormMode)               \
  X(fp16_ovfl, ModeBit)                            \
  /* docs/spec/numerics.md §E open questions */    \
  X(cdna2_mode, ModeEffect)                        \
  X(cdna2_exec, ExecEffect)                        \
  X(cdna2_nan, NanResult)                          \
  X(cdna2_flushed_input_sign, FlushedSign)         \
  X(cdna2_int8_overflow, IntOverflow)              \
  X(cdna2_bf16_product_overflow, ProductOverflow)  \
  X(cdna2_f64_algorithm, F64Algorithm)             \
  X(cdna1_subnormals, Cdna1Subnormals)             \
  X(rdna3_mode, ModeEffect)                        \
  X(rdna3_grid, Rdna3Grid)                         \
  X(rdna3_bf16_output, Bf16Output)                 \
  X(rdna3_int_clamp, IntClamp)                     \
  /* docs/spec/valu.md §8 open questions */        \
  X(fdot2_cdna, Fdot2Cdna)                         \
  X(gfx90a_fdot2_output_flush, OutputFlush)        \
  X(fdot_clamp_nan, ClampNan)                      \
  X(dot4_fp8_rounding, Dot4Rounding)               \
  X(mqsad_u32_overflow, IntOverflow)               \
  X(fnuz_nan_decode, FnuzNan)                      \
  X(fnuz_negative_underflow, FnuzUnderflow)     \
  /* docs/rdna4.md §E open questions */          \
  X(gfx12_mode, ModeEffect)                      \
  X(gfx12_int_clamp, Gfx12IntClamp)              \
  X(gfx12_fp8_wmma, Gfx12Fp8Wmma)                 \
  /* docs/cdna3-numerics.md §6 open questions */  \
  X(smfmac_grouping, SmfmacGrouping)             \
  /* docs/cdna4-numerics.md §6 open questions */  \
  X(scale_zero_is_identity, ScaleZero)           \
  X(f8f6f4_group, F8f6f4Group)                   \
  X(cdna4_kdoubled_group, KdoubledGroup)         \
  X(k16_layout, K16Layout)                       \
  X(fp6_layout, Fp6Layout)                       \
  /* docs/rdna4.md §E open questions (SWMMAC) */  \
  X(gfx12_swmmac_grouping, SmfmacGrouping)

enum class SwitchId : std::uint8_t {
#define MXLANE_SWITCH_ID(id, Enum) id,
  MXLANE_SWITCH_LIST(MXLANE_SWITCH_ID)
#undef MXLANE_SWITCH_ID
  count
};

// The value enum of switch `id`.
template <SwitchId id> struct SwitchTraits;
#define MXLANE_SWITCH_TRAITS(id_, Enum)                                   \
  template <> struct SwitchTraits<SwitchId::id_> {                        \
    using type = Enum;                                                    \
    static constexpr std::string_view name = #id_;                        \
  };
MXLANE_SWITCH_LIST(MXLANE_SWITCH_TRAITS)
#undef MXLANE_SWITCH_TRAITS
template <SwitchId id> using SwitchType = typename SwitchTraits<id>::type;

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
  template <SwitchId id> SwitchType<id> get() const { return static_cast<SwitchType<id>>(get(id)); }
  template <SwitchId id> void set(SwitchType<id> value) { set(id, static_cast<std::uint8_t>(value)); }
#define MXLANE_SWITCH_ACCESSOR(id_, Enum) \
  Enum id_() const { return get<SwitchId::id_>(); }
  MXLANE_SWITCH_LIST(MXLANE_SWITCH_ACCESSOR)
#undef MXLANE_SWITCH_ACCESSOR

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
