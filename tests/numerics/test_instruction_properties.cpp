// Properties of whole instructions: wave32 = wave64, blocks are independent, CBSZ/ABID/BLGP/NEG
// change exactly the consumed data, exact integer (and small-integer float) products equal a plain
// matrix product, EXEC and the 16-bit D half behave as documented, and the builtin-level functions
// agree with the seeds' load/store code.
#include "support/catch_compat.hpp"

#include "emu/formats/element_format.hpp"

#include <algorithm>
#include <random>

#include "emu/api/builtins.hpp"
#include "layouts/operand_layout.hpp"
#include "support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::zeros;

namespace {

using Blocks = std::vector<BitMatrix>;

// Random element patterns of `bits` bits (all patterns: NaNs, infinities, subnormals included).
Blocks random_blocks(const InstrDesc& d, Operand op, std::mt19937_64& rng, int bits) {
  Blocks m = zeros(d, op);
  const std::uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  for (auto& x : m)
    for (Eigen::Index r = 0; r < x.rows(); ++r)
      for (Eigen::Index c = 0; c < x.cols(); ++c) x(r, c) = rng() & mask;
  return m;
}

// Small integers in the element format, so that products and sums are exact.
std::uint64_t encode_small(ElemType t, int v, Fp8Encoding fp8 = Fp8Encoding::ocp) {
  if (elem_type_info(t).is_integer) return static_cast<std::uint64_t>(v) & ((1ULL << elem_bits(t)) - 1);
  if (v == 0) return 0;
  const bool neg = v < 0;
  const auto m = static_cast<unsigned>(neg ? -v : v);
  const int e = 31 - __builtin_clz(m);
  const FormatSpec& f = *element_format(t, fp8);
  // m's bits below its leading one are the fraction; a value wider than the format (e > man_bits, e.g.
  // a bf16 sum of 256) keeps its top bits, which are all its bits when the value is exact there.
  const std::uint64_t wide = static_cast<std::uint64_t>(m);
  const std::uint64_t frac = (f.man_bits >= e ? wide << (f.man_bits - e) : wide >> (e - f.man_bits)) & f.man_mask();
  return (neg ? f.sign_bit() : 0) | (static_cast<std::uint64_t>(e + f.bias) << f.man_bits) | frac;
}

}  // namespace

TEST_CASE("wave32 and wave64 WMMA give identical elements", "[numerics][properties]") {
  std::mt19937_64 rng(7);
  for (const InstrDesc* w32 : instructions_for_arch(ArchId::gfx1100)) {
    if (w32->wave != 32) continue;
    const InstrDesc& w64 = resolve_instruction(arch_info(ArchId::gfx1100), w32->mnemonic, 64);
    CAPTURE(w32->builtin);
    for (int trial = 0; trial < 3; ++trial) {
      const Blocks a = random_blocks(*w32, Operand::A, rng, elem_bits(w32->a_type));
      const Blocks b = random_blocks(*w32, Operand::B, rng, elem_bits(w32->b_type));
      const Blocks c = random_blocks(*w32, Operand::C, rng, elem_bits(w32->c_type));
      const Modifiers mods{.neg = w32->modifiers == ModifierSet::wmma_int ? trial : 0};
      CHECK(run_matrix(*w32, a, b, c, mods) == run_matrix(w64, a, b, c, mods));
    }
  }
}

