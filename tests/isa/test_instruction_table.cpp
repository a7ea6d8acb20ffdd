// The instruction table against the seeds' builtin lists and throughput tables, docs/spec/layouts.md §4, and
// name/alias resolution.
#include "support/catch_compat.hpp"

#include <map>
#include <set>

#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"

using namespace mxlane;

namespace {

struct Throughput {
  int ops, cycles, coexec;
};

// Seed 001 "Instruction throughput" table, transcribed: builtin -> (ops, cycles, VALU co-exec).
const std::map<std::string, Throughput> kSeed001Throughput = {
    {"mfma_f32_32x32x1f32", {4096, 64, 60}},      {"mfma_f32_16x16x1f32", {2048, 32, 28}},
    {"mfma_f32_4x4x1f32", {512, 8, 4}},           {"mfma_f32_32x32x2f32", {4096, 64, 60}},
    {"mfma_f32_16x16x4f32", {2048, 32, 28}},      {"mfma_f32_32x32x4f16", {16384, 64, 60}},
    {"mfma_f32_16x16x4f16", {8192, 32, 28}},      {"mfma_f32_4x4x4f16", {2048, 8, 4}},
    {"mfma_f32_32x32x8f16", {16384, 64, 60}},     {"mfma_f32_16x16x16f16", {8192, 32, 28}},
    {"mfma_f32_32x32x2bf16", {8192, 64, 60}},     {"mfma_f32_16x16x2bf16", {4096, 32, 28}},
    {"mfma_f32_4x4x2bf16", {1024, 8, 4}},         {"mfma_f32_32x32x4bf16", {8192, 64, 60}},
    {"mfma_f32_16x16x8bf16", {4096, 32, 28}},     {"mfma_f32_32x32x4bf16_1k", {16384, 64, 60}},
    {"mfma_f32_16x16x4bf16_1k", {8192, 32, 28}},  {"mfma_f32_4x4x4bf16_1k", {2048, 8, 4}},
    {"mfma_f32_32x32x8bf16_1k", {16384, 64, 60}}, {"mfma_f32_16x16x16bf16_1k", {8192, 32, 28}},
    {"mfma_f64_16x16x4f64", {2048, 32, 0}},       {"mfma_f64_4x4x4f64", {512, 16, 0}},
    {"mfma_i32_32x32x4i8", {16384, 64, 60}},      {"mfma_i32_16x16x4i8", {8192, 32, 28}},
    {"mfma_i32_4x4x4i8", {2048, 8, 4}},           {"mfma_i32_32x32x8i8", {16384, 64, 60}},
    {"mfma_i32_16x16x16i8", {8192, 32, 28}},
};

// docs/spec/layouts.md §4.1 "VOP3P op" column (v_mfma_i32_16x16x16i8 as LLVM encodes it, §9 B3).
const std::map<std::string, int> kGfx90aOpcodes = {
    {"v_mfma_f32_32x32x1f32", 0x40},     {"v_mfma_f32_16x16x1f32", 0x41},      {"v_mfma_f32_4x4x1f32", 0x42},
    {"v_mfma_f32_32x32x2f32", 0x44},     {"v_mfma_f32_16x16x4f32", 0x45},      {"v_mfma_f32_32x32x4f16", 0x48},
    {"v_mfma_f32_16x16x4f16", 0x49},     {"v_mfma_f32_4x4x4f16", 0x4a},        {"v_mfma_f32_32x32x8f16", 0x4c},
    {"v_mfma_f32_16x16x16f16", 0x4d},    {"v_mfma_i32_32x32x4i8", 0x50},       {"v_mfma_i32_16x16x4i8", 0x51},
    {"v_mfma_i32_4x4x4i8", 0x52},        {"v_mfma_i32_32x32x8i8", 0x54},       {"v_mfma_i32_16x16x16i8", 0x55},
    {"v_mfma_f32_32x32x4bf16_1k", 0x63}, {"v_mfma_f32_16x16x4bf16_1k", 0x64},  {"v_mfma_f32_4x4x4bf16_1k", 0x65},
    {"v_mfma_f32_32x32x8bf16_1k", 0x66}, {"v_mfma_f32_16x16x16bf16_1k", 0x67}, {"v_mfma_f32_32x32x2bf16", 0x68},
    {"v_mfma_f32_16x16x2bf16", 0x69},    {"v_mfma_f32_4x4x2bf16", 0x6b},       {"v_mfma_f32_32x32x4bf16", 0x6c},
    {"v_mfma_f32_16x16x8bf16", 0x6d},    {"v_mfma_f64_16x16x4f64", 0x6e},      {"v_mfma_f64_4x4x4f64", 0x6f},
};

// The gfx11 WMMA builtins clang defines (BuiltinsAMDGPU: _w32 and _w64, _tied for 16-bit outputs)
// with seed 000's throughput (ops, wave32 cycles) and docs/spec/layouts.md §4.2's opcode.
struct WmmaRow {
  std::string mnemonic;
  int opcode, cycles_w32;
};
const std::map<std::string, WmmaRow> kGfx1100Builtins = {
    {"wmma_f32_16x16x16_f16", {"v_wmma_f32_16x16x16_f16", 0x40, 32}},
    {"wmma_f32_16x16x16_bf16", {"v_wmma_f32_16x16x16_bf16", 0x41, 32}},
    {"wmma_f16_16x16x16_f16", {"v_wmma_f16_16x16x16_f16", 0x42, 32}},
    {"wmma_f16_16x16x16_f16_tied", {"v_wmma_f16_16x16x16_f16", 0x42, 32}},
    {"wmma_bf16_16x16x16_bf16", {"v_wmma_bf16_16x16x16_bf16", 0x43, 32}},
    {"wmma_bf16_16x16x16_bf16_tied", {"v_wmma_bf16_16x16x16_bf16", 0x43, 32}},
    {"wmma_i32_16x16x16_iu8", {"v_wmma_i32_16x16x16_iu8", 0x44, 32}},
    {"wmma_i32_16x16x16_iu4", {"v_wmma_i32_16x16x16_iu4", 0x45, 16}},
};

}  // namespace

