// The VALU builtin functions: per-lane values packed into VGPR words, the instruction run on every
// lane by the lane engine (fast kernels where they apply, emu/fast/valu_fast.hpp), results unpacked.
#include "emu/api/valu_builtins.hpp"

#include "emu/api/lane_packing.hpp"
#include "emu/fast/valu_fast.hpp"
#include "emu/insns/execute_valu.hpp"
#include "emu/semantics/valu_lane.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::builtins {
namespace {

template <class R, class... S>
std::vector<R> call(std::string_view builtin, ArchId arch, const Modifiers& mods, const Switches& switches,
                    Lanes<S>... srcs) {
  const ValuDesc* desc = find_valu(builtin);
  const std::size_t n = std::get<0>(std::forward_as_tuple(srcs...)).size();
  if (((srcs.size() != n) || ...))
    throw InvalidArgument(fmt::format("{}: every argument array must have one value per lane", builtin));
  require_available(*desc, arch);
  validate_valu_modifiers(*desc, mods);
  // Every lane's operands as VGPR words, lane after lane; the lane engine runs the instruction.
  const ValuShape shape = desc->shape();
  std::array<std::vector<std::uint32_t>, 3> words;
  int operand = 0;
  ((void)[&] {
    const int per_lane = shape.src[operand];
    auto& w = words[static_cast<std::size_t>(operand)];
    w.resize(n * static_cast<std::size_t>(per_lane));
    for (std::size_t l = 0; l < n; ++l) mxlane::detail::pack_words(&w[l * static_cast<std::size_t>(per_lane)], per_lane, srcs[l]);
    ++operand;
  }(), ...);
  std::vector<std::uint32_t> d(n * static_cast<std::size_t>(shape.dst));
  const std::uint32_t* src[3] = {words[0].data(), words[1].data(), words[2].data()};
  fast::run_valu_lanes(*desc, ValuContext{arch, mods, switches}, src, d.data(), n);
  std::vector<R> out(n);
  for (std::size_t l = 0; l < n; ++l) out[l] = mxlane::detail::unpack_words<R>(&d[l * static_cast<std::size_t>(shape.dst)]);
  return out;
}

template <class V> using Elem = typename V::value_type;

Modifiers signed_clamped(bool a_signed, bool b_signed, bool clamp) {
  Modifiers m;
  m.neg = (a_signed ? 1 : 0) | (b_signed ? 2 : 0);
  m.clamp = clamp ? 1 : 0;
  return m;
}

}  // namespace

#define MXLANE_VALU_CALL(builtin, signature, mods, ...) \
  return call<Elem<MXLANE_VALU_RET_##signature>>(#builtin, arch, mods, switches, __VA_ARGS__)

#define MXLANE_VALU_BODY_u32_u32_u32_u32(b, s) MXLANE_VALU_CALL(b, s, Modifiers{}, src0, src1, src2)
#define MXLANE_VALU_BODY_u64_u64_u32_u64(b, s) MXLANE_VALU_CALL(b, s, Modifiers{}, src0, src1, src2)
#define MXLANE_VALU_BODY_u32x4_u64_u32_u32x4(b, s) MXLANE_VALU_CALL(b, s, Modifiers{}, src0, src1, src2)

#define MXLANE_VALU_BODY_i32_s16x2_s16x2_i32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_u32_u16x2_u16x2_u32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_i32_i32_i32_i32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_u32_u32_u32_u32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_i32_signed_i32_signed_i32_i32_clamp(bn, s) \
  MXLANE_VALU_CALL(bn, s, signed_clamped(a_signed, b_signed, clamp), a, b, c)
#define MXLANE_VALU_BODY_f32_f16x2_f16x2_f32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_f16_f16x2_f16x2_f16(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b, c)
#define MXLANE_VALU_BODY_i16_s16x2_s16x2_i16(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b, c)
#define MXLANE_VALU_BODY_f32_s16x2_s16x2_f32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_f32_bf16x2_bf16x2_f32_clamp(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.clamp = clamp ? 1 : 0}, a, b, c)
#define MXLANE_VALU_BODY_f32_u32_u32_f32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b, c)
#define MXLANE_VALU_BODY_f16x2_f32_f32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b)
#define MXLANE_VALU_BODY_s16x2_f32_f32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b)
#define MXLANE_VALU_BODY_u16x2_f32_f32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b)
#define MXLANE_VALU_BODY_s16x2_i32_i32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b)
#define MXLANE_VALU_BODY_u16x2_u32_u32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, a, b)
#define MXLANE_VALU_BODY_u32_f32_u32_u32(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{}, src, byte_sel, old)
#define MXLANE_VALU_BODY_f32_i32_bytesel(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.byte_sel = byte_sel}, src)
#define MXLANE_VALU_BODY_f32x2_i32_wordsel(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.word_sel = word_sel ? 1 : 0}, src)
#define MXLANE_VALU_BODY_i32_f32_f32_i32_wordsel(bn, s) \
  MXLANE_VALU_CALL(bn, s, Modifiers{.word_sel = word_sel ? 1 : 0}, a, b, old)
#define MXLANE_VALU_BODY_i32_f32_i32_i32_bytesel(bn, s) MXLANE_VALU_CALL(bn, s, Modifiers{.byte_sel = byte_sel}, a, rng, old)

#define MXLANE_VALU(builtin, mnemonic, gfx11_mnemonic, signature, feature)                                  \
  MXLANE_VALU_RET_##signature builtin(ArchId arch, MXLANE_VALU_PARAMS_##signature, const Switches& switches) { \
    MXLANE_VALU_BODY_##signature(builtin, signature);                                                        \
  }
#include "emu/isa/instructions.def"
#undef MXLANE_VALU

}  // namespace mxlane::builtins