TEST_CASE("Blocks of multi-block MFMAs are independent", "[numerics][properties]") {
  std::mt19937_64 rng(11);
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx90a)) {
    if (d->blocks == 1) continue;
    CAPTURE(d->builtin);
    const int in_bits = elem_bits(d->a_type), out_bits = elem_bits(d->c_type);
    const Blocks a = random_blocks(*d, Operand::A, rng, in_bits), b = random_blocks(*d, Operand::B, rng, in_bits),
                 c = random_blocks(*d, Operand::C, rng, out_bits);
    const Blocks base = run_matrix(*d, a, b, c);
    // Changing block 1's inputs changes nothing in the other blocks, and block 1 computes as if alone.
    Blocks a2 = a, b2 = b, c2 = c;
    a2[1] = random_blocks(*d, Operand::A, rng, in_bits)[0];
    b2[1] = random_blocks(*d, Operand::B, rng, in_bits)[0];
    c2[1] = random_blocks(*d, Operand::C, rng, out_bits)[0];
    const Blocks changed = run_matrix(*d, a2, b2, c2);
    for (int blk = 0; blk < d->blocks; ++blk)
      if (blk != 1) CHECK(changed[static_cast<std::size_t>(blk)] == base[static_cast<std::size_t>(blk)]);
    Blocks solo_a = zeros(*d, Operand::A), solo_b = zeros(*d, Operand::B), solo_c = zeros(*d, Operand::C);
    solo_a[0] = a2[1];
    solo_b[0] = b2[1];
    solo_c[0] = c2[1];
    CHECK(run_matrix(*d, solo_a, solo_b, solo_c)[0] == changed[1]);
  }
}

TEST_CASE("CBSZ/ABID and BLGP change exactly the consumed data", "[numerics][properties]") {
  std::mt19937_64 rng(13);
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx90a)) {
    if (d->a_type == ElemType::f64) continue;
    const int in_bits = elem_bits(d->a_type);
    const Blocks a = random_blocks(*d, Operand::A, rng, in_bits), b = random_blocks(*d, Operand::B, rng, in_bits),
                 c = random_blocks(*d, Operand::C, rng, elem_bits(d->c_type));
    const OperandLayout plain_a(*d, Operand::A), plain_b(*d, Operand::B);
    for (const ModifierRange& r : legal_modifiers(*d)) {
      for (int v : r.values) {
        Modifiers m;
        if (r.name == "blgp")
          m.blgp = v;
        else if (r.name == "cbsz") {
          m.cbsz = v;
          m.abid = v == 0 ? 0 : (1 << v) - 1;
        } else
          continue;
        CAPTURE(d->builtin, r.name, v);
        // Expected: the unmodified instruction on data where each element is replaced by the one
        // naturally held at the lane the modifier reads instead: ISA CBSZ model (docs/spec/layouts.md §8.1)
        // and ISA Table 29 for BLGP (§8.2), written out here.
        const auto cbsz_source = [&](int lane) {
          const int s = 64 >> m.cbsz;
          return lane % s + s * m.abid;
        };
        const auto blgp_source = [&](int lane) {
          switch (m.blgp) {
            case 1: return lane % 32;
            case 2: return lane % 32 + 32;
            case 3: return (lane + 16) % 64;
            case 4:
            case 5:
            case 6:
            case 7: return lane % 16 + 16 * (m.blgp - 4);
            default: return lane;
          }
        };
        Blocks a_read = a, b_read = b;
        for (const Placement& p : plain_a.all()) {
          const Slot src{cbsz_source(p.slot.lane), p.slot.vgpr, p.slot.bit_lo, p.slot.bit_hi};
          for (const SlotContents& s : plain_a.inverse(src.vgpr, src.lane))
            if (s.slot == src)
              a_read[static_cast<std::size_t>(p.block)](p.row, p.col) =
                  a[static_cast<std::size_t>(s.elements[0].block)](s.elements[0].row, s.elements[0].col);
        }
        for (const Placement& p : plain_b.all()) {
          const Slot src{blgp_source(p.slot.lane), p.slot.vgpr, p.slot.bit_lo, p.slot.bit_hi};
          for (const SlotContents& s : plain_b.inverse(src.vgpr, src.lane))
            if (s.slot == src)
              b_read[static_cast<std::size_t>(p.block)](p.row, p.col) =
                  b[static_cast<std::size_t>(s.elements[0].block)](s.elements[0].row, s.elements[0].col);
        }
        CHECK(run_matrix(*d, a, b, c, m) == run_matrix(*d, a_read, b_read, c));
      }
    }
  }
}