TEST_CASE("gfx90a has exactly the 27 MFMA builtins of seed 001 with its throughput", "[isa][table]") {
  const auto rows = instructions_for_arch(ArchId::gfx90a);
  REQUIRE(rows.size() == 27);
  std::set<std::string> seen;
  for (const InstrDesc* d : rows) {
    const std::string name(d->builtin);
    CAPTURE(name);
    REQUIRE(kSeed001Throughput.count(name) == 1);
    seen.insert(name);
    const Throughput& t = kSeed001Throughput.at(name);
    CHECK(d->ops == t.ops);
    CHECK(d->cycles == t.cycles);
    CHECK(d->coexec_cycles == t.coexec);
    CHECK(d->wave == 64);
    CHECK_FALSE(d->tied);
    CHECK(d->mnemonic == "v_" + name);  // gfx90a mnemonics are the builtin names with v_
    REQUIRE(kGfx90aOpcodes.count(std::string(d->mnemonic)) == 1);
    CHECK(d->opcode == kGfx90aOpcodes.at(std::string(d->mnemonic)));
  }
  CHECK(seen.size() == 27);
}

TEST_CASE("gfx1100 has every WMMA builtin in wave32 and wave64, tied forms included", "[isa][table]") {
  const auto rows = instructions_for_arch(ArchId::gfx1100);
  REQUIRE(rows.size() == 2 * kGfx1100Builtins.size());
  for (const auto& [stem, expected] : kGfx1100Builtins) {
    for (int wave : {32, 64}) {
      const std::string builtin = stem + (wave == 32 ? "_w32" : "_w64");
      CAPTURE(builtin);
      const InstrDesc* found = nullptr;
      for (const InstrDesc* d : rows)
        if (d->builtin == builtin) found = d;
      REQUIRE(found != nullptr);
      CHECK(found->mnemonic == expected.mnemonic);
      CHECK(found->opcode == expected.opcode);
      CHECK(found->wave == wave);
      CHECK(found->tied == (stem.find("_tied") != std::string::npos));
      CHECK(found->ops == 8192);  // seed 000 throughput table
      CHECK(found->cycles == (wave == 32 ? expected.cycles_w32 : -1));
      CHECK(found->coexec_cycles == 0);
      CHECK(found->m == 16);
      CHECK(found->n == 16);
      CHECK(found->k == 16);
      CHECK(found->blocks == 1);
    }
  }
}

