// The VALU builtin functions: per-lane values packed into VGPRs, the instruction run with every
// lane active in chunks of 64 lanes, the results unpacked.
#include "emu/api/valu_builtins.hpp"

#include "emu/api/lane_packing.hpp"
#include "emu/insns/execute_valu.hpp"
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
  std::vector<R> out(n);
  const ValuOperands ops{{0, 4, 8}, 12};
  for (std::size_t first = 0; first < n; first += 64) {
    const int lanes = static_cast<int>(std::min<std::size_t>(64, n - first));
    LaneRegFile regs(64, 16);
    regs.exec() = ExecMask(64, lanes == 64 ? ~0ULL : (1ULL << lanes) - 1);
    int operand = 0;
    ((void)[&] {
      for (int l = 0; l < lanes; ++l)
        mxlane::detail::pack_lane(regs, ops.src[operand], l, srcs[first + static_cast<std::size_t>(l)]);
      ++operand;
    }(), ...);
    execute_valu(*desc, arch, regs, ops, mods, switches);
    for (int l = 0; l < lanes; ++l) out[first + static_cast<std::size_t>(l)] = mxlane::detail::unpack_lane<R>(regs, ops.dst, l);
  }
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
