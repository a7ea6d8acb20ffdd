// gfx942 SMFMAC: the 14 table rows against the published list, the compressed A and IDX layouts
// against the closed forms of docs/cdna3.md §3 (with the calculator README's example), the index-set
// modifiers of §2, and SMFMAC in every tool: eval, lanemap, --trace, run_matrix, the builtin API.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <fstream>
#include <type_traits>
#include <map>
#include <set>
#include <string>

#include "emu/api/builtins.hpp"
#include "emu/api/gemm.hpp"
#include "emu/api/matrix.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/matrix_case.hpp"

using mxlane_test::all_equal;

using namespace mxlane;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

namespace {

// docs/cdna3.md §1: opcode, cycles, C/D VGPRs (A is 2 VGPRs, B 4, IDX 1 for all 14).
struct PublishedSmfmac {
  int opcode, cycles, cd;
};
const std::map<std::string, PublishedSmfmac> kGfx942Sparse = {
    {"v_smfmac_f32_16x16x32_f16", {0x62, 16, 4}},      {"v_smfmac_f32_32x32x16_f16", {0x64, 32, 16}},
    {"v_smfmac_f32_16x16x32_bf16", {0x66, 16, 4}},     {"v_smfmac_f32_32x32x16_bf16", {0x68, 32, 16}},
    {"v_smfmac_i32_16x16x64_i8", {0x6a, 16, 4}},       {"v_smfmac_i32_32x32x32_i8", {0x6c, 32, 16}},
    {"v_smfmac_f32_16x16x64_bf8_bf8", {0x78, 16, 4}},  {"v_smfmac_f32_16x16x64_bf8_fp8", {0x79, 16, 4}},
    {"v_smfmac_f32_16x16x64_fp8_bf8", {0x7a, 16, 4}},  {"v_smfmac_f32_16x16x64_fp8_fp8", {0x7b, 16, 4}},
    {"v_smfmac_f32_32x32x32_bf8_bf8", {0x7c, 32, 16}}, {"v_smfmac_f32_32x32x32_bf8_fp8", {0x7d, 32, 16}},
    {"v_smfmac_f32_32x32x32_fp8_bf8", {0x7e, 32, 16}}, {"v_smfmac_f32_32x32x32_fp8_fp8", {0x7f, 32, 16}},
};

const InstrDesc& gfx942(const char* name) { return resolve_instruction(arch_info(ArchId::gfx942), name); }

// f16 ones in every lane of `vgprs` registers, as an eval line's word list.
std::string grid(int vgprs, const char* word) {
  std::string out = "[";
  for (int r = 0; r < vgprs; ++r) {
    out += r ? ",[" : "[";
    for (int l = 0; l < 64; ++l) out += std::string(l ? "," : "") + "\"" + word + "\"";
    out += "]";
  }
  return out + "]";
}

bool all_nan32(const BitMatrix& m) {
  return std::all_of(m.data(), m.data() + m.size(), [](std::uint64_t x) { return (x & 0x7fffffffu) > 0x7f800000u; });
}

}  // namespace

TEST_CASE("gfx942 has the 14 SMFMAC builtins of the CDNA3 table", "[isa][gfx942][smfmac]") {
  std::set<std::string> seen;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx942)) {
    if (!d->family().sparse_a) continue;
    const std::string mnemonic(d->mnemonic);
    CAPTURE(mnemonic);
    REQUIRE(kGfx942Sparse.count(mnemonic) == 1);
    seen.insert(mnemonic);
    const PublishedSmfmac& p = kGfx942Sparse.at(mnemonic);
    CHECK(d->family_id == MatrixFamilyId::smfmac);
    CHECK(std::string("v_") + std::string(d->builtin) == mnemonic);
    CHECK(d->opcode == p.opcode);
    CHECK(d->cycles == p.cycles);
    CHECK(d->vgprs_a == 2);
    CHECK(d->vgprs_b == 4);
    CHECK(d->vgprs_cd == p.cd);
    CHECK(d->vgprs(Operand::IDX) == 1);
    CHECK(d->cols(Operand::A) == d->k / 2);
    CHECK(d->rows(Operand::B) == d->k);
    CHECK(d->operands().size() == 5);
  }
  CHECK(seen.size() == kGfx942Sparse.size());
  // Dense instructions have no IDX.
  const InstrDesc& dense = gfx942("v_mfma_f32_16x16x16_f16");
  CHECK_FALSE(dense.has(Operand::IDX));
  CHECK_THROWS_AS(OperandLayout(dense, Operand::IDX), InvalidArgument);
}

