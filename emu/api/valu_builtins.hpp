// Builtin-level calls of the VALU builtins: one C++ function per builtin, named after it, taking
// per-lane arrays of the builtin's own types (any number of lanes) and the constant arguments in the
// builtin's order, for the architecture given first: one callable per row of instructions.def, its
// parameter list from its signature (ValuBuiltin below).
//
//   std::vector<std::uint32_t> d = mxlane::builtins::sad_u8(mxlane::ArchId::gfx1100, a, b, c);
//   auto f = mxlane::builtins::fdot2(mxlane::ArchId::gfx90a, half2s, half2s, floats, /*clamp=*/false);
//
// Throws InvalidArgument when the architecture lacks the builtin or the arrays differ in length.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emu/api/lane_packing.hpp"
#include "emu/formats/format.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/valu_signature.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::builtins {

template <class T>
using Lanes = std::span<const T>;
using half2 = std::array<F16, 2>;
using bf16x2 = std::array<BF16, 2>;
using short2 = std::array<std::int16_t, 2>;
using ushort2 = std::array<std::uint16_t, 2>;
using float2 = std::array<F32, 2>;
using uint4 = std::array<std::uint32_t, 4>;

namespace detail {

// Runs builtin `name` on lane arrays: the words of each lane's source operands (the operand's VGPR
// count per lane, valu_desc.hpp), D's words back. Throws as the builtin functions do.
std::vector<std::uint32_t> run_valu_words(std::string_view name, ArchId arch, const Modifiers& mods,
                                          const Switches& switches,
                                          const std::array<std::vector<std::uint32_t>, 3>& words, std::size_t lanes);
// The source operand index (0..2) of the builtin's argument `position`, or -1 for a constant (then
// `mods` takes its value); from the signature's traits (emu/isa/valu_signature.hpp).
int valu_argument(std::string_view name, int position, int value, Modifiers& mods);
int valu_operand_words(std::string_view name, int operand);

template <class T>
constexpr bool is_lanes = false;
template <class T>
constexpr bool is_lanes<std::span<const T>> = true;

// The builtin's arguments in its own order, sources and constants as the traits' call order says:
// sources packed into VGPR words lane after lane, constants into the modifiers.
template <class R, class... Args>
std::vector<R> run_valu_builtin(std::string_view name, ArchId arch, const Switches& switches, const Args&... args) {
  Modifiers mods;
  std::array<std::vector<std::uint32_t>, 3> words;
  std::size_t lanes = 0;
  bool first = true, same_length = true;
  int position = 0;
  (
      [&] {
        if constexpr (is_lanes<Args>) {
          if (first) lanes = args.size();
          same_length = same_length && args.size() == lanes;
          first = false;
        }
      }(),
      ...);
  if (!same_length) throw InvalidArgument(std::string(name) + ": every argument array must have one value per lane");
  (
      [&] {
        if constexpr (is_lanes<Args>) {
          const int operand = valu_argument(name, position++, 0, mods);
          const int per_lane = valu_operand_words(name, operand);
          auto& w = words[static_cast<std::size_t>(operand)];
          w.resize(lanes * static_cast<std::size_t>(per_lane));
          for (std::size_t l = 0; l < lanes; ++l)
            mxlane::detail::pack_words(&w[l * static_cast<std::size_t>(per_lane)], per_lane, args[l]);
        } else {
          valu_argument(name, position++, static_cast<int>(args), mods);
        }
      }(),
      ...);
  const std::vector<std::uint32_t> d = run_valu_words(name, arch, mods, switches, words, lanes);
  const std::size_t per_lane = lanes == 0 ? 0 : d.size() / lanes;
  std::vector<R> out(lanes);
  for (std::size_t l = 0; l < lanes; ++l) out[l] = mxlane::detail::unpack_words<R>(&d[l * per_lane]);
  return out;
}

}  // namespace detail