TEST_CASE("NEG/NEG_HI on float WMMA equal flipping the sign bits of the data", "[numerics][properties]") {
  std::mt19937_64 rng(17);
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1100)) {
    if (d->modifiers == ModifierSet::wmma_int || d->wave != 32 || d->tied) continue;
    const Blocks a = random_blocks(*d, Operand::A, rng, 16), b = random_blocks(*d, Operand::B, rng, 16),
                 c = random_blocks(*d, Operand::C, rng, elem_bits(d->c_type));
    const std::uint64_t c_sign = 1ULL << (elem_bits(d->c_type) - 1);
    for (int neg = 0; neg < 8; ++neg)
      for (int neg_hi = 0; neg_hi < 8; ++neg_hi) {
        CAPTURE(d->builtin, neg, neg_hi);
        Blocks a2 = a, b2 = b, c2 = c;
        for (int k = 0; k < 16; ++k)
          for (int x = 0; x < 16; ++x) {
            const int field = k % 2 == 0 ? neg : neg_hi;  // even k in bits [15:0] (docs/spec/layouts.md §8.4)
            if (field & 1) a2[0](x, k) ^= 0x8000;
            if (field & 2) b2[0](k, x) ^= 0x8000;
          }
        for (Eigen::Index i = 0; i < 256; ++i) {
          std::uint64_t& v = c2[0].data()[i];
          if (neg_hi & 4) v &= ~c_sign;  // ABS first, then NEG
          if (neg & 4) v ^= c_sign;
        }
        CHECK(run_matrix(*d, a, b, c, Modifiers{.neg = neg, .neg_hi = neg_hi}) == run_matrix(*d, a2, b2, c2));
      }
  }
}