TEST_CASE("Ops, VGPR counts and co-execution follow docs/spec/layouts.md §3-§4 formulas", "[isa][table]") {
  for (const InstrDesc& d : instruction_table()) {
    CAPTURE(d.builtin);
    CHECK(d.ops == 2 * d.m * d.n * d.k * d.blocks);  // §3: Operations = 2*M*N*K*B
    const int in_bits = elem_bits(d.a_type);
    const int out_bits = elem_bits(d.d_type);
    if ((d.family_id == MatrixFamilyId::mfma)) {
      const int kl = d.k * d.m * d.blocks / 64;  // §4.1: Kl = K*M*B/64
      CHECK(d.vgprs_a == (kl * in_bits + 31) / 32);
      CHECK(d.vgprs_b == d.vgprs_a);
      CHECK(d.vgprs_cd == d.m * d.n * d.blocks * out_bits / (64 * 32));
      // §4.1: every non-f64 instruction co-executes VALU work for cycles - 4; f64 cannot.
      // gfx908's and gfx942's co-execution cycles are not published (docs/cdna1.md, docs/cdna3.md §1):
      // -1 there, the rule elsewhere.
      // gfx950's are not published either (docs/cdna4.md §0).
      const std::string_view generation = d.arch_traits().family;
      if (generation == "cdna1" || generation == "cdna3" || generation == "cdna4")
        CHECK(d.coexec_cycles == -1);
      else
        CHECK(d.coexec_cycles == (d.d_type == ElemType::f64 ? 0 : d.cycles - 4));
    } else if (d.family_id == MatrixFamilyId::smfmac) {
      // docs/cdna3.md §3: A holds the K/2 stored values by the same rule, B the full K.
      CHECK(d.vgprs_a == ((d.k / 2) * d.m * d.blocks / 64 * in_bits + 31) / 32);
      CHECK(d.vgprs_b == (d.k * d.n * d.blocks / 64 * in_bits + 31) / 32);
      CHECK(d.vgprs_cd == d.m * d.n * d.blocks * out_bits / (64 * 32));
      CHECK(d.vgprs(Operand::IDX) == 1);
      CHECK(d.coexec_cycles == -1);
    } else if (d.family_id == MatrixFamilyId::swmmac_gfx12) {
      // docs/rdna4.md §1.1, §2.5: the gfx12 rule with A's K/2 stored values; the accumulator is D's registers.
      CHECK(d.vgprs_a == (d.k / 2 * 16 / d.wave * in_bits + 31) / 32);
      CHECK(d.vgprs_b == (d.k * 16 / d.wave * in_bits + 31) / 32);
      CHECK(d.vgprs_cd == 16 * 16 / d.wave * out_bits / 32);
      CHECK(d.vgprs(Operand::IDX) == 1);
      CHECK(d.coexec_cycles == -1);
    } else if (d.family_id == MatrixFamilyId::mfma_f8f6f4) {
      // docs/cdna4.md §2.2: every lane holds 32 values of its row / column in 8 VGPRs (the widest
      // format's share; fp6 reads 6, fp4 4); SA/SB one VGPR each on the scaled form.
      CHECK((d.vgprs_a == 8 && d.vgprs_b == 8));
      CHECK(d.k * d.m / 64 == 32);
      CHECK(d.vgprs_cd == d.m * d.n * out_bits / (64 * 32));
      CHECK(d.vgprs(Operand::SA) == (d.zero_scale_form ? 0 : 1));
      CHECK(d.coexec_cycles == -1);
    } else if (d.family_id == MatrixFamilyId::wmma_gfx12) {
      // docs/rdna4.md §1-§2: no replicas, so a lane holds K*16/wave inputs; 16-bit C/D packed.
      CHECK(d.vgprs_a == (d.k * 16 / d.wave * in_bits + 31) / 32);
      CHECK(d.vgprs_b == d.vgprs_a);
      CHECK(d.vgprs_cd == 16 * 16 / d.wave * out_bits / 32);
      CHECK(d.coexec_cycles == -1);  // not published
    } else if (d.family_id == MatrixFamilyId::swmmac_gfx1250) {
      // docs/cdna5.md §1, §2.5: wave32, A's K/2 stored values, B all K, one 2-bit index per stored value
      // (one VGPR for K=64, two for K=128); the bf16f32 form's f32 C over its bf16 D.
      CHECK(d.wave == 32);
      CHECK(d.vgprs_a == d.k / 2 * 16 / 32 * in_bits / 32);
      CHECK(d.vgprs_b == d.k * 16 / 32 * in_bits / 32);
      CHECK(d.vgprs_cd == 16 * 16 / 32 * out_bits / 32);
      CHECK(d.vgprs(Operand::IDX) == d.k / 2 * 16 / 32 * 2 / 32);
    } else if (d.family_id == MatrixFamilyId::wmma_gfx1250 || d.family_id == MatrixFamilyId::wmma_scale_gfx1250) {
      // docs/cdna5.md §1: wave32 only, K*M/32 A and K*N/32 B inputs per lane, 16-bit C/D packed; bf16f32 reads
      // an f32 C; the 32x16x128 FP4 has 32 rows.
      CHECK(d.wave == 32);
      CHECK(d.vgprs_a == d.k * d.m / 32 * in_bits / 32);
      CHECK(d.vgprs_b == d.k * d.n / 32 * elem_bits(d.b_type) / 32);
      CHECK(d.vgprs_cd == d.m * d.n / 32 * out_bits / 32);
      CHECK(d.vgprs_c == d.m * d.n / 32 * elem_bits(d.c_type) / 32);
      CHECK(d.cycles == -1);
    } else {
      CHECK(d.vgprs_a == 16 * in_bits / 32);  // §6: a lane holds all 16 K values
      CHECK(d.vgprs_cd == 16 * 16 / d.wave);  // 16-bit outputs counted as 32 bits (§3)
    }
    // C and D share a type, except gfx1250's bf16f32 WMMA and SWMMAC (an f32 C, a bf16 D: docs/cdna5.md §1).
    if (d.mnemonic != "v_wmma_bf16f32_16x16x32_bf16" && d.mnemonic != "v_swmmac_bf16f32_16x16x64_bf16")
      CHECK(d.c_type == d.d_type);
    CHECK(d.vgprs_c == (d.c_type == d.d_type ? d.vgprs_cd : 8));
    // A and B share a type, except the CDNA3 FP8/BF8 mixes (the first type in the name is A's).
    const bool fp8_mix = d.a_type == ElemType::fp8 || d.a_type == ElemType::bf8;
    if (!fp8_mix) CHECK(d.a_type == d.b_type);
    if (fp8_mix) CHECK((d.b_type == ElemType::fp8 || d.b_type == ElemType::bf8));
  }
}

