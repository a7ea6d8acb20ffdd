// Case generation. Matrix inputs are logical matrices scattered through the layouts (so RDNA3
// replicas hold the same data, as seed 000 requires); VALU inputs are per-lane words whose fields
// follow the builtin's argument types.
#include "device/cases.hpp"

#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "fmt/format.h"
#include "emu/formats/format.hpp"
#include "layouts/operand_layout.hpp"
#include "device/kernel_catalog.hpp"

#ifndef MXLANE_SOURCE_DIR
#define MXLANE_SOURCE_DIR ""
#endif

namespace mxlane::device {
namespace {

// ---- element formats ----------------------------------------------------------------------

std::string format_of(ElemType t) { return std::string(elem_name(t)); }

int bits_of(const std::string& format) {
  static const std::map<std::string, int> bits = {
      {"f64", 64},  {"f32", 32}, {"i32", 32}, {"u32", 32}, {"f16", 16}, {"bf16", 16}, {"i16", 16},
      {"u16", 16},  {"i8", 8},   {"iu8", 8},  {"u8", 8},   {"fp8", 8},  {"iu4", 4},   {"u4", 4},
      {"xf32", 32}, {"bf8", 8},  {"fp6", 6},  {"bf6", 6},  {"fp4", 4},  {"e8m0", 8},  {"e5m3", 8}};
  return bits.at(format);
}

std::uint64_t mask_of(int bits) { return bits == 64 ? ~0ULL : (1ULL << bits) - 1; }

// A value of `format`: special with probability 1/2 when `biased`, else uniform bits.
std::uint64_t draw(const std::string& format, std::mt19937_64& rng, bool biased) {
  if (biased && (rng() & 1)) {
    const auto& s = special_values(format);
    return s[rng() % s.size()];
  }
  return rng() & mask_of(bits_of(format));
}

// The fields of each VALU operand word, by the builtin's argument types (docs/spec/valu.md §1.3).
std::vector<std::string> valu_operand_formats(const ValuDesc& v) {
  std::vector<std::string> out;
  for (std::string_view f : valu_signature_traits(v.signature).draw)
    if (!f.empty()) out.emplace_back(f);
  // The 8-product integer dots share their signatures with the 4-product ones: 4-bit elements.
  if (v.shape().clamp && out.size() == 3 && out[0] == "i8" &&
      std::string_view(v.builtin).find('8') != std::string_view::npos)
    out[0] = out[1] = "iu4";
  return out;
}

// Fill `words` dwords with fields of `format`.
void fill_words(std::uint32_t* words, int count, const std::string& format, std::mt19937_64& rng, bool biased) {
  const int bits = bits_of(format);
  for (int w = 0; w < count; ++w) {
    if (bits == 64) {
      const std::uint64_t v = draw(format, rng, biased);
      words[w] = static_cast<std::uint32_t>(v);
      if (w + 1 < count) words[++w] = static_cast<std::uint32_t>(v >> 32);
      continue;
    }
    std::uint32_t word = 0;
    for (int at = 0; at < 32; at += bits) word |= static_cast<std::uint32_t>(draw(format, rng, biased)) << at;
    words[w] = word;
  }
}

// Matrix operands as logical matrices, scattered through the layouts.
struct Matrices {
  std::vector<std::vector<std::uint64_t>> a, b, c;  // [block][row * cols + col]
  std::vector<std::vector<std::uint64_t>> idx;      // SMFMAC: empty = regular random indices
  std::vector<std::vector<std::uint64_t>> sa, sb;   // scaled f8f6f4: empty = scales near 2^0
};

// E8M0 scales of the scaled f8f6f4 MFMA within 2^-8..2^8, so random products stay finite and the
// scaling is visible (docs/cdna4.md §2.3); specials come from the "e8m0" list when biased.
// gfx1250's E5M3 / E4M3 scales (docs/cdna5.md §2.7): exponents within 2^-4..2^4, any significand, E4M3 either sign.
std::vector<std::vector<std::uint64_t>> moderate_scales(const InstrDesc& d, Operand op, const Modifiers& mods,
                                                        std::mt19937_64& rng) {
  const ElemType t = operand_type(d, op, mods);
  std::vector<std::vector<std::uint64_t>> out(static_cast<std::size_t>(d.blocks));
  for (auto& block : out)
    for (int n = 0; n < d.rows(op) * d.cols(op); ++n) {
      const std::uint64_t exponent = 11 + rng() % 9, significand = rng() % 8;  // E5M3: bias 15
      if (t == ElemType::e5m3)
        block.push_back(exponent << 3 | significand);
      else if (t == ElemType::fp8)
        block.push_back((rng() & 0x80) | (exponent - 8) << 3 | significand);  // bias 7
      else
        block.push_back(119 + rng() % 17);
    }
  return out;
}

// SMFMAC indices as programs write them: per group of four k, two different positions, increasing
// (the ISA's 4:2 convention; other patterns are undefined, docs/cdna3.md §3).
std::vector<std::vector<std::uint64_t>> regular_indices(const InstrDesc& d, std::mt19937_64& rng) {
  static constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  std::vector<std::vector<std::uint64_t>> out(static_cast<std::size_t>(d.blocks));
  for (auto& block : out)
    for (int i = 0; i < d.rows(Operand::IDX); ++i)
      for (int c = 0; c < d.cols(Operand::IDX); c += 2) {
        const auto* pair = kPairs[rng() % 6];
        block.push_back(static_cast<std::uint64_t>(pair[0]));
        block.push_back(static_cast<std::uint64_t>(pair[1]));
      }
  return out;
}

Case scatter(const Kernel& k, const Matrices& m, std::string kind, std::mt19937_64& rng) {
  const InstrDesc& d = *k.matrix;
  Case out{std::move(kind), std::vector<std::uint32_t>(static_cast<std::size_t>(k.target.wave * k.in_dwords))};
  // Words no element occupies (the unselected half of a 16-bit C) get random bits.
  for (std::uint32_t& w : out.in) w = static_cast<std::uint32_t>(rng());
  const Modifiers placement{.opsel = k.mods.opsel};
  int offset = 0;
  const std::vector<std::vector<std::uint64_t>> idx =
      d.has(Operand::IDX) && m.idx.empty() ? regular_indices(d, rng) : m.idx;
  const std::vector<std::vector<std::uint64_t>> sa =
      d.has(Operand::SA) && m.sa.empty() ? moderate_scales(d, Operand::SA, k.mods, rng) : m.sa;
  const std::vector<std::vector<std::uint64_t>> sb =
      d.has(Operand::SB) && m.sb.empty() ? moderate_scales(d, Operand::SB, k.mods, rng) : m.sb;
  const std::vector<Operand> sources = kernel_source_operands(d);
  for (std::size_t n = 0; n < sources.size(); ++n) {
    // The indices sit in the set the kernel's CBSZ/ABID read (docs/cdna3.md §2); the f8f6f4 formats
    // (CBSZ/BLGP) and scale bytes (opsel_a/opsel_b) decide where A, B, SA, SB lie (docs/cdna4.md §2).
    const Operand op = sources[n];
    const std::vector<std::vector<std::uint64_t>>* data = op == Operand::A     ? &m.a
                                                          : op == Operand::B   ? &m.b
                                                          : op == Operand::C   ? &m.c
                                                          : op == Operand::IDX ? &idx
                                                          : op == Operand::SA  ? &sa
                                                                               : &sb;
    const bool mods_place = op == Operand::IDX || op == Operand::SA || op == Operand::SB || d.formats_from_modifiers();
    const OperandLayout layout(d, op, mods_place ? k.mods : placement);
    // The gfx1250 SWMMAC kernels load the whole index register, both VGPRs for K=128 (device/hip_source.cpp); under
    // index_key 1 the fields no register holds keep the random bits (docs/cdna5.md §2.5).
    for (const Placement& p : layout.all()) {
      const std::uint64_t v =
          (*data)[static_cast<std::size_t>(p.block)][static_cast<std::size_t>(p.row * layout.cols() + p.col)];
      const auto word = [&](int vgpr) -> std::uint32_t& {
        return out.in[static_cast<std::size_t>(p.slot.lane * k.in_dwords + offset + vgpr)];
      };
      if (p.slot.width() == 64) {
        word(p.slot.vgpr) = static_cast<std::uint32_t>(v);
        word(p.slot.vgpr + 1) = static_cast<std::uint32_t>(v >> 32);
      } else if (p.slot.bit_hi > 31) {
        // An fp6/bf6 field running into the next VGPR (docs/cdna4.md §2.2).
        const int low = 32 - p.slot.bit_lo;
        std::uint32_t& w0 = word(p.slot.vgpr);
        std::uint32_t& w1 = word(p.slot.vgpr + 1);
        w0 = (w0 & ((1U << p.slot.bit_lo) - 1)) | (static_cast<std::uint32_t>(v) << p.slot.bit_lo);
        const std::uint32_t high_mask = (1U << (p.slot.width() - low)) - 1;
        w1 = (w1 & ~high_mask) | (static_cast<std::uint32_t>(v >> low) & high_mask);
      } else {
        const std::uint32_t mask = p.slot.width() == 32 ? ~0U : ((1U << p.slot.width()) - 1) << p.slot.bit_lo;
        std::uint32_t& w = word(p.slot.vgpr);
        w = (w & ~mask) | ((static_cast<std::uint32_t>(v) << p.slot.bit_lo) & mask);
      }
    }
    offset += k.operand_dwords[n];
  }
  return out;
}

Matrices random_matrices(const InstrDesc& d, const Modifiers& mods, std::mt19937_64& rng, bool biased) {
  Matrices m;
  const auto make = [&](Operand op, ElemType t) {
    std::vector<std::vector<std::uint64_t>> blocks(static_cast<std::size_t>(d.blocks));
    for (auto& b : blocks)
      for (int i = 0; i < d.rows(op) * d.cols(op); ++i) b.push_back(draw(format_of(t), rng, biased));
    return blocks;
  };
  m.a = make(Operand::A, operand_type(d, Operand::A, mods));  // f8f6f4: the format CBSZ / BLGP select
  m.b = make(Operand::B, operand_type(d, Operand::B, mods));
  m.c = make(Operand::C, d.c_type);
  if (d.has(Operand::SA) && biased) {  // scale specials too: zero, NaN, extremes (E8M0, E5M3 or E4M3 by the mods)
    m.sa = make(Operand::SA, operand_type(d, Operand::SA, mods));
    m.sb = make(Operand::SB, operand_type(d, Operand::SB, mods));
  }
  return m;
}

// Small integers in a format (exact in every float format used here).
std::uint64_t small(ElemType t, int v) {
  if (elem_type_info(t).is_integer) return static_cast<std::uint64_t>(v) & mask_of(elem_bits(t));
  if (v == 0) return 0;
  // The 6- and 4-bit formats hold 1 or 2 fraction bits and small exponents: only -3..3 are exact in all.
  if (elem_bits(t) <= 6) v %= 4;
  if (v == 0) return 0;
  const FormatSpec& f = t == ElemType::f64   ? kBinary64
                        : t == ElemType::f32 ? kBinary32
                        : t == ElemType::f16 ? kBinary16
                        : t == ElemType::fp6 ? kFp6E2M3
                        : t == ElemType::bf6 ? kBf6E3M2
                        : t == ElemType::fp4 ? kFp4E2M1
                                             : kBfloat16;
  const bool neg = v < 0;
  const unsigned m = static_cast<unsigned>(neg ? -v : v);
  const int e = 31 - __builtin_clz(m);
  return (neg ? f.sign_bit() : 0) | (static_cast<std::uint64_t>(e + f.bias) << f.man_bits) |
         ((static_cast<std::uint64_t>(m) << (f.man_bits - e)) & f.man_mask());
}

std::vector<std::uint32_t> read_hex_words(std::istringstream& in) {
  std::vector<std::uint32_t> v;
  for (std::string w; in >> w;) v.push_back(static_cast<std::uint32_t>(std::stoul(w, nullptr, 16)));
  return v;
}

}  // namespace

const std::vector<std::uint64_t>& special_values(const std::string& format) {
  static const std::map<std::string, std::vector<std::uint64_t>> kSpecials = {
      {"f16",
       {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x3BFF, 0x3C01, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00,
        0x7E00, 0x7C01, 0xFE01}},
      {"bf16",
       {0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80, 0xBF80, 0x3F7F, 0x3F81, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80,
        0x7FC0, 0x7F81, 0xFFC1}},
      {"f32", {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000,
               0x3F7FFFFF, 0x3F800001, 0x33800000, 0xB3800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000,
               0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC12345, 0x3F000000, 0x437F8000, 0x477FE000}},
      {"f64",
       {0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x0010000000000000, 0x3FF0000000000000,
        0xBFF0000000000000, 0x3CA0000000000000, 0x7FEFFFFFFFFFFFFF, 0x7FF0000000000000, 0xFFF0000000000000,
        0x7FF8000000000000, 0x7FF0000000000001}},
      {"i32",
       {0x00000000, 0x00000001, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x7FFFFF00, 0x80000100, 0x0000FFFF, 0x00010000}},
      {"u32", {0x00000000, 0x00000001, 0x00000002, 0x00000003, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x12345678}},
      {"i16", {0x0000, 0x0001, 0xFFFF, 0x7FFF, 0x8000}},
      {"u16", {0x0000, 0x0001, 0xFFFF, 0x7FFF, 0x8000}},
      {"i8", {0x00, 0x01, 0xFF, 0x7F, 0x80}},
      {"iu8", {0x00, 0x01, 0xFF, 0x7F, 0x80}},
      {"u8", {0x00, 0x01, 0xFF, 0x7F, 0x80}},
      {"iu4", {0x0, 0x1, 0xF, 0x7, 0x8}},
      // OCP MX FP6 E2M3 / BF6 E3M2 / FP4 E2M1 (finite only): zeros, the smallest subnormal, 1.0, the largest.
      {"fp6", {0x00, 0x20, 0x01, 0x21, 0x07, 0x08, 0x28, 0x1F, 0x3F}},
      {"bf6", {0x00, 0x20, 0x01, 0x21, 0x03, 0x04, 0x0C, 0x2C, 0x1F, 0x3F}},
      {"fp4", {0x0, 0x8, 0x1, 0x9, 0x2, 0xA, 0x7, 0xF}},
      // E8M0 scales: 2^0, 2^-127 (or "no scaling", switch scale_zero_is_identity), NaN, the extremes.
      {"e8m0", {0x7F, 0x00, 0xFF, 0x01, 0xFE, 0x80, 0x7E}},
      // E5M3 scales (unsigned, bias 15): 1.0, zero, the smallest subnormal, the smallest normal, the largest, NaN.
      {"e5m3", {0x78, 0x00, 0x01, 0x08, 0xFE, 0xFF, 0x79, 0x70}},
      {"fp8", {0x00, 0x80, 0x01, 0x81, 0x07, 0x08, 0x38, 0xB8, 0x3C, 0x40, 0x7E, 0xFE, 0x7F, 0xFF, 0x7B, 0x7C, 0xFC}},
      // BF8 (E5M2): zeros, subnormals, 1.0 (OCP 0x3C; FNUZ 0x40), the largest finite, inf/NaN (OCP).
      {"bf8", {0x00, 0x80, 0x01, 0x81, 0x03, 0x04, 0x3C, 0xBC, 0x40, 0xC0, 0x7B, 0xFB, 0x7C, 0xFC, 0x7D, 0x7F, 0xFF}},
      // XF32: the binary32 specials plus patterns whose low 13 bits the unit drops (open question E-C3-3:
      // a NaN with payload only there).
      {"xf32",
       {0x00000000, 0x80000000, 0x00000001, 0x00800000, 0x3F800000, 0xBF800000, 0x3F801FFF, 0x3F802000, 0x7F7FFFFF,
        0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x7F802000, 0x33800000}},
  };
  return kSpecials.at(format);
}

std::string vectors_dir() {
  if (const char* env = std::getenv("MXLANE_VECTORS_DIR")) return env;
  return std::string(MXLANE_SOURCE_DIR) + "/tests/vectors";
}

Case uniform_case(const Kernel& k, std::mt19937_64& rng) {
  if (k.matrix != nullptr) return scatter(k, random_matrices(*k.matrix, k.mods, rng, false), "uniform", rng);
  Case c{"uniform", std::vector<std::uint32_t>(static_cast<std::size_t>(k.target.wave * k.in_dwords))};
  for (std::uint32_t& w : c.in) w = static_cast<std::uint32_t>(rng());
  return c;
}

Case special_case(const Kernel& k, std::mt19937_64& rng) {
  if (k.matrix != nullptr) return scatter(k, random_matrices(*k.matrix, k.mods, rng, true), "special", rng);
  Case c{"special", std::vector<std::uint32_t>(static_cast<std::size_t>(k.target.wave * k.in_dwords))};
  const std::vector<std::string> formats = valu_operand_formats(*k.valu);
  for (int lane = 0; lane < k.target.wave; ++lane) {
    int offset = 0;
    for (std::size_t n = 0; n < k.operand_dwords.size(); ++n) {
      fill_words(&c.in[static_cast<std::size_t>(lane * k.in_dwords + offset)], k.operand_dwords[n], formats[n], rng,
                 true);
      offset += k.operand_dwords[n];
    }
  }
  return c;
}

Case cancellation_case(const Kernel& k, std::mt19937_64& rng) {
  if (k.matrix != nullptr) {
    // A[i][2t+1] = -A[i][2t] and B[2t+1][j] = B[2t][j]: the products cancel pair by pair, leaving C and
    // whatever the hardware's intermediate rounding makes of it.
    const InstrDesc& d = *k.matrix;
    Matrices m = random_matrices(d, k.mods, rng, false);
    const bool is_int = elem_type_info(d.a_type).is_integer;
    const std::uint64_t sign = 1ULL << (elem_bits(d.a_type) - 1);
    const int a_cols = d.cols(Operand::A);  // K, or the K/2 stored values of a sparse A
    for (int blk = 0; blk < d.blocks; ++blk)
      for (int t = 0; t + 1 < d.k; t += 2) {
        for (int i = 0; i < d.m && t + 1 < a_cols; ++i) {
          auto& row = m.a[static_cast<std::size_t>(blk)];
          const std::uint64_t x = row[static_cast<std::size_t>(i * a_cols + t)];
          row[static_cast<std::size_t>(i * a_cols + t + 1)] =
              is_int ? ((~x + 1) & mask_of(elem_bits(d.a_type))) : (x ^ sign);
        }
        for (int j = 0; j < d.n; ++j) {
          auto& col = m.b[static_cast<std::size_t>(blk)];
          col[static_cast<std::size_t>((t + 1) * d.n + j)] = col[static_cast<std::size_t>(t * d.n + j)];
        }
      }
    return scatter(k, m, "cancellation", rng);
  }
  // VALU: special-biased fields, with the second element of each pair the negation of the first
  // (float dots cancel; SAD and integer dots see mirrored fields).
  Case c = special_case(k, rng);
  c.kind = "cancellation";
  for (int lane = 0; lane < k.target.wave; ++lane) {
    std::uint32_t& a = c.in[static_cast<std::size_t>(lane * k.in_dwords)];
    a = (a & 0xFFFF) | (((a & 0xFFFF) ^ 0x8000) << 16);
    if (k.in_dwords > 1) {
      std::uint32_t& b = c.in[static_cast<std::size_t>(lane * k.in_dwords + k.operand_dwords[0])];
      b = (b & 0xFFFF) | ((b & 0xFFFF) << 16);
    }
  }
  return c;
}

std::vector<Case> targeted_cases(const Kernel& k) {
  std::vector<Case> out;
  std::mt19937_64 rng(1);
  if (k.matrix != nullptr) {
    // docs/spec/numerics.md §D.3's generator, for every matrix instruction (small integers, exact products).
    const InstrDesc& d = *k.matrix;
    Matrices m;
    m.a.resize(static_cast<std::size_t>(d.blocks));
    m.b.resize(static_cast<std::size_t>(d.blocks));
    m.c.resize(static_cast<std::size_t>(d.blocks));
    for (int blk = 0; blk < d.blocks; ++blk) {
      for (int i = 0; i < d.m; ++i)
        for (int kk = 0; kk < d.cols(Operand::A); ++kk)
          m.a[static_cast<std::size_t>(blk)].push_back(
              small(operand_type(d, Operand::A, k.mods), ((16 * i + kk + blk) * 7) % 17 - 8));
      for (int kk = 0; kk < d.k; ++kk)
        for (int j = 0; j < d.n; ++j)
          m.b[static_cast<std::size_t>(blk)].push_back(
              small(operand_type(d, Operand::B, k.mods), ((16 * kk + j + blk) * 11) % 17 - 8));
      for (int i = 0; i < d.m; ++i)
        for (int j = 0; j < d.n; ++j)
          m.c[static_cast<std::size_t>(blk)].push_back(small(d.c_type, ((16 * i + j) * 13) % 129 - 64));
    }
    out.push_back(scatter(k, m, "targeted: docs/spec/numerics.md §D.3 generator", rng));
    // docs/spec/numerics.md §D.4: the gfx1100 16-bit-output fixtures (inputs from tests/vectors).
    const std::string_view fixtures = arch_info(d.arch).packed16_fixtures;
    if (!fixtures.empty() && elem_bits(d.d_type) == 16) {
      std::ifstream in(vectors_dir() + "/" + std::string(fixtures));
      std::map<std::string, std::vector<std::uint32_t>> arrays;
      for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string format, fixture, operand;
        fields >> format >> fixture >> operand;
        if (format == elem_name(d.a_type)) arrays[fixture + operand] = read_hex_words(fields);
      }
      for (int fixture = 0; fixture < 7; ++fixture) {
        const std::string f = std::to_string(fixture);
        if (!arrays.count(f + "A")) continue;
        Matrices fm;
        fm.a = {std::vector<std::uint64_t>(arrays[f + "A"].begin(), arrays[f + "A"].end())};
        fm.b = {std::vector<std::uint64_t>(arrays[f + "B"].begin(), arrays[f + "B"].end())};
        fm.c = {std::vector<std::uint64_t>(arrays[f + "C"].begin(), arrays[f + "C"].end())};
        out.push_back(scatter(k, fm, "targeted: docs/spec/numerics.md §D.4 fixture " + f, rng));
      }
    }
    return out;
  }
  // docs/spec/numerics.md §D.2 / docs/spec/valu.md §5.6: the architecture's published DOT2 captures
  // (gfx1100's W7900 captures), 32 or 64 to a launch.
  const std::string_view captures = arch_info(k.target.arch).dot2_captures;
  if (!captures.empty() && (k.valu->builtin == "fdot2" || k.valu->builtin == "fdot2_f32_bf16") && k.mods.clamp == 0) {
    std::ifstream in(vectors_dir() + "/" + std::string(captures));
    const std::string format = k.valu->builtin == "fdot2" ? "f16" : "bf16";
    std::vector<std::vector<std::uint32_t>> rows;
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream fields(line);
      std::string f, index;
      fields >> f >> index;
      if (f == format) rows.push_back(read_hex_words(fields));
    }
    for (std::size_t first = 0; first < rows.size(); first += static_cast<std::size_t>(k.target.wave)) {
      Case c{"targeted: docs/spec/numerics.md §D.2 DOT2 captures",
             std::vector<std::uint32_t>(static_cast<std::size_t>(k.target.wave * k.in_dwords))};
      for (int lane = 0; lane < k.target.wave; ++lane) {
        const auto& r = rows[(first + static_cast<std::size_t>(lane)) % rows.size()];
        for (int w = 0; w < 3; ++w)
          c.in[static_cast<std::size_t>(lane * k.in_dwords + w)] = r[static_cast<std::size_t>(w)];
      }
      out.push_back(std::move(c));
    }
  }
  return out;
}

