// run_valu_fast_lanes(): the fast kernel of the table's fast-path column where it applies; the caller
// (run_valu_lanes(), emu/insns/run_valu_lanes.cpp) runs the reference on the lanes it leaves.
#include "emu/fast/valu_fast.hpp"

#include <array>
#include <vector>

#include "emu/fast/float_env.hpp"
#include "emu/fast/simd_level.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/semantics/conversions.hpp"
#include "emu/semantics/dot_specials.hpp"
#include "emu/semantics/valu_float_dot.hpp"
#include "emu/semantics/valu_int_dot.hpp"
#include "emu/semantics/valu_lane.hpp"

namespace mxlane::fast {
namespace {

// Every OCP FP8 (index 0) and BF8 (index 1) byte's binary32 value, from the reference's own
// conversion (docs/spec/valu.md §6.6; exact for every finite byte). The FP8 dots read their factors
// from these; only the NaN-ness of the NaN entries is used (§5.2's results replace them).
const std::array<std::array<std::uint32_t, 256>, 2>& ocp_fp8_values() {
  static const auto tables = [] {
    std::array<std::array<std::uint32_t, 256>, 2> t{};
    for (int bf8 = 0; bf8 < 2; ++bf8)
      for (int x = 0; x < 256; ++x)
        t[static_cast<std::size_t>(bf8)][static_cast<std::size_t>(x)] =
            fp8_to_f32(bf8 != 0 ? kFp8E5M2Ocp : kFp8E4M3Ocp, static_cast<std::uint8_t>(x), Switches{});
    return t;
  }();
  return tables;
}

bool ocp_formats(ArchId arch) { return fp8_format(arch, false).special != SpecialEncoding::fnuz; }

}  // namespace

ValuLanesKernel valu_kernel(SimdLevel level, ValuKind kind) {
  if (level > detected_simd_level()) return nullptr;
  switch (level) {
    case SimdLevel::avx2:
#if defined(MXLANE_X86_SIMD_UNITS)
      return avx2::valu_kernel(kind);
#else
      return nullptr;  // not an x86-64 build
#endif
    case SimdLevel::avx512:
#if defined(MXLANE_X86_SIMD_UNITS)
      return avx512::valu_kernel(kind);
#else
      return nullptr;  // not an x86-64 build
#endif
    case SimdLevel::scalar: return scalar::valu_kernel(kind);
  }
  return nullptr;
}

const ValuFastPath* valu_fast_path(std::string_view name) {
  const ValuDesc* d = find_valu(name);
  return d != nullptr && d->fast.kind != ValuKind::none ? &d->fast : nullptr;
}

bool valu_fast_path_applies(const ValuFastPath& path, const ValuContext& ctx) {
  if (path.kind == ValuKind::none || !(ctx.switches == Switches{})) return false;
  switch (path.kind) {
    case ValuKind::fdot2_f32: return fdot2_model(ctx.arch) != Fdot2Model::rdna4_window;
    case ValuKind::dot4_f32_fp8:
    case ValuKind::f32_to_fp8: return ocp_formats(ctx.arch);
    default: return true;
  }
}

std::size_t run_valu_fast_lanes(const ValuDesc& desc, const ValuContext& ctx, const std::uint32_t* const src[3],
                                std::uint32_t* dst, std::size_t lanes, std::vector<std::uint8_t>& needs_reference) {
  const ValuFastPath& path = desc.fast;
  // The FP8 table costs 256 reference calls: worth it from a few hundred lanes on.
  const bool worth_it = path.kind != ValuKind::fp8_to_f32 || lanes >= 512;
  const ValuLanesKernel kernel =
      worth_it && valu_fast_path_applies(path, ctx) ? valu_kernel(active_simd_level(), path.kind) : nullptr;
  std::size_t done = 0;
  if (kernel != nullptr) {
    needs_reference.assign(lanes, 0);
    ValuLanes batch;
    batch.lanes = lanes;
    for (int s = 0; s < 3; ++s) batch.src[s] = src[s];
    batch.dst = dst;
    batch.needs_reference = needs_reference.data();
    batch.int_dot = path.signed_from_neg ? with_signs(path.int_dot, ctx.mods.neg) : path.int_dot;
    batch.clamp = ctx.mods.clamp != 0;
    batch.bf16 = path.bf16;
    batch.bf8 = path.bf8;
    batch.cdna_model = fdot2_model(ctx.arch) == Fdot2Model::cdna;
    batch.flush = cdna_fdot2_flushes(ctx.arch);
    std::array<std::uint32_t, 256> fp8_table{};
    if (path.kind == ValuKind::fp8_to_f32) {
      // Memoized reference: fp8_to_f32() of every byte under this architecture and switches.
      const FormatSpec& format = fp8_format(ctx.arch, path.bf8);
      for (int x = 0; x < 256; ++x)
        fp8_table[static_cast<std::size_t>(x)] = fp8_to_f32(format, static_cast<std::uint8_t>(x), ctx.switches);
      batch.fp8_table = fp8_table.data();
      batch.packed = path.packed;
      batch.byte_shift = path.packed ? 16 * ctx.mods.word_sel : 8 * ctx.mods.byte_sel;
    }
    if (path.kind == ValuKind::dot4_f32_fp8) {
      batch.fp8_table = ocp_fp8_values()[path.bf8 ? 1 : 0].data();
      batch.fp8_table_b = ocp_fp8_values()[path.b_bf8 ? 1 : 0].data();
      batch.factor_nan = kDotFactorNan;
      batch.invalid_nan = kDotInvalidNan;
    }
    if (path.kind == ValuKind::f32_to_fp8) {
      batch.packed = path.packed;
      batch.byte_shift = path.packed ? 16 * ctx.mods.word_sel : 8 * ctx.mods.byte_sel;
    }
    const FloatEnvGuard env({});  // RNE, no FTZ/DAZ: the conversions' and the dots' rounding
    done = kernel(batch);
  }
  return done;
}

}  // namespace mxlane::fast
