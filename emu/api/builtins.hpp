// Builtin-level calls: one C++ function per clang builtin, named after it, taking the builtin's own
// vector types for every lane of the wave and returning every lane's result, so host code shaped
// like device code can call it. Generated from the instruction table (instructions.def).
//
//   auto d = mxlane::builtins::wmma_f32_16x16x16_f16_w32(a, b, c);  // a, b: 32 lanes of v16half
//
// Element types are bit containers: F16/F32/F64 (from format.hpp), bfloat16 as std::int16_t (the
// builtins' `short`), packed 8/4-bit integers as std::int32_t. A lane value with one element is a
// scalar (float, double, int), otherwise a std::array, as in the builtin signatures.
// The untied 16-bit-output WMMA builtins leave the unselected half of each result VGPR undefined
// (LLVM BuiltinsAMDGPUDocs.td); mxlane returns 0 there. The _tied ones return C's half, as the
// hardware keeps it (LLVM PR #69903).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "emu/formats/format.hpp"
#include "emu/api/lane_packing.hpp"
#include "emu/insns/execute.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/instruction_rows.hpp"
#include "emu/isa/modifier_set_traits.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::builtins {

namespace detail {
template <ElemType T>
struct Element;
template <>
struct Element<ElemType::f64> {
  using type = F64;
  static constexpr int per_vgpr_x2 = 1;
};
template <>
struct Element<ElemType::f32> {
  using type = F32;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::f16> {
  using type = F16;
  static constexpr int per_vgpr_x2 = 4;
};
template <>
struct Element<ElemType::bf16> {
  using type = std::int16_t;
  static constexpr int per_vgpr_x2 = 4;
};
template <>
struct Element<ElemType::i32> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::i8> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::iu8> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::iu4> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::xf32> {
  using type = F32;
  static constexpr int per_vgpr_x2 = 2;
};
// Packed 8/6/4-bit floats travel as the builtins' integer words (clang: `long` / `int` vectors).
template <>
struct Element<ElemType::fp8> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::bf8> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::fp6> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::bf6> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
template <>
struct Element<ElemType::fp4> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};
// gfx950 f8f6f4: the builtin's v8i32 whatever the format (clang `V8Zi`).
template <>
struct Element<ElemType::f8f6f4> {
  using type = std::int32_t;
  static constexpr int per_vgpr_x2 = 2;
};

template <class E, int N>
using Vector = std::conditional_t<N == 1, E, std::array<E, N>>;
}  // namespace detail

// The per-lane value of an operand of type T occupying `Vgprs` VGPRs.
template <ElemType T, int Vgprs>
using LaneValue = detail::Vector<typename detail::Element<T>::type, Vgprs * detail::Element<T>::per_vgpr_x2 / 2>;

template <class T, int Wave>
using PerLane = std::array<T, Wave>;
template <ElemType T, int Vgprs, int Wave>
using LaneArg = PerLane<LaneValue<T, Vgprs>, Wave>;

// Runs builtin `desc` on lane values already packed into `regs` (builtins.cpp).
void run_builtin(const InstrDesc& desc, LaneRegFile& regs, const MatrixOperands& ops, const Modifiers& mods,
                 const Switches& switches);

namespace detail {
constexpr BuiltinArgs args_of(const InstrDesc& d) { return modifier_set_traits(d.modifiers).args; }
}  // namespace detail

// One builtin as a function object, its argument types and list taken from its row of the
// instruction table (kInstrTable[I]); the argument list is the builtin's own, by its modifier set's
// BuiltinArgs (emu/isa/modifier_set_traits.hpp):
//   MFMA (a, b, c, cbsz, abid, blgp); WMMA float (a, b, c); 16-bit-output WMMA (a, b, c, opsel);
//   integer WMMA (a_neg, a, b_neg, b, c, clamp); SMFMAC (a, b, c, idx, cbsz, abid) with a the
//   compressed A and idx every lane's index VGPR; scaled f8f6f4 (a, b, c, cbsz, blgp, opsel_a, scale_a,
//   opsel_b, scale_b) with scale_a/scale_b every lane's scale VGPR; float SWMMAC (a, b, c, idx); integer
//   SWMMAC (a_sign, a, b_sign, b, c, idx, clamp); the gfx1250 forms as clang-22 declares them (docs/cdna5.md §1,
//   §2.7) — each followed by optional Switches.
template <std::size_t I>
struct Builtin {
  static constexpr const InstrDesc& d = kInstrTable[I];
  using A = LaneArg<d.a_type, d.vgprs_a, d.wave>;
  using B = LaneArg<d.b_type, d.vgprs_b, d.wave>;
  using C = LaneArg<d.c_type, d.vgprs_c, d.wave>;
  using D = LaneArg<d.d_type, d.vgprs_cd, d.wave>;
  using Idx = PerLane<std::int32_t, d.wave>;  // SMFMAC's index VGPR (the builtin's `int idx`)
  // A scale operand: the builtin's `int scale_a/b` (gfx950, gfx1250 scale), a `long` on gfx1250's scale16 forms.
  using Scale =
      PerLane<std::conditional_t<modifier_set_traits(d.modifiers).scale_block_k == 16, std::int64_t, std::int32_t>,
              d.wave>;