TEST_CASE("SMFMAC compressed A and IDX follow the closed forms of docs/cdna3.md §3", "[isa][gfx942][smfmac][layouts]") {
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx942)) {
    if (!d->family().sparse_a) continue;
    CAPTURE(d->mnemonic);
    const int stored = d->k / 2, klc = stored * d->m / 64, bits = elem_bits(d->a_type);
    const int sets = 32 / (2 * klc);
    CHECK(sets == (bits == 16 ? 4 : 2));
    const OperandLayout a(*d, Operand::A);
    for (int abid = 0; abid < sets; ++abid) {
      const OperandLayout idx(*d, Operand::IDX, Modifiers{.abid = abid});
      const OperandLayout idx_cbsz(*d, Operand::IDX, Modifiers{.cbsz = 1, .abid = abid});  // set 0 whatever ABID
      for (int i = 0; i < d->m; ++i)
        for (int c = 0; c < stored; ++c) {
          const int lane = i + d->m * (c / klc), t = c % klc;
          const Slot sa = a.forward(0, i, c).front().slot;
          CHECK(sa.lane == lane);
          CHECK(sa.vgpr == t * bits / 32);
          CHECK(sa.bit_lo == t * bits % 32);
          const Slot si = idx.forward(0, i, c).front().slot;
          CHECK(si.lane == lane);
          CHECK(si.vgpr == 0);
          CHECK(si.bit_lo == 2 * t + 2 * klc * abid);
          CHECK(si.bit_hi == si.bit_lo + 1);
          CHECK(idx_cbsz.forward(0, i, c).front().slot.bit_lo == 2 * t);
        }
    }
  }
}

TEST_CASE("SMFMAC index register: the calculator README's example", "[isa][gfx942][smfmac][layouts]") {
  // AMD's matrix instruction calculator README: v_smfmac_f32_16x16x32_f16, A[2][31] -> lane 50, index
  // bits [7:4] (the pair holding k 31, compressed columns 14 and 15); with ABID = 3 bits [31:28].
  const InstrDesc& d = gfx942("v_smfmac_f32_16x16x32_f16");
  const int c = 31 / 2;  // k 31 lies in group 7, whose stored values are columns 14 and 15
  const OperandLayout idx(d, Operand::IDX), idx3(d, Operand::IDX, Modifiers{.abid = 3});
  CHECK(idx.forward(0, 2, c).front().slot.lane == 50);
  CHECK(idx.forward(0, 2, c - 1).front().slot.bit_lo == 4);
  CHECK(idx.forward(0, 2, c).front().slot.bit_hi == 7);
  CHECK(idx3.forward(0, 2, c - 1).front().slot.bit_lo == 28);
  CHECK(idx3.forward(0, 2, c).front().slot.bit_hi == 31);

  const auto json = run_mxlane({"lanemap", "--arch", "mi300x", "--inst", "smfmac_f32_16x16x32_f16", "--operand", "IDX",
                                "--element", "2,15", "--abid", "3", "--format", "json"});
  CHECK(json.code == 0);
  CHECK(json.out.find("\"lane\":50") != std::string::npos);
  CHECK(json.out.find("\"bit_lo\":30") != std::string::npos);
}