// The builtin functions, one specialization per signature: the result element type and the
// parameter list (the builtin's own order and names, docs/spec/valu.md §1.3) after `arch`. Which
// argument is a source and which a constant, and which modifier a constant sets, come from the
// signature's traits (emu/isa/valu_signature.hpp) in detail::run_valu_builtin().
template <ValuSignature S>
struct ValuBuiltin;
template <>
struct ValuBuiltin<ValuSignature::u32_u32_u32_u32> {
  std::string_view name;
  std::vector<std::uint32_t> operator()(ArchId arch, Lanes<std::uint32_t> src0, Lanes<std::uint32_t> src1,
                                        Lanes<std::uint32_t> src2, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::uint32_t>(name, arch, switches, src0, src1, src2);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u64_u64_u32_u64> {
  std::string_view name;
  std::vector<std::uint64_t> operator()(ArchId arch, Lanes<std::uint64_t> src0, Lanes<std::uint32_t> src1,
                                        Lanes<std::uint64_t> src2, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::uint64_t>(name, arch, switches, src0, src1, src2);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u32x4_u64_u32_u32x4> {
  std::string_view name;
  std::vector<uint4> operator()(ArchId arch, Lanes<std::uint64_t> src0, Lanes<std::uint32_t> src1, Lanes<uint4> src2,
                                const Switches& switches = {}) const {
    return detail::run_valu_builtin<uint4>(name, arch, switches, src0, src1, src2);
  }
};
template <>
struct ValuBuiltin<ValuSignature::i32_s16x2_s16x2_i32_clamp> {
  std::string_view name;
  std::vector<std::int32_t> operator()(ArchId arch, Lanes<short2> a, Lanes<short2> b, Lanes<std::int32_t> c, bool clamp,
                                       const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::int32_t>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u32_u16x2_u16x2_u32_clamp> {
  std::string_view name;
  std::vector<std::uint32_t> operator()(ArchId arch, Lanes<ushort2> a, Lanes<ushort2> b, Lanes<std::uint32_t> c,
                                        bool clamp, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::uint32_t>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::i32_i32_i32_i32_clamp> {
  std::string_view name;
  std::vector<std::int32_t> operator()(ArchId arch, Lanes<std::int32_t> a, Lanes<std::int32_t> b, Lanes<std::int32_t> c,
                                       bool clamp, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::int32_t>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u32_u32_u32_u32_clamp> {
  std::string_view name;
  std::vector<std::uint32_t> operator()(ArchId arch, Lanes<std::uint32_t> a, Lanes<std::uint32_t> b,
                                        Lanes<std::uint32_t> c, bool clamp, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::uint32_t>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::i32_signed_i32_signed_i32_i32_clamp> {
  std::string_view name;
  std::vector<std::int32_t> operator()(ArchId arch, bool a_signed, Lanes<std::int32_t> a, bool b_signed,
                                       Lanes<std::int32_t> b, Lanes<std::int32_t> c, bool clamp,
                                       const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::int32_t>(name, arch, switches, a_signed, a, b_signed, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f32_f16x2_f16x2_f32_clamp> {
  std::string_view name;
  std::vector<F32> operator()(ArchId arch, Lanes<half2> a, Lanes<half2> b, Lanes<F32> c, bool clamp,
                              const Switches& switches = {}) const {
    return detail::run_valu_builtin<F32>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f16_f16x2_f16x2_f16> {
  std::string_view name;
  std::vector<F16> operator()(ArchId arch, Lanes<half2> a, Lanes<half2> b, Lanes<F16> c,
                              const Switches& switches = {}) const {
    return detail::run_valu_builtin<F16>(name, arch, switches, a, b, c);
  }
};
template <>
struct ValuBuiltin<ValuSignature::i16_s16x2_s16x2_i16> {
  std::string_view name;
  std::vector<std::int16_t> operator()(ArchId arch, Lanes<short2> a, Lanes<short2> b, Lanes<std::int16_t> c,
                                       const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::int16_t>(name, arch, switches, a, b, c);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f32_s16x2_s16x2_f32_clamp> {
  std::string_view name;
  std::vector<F32> operator()(ArchId arch, Lanes<short2> a, Lanes<short2> b, Lanes<F32> c, bool clamp,
                              const Switches& switches = {}) const {
    return detail::run_valu_builtin<F32>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f32_bf16x2_bf16x2_f32_clamp> {
  std::string_view name;
  std::vector<F32> operator()(ArchId arch, Lanes<bf16x2> a, Lanes<bf16x2> b, Lanes<F32> c, bool clamp,
                              const Switches& switches = {}) const {
    return detail::run_valu_builtin<F32>(name, arch, switches, a, b, c, clamp);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f32_u32_u32_f32> {
  std::string_view name;
  std::vector<F32> operator()(ArchId arch, Lanes<std::uint32_t> a, Lanes<std::uint32_t> b, Lanes<F32> c,
                              const Switches& switches = {}) const {
    return detail::run_valu_builtin<F32>(name, arch, switches, a, b, c);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f16x2_f32_f32> {
  std::string_view name;
  std::vector<half2> operator()(ArchId arch, Lanes<F32> a, Lanes<F32> b, const Switches& switches = {}) const {
    return detail::run_valu_builtin<half2>(name, arch, switches, a, b);
  }
};
template <>
struct ValuBuiltin<ValuSignature::s16x2_f32_f32> {
  std::string_view name;
  std::vector<short2> operator()(ArchId arch, Lanes<F32> a, Lanes<F32> b, const Switches& switches = {}) const {
    return detail::run_valu_builtin<short2>(name, arch, switches, a, b);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u16x2_f32_f32> {
  std::string_view name;
  std::vector<ushort2> operator()(ArchId arch, Lanes<F32> a, Lanes<F32> b, const Switches& switches = {}) const {
    return detail::run_valu_builtin<ushort2>(name, arch, switches, a, b);
  }
};
template <>
struct ValuBuiltin<ValuSignature::s16x2_i32_i32> {
  std::string_view name;
  std::vector<short2> operator()(ArchId arch, Lanes<std::int32_t> a, Lanes<std::int32_t> b,
                                 const Switches& switches = {}) const {
    return detail::run_valu_builtin<short2>(name, arch, switches, a, b);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u16x2_u32_u32> {
  std::string_view name;
  std::vector<ushort2> operator()(ArchId arch, Lanes<std::uint32_t> a, Lanes<std::uint32_t> b,
                                  const Switches& switches = {}) const {
    return detail::run_valu_builtin<ushort2>(name, arch, switches, a, b);
  }
};
template <>
struct ValuBuiltin<ValuSignature::u32_f32_u32_u32> {
  std::string_view name;
  std::vector<std::uint32_t> operator()(ArchId arch, Lanes<F32> src, Lanes<std::uint32_t> byte_sel,
                                        Lanes<std::uint32_t> old, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::uint32_t>(name, arch, switches, src, byte_sel, old);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f32_i32_bytesel> {
  std::string_view name;
  std::vector<F32> operator()(ArchId arch, Lanes<std::int32_t> src, int byte_sel, const Switches& switches = {}) const {
    return detail::run_valu_builtin<F32>(name, arch, switches, src, byte_sel);
  }
};
template <>
struct ValuBuiltin<ValuSignature::f32x2_i32_wordsel> {
  std::string_view name;
  std::vector<float2> operator()(ArchId arch, Lanes<std::int32_t> src, bool word_sel,
                                 const Switches& switches = {}) const {
    return detail::run_valu_builtin<float2>(name, arch, switches, src, word_sel);
  }
};
template <>
struct ValuBuiltin<ValuSignature::i32_f32_f32_i32_wordsel> {
  std::string_view name;
  std::vector<std::int32_t> operator()(ArchId arch, Lanes<F32> a, Lanes<F32> b, Lanes<std::int32_t> old, bool word_sel,
                                       const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::int32_t>(name, arch, switches, a, b, old, word_sel);
  }
};
template <>
struct ValuBuiltin<ValuSignature::i32_f32_i32_i32_bytesel> {
  std::string_view name;
  std::vector<std::int32_t> operator()(ArchId arch, Lanes<F32> a, Lanes<std::int32_t> rng, Lanes<std::int32_t> old,
                                       int byte_sel, const Switches& switches = {}) const {
    return detail::run_valu_builtin<std::int32_t>(name, arch, switches, a, rng, old, byte_sel);
  }
};

// One callable per builtin of the table, e.g. builtins::sad_u8(arch, a, b, c).
#define MXLANE_VALU(builtin, mnemonic, gfx11_mnemonic, signature, feature) \
  inline constexpr ValuBuiltin<ValuSignature::signature> builtin{#builtin};
#include "emu/isa/instructions.def"
#undef MXLANE_VALU

}  // namespace mxlane::builtins