  D operator()(const A& a, const B& b, const C& c, int cbsz, int abid, int blgp, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc_cbsz_abid_blgp) {
    return call(a, b, c, Modifiers{.cbsz = cbsz, .abid = abid, .blgp = blgp}, s);
  }
  D operator()(const A& a, const B& b, const C& c, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc) {
    return call(a, b, c, Modifiers{}, s);
  }
  D operator()(const A& a, const B& b, const C& c, bool opsel, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc_opsel) {
    return call(a, b, c, Modifiers{.opsel = opsel ? 4 : 0}, s);
  }
  D operator()(bool a_neg, const A& a, bool b_neg, const B& b, const C& c, bool clamp, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::neg_abc_clamp) {
    return call(a, b, c, Modifiers{.neg = (a_neg ? 1 : 0) | (b_neg ? 2 : 0), .clamp = clamp ? 1 : 0}, s);
  }
  D operator()(const A& a, const B& b, const C& c, const Idx& idx, int cbsz, int abid, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc_idx_cbsz_abid) {
    return call(a, b, c, Modifiers{.cbsz = cbsz, .abid = abid}, s, &idx);
  }
  D operator()(const A& a, const B& b, const C& c, int cbsz, int blgp, int opsel_a, const Scale& scale_a, int opsel_b,
               const Scale& scale_b, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc_formats_scales) {
    return call(a, b, c, Modifiers{.cbsz = cbsz, .blgp = blgp, .opsel_a = opsel_a, .opsel_b = opsel_b}, s, nullptr,
                &scale_a, &scale_b);
  }
  // gfx12 SWMMAC: c is the accumulator (read from D's registers); index_key is not a builtin argument
  // (the backend picks it, docs/rdna4.md §1.1), so these read the indices from bit 0 of idx.
  D operator()(const A& a, const B& b, const C& c, const Idx& idx, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc_idx) {
    return call(a, b, c, Modifiers{}, s, &idx);
  }
  D operator()(bool a_sign, const A& a, bool b_sign, const B& b, const C& c, const Idx& idx, bool clamp,
               const Switches& s = {}) const requires(detail::args_of(d) == BuiltinArgs::neg_abc_idx_clamp) {
    return call(a, b, c, Modifiers{.neg = (a_sign ? 1 : 0) | (b_sign ? 2 : 0), .clamp = clamp ? 1 : 0}, s, &idx);
  }

