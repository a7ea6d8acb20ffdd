// Small helpers shared by the tests in tests/valu/: one-lane argument arrays, packing of 32-bit
// register words into the builtins' vector types (docs/spec/valu.md §2: element k of a 2 x 16-bit
// vector is register bits [16k+15:16k]), the availability table of docs/spec/valu.md §1.2, and
// NaN classification on raw bits. Nothing here computes an expected value.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emu/api/valu_builtins.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"

namespace valu_test {

using mxlane::ArchId;
namespace b = mxlane::builtins;

template <class T>
std::array<T, 1> one(T v) {
  return {v};
}

inline std::int32_t i32(std::uint32_t w) { return static_cast<std::int32_t>(w); }
inline std::uint32_t u32(std::int32_t w) { return static_cast<std::uint32_t>(w); }
inline mxlane::F32 f32(std::uint32_t w) { return mxlane::F32{w}; }

inline b::half2 h2(std::uint32_t w) {
  return {mxlane::F16{static_cast<std::uint16_t>(w & 0xFFFF)}, mxlane::F16{static_cast<std::uint16_t>(w >> 16)}};
}
inline b::bf16x2 bf2(std::uint32_t w) {
  return {mxlane::BF16{static_cast<std::uint16_t>(w & 0xFFFF)}, mxlane::BF16{static_cast<std::uint16_t>(w >> 16)}};
}
inline b::short2 s2(std::uint32_t w) {
  return {static_cast<std::int16_t>(w & 0xFFFF), static_cast<std::int16_t>(w >> 16)};
}
inline b::ushort2 us2(std::uint32_t w) {
  return {static_cast<std::uint16_t>(w & 0xFFFF), static_cast<std::uint16_t>(w >> 16)};
}
inline std::uint32_t word(const b::half2& v) {
  return static_cast<std::uint32_t>(v[0].bits) | (static_cast<std::uint32_t>(v[1].bits) << 16);
}
inline std::uint32_t word(const b::short2& v) {
  return static_cast<std::uint32_t>(static_cast<std::uint16_t>(v[0])) |
         (static_cast<std::uint32_t>(static_cast<std::uint16_t>(v[1])) << 16);
}
inline std::uint32_t word(const b::ushort2& v) {
  return static_cast<std::uint32_t>(v[0]) | (static_cast<std::uint32_t>(v[1]) << 16);
}

inline bool f32_is_nan(std::uint32_t w) { return (w & 0x7F800000U) == 0x7F800000U && (w & 0x007FFFFFU) != 0; }

inline std::string arch_name(ArchId a) { return std::string(mxlane::arch_info(a).name); }

inline mxlane::Switches switches_with(const char* name, const char* value) {
  mxlane::Switches sw;
  mxlane::set_switch(sw, name, value);
  return sw;
}

// docs/spec/valu.md §1.2, transcribed. Columns: gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1200.
// "gfx1150 matches the gfx1100 column, and gfx908 matches the gfx90a column."
struct AvailabilityRow {
  const char* builtin;
  const char* cells;  // six characters, Y or N, in the column order above
};

inline const std::vector<AvailabilityRow>& availability_table() {
  static const std::vector<AvailabilityRow> rows = {
      // SAD family
      {"msad_u8", "YYYYYY"},
      {"sad_u8", "YYYYYY"},
      {"sad_hi_u8", "YYYYYY"},
      {"sad_u16", "YYYYYY"},
      {"qsad_pk_u16_u8", "YYYYYY"},
      {"mqsad_pk_u16_u8", "YYYYYY"},
      {"mqsad_u32_u8", "YYYYYY"},
      // integer dots
      {"sdot4", "YYYYNN"},
      {"sdot8", "YYYYNN"},
      {"sdot2", "YYYYNN"},
      {"udot2", "YYYYNN"},
      {"udot4", "YYYYYY"},
      {"udot8", "YYYYYY"},
      {"sudot4", "NNNNYY"},
      {"sudot8", "NNNNYY"},
      // float dots
      {"fdot2", "YYYYYY"},
      {"fdot2_f16_f16", "NNNNYY"},
      {"fdot2_bf16_bf16", "NNNNYY"},
      {"fdot2_f32_bf16", "NNYNYY"},
      {"fdot2c_f32_bf16", "NNYNNN"},
      {"dot4_f32_fp8_bf8", "NNNNNY"},
      {"dot4_f32_bf8_fp8", "NNNNNY"},
      {"dot4_f32_fp8_fp8", "NNNNNY"},
      {"dot4_f32_bf8_bf8", "NNNNNY"},
      // conversions
      {"cvt_pkrtz", "YYYYYY"},
      {"cvt_pknorm_i16", "YYYYYY"},
      {"cvt_pknorm_u16", "YYYYYY"},
      {"cvt_pk_i16", "YYYYYY"},
      {"cvt_pk_u16", "YYYYYY"},
      {"cvt_pk_u8_f32", "YYYYYY"},
      {"cvt_f32_fp8", "NYYNNY"},
      {"cvt_f32_bf8", "NYYNNY"},
      {"cvt_pk_f32_fp8", "NYYNNY"},
      {"cvt_pk_f32_bf8", "NYYNNY"},
      {"cvt_pk_fp8_f32", "NYYNNY"},
      {"cvt_pk_bf8_f32", "NYYNNY"},
      {"cvt_sr_fp8_f32", "NYYNNY"},
      {"cvt_sr_bf8_f32", "NYYNNY"},
  };
  return rows;
}

// Every ArchId with the column of the table that applies to it.
inline int availability_column(ArchId a) {
  switch (a) {
    case ArchId::gfx908:  // "gfx908 matches the gfx90a column"
    case ArchId::gfx90a: return 0;
    case ArchId::gfx942: return 1;
    case ArchId::gfx950: return 2;
    case ArchId::gfx1030: return 3;
    case ArchId::gfx1100: return 4;
    case ArchId::gfx1200: return 5;
    case ArchId::gfx1250:
    case ArchId::gfx1251: break;  // no VALU row names them yet (docs/cdna5.md §5); not in kAllArchs
  }
  return -1;
}

inline constexpr ArchId kAllArchs[] = {ArchId::gfx908,  ArchId::gfx90a,  ArchId::gfx942, ArchId::gfx950,
                                       ArchId::gfx1030, ArchId::gfx1100, ArchId::gfx1200};

inline bool table_has(const std::string& builtin, ArchId a) {
  for (const AvailabilityRow& r : availability_table())
    if (builtin == r.builtin) return r.cells[availability_column(a)] == 'Y';
  return false;
}

inline std::vector<ArchId> archs_with(const std::string& builtin) {
  std::vector<ArchId> out;
  for (ArchId a : kAllArchs)
    if (table_has(builtin, a)) out.push_back(a);
  return out;
}

}  // namespace valu_test