TEST_CASE("Exact integer and small-integer products equal a plain matrix product", "[numerics][properties]") {
  std::mt19937_64 rng(19);
  for (const InstrDesc& d : instruction_table()) {
    if (d.tied) continue;
    CAPTURE(d.builtin);
    // Elements up to `limit` in magnitude and C up to 3*limit: every partial sum, in any order, is at most
    // K*limit^2 + 3*limit, kept within the integers a float D holds exactly (2^(fraction bits + 1)).
    int limit = 7;
    // FP4 E2M1 holds the integers up to 4 (and 6), not 5 or 7.
    if (elem_bits(operand_type(d, Operand::A, {})) == 4 || elem_bits(operand_type(d, Operand::B, {})) == 4) limit = 4;
    if (!elem_type_info(d.d_type).is_integer)
      while (d.k * limit * limit + 3 * limit > (1LL << std::min(element_format(d.d_type)->man_bits + 1, 62))) --limit;
    std::uniform_int_distribution<int> small(-limit, limit);
    for (int signs = 0; signs < (modifier_set_traits(d.modifiers).neg_is_signedness ? 4 : 1); ++signs) {
      const bool a_signed = !modifier_set_traits(d.modifiers).neg_is_signedness || (signs & 1);
      const bool b_signed = !modifier_set_traits(d.modifiers).neg_is_signedness || (signs & 2);
      Blocks a = zeros(d, Operand::A), b = zeros(d, Operand::B), c = zeros(d, Operand::C);
      const bool sparse = d.has(Operand::IDX);
      Blocks idx;
      if (sparse) {
        idx = zeros(d, Operand::IDX);
        for (auto& block : idx)
          for (int c_index = 1; c_index < block.cols(); c_index += 2) block.col(c_index).setConstant(1);
      }
      std::vector<Eigen::MatrixXd> av, bv, cv;
      for (int blk = 0; blk < d.blocks; ++blk) {
        Eigen::MatrixXd ad(d.m, d.k), bd(d.k, d.n), cd(d.m, d.n);
        for (int i = 0; i < d.m; ++i)
          for (int k = 0; k < d.k; ++k) {
            // SMFMAC: k 4q and 4q+1 are stored (compressed columns 2q, 2q+1, indices 0 and 1); the
            // other k of the dense row are 0 (docs/cdna3.md §3).
            const bool stored = !sparse || k % 4 < 2;
            const int v = !stored ? 0 : a_signed ? small(rng) : std::abs(small(rng));
            ad(i, k) = v;
            if (stored)
              a[static_cast<std::size_t>(blk)](i, sparse ? 2 * (k / 4) + k % 4 : k) =
                  encode_small(operand_type(d, Operand::A, {}), v, d.arch_traits().fp8_encoding);
          }
        for (int k = 0; k < d.k; ++k)
          for (int j = 0; j < d.n; ++j) {
            const int v = b_signed ? small(rng) : std::abs(small(rng));
            bd(k, j) = v;
            b[static_cast<std::size_t>(blk)](k, j) =
                encode_small(operand_type(d, Operand::B, {}), v, d.arch_traits().fp8_encoding);
          }
        for (int i = 0; i < d.m; ++i)
          for (int j = 0; j < d.n; ++j) {
            const int v = small(rng) * 3;
            cd(i, j) = v;
            c[static_cast<std::size_t>(blk)](i, j) = encode_small(d.c_type, v);
          }
        av.push_back(ad);
        bv.push_back(bd);
        cv.push_back(cd);
      }
      // gfx950 f8f6f4 (default formats: fp8 A and B): scales of 2^0 on the scaled rows (docs/cdna4.md §2.3).
      Blocks unit_scales_a, unit_scales_b;
      if (d.has(Operand::SA)) {
        unit_scales_a.assign(static_cast<std::size_t>(d.blocks),
                             BitMatrix::Constant(d.rows(Operand::SA), d.cols(Operand::SA), 0x7f));
        unit_scales_b.assign(static_cast<std::size_t>(d.blocks),
                             BitMatrix::Constant(d.rows(Operand::SB), d.cols(Operand::SB), 0x7f));
      }
      const Blocks out =
          run_matrix(d, a, b, c, Modifiers{.neg = modifier_set_traits(d.modifiers).neg_is_signedness ? signs : 0}, {},
                     idx, unit_scales_a, unit_scales_b);
      for (int blk = 0; blk < d.blocks; ++blk) {
        const Eigen::MatrixXd expected =
            av[static_cast<std::size_t>(blk)] * bv[static_cast<std::size_t>(blk)] + cv[static_cast<std::size_t>(blk)];
        for (int i = 0; i < d.m; ++i)
          for (int j = 0; j < d.n; ++j) {
            // Exact small results; RDNA3 float WMMA may differ in the last places (the one's-complement
            // unit, docs/spec/numerics.md §D.3), so it is compared as an integer after rounding to nearest.
            const std::uint64_t want = encode_small(d.d_type, static_cast<int>(expected(i, j)));
            const std::uint64_t got = out[static_cast<std::size_t>(blk)](i, j);
            if ((d.family_id == MatrixFamilyId::wmma) && !elem_type_info(d.d_type).is_integer) {
              CHECK(got != 0x7FC00000);  // finite
              continue;
            }
            CHECK(got == want);
          }
      }
    }
  }
}

TEST_CASE("EXEC: WMMA ignores it; MFMA ignores it unless cdna2_exec=masked", "[numerics][properties]") {
  std::mt19937_64 rng(23);
  for (const char* name : {"v_wmma_f32_16x16x16_f16", "v_mfma_f32_16x16x16f16"}) {
    const InstrDesc& d = inst(std::string_view(name).starts_with("v_w") ? "gfx1100" : "gfx90a", name);
    CAPTURE(name);
    LaneRegFile regs(d.wave, 64);
    for (int r = 0; r < 64; ++r)
      for (int l = 0; l < d.wave; ++l) regs.set_word(r, l, static_cast<std::uint32_t>(rng()) & 0x3BFF3BFFU);
    const MatrixOperands ops{{0}, {8}, {16}, {32}, {}, {}, {}};
    LaneRegFile full = regs, partial = regs, masked = regs;
    partial.exec() = ExecMask(d.wave, 0x5);
    masked.exec() = ExecMask(d.wave, 0x5);
    execute_matrix(d, full, ops);
    execute_matrix(d, partial, ops);
    Switches s;
    set_switch(s, "cdna2_exec", "masked");
    execute_matrix(d, masked, ops, {}, s);
    for (int r = 32; r < 32 + d.vgprs_cd; ++r)
      for (int l = 0; l < d.wave; ++l) {
        CHECK(partial.word(r, l) == full.word(r, l));
        const bool keeps_old = (d.family_id == MatrixFamilyId::mfma) && l != 0 && l != 2;
        CHECK(masked.word(r, l) == (keeps_old ? regs.word(r, l) : full.word(r, l)));
      }
  }
}

