// The builtin-level functions: lane values packed into VGPRs as the vector types lie in registers,
// the instruction executed, the result unpacked.
#include "emu/api/builtins.hpp"

#include <span>

#include "emu/api/lane_packing.hpp"
#include "emu/insns/execute.hpp"

namespace mxlane::builtins {
namespace {

template <class V, std::size_t W> void pack(LaneRegFile& regs, int base, const std::array<V, W>& lanes) {
  for (std::size_t lane = 0; lane < W; ++lane) mxlane::detail::pack_lane(regs, base, static_cast<int>(lane), lanes[lane]);
}

template <class V, std::size_t W> std::array<V, W> unpack(const LaneRegFile& regs, int base) {
  std::array<V, W> out{};
  for (std::size_t lane = 0; lane < W; ++lane) out[lane] = mxlane::detail::unpack_lane<V>(regs, base, static_cast<int>(lane));
  return out;
}

template <class D, class A, class B, class C, std::size_t W>
std::array<D, W> call(std::string_view builtin, const std::array<A, W>& a, const std::array<B, W>& b,
                      const std::array<C, W>& c, const Modifiers& mods, const Switches& switches) {
  const InstrDesc* desc = nullptr;
  for (const InstrDesc& d : instruction_table())
    if (d.builtin == builtin) desc = &d;
  LaneRegFile regs(static_cast<int>(W), desc->vgprs_a + desc->vgprs_b + 2 * desc->vgprs_cd);
  MatrixOperands ops{{0}, {desc->vgprs_a}, {desc->vgprs_a + desc->vgprs_b}, {desc->vgprs_a + desc->vgprs_b + desc->vgprs_cd}};
  if (desc->tied) ops.d = ops.c;  // srcC and the result share registers
  pack(regs, ops.a.base, a);
  pack(regs, ops.b.base, b);
  pack(regs, ops.c.base, c);
  execute_matrix(*desc, regs, ops, mods, switches);
  return unpack<D, W>(regs, ops.d.base);
}

}  // namespace

#define MXLANE_CALL_mfma(builtin)                                                                       \
  return call<Result>(#builtin, a, b, c, Modifiers{.cbsz = cbsz, .abid = abid, .blgp = blgp}, switches)
#define MXLANE_CALL_mfma_blgp MXLANE_CALL_mfma
#define MXLANE_CALL_mfma_cbsz_abid_blgp MXLANE_CALL_mfma
#define MXLANE_CALL_mfma_none MXLANE_CALL_mfma
#define MXLANE_CALL_wmma_neg(builtin) return call<Result>(#builtin, a, b, c, Modifiers{}, switches)
#define MXLANE_CALL_wmma_neg_opsel(builtin) \
  return call<Result>(#builtin, a, b, c, Modifiers{.opsel = opsel ? 4 : 0}, switches)
#define MXLANE_CALL_wmma_int(builtin)                                                                  \
  return call<Result>(#builtin, a, b, c,                                                               \
                      Modifiers{.neg = (a_neg ? 1 : 0) | (b_neg ? 2 : 0), .clamp = clamp ? 1 : 0}, switches)

#define MXLANE_MATRIX(arch, builtin, mnemonic, opcode, wave, tied, m, n, k, blocks, a_t, b_t, c_t, d_t, va, vb, \
                      vcd, mods, ...)                                                                            \
  LaneArg<ElemType::d_t, vcd, wave> builtin(MXLANE_BUILTIN_PARAMS_##mods(a_t, va, b_t, vb, c_t, vcd, wave),      \
                                            const Switches& switches) {                                         \
    using Result = LaneValue<ElemType::d_t, vcd>;                                                                \
    MXLANE_CALL_##mods(builtin);                                                                                 \
  }
#include "emu/isa/instructions.def"
#undef MXLANE_MATRIX

}  // namespace mxlane::builtins
