// The VALU fast-path registry and run_valu_lanes(): fast kernel where it applies, reference lanes
// everywhere else (and for the lanes a kernel leaves to the reference).
#include "emu/fast/valu_fast.hpp"

#include <array>
#include <vector>

#include "emu/fast/float_env.hpp"
#include "emu/fast/simd_level.hpp"
#include "emu/insns/valu_insn.hpp"

namespace mxlane::fast {
namespace {

struct Entry {
  std::string_view mnemonic;
  ValuFastPath path;
};

std::vector<Entry>& registry() {
  static std::vector<Entry> entries;
  return entries;
}

ValuLanesKernel kernel_for(ValuKind kind) {
#if defined(MXLANE_AVX2_UNIT)
  if (active_simd_level() >= SimdLevel::avx2) return avx2::valu_kernel(kind);
#else
  (void)kind;
#endif
  return nullptr;  // the portable level runs the reference lane kernels
}

}  // namespace

ValuFastRegistration::ValuFastRegistration(std::string_view mnemonic, const ValuFastPath& path) {
  registry().push_back({mnemonic, path});
}

const ValuFastPath* valu_fast_path(std::string_view mnemonic) {
  for (const Entry& e : registry())
    if (e.mnemonic == mnemonic) return &e.path;
  return nullptr;
}

bool valu_fast_path_applies(const ValuFastPath& path, const ValuContext& ctx) {
  if (!(ctx.switches == Switches{})) return false;
  return path.kind != ValuKind::fdot2_f32 || fdot2_model(ctx.arch) != Fdot2Model::rdna4_window;
}

void run_valu_lanes(const ValuDesc& desc, const ValuContext& ctx, const std::uint32_t* const src[3], std::uint32_t* dst,
                    std::size_t lanes) {
  const ValuShape shape = desc.shape();
  const ValuKernel reference = valu_kernel(desc);
  const auto reference_lane = [&](std::size_t l) {
    ValuLane in;
    for (int s = 0; s < 3; ++s)
      for (int w = 0; w < shape.src[s]; ++w)
        in.src[static_cast<std::size_t>(s)][static_cast<std::size_t>(w)] = src[s][l * static_cast<std::size_t>(shape.src[s]) + static_cast<std::size_t>(w)];
    const Dwords out = reference(in, ctx);
    for (int w = 0; w < shape.dst; ++w) dst[l * static_cast<std::size_t>(shape.dst) + static_cast<std::size_t>(w)] = out[static_cast<std::size_t>(w)];
  };
  std::size_t done = 0;
  const ValuFastPath* path = valu_fast_path(desc.mnemonic);
  // The FP8 table costs 256 reference calls: worth it from a few hundred lanes on.
  const bool worth_it = path == nullptr || path->kind != ValuKind::fp8_to_f32 || lanes >= 512;
  const ValuLanesKernel kernel = path != nullptr && worth_it && valu_fast_path_applies(*path, ctx) ? kernel_for(path->kind) : nullptr;
  if (kernel != nullptr) {
    std::vector<std::uint8_t> needs_reference(lanes, 0);
    ValuLanes batch;
    batch.lanes = lanes;
    for (int s = 0; s < 3; ++s) batch.src[s] = src[s];
    batch.dst = dst;
    batch.needs_reference = needs_reference.data();
    batch.int_dot = path->int_dot;
    if (path->signed_from_neg) {
      batch.int_dot.a_signed = (ctx.mods.neg & 1) != 0;
      batch.int_dot.b_signed = (ctx.mods.neg & 2) != 0;
    }
    batch.clamp = ctx.mods.clamp != 0;
    batch.bf16 = path->bf16;
    batch.cdna_model = fdot2_model(ctx.arch) == Fdot2Model::cdna;
    batch.flush = cdna_fdot2_flushes(ctx.arch);
    std::array<std::uint32_t, 256> fp8_table{};
    if (path->kind == ValuKind::fp8_to_f32) {
      // Memoized reference: fp8_to_f32() of every byte under this architecture and switches.
      const FormatSpec& format = fp8_format(ctx.arch, path->bf8);
      for (int x = 0; x < 256; ++x) fp8_table[static_cast<std::size_t>(x)] = fp8_to_f32(format, static_cast<std::uint8_t>(x), ctx.switches);
      batch.fp8_table = fp8_table.data();
      batch.packed = path->packed;
      batch.byte_shift = path->packed ? 16 * ctx.mods.word_sel : 8 * ctx.mods.byte_sel;
    }
    const FloatEnvGuard env({});  // RNE, no FTZ/DAZ: the conversions' and DOT2's rounding
    done = kernel(batch);
    for (std::size_t l = 0; l < done; ++l)
      if (needs_reference[l] != 0) reference_lane(l);
  }
  for (std::size_t l = done; l < lanes; ++l) reference_lane(l);
}

}  // namespace mxlane::fast