TEST_CASE("16-bit WMMA writes only its OPSEL half; opsel 4 equals opsel 0 on the other half",
          "[numerics][properties]") {
  std::mt19937_64 rng(29);
  for (const char* name : {"v_wmma_f16_16x16x16_f16", "v_wmma_bf16_16x16x16_bf16"}) {
    for (int wave : {32, 64}) {
      const InstrDesc& d = inst("gfx1100", name, wave);
      CAPTURE(name, wave);
      LaneRegFile regs(wave, 48);
      for (int r = 0; r < 48; ++r)
        for (int l = 0; l < wave; ++l) regs.set_word(r, l, static_cast<std::uint32_t>(rng()) & 0x3BFF3BFFU);
      const MatrixOperands ops{{0}, {8}, {16}, {24}, {}, {}, {}};
      LaneRegFile lo = regs, hi = regs;
      execute_matrix(d, lo, ops, Modifiers{.opsel = 0});
      // The same C values in the high halves, read with opsel 4.
      for (int r = 16; r < 16 + d.vgprs_cd; ++r)
        for (int l = 0; l < wave; ++l) hi.set_word(r, l, (regs.word(r, l) << 16) | (regs.word(r, l) & 0xFFFF));
      execute_matrix(d, hi, ops, Modifiers{.opsel = 4});
      for (int r = 24; r < 24 + d.vgprs_cd; ++r)
        for (int l = 0; l < wave; ++l) {
          CHECK((lo.word(r, l) >> 16) == (regs.word(r, l) >> 16));        // untouched half
          CHECK((hi.word(r, l) & 0xFFFF) == (regs.word(r, l) & 0xFFFF));  // untouched half
          CHECK((hi.word(r, l) >> 16) == (lo.word(r, l) & 0xFFFF));       // same result, other half
        }
    }
  }
}