Case matrix_case(const Kernel& k, const std::function<std::uint64_t(Operand, int, int, int)>& value, std::string kind,
                 bool scales_from_value) {
  const InstrDesc& d = *k.matrix;
  Matrices m;
  for (auto [op, target] : {std::pair{Operand::A, &m.a}, std::pair{Operand::B, &m.b}, std::pair{Operand::C, &m.c}}) {
    target->resize(static_cast<std::size_t>(d.blocks));
    for (int blk = 0; blk < d.blocks; ++blk)
      for (int r = 0; r < d.rows(op); ++r)
        for (int c = 0; c < d.cols(op); ++c) (*target)[static_cast<std::size_t>(blk)].push_back(value(op, blk, r, c));
  }
  // Sparse instructions: the index of stored value c of row r is value(IDX, ...) (2 bits).
  if (d.has(Operand::IDX)) {
    m.idx.resize(static_cast<std::size_t>(d.blocks));
    for (int blk = 0; blk < d.blocks; ++blk)
      for (int r = 0; r < d.rows(Operand::IDX); ++r)
        for (int c = 0; c < d.cols(Operand::IDX); ++c)
          m.idx[static_cast<std::size_t>(blk)].push_back(value(Operand::IDX, blk, r, c) & 3);
  }
  // Scaled f8f6f4: the E8M0 scale of SA/SB entry (r, c) is value(SA or SB, ...) when asked for.
  for (auto [op, target] : {std::pair{Operand::SA, &m.sa}, std::pair{Operand::SB, &m.sb}}) {
    if (!scales_from_value || !d.has(op)) continue;
    target->resize(static_cast<std::size_t>(d.blocks));
    for (int blk = 0; blk < d.blocks; ++blk)
      for (int r = 0; r < d.rows(op); ++r)
        for (int c = 0; c < d.cols(op); ++c)
          (*target)[static_cast<std::size_t>(blk)].push_back(value(op, blk, r, c) & 0xFF);
  }
  std::mt19937_64 rng(7);
  return scatter(k, m, std::move(kind), rng);
}

std::vector<Case> make_cases(const Kernel& k, int random_cases, std::uint64_t seed) {
  std::vector<Case> out = targeted_cases(k);
  // One stream per kernel: the kernel's name perturbs the seed, so filtering does not change cases.
  std::uint64_t h = seed;
  for (char ch : k.name) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001B3ULL;
  std::mt19937_64 rng(h);
  for (int n = 0; n < random_cases; ++n) {
    switch (n % 3) {
      case 0: out.push_back(uniform_case(k, rng)); break;
      case 1: out.push_back(special_case(k, rng)); break;
      default: out.push_back(cancellation_case(k, rng)); break;
    }
  }
  return out;
}

}  // namespace mxlane::device