  // gfx1250 WMMA (docs/cdna5.md §1): neg_a / neg_b negate all of A / B (NEG and NEG_HI together on 16-bit
  // sources, NEG alone on f32); c_mod bit 0 negates C, bit 1 takes |C| first; reuse hints change nothing.
  D operator()(bool neg_a, const A& a, bool neg_b, const B& b, short c_mod, const C& c, bool reuse_a, bool reuse_b,
               const Switches& s = {}) const requires(detail::args_of(d) == BuiltinArgs::neg_abc_cmod_reuse) {
    const int lo = (neg_a ? 1 : 0) | (neg_b ? 2 : 0), wide = elem_bits(d.a_type) >= 32 ? 0 : lo;
    return call(a, b, c,
                Modifiers{.neg = lo | ((c_mod & 1) << 2),
                          .neg_hi = wide | ((c_mod & 2) << 1),
                          .matrix_a_reuse = reuse_a ? 1 : 0,
                          .matrix_b_reuse = reuse_b ? 1 : 0},
                s);
  }
  D operator()(const A& a, const B& b, short c_mod, const C& c, bool reuse_a, bool reuse_b,
               const Switches& s = {}) const requires(detail::args_of(d) == BuiltinArgs::abc_cmod_reuse) {
    return call(a, b, c,
                Modifiers{.neg = (c_mod & 1) << 2,
                          .neg_hi = (c_mod & 2) << 1,
                          .matrix_a_reuse = reuse_a ? 1 : 0,
                          .matrix_b_reuse = reuse_b ? 1 : 0},
                s);
  }
  D operator()(bool a_signed, const A& a, bool b_signed, const B& b, const C& c, bool reuse_a, bool reuse_b,
               bool clamp = false, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::signed_abc_reuse_clamp) {
    return call(a, b, c,
                Modifiers{.neg = (a_signed ? 1 : 0) | (b_signed ? 2 : 0),
                          .clamp = clamp ? 1 : 0,
                          .matrix_a_reuse = reuse_a ? 1 : 0,
                          .matrix_b_reuse = reuse_b ? 1 : 0},
                s);
  }
  // gfx1250 f8f6f4 WMMA: fmt_a / fmt_b are matrix_a_fmt / matrix_b_fmt (0 FP8 .. 4 FP4); A and B always 16
  // VGPRs here, of which the formats read 16, 12 or 8 (docs/cdna5.md §1, §2.4).
  D operator()(int fmt_a, const A& a, int fmt_b, const B& b, short c_mod, const C& c, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::formats_abc_cmod) {
    return call(
        a, b, c,
        Modifiers{.neg = (c_mod & 1) << 2, .neg_hi = (c_mod & 2) << 1, .matrix_a_fmt = fmt_a, .matrix_b_fmt = fmt_b},
        s);
  }
  D operator()(const A& a, const B& b, short c_mod, const C& c, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::abc_cmod) {
    return call(a, b, c, Modifiers{.neg = (c_mod & 1) << 2, .neg_hi = (c_mod & 2) << 1}, s);
  }
  // gfx1250 block-scaled WMMA (docs/cdna5.md §2.7): after C, matrix_a_scale (0 ROW0, 1 ROW1), matrix_a_scale_fmt
  // (0 E8M0, 1 E5M3, 2 E4M3), scale_a every lane's scale VGPR(s), the same for B, then the reuse hints.
  D operator()(int fmt_a, const A& a, int fmt_b, const B& b, short c_mod, const C& c, int a_scale_row, int a_scale_fmt,
               const Scale& scale_a, int b_scale_row, int b_scale_fmt, const Scale& scale_b, bool reuse_a, bool reuse_b,
               const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::formats_abc_cmod_scales_reuse) {
    Modifiers m = scale_modifiers(c_mod, a_scale_row, a_scale_fmt, b_scale_row, b_scale_fmt, reuse_a, reuse_b);
    m.matrix_a_fmt = fmt_a;
    m.matrix_b_fmt = fmt_b;
    return call(a, b, c, m, s, nullptr, &scale_a, &scale_b);
  }
  D operator()(const A& a, const B& b, short c_mod, const C& c, int a_scale_row, int a_scale_fmt, const Scale& scale_a,
               int b_scale_row, int b_scale_fmt, const Scale& scale_b, bool reuse_a, bool reuse_b,
               const Switches& s = {}) const requires(detail::args_of(d) == BuiltinArgs::abc_cmod_scales_reuse) {
    return call(a, b, c, scale_modifiers(c_mod, a_scale_row, a_scale_fmt, b_scale_row, b_scale_fmt, reuse_a, reuse_b),
                s, nullptr, &scale_a, &scale_b);
  }
  // gfx1250 SWMMAC (docs/cdna5.md §1, §2.5): c is the accumulator (read from D's registers); idx is the builtin's
  // one `int` index VGPR; the K=128 forms read a second index VGPR that the builtin cannot set, which these take
  // as 0 (clang-22 leaves it undefined). neg_a / neg_b negate all of A / B (NEG and NEG_HI together).
  D operator()(bool neg_a, const A& a, bool neg_b, const B& b, const C& c, const Idx& idx, bool reuse_a, bool reuse_b,
               const Switches& s = {}) const requires(detail::args_of(d) == BuiltinArgs::neg_abc_idx_reuse) {
    const int neg = (neg_a ? 1 : 0) | (neg_b ? 2 : 0);
    return call(
        a, b, c,
        Modifiers{.neg = neg, .neg_hi = neg, .matrix_a_reuse = reuse_a ? 1 : 0, .matrix_b_reuse = reuse_b ? 1 : 0}, s,
        &idx);
  }
  D operator()(const A& a, const B& b, const C& c, const Idx& idx, bool reuse_a, bool reuse_b,
               const Switches& s = {}) const requires(detail::args_of(d) == BuiltinArgs::abc_idx_reuse) {
    return call(a, b, c, Modifiers{.matrix_a_reuse = reuse_a ? 1 : 0, .matrix_b_reuse = reuse_b ? 1 : 0}, s, &idx);
  }
  D operator()(bool a_signed, const A& a, bool b_signed, const B& b, const C& c, const Idx& idx, bool reuse_a,
               bool reuse_b, bool clamp = false, const Switches& s = {}) const
      requires(detail::args_of(d) == BuiltinArgs::signed_abc_idx_reuse_clamp) {
    return call(a, b, c,
                Modifiers{.neg = (a_signed ? 1 : 0) | (b_signed ? 2 : 0),
                          .clamp = clamp ? 1 : 0,
                          .matrix_a_reuse = reuse_a ? 1 : 0,
                          .matrix_b_reuse = reuse_b ? 1 : 0},
                s, &idx);
  }