TEST_CASE("Modifier sets match docs/spec/layouts.md §4.1 and §4.2", "[isa][table]") {
  for (const InstrDesc& d : instruction_table()) {
    CAPTURE(d.builtin);
    std::set<std::string> names;
    for (const ModifierRange& r : legal_modifiers(d)) names.insert(r.name);
    if (d.family_id == MatrixFamilyId::mfma &&
        (d.arch_traits().family == "cdna3" || d.arch_traits().family == "cdna4")) {
      // docs/cdna3.md §2: BLGP is the f64 negate mask; multi-block shapes keep CBSZ/ABID and BLGP,
      // the two single-block f32 shapes BLGP, and gfx950's six K-doubled f16/bf16/i8 shapes CBSZ/ABID and BLGP
      // (docs/cdna4.md §2.4, the ISA text's lane broadcast); every other single-block shape takes nothing.
      const bool f64 = d.a_type == ElemType::f64;
      const bool single_f32 = d.blocks == 1 && d.a_type == ElemType::f32;
      const std::set<std::string_view> kdoubled{"v_mfma_f32_16x16x32_f16",  "v_mfma_f32_32x32x16_f16",
                                                "v_mfma_f32_16x16x32_bf16", "v_mfma_f32_32x32x16_bf16",
                                                "v_mfma_i32_16x16x64_i8",   "v_mfma_i32_32x32x32_i8"};
      const bool kdouble = d.arch == ArchId::gfx950 && kdoubled.count(d.mnemonic) == 1;
      CHECK(names.count("blgp") == (f64 || d.blocks > 1 || single_f32 || kdouble ? 1U : 0U));
      CHECK(names.count("cbsz") == ((!f64 && d.blocks > 1) || kdouble ? 1U : 0U));
      CHECK(names.size() == names.count("blgp") + 2 * names.count("cbsz"));
    } else if (d.family_id == MatrixFamilyId::smfmac) {
      CHECK(names == std::set<std::string>{"cbsz", "abid"});  // docs/cdna3.md §2: the index set, no BLGP
    } else if (d.family_id == MatrixFamilyId::mfma_f8f6f4) {
      // docs/cdna4.md §1: CBSZ/BLGP are the formats; the scaled form adds the scale bytes.
      CHECK(names == (d.zero_scale_form ? std::set<std::string>{"cbsz", "blgp"}
                                        : std::set<std::string>{"cbsz", "blgp", "opsel_a", "opsel_b"}));
    } else if (d.family_id == MatrixFamilyId::swmmac_gfx12) {
      // docs/rdna4.md §1.1: index_key always; NEG/NEG_HI on f16/bf16 A and B; signedness and CLAMP on integers.
      const bool integer = elem_type_info(d.a_type).is_integer, fp8 = elem_bits(d.a_type) == 8 && !integer;
      const std::set<std::string> want = integer ? std::set<std::string>{"neg", "clamp", "index_key"}
                                         : fp8   ? std::set<std::string>{"index_key"}
                                                 : std::set<std::string>{"neg", "neg_hi", "index_key"};
      CHECK(names == want);
    } else if (d.family_id == MatrixFamilyId::swmmac_gfx1250) {
      // docs/cdna5.md §1: the gfx12 SWMMAC sets plus the reuse hints.
      const bool integer = elem_type_info(d.a_type).is_integer, fp8 = elem_bits(d.a_type) == 8 && !integer;
      std::set<std::string> want = integer ? std::set<std::string>{"neg", "clamp", "index_key"}
                                   : fp8   ? std::set<std::string>{"index_key"}
                                           : std::set<std::string>{"neg", "neg_hi", "index_key"};
      want.insert({"matrix_a_reuse", "matrix_b_reuse"});
      CHECK(names == want);
    } else if (d.family_id == MatrixFamilyId::mfma) {
      const bool f64 = d.a_type == ElemType::f64;
      CHECK(names.count("blgp") == (f64 ? 0U : 1U));                   // BLGP: non-f64
      CHECK(names.count("cbsz") == (!f64 && d.blocks > 1 ? 1U : 0U));  // CBSZ: multi-block
      CHECK(names.count("opsel") == 0);
      CHECK(names.count("neg") == 0);
    } else {
      const bool out16 = elem_bits(d.d_type) == 16;
      const bool integer = elem_type_info(d.a_type).is_integer;
      // gfx12 packs 16-bit C/D, so it has no OPSEL (docs/rdna4.md §1).
      CHECK(names.count("opsel") == (out16 && d.family_id == MatrixFamilyId::wmma ? 1U : 0U));
      CHECK(names.count("neg") == 1);
      CHECK(names.count("neg_hi") == (integer ? 0U : 1U));
      CHECK(names.count("clamp") == (integer ? 1U : 0U));
      CHECK(names.count("cbsz") == 0);
      CHECK(names.count("blgp") == 0);
    }
  }
  // CBSZ <= min(4, log2 B): 2, 4 and 16 blocks give 1, 2 and 4.
  const ArchInfo& cdna2 = arch_info(ArchId::gfx90a);
  for (auto [name, max_cbsz] :
       {std::pair{"v_mfma_f32_32x32x1f32", 1}, {"v_mfma_f32_16x16x1f32", 2}, {"v_mfma_f32_4x4x1f32", 4}}) {
    for (const ModifierRange& r : legal_modifiers(resolve_instruction(cdna2, name)))
      if (r.name == "cbsz") CHECK(r.values.back() == max_cbsz);
  }
}