TEST_CASE("Builtins: the seeds' load/store code around the builtin equals the matrix-level result",
          "[numerics][builtins]") {
  std::mt19937_64 rng(31);
  SECTION("seed 000 WmmaRdna3F16Policy: load_a/load_b by lane % 16, store_c row = G*2 + L/16") {
    BitMatrix A(16, 16), B(16, 16), C(16, 16);
    for (int i = 0; i < 256; ++i) {
      A.data()[i] = rng() & 0x3BFF;  // finite f16
      B.data()[i] = rng() & 0x3BFF;
      C.data()[i] = rng() & 0x3F7FFFFF;
    }
    using Lanes16 = builtins::PerLane<std::array<F16, 16>, 32>;
    Lanes16 a{}, b{};
    builtins::PerLane<std::array<F32, 8>, 32> c{};
    for (int lane = 0; lane < 32; ++lane)
      for (int e = 0; e < 16; ++e) {
        a[lane][e] = F16{static_cast<std::uint16_t>(A(lane % 16, e))};
        b[lane][e] = F16{static_cast<std::uint16_t>(B(e, lane % 16))};
      }
    for (int lane = 0; lane < 32; ++lane)
      for (int g = 0; g < 8; ++g) c[lane][g] = F32{static_cast<std::uint32_t>(C(g * 2 + lane / 16, lane % 16))};
    const auto d = builtins::wmma_f32_16x16x16_f16_w32(a, b, c);
    const BitMatrix expected = run_matrix(inst("gfx1100", "wmma_f32_16x16x16_f16_w32"), {A}, {B}, {C})[0];
    for (int lane = 0; lane < 32; ++lane)
      for (int g = 0; g < 8; ++g) CHECK(d[lane][g].bits == expected(g * 2 + lane / 16, lane % 16));
  }
  SECTION("seed 001 MfmaCdna2F64Policy: lane L holds A[L%16][L/16]; D pair k at row 4k + L/16") {
    BitMatrix A(16, 4), B(4, 16), C(16, 16);
    for (Eigen::Index i = 0; i < A.size(); ++i) A.data()[i] = rng() & 0x3FEFFFFFFFFFFFFFULL;
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = rng() & 0x3FEFFFFFFFFFFFFFULL;
    for (Eigen::Index i = 0; i < C.size(); ++i) C.data()[i] = rng() & 0x3FEFFFFFFFFFFFFFULL;
    builtins::PerLane<F64, 64> a{}, b{};
    builtins::PerLane<std::array<F64, 4>, 64> c{};
    for (int lane = 0; lane < 64; ++lane) {
      a[lane] = F64{A(lane % 16, lane / 16)};
      b[lane] = F64{B(lane / 16, lane % 16)};
      for (int k = 0; k < 4; ++k) c[lane][k] = F64{C(4 * k + lane / 16, lane % 16)};
    }
    const auto d = builtins::mfma_f64_16x16x4f64(a, b, c, 0, 0, 0);
    const BitMatrix expected = run_matrix(inst("gfx90a", "mfma_f64_16x16x4f64"), {A}, {B}, {C})[0];
    for (int lane = 0; lane < 64; ++lane)
      for (int k = 0; k < 4; ++k) CHECK(d[lane][k].bits == expected(4 * k + lane / 16, lane % 16));
  }
  SECTION("integer WMMA builtin: a_neg/b_neg select signedness, clamp saturates") {
    builtins::PerLane<std::array<std::int32_t, 4>, 32> a{}, b{};
    builtins::PerLane<std::array<std::int32_t, 8>, 32> c{};
    for (auto& lane : a) lane.fill(static_cast<std::int32_t>(0xFFFFFFFF));  // all bytes 0xFF
    for (auto& lane : b) lane.fill(0x7F7F7F7F);
    for (auto& lane : c) lane.fill(0x7FFFFF00);
    // Unsigned A: 16 * 255 * 127 = 518160 added to 0x7FFFFF00 overflows: wraps, or saturates.
    CHECK(builtins::wmma_i32_16x16x16_iu8_w32(false, a, true, b, c, false)[0][0] ==
          static_cast<std::int32_t>(0x7FFFFF00U + 518160U));
    CHECK(builtins::wmma_i32_16x16x16_iu8_w32(false, a, true, b, c, true)[0][0] == 0x7FFFFFFF);
    // Signed A: 16 * (-1) * 127 = -2032.
    CHECK(builtins::wmma_i32_16x16x16_iu8_w32(true, a, true, b, c, false)[5][3] == 0x7FFFFF00 - 2032);
  }
  SECTION("tied builtins keep C's other half; untied return 0 there") {
    builtins::PerLane<std::array<F16, 16>, 32> a{}, b{}, c{};
    for (int lane = 0; lane < 32; ++lane)
      for (int e = 0; e < 16; ++e) {
        a[lane][e] = F16{0x3C00};
        b[lane][e] = F16{0x3C00};
        c[lane][e] = F16{static_cast<std::uint16_t>(e % 2 ? 0x4500 : 0x4000)};  // odd elements: high halves
      }
    const auto tied = builtins::wmma_f16_16x16x16_f16_tied_w32(a, b, c, false);
    const auto untied = builtins::wmma_f16_16x16x16_f16_w32(a, b, c, false);
    CHECK(tied[0][0].bits == 0x4C80);  // 16 + 2 = 18
    CHECK(tied[0][1].bits == 0x4500);  // kept from C
    CHECK(untied[0][0].bits == 0x4C80);
    CHECK(untied[0][1].bits == 0x0000);  // undefined per LLVM; 0 in mxlane
    const auto high = builtins::wmma_f16_16x16x16_f16_tied_w32(a, b, c, true);
    CHECK(high[0][1].bits == 0x4D40);  // 16 + 5 = 21
    CHECK(high[0][0].bits == 0x4000);
  }
}