 private:
  static Modifiers scale_modifiers(short c_mod, int a_row, int a_fmt, int b_row, int b_fmt, bool reuse_a,
                                   bool reuse_b) {
    return Modifiers{.neg = (c_mod & 1) << 2,
                     .neg_hi = (c_mod & 2) << 1,
                     .matrix_a_reuse = reuse_a ? 1 : 0,
                     .matrix_b_reuse = reuse_b ? 1 : 0,
                     .matrix_a_scale = a_row,
                     .matrix_b_scale = b_row,
                     .matrix_a_scale_fmt = a_fmt,
                     .matrix_b_scale_fmt = b_fmt};
  }
  // Pack every lane's values into VGPRs as the vector types lie in registers, execute, unpack D.
  static D call(const A& a, const B& b, const C& c, const Modifiers& mods, const Switches& switches,
                const Idx* idx = nullptr, const Scale* scale_a = nullptr, const Scale* scale_b = nullptr) {
    LaneRegFile regs(d.wave, consecutive_operand_vgprs(d));
    MatrixOperands ops = consecutive_operands(d);
    if (d.tied) ops.d = ops.c;  // srcC and the result share registers
    for (int lane = 0; lane < d.wave; ++lane) {
      const auto l = static_cast<std::size_t>(lane);
      mxlane::detail::pack_lane(regs, ops.a.base, lane, a[l]);
      mxlane::detail::pack_lane(regs, ops.b.base, lane, b[l]);
      mxlane::detail::pack_lane(regs, ops.c.base, lane, c[l]);
      if (idx != nullptr) mxlane::detail::pack_lane(regs, ops.idx.base, lane, (*idx)[l]);
      if (scale_a != nullptr) mxlane::detail::pack_lane(regs, ops.sa.base, lane, (*scale_a)[l]);
      if (scale_b != nullptr) mxlane::detail::pack_lane(regs, ops.sb.base, lane, (*scale_b)[l]);
    }
    run_builtin(d, regs, ops, mods, switches);
    D out{};
    for (int lane = 0; lane < d.wave; ++lane)
      out[static_cast<std::size_t>(lane)] = mxlane::detail::unpack_lane<typename D::value_type>(regs, ops.d.base, lane);
    return out;
  }
};

// Every builtin, in a namespace per architecture: builtins::gfx908::mfma_f32_32x32x8f16.
#define MXLANE_BUILTIN(arch, builtin, ...)                                   \
  namespace arch {                                                           \
  inline constexpr Builtin<builtin_index(ArchId::arch, #builtin)> builtin{}; \
  }
#include "emu/isa/instructions.def"
#undef MXLANE_BUILTIN
// gfx1251 also has every gfx1250 builtin (emu/isa/instruction_rows.hpp kInheritedRows), each run as its gfx1251 row.
#define MXLANE_BUILTIN(arch, builtin, ...) MXLANE_INHERITED_BUILTIN_##arch(builtin)
#define MXLANE_BUILTIN_ZERO_SCALE_FORM(arch, builtin, ...)
#define MXLANE_INHERITED_BUILTIN_gfx1250(builtin)                               \
  namespace gfx1251 {                                                           \
  inline constexpr Builtin<builtin_index(ArchId::gfx1251, #builtin)> builtin{}; \
  }
#define MXLANE_INHERITED_BUILTIN_gfx908(builtin)
#define MXLANE_INHERITED_BUILTIN_gfx90a(builtin)
#define MXLANE_INHERITED_BUILTIN_gfx942(builtin)
#define MXLANE_INHERITED_BUILTIN_gfx950(builtin)
#define MXLANE_INHERITED_BUILTIN_gfx1100(builtin)
#define MXLANE_INHERITED_BUILTIN_gfx1200(builtin)
#define MXLANE_INHERITED_BUILTIN_gfx1251(builtin)
#include "emu/isa/instructions.def"
#undef MXLANE_BUILTIN
#undef MXLANE_BUILTIN_ZERO_SCALE_FORM

// The first two architectures' builtins also answer unqualified (builtins::mfma_f32_32x32x8f16 is
// gfx90a's, builtins::wmma_f32_16x16x16_f16_w32 gfx1100's), as before the per-architecture
// namespaces; a name two architectures share needs its namespace.
using namespace gfx90a;
using namespace gfx1100;

}  // namespace mxlane::builtins