TEST_CASE("Architecture aliases of docs/spec/interfaces.md resolve", "[isa][arch]") {
  for (const char* alias : {"gfx90a", "CDNA2", "mi200", "MI250X", "aldebaran"})
    CHECK(find_arch(alias)->id == ArchId::gfx90a);
  for (const char* alias :
       {"gfx1100", "rdna3", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"})
    CHECK(find_arch(alias)->id == ArchId::gfx1100);
  for (const char* alias : {"gfx942", "mi300x", "cdna3"}) CHECK(find_arch(alias)->id == ArchId::gfx942);
  for (const char* alias : {"gfx1200", "gfx1201", "rdna4"}) CHECK(find_arch(alias)->id == ArchId::gfx1200);
  CHECK(find_arch("gfx950")->id == ArchId::gfx950);
  CHECK(find_arch("gfx1030")->id == ArchId::gfx1030);
  CHECK(find_arch("mi100")->id == ArchId::gfx908);
  for (const char* alias : {"gfx1250", "CDNA5", "mi450", "MI455X"}) CHECK(find_arch(alias)->id == ArchId::gfx1250);
  CHECK(find_arch("gfx1251")->id == ArchId::gfx1251);  // gfx1250's rows and its f64 WMMA (docs/cdna5.md §2.6)
  CHECK(find_arch("") == nullptr);
  CHECK(arch_info(ArchId::gfx90a).default_wave == 64);
  CHECK(arch_info(ArchId::gfx1100).default_wave == 32);
}

TEST_CASE("Instruction names resolve by mnemonic or builtin, either spelling", "[isa][names]") {
  const ArchInfo& cdna2 = arch_info(ArchId::gfx90a);
  const ArchInfo& rdna3 = arch_info(ArchId::gfx1100);
  CHECK(resolve_instruction(cdna2, "v_mfma_f32_32x32x8f16").builtin == "mfma_f32_32x32x8f16");
  CHECK(resolve_instruction(cdna2, "mfma_f32_32x32x8f16").mnemonic == "v_mfma_f32_32x32x8f16");
  CHECK(resolve_instruction(cdna2, "__builtin_amdgcn_mfma_f32_32x32x8f16").opcode == 0x4c);
  CHECK(resolve_instruction(cdna2, "V_MFMA_F32_32X32X8F16").opcode == 0x4c);

  CHECK(resolve_instruction(rdna3, "v_wmma_f32_16x16x16_f16").builtin == "wmma_f32_16x16x16_f16_w32");
  CHECK(resolve_instruction(rdna3, "v_wmma_f32_16x16x16_f16", 64).builtin == "wmma_f32_16x16x16_f16_w64");
  CHECK(resolve_instruction(rdna3, "v_wmma_f16_16x16x16_f16", 64).builtin == "wmma_f16_16x16x16_f16_w64");
  CHECK(resolve_instruction(rdna3, "wmma_bf16_16x16x16_bf16_tied_w64").tied);
  CHECK(resolve_instruction(rdna3, "__builtin_amdgcn_wmma_i32_16x16x16_iu4_w64").wave == 64);
  CHECK(resolve_instruction(rdna3, "wmma_i32_16x16x16_iu4_w64", 64).wave == 64);

  auto message = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const InvalidArgument& e) {
      return e.what();
    }
    return "(no error)";
  };
  CHECK_THAT(message([&] { resolve_instruction(cdna2, "v_wmma_f32_16x16x16_f16"); }),
             Catch::Contains("not available on gfx90a") && Catch::Contains("gfx1100"));
  CHECK_THAT(message([&] { resolve_instruction(rdna3, "mfma_f32_4x4x1f32"); }), Catch::Contains("gfx90a"));
  CHECK_THAT(message([&] { resolve_instruction(cdna2, "v_mfma_f32_32x32x8_f17"); }),
             Catch::Contains("did you mean v_mfma_f32_32x32x8f16"));
  CHECK_THAT(message([&] { resolve_instruction(cdna2, "v_mfma_f32_32x32x8f16", 32); }), Catch::Contains("wave64"));
  CHECK_THAT(message([&] { resolve_instruction(rdna3, "wmma_f32_16x16x16_f16_w32", 64); }), Catch::Contains("wave32"));
  CHECK_THAT(message([&] { resolve_instruction(rdna3, "hello"); }), Catch::Contains("unknown instruction 'hello'"));
}

TEST_CASE("Behaviour switches: defaults first, unknown names and values refused", "[isa][switches]") {
  Switches s;
  CHECK(s.cbsz_model() == CbszModel::isa);
  CHECK(s.f64_4x4x4_cd_order() == F64QuadOrder::lab_notes);
  set_switch(s, "cbsz_model", "calculator");
  CHECK(s.cbsz_model() == CbszModel::calculator);
  set_switch(s, "f64_4x4x4_cd_order", "isa-general");
  CHECK(s.f64_4x4x4_cd_order() == F64QuadOrder::isa_general);
  CHECK(switch_value_name(s, SwitchId::cbsz_model) == "calculator");
  CHECK_THROWS_WITH(set_switch(s, "cbsz_model", "adjacent"), Catch::Contains("isa, calculator"));
  CHECK_THROWS_WITH(set_switch(s, "cbsz", "isa"), Catch::Contains("unknown switch 'cbsz'"));
  for (const SwitchInfo& info : all_switches()) {
    CHECK(info.values.size() >= 2);
    CHECK_FALSE(info.evidence.empty());
  }
}