TEST_CASE("SMFMAC modifiers: CBSZ/ABID choose the index set, no BLGP (docs/cdna3.md §2)",
          "[isa][gfx942][smfmac][modifiers]") {
  const InstrDesc& f16 = gfx942("v_smfmac_f32_16x16x32_f16");
  const InstrDesc& i8 = gfx942("v_smfmac_i32_32x32x32_i8");
  CHECK_NOTHROW(validate_modifiers(f16, Modifiers{.abid = 3}));
  CHECK_NOTHROW(validate_modifiers(f16, Modifiers{.cbsz = 2, .abid = 3}));  // ABID ignored, set 0
  CHECK_NOTHROW(validate_modifiers(i8, Modifiers{.abid = 1}));
  const auto message = [](const InstrDesc& d, Modifiers m) {
    try {
      validate_modifiers(d, m);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(message(f16, Modifiers{.abid = 4}).find("abid=4 is not allowed on v_smfmac_f32_16x16x32_f16") !=
        std::string::npos);
  CHECK(message(f16, Modifiers{.abid = 4}).find("legal values: 0, 1, 2, 3") != std::string::npos);
  CHECK(message(i8, Modifiers{.abid = 2}).find("legal values: 0, 1") != std::string::npos);
  CHECK(message(f16, Modifiers{.blgp = 1}).find("SMFMAC has no BLGP") != std::string::npos);
  CHECK(message(f16, Modifiers{.neg = 1}).find("not an SMFMAC modifier") != std::string::npos);
}

TEST_CASE("SMFMAC arithmetic: all-ones tiles, an infinity where no index points, both groupings",
          "[isa][gfx942][smfmac]") {
  const InstrDesc& d = gfx942("v_smfmac_f32_16x16x32_f16");
  BitMatrix a = BitMatrix::Constant(16, 16, 0x3c00), b = BitMatrix::Constant(32, 16, 0x3c00),
            c = BitMatrix::Zero(16, 16);
  BitMatrix idx(16, 16);
  for (int i = 0; i < 16; ++i)
    for (int t = 0; t < 16; ++t) idx(i, t) = static_cast<std::uint64_t>(t % 2);  // stored values at k 4q, 4q+1
  // 16 stored ones times ones: 16.0 = 0x41800000 in every element.
  CHECK(all_equal(run_matrix(d, {a}, {b}, {c}, {}, {}, {idx})[0], 0x41800000u));
  // B row 2 is +inf, but no index points at k = 2: dense-k multiplies it by a +0 (NaN), compressed-k
  // never reads it (docs/cdna3-numerics.md §4).
  b.row(2).setConstant(0x7c00);
  const BitMatrix dense = run_matrix(d, {a}, {b}, {c}, {}, {}, {idx})[0];
  CHECK(all_nan32(dense));
  Switches compressed;
  set_switch(compressed, "smfmac_grouping", "compressed-k");
  CHECK(all_equal(run_matrix(d, {a}, {b}, {c}, {}, compressed, {idx})[0], 0x41800000u));
  // Pointing the odd values at k = 4q+2 makes every row read the infinity: +inf under both rules.
  for (int i = 0; i < 16; ++i)
    for (int t = 1; t < 16; t += 2) idx(i, t) = 2;
  CHECK(all_equal(run_matrix(d, {a}, {b}, {c}, {}, compressed, {idx})[0], 0x7f800000u));

  CHECK_THROWS_WITH(run_matrix(d, {a}, {b}, {c}), Catch::Contains("IDX"));
  const InstrDesc& dense_f16 = gfx942("v_mfma_f32_16x16x16_f16");
  CHECK_THROWS_WITH(run_matrix(dense_f16, {BitMatrix::Zero(16, 16)}, {BitMatrix::Zero(16, 16)},
                               {BitMatrix::Zero(16, 16)}, {}, {}, {BitMatrix::Zero(16, 8)}),
                    Catch::Contains("is dense"));
  CHECK_THROWS_WITH(
      gemm(d, GemmMatrix<std::uint16_t>(16, 32), GemmMatrix<std::uint16_t>(32, 16), GemmMatrix<std::uint32_t>(16, 16)),
      Catch::Contains("is sparse"));
}

TEST_CASE("SMFMAC through the C++ builtin API", "[isa][gfx942][smfmac][api]") {
  namespace b = builtins::gfx942;
  using Fn = std::remove_cv_t<decltype(b::smfmac_f32_16x16x32_f16)>;
  Fn::A a{};
  Fn::B bm{};
  Fn::C c{};
  Fn::Idx idx{};
  for (auto& lane : a) lane.fill(F16{0x3c00});
  for (auto& lane : bm) lane.fill(F16{0x4000});  // 2.0
  for (auto& lane : idx) lane = 0x44444444;      // every set: indices 0, 1, 0, 1
  const Fn::D d = b::smfmac_f32_16x16x32_f16(a, bm, c, idx, 0, 0);
  for (const auto& lane : d)
    for (const F32 v : lane) CHECK(v.bits == 0x42000000u);  // 16 products of 1 * 2 = 32.0
}

TEST_CASE("SMFMAC in eval, lanemap and --trace", "[isa][gfx942][smfmac][cli]") {
  const std::string ones = grid(2, "0x3c003c00"), b = grid(4, "0x3c003c00"), c = grid(4, "0x00000000");
  const std::string idx = grid(1, "0x44444444");
  const std::string line = "{\"arch\":\"gfx942\",\"inst\":\"v_smfmac_f32_16x16x32_f16\",\"src\":{\"A\":" + ones +
                           ",\"B\":" + b + ",\"C\":" + c + ",\"IDX\":" + idx + "}}\n";
  const auto eval = run_mxlane_on_input({"eval"}, line);
  CHECK(eval.code == 0);
  CHECK(eval.out.find("\"0x41800000\"") != std::string::npos);
  CHECK(eval.out.find("error") == std::string::npos);

  const std::string no_idx = "{\"arch\":\"gfx942\",\"inst\":\"v_smfmac_f32_16x16x32_f16\",\"src\":{\"A\":" + ones +
                             ",\"B\":" + b + ",\"C\":" + c + "}}\n";
  const auto missing = run_mxlane_on_input({"eval"}, no_idx);
  CHECK(missing.code == 2);
  CHECK(missing.out.find("src.IDX: missing") != std::string::npos);
  const std::string dense = "{\"arch\":\"gfx942\",\"inst\":\"v_mfma_f32_16x16x16_f16\",\"src\":{\"A\":" + ones +
                            ",\"B\":" + ones + ",\"C\":" + c + ",\"IDX\":" + idx + "}}\n";
  const auto dense_idx = run_mxlane_on_input({"eval"}, dense);
  CHECK(dense_idx.code == 2);
  CHECK(dense_idx.out.find("src.IDX") != std::string::npos);
  CHECK(dense_idx.out.find("is dense") != std::string::npos);

  const auto lanemap_dense =
      run_mxlane({"lanemap", "--arch", "gfx942", "--inst", "v_mfma_f32_16x16x16_f16", "--operand", "IDX"});
  CHECK(lanemap_dense.code == 2);
  CHECK(lanemap_dense.err.find("--operand IDX: v_mfma_f32_16x16x16_f16 is dense") != std::string::npos);

  const auto a_map = run_mxlane(
      {"lanemap", "--arch", "gfx942", "--inst", "v_smfmac_f32_16x16x32_f16", "--operand", "A", "--format", "json"});
  CHECK(a_map.code == 0);
  CHECK(a_map.out.find("\"cols\":16") != std::string::npos);

  // The trace with the registers: values 0 and 1 of each group at k 4q and 4q+1, k 4q+2 and 4q+3 not stored.
  const auto trace = mxlane_test::trace_with_values("gfx942", "v_smfmac_f32_16x16x32_f16", "3,5", line);
  CHECK(trace.code == 0);
  CHECK(trace.out.find("Sparse A: stored value c -> k (from IDX): 0->k0, 1->k1, 2->k4") != std::string::npos);
  CHECK(trace.out.find("k=2: no stored A value = not stored: +0") != std::string::npos);
  CHECK(trace.out.find("k=4: A[3][2] = ") != std::string::npos);  // stored value 2 sits at k 4
  const auto quick =
      run_mxlane({"lanemap", "--arch", "gfx942", "--inst", "v_smfmac_f32_16x16x32_f16", "--trace", "0,0", "--a", "1"});
  CHECK(quick.code == 2);
  CHECK(quick.err.find("is sparse") != std::string::npos);
}
