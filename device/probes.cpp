// The probe list and the discriminating-input search: every candidate is an emulator switch
// setting, so a probe's inputs are found by running the emulator under each candidate until they
// disagree, and the hardware's answer names the switch to set.
#include "device/probes.hpp"
#include "device/probes_cdna4.hpp"
#include "device/probes_cdna5.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <random>
#include <set>

#include "device/runner.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

Candidate value(const std::string& name, const std::string& v) { return {name + "=" + v, {name + "=" + v}}; }

std::vector<Candidate> every_value(const std::string& name) { return switch_candidates(name); }

Switches switches_of(const Candidate& c) {
  Switches s;
  for (const std::string& setting : c.settings) {
    const auto eq = setting.find('=');
    set_switch(s, setting.substr(0, eq), setting.substr(eq + 1));
  }
  return s;
}

}  // namespace

std::vector<Candidate> switch_candidates(const std::string& name) {
  std::vector<Candidate> out;
  for (const SwitchInfo& s : all_switches())
    if (s.name == name)
      for (const SwitchValue& v : s.values) out.push_back(value(name, std::string(v.name)));
  return out;
}

std::vector<Probe> all_probes() {
  const auto honoured = [](const char* mode_switch, const char* mode_value) {
    return std::vector<Candidate>{value("cdna2_mode", "ignored"),
                                  {fmt::format("cdna2_mode=honoured {}={}", mode_switch, mode_value),
                                   {"cdna2_mode=honoured", fmt::format("{}={}", mode_switch, mode_value)}}};
  };
  std::vector<Probe> probes = {
      {"docs/spec/layouts.md §11.1",
       "Which lanes does a partial CBSZ/ABID broadcast read (ISA text or calculator model)?", "gfx90a",
       "k_mfma_f32_16x16x1f32__cbsz1_abid1", every_value("cbsz_model"), false},
      {"docs/spec/layouts.md §11.2", "Which lanes hold v_mfma_f64_4x4x4f64's D (j + 4b + 16i or j + 4i + 16b)?",
       "gfx90a", "k_mfma_f64_4x4x4f64", every_value("f64_4x4x4_cd_order"), false},
      {"docs/spec/layouts.md §8.5", "Which replica of RDNA3 A/B does each output row read?", "gfx1100",
       "k_wmma_f32_16x16x16_f16_w32", every_value("rdna3_replica"), true},
      {"docs/spec/numerics.md §E1 (round)", "Does CDNA2 FP32 MFMA honour MODE.FP_ROUND (set to round toward zero)?",
       "gfx90a", "k_mfma_f32_16x16x4f32__mode_rtz", honoured("mode_round", "rtz"), false},
      {"docs/spec/numerics.md §E1 (denorm)", "Does CDNA2 FP32 MFMA honour MODE.FP_DENORM (set to flush)?", "gfx90a",
       "k_mfma_f32_16x16x4f32__mode_ftz", honoured("mode_denorm_f32", "flush"), false},
      {"docs/spec/numerics.md §E1 (FP16 round)", "Does CDNA2 FP16 MFMA honour MODE.FP_ROUND?", "gfx90a",
       "k_mfma_f32_16x16x16f16__mode_rtz", honoured("mode_round", "rtz"), false},
      {"docs/spec/numerics.md §E2", "Which NaN bits does CDNA2 MFMA produce?", "gfx90a", "k_mfma_f32_16x16x4f32",
       every_value("cdna2_nan"), false},
      {"docs/spec/numerics.md §E3", "Do CDNA2 FP16 MFMA flushed inputs and -0 results keep their sign?", "gfx90a",
       "k_mfma_f32_16x16x16f16", every_value("cdna2_flushed_input_sign"), false,
       [](const Kernel& k) {
         // -0 in A and C times 1.0: a flush to +0 gives +0, a kept sign -0, whether or not MODE's denormal
         // setting is followed (cdna2_mode: -0 is no denormal); then docs/spec/numerics.md §D.1 T7 with
         // -subnormal A, which only a flushing MFMA maps to a signed zero.
         std::vector<Case> cases;
         for (const std::uint64_t a : {0x8000, 0x8001})
           cases.push_back(matrix_case(
               k,
               [a](Operand op, int, int, int) -> std::uint64_t {
                 return op == Operand::A ? a : op == Operand::B ? 0x3C00 : 0x80000000;
               },
               a == 0x8000 ? "targeted: -0 A and C" : "targeted: -subnormal A, -0 C"));
         return cases;
       }},
      // Before E-C1-1, whose question the answer can take away: an MFMA that follows MODE keeps subnormals
      // under the default MODE whatever cdna1_subnormals says (docs/cdna1.md).
      {"docs/cdna1.md E-C1-2", "Does gfx908 FP16 MFMA honour MODE.FP_ROUND (set to round toward zero)?", "gfx908",
       "k_mfma_f32_16x16x16f16__mode_rtz", honoured("mode_round", "rtz"), false},
      {"docs/cdna1.md E-C1-1",
       "Does gfx908 FP16 MFMA keep subnormal inputs and results (MMA-Sim's CDNA1 path) or flush like gfx90a?", "gfx908",
       "k_mfma_f32_16x16x16f16", every_value("cdna1_subnormals"), false,
       one_case([](const Kernel& k) {  // docs/spec/numerics.md §D.1 T1: subnormal A times 1.0, C = +0
         return matrix_case(
             k,
             [](Operand op, int, int, int) -> std::uint64_t {
               return op == Operand::A ? 0x0001 : op == Operand::B ? 0x3C00 : 0;
             },
             "targeted: f16 subnormal A");
       })},
      {"docs/spec/numerics.md §E4", "Does CDNA2 INT8 MFMA wrap or saturate?", "gfx90a", "k_mfma_i32_16x16x16i8",
       every_value("cdna2_int8_overflow"), false},
      {"docs/spec/numerics.md §E5", "Do CDNA2 BF16 products overflow to infinity?", "gfx90a",
       "k_mfma_f32_16x16x16bf16_1k", every_value("cdna2_bf16_product_overflow"), false},
      {"docs/spec/numerics.md §E13", "Is CDNA2 FP64 MFMA a chain of FMAs or one rounding?", "gfx90a",
       "k_mfma_f64_16x16x4f64", every_value("cdna2_f64_algorithm"), false},
      {"docs/spec/numerics.md §E7",
       "Does RDNA3 WMMA follow MODE.FP_DENORM (set to flush)?",
       "gfx1100",
       "k_wmma_f32_16x16x16_f16_w32__mode_ftz",
       {value("rdna3_mode", "ignored"),
        {"rdna3_mode=honoured mode_denorm=flush",
         {"rdna3_mode=honoured", "mode_denorm_f32=flush", "mode_denorm_f16_f64=flush"}}},
       false},
      {"docs/spec/numerics.md §E7 (default MODE)", "With MODE's default (denormals kept), does RDNA3 WMMA keep them?",
       "gfx1100", "k_wmma_f32_16x16x16_f16_w32", every_value("rdna3_mode"), false,
       one_case([](const Kernel& k) {  // A = B = 0, C = binary32 subnormals: read as 0 (observed) or kept
         return matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               return op == Operand::C ? static_cast<std::uint64_t>(1 + r * 16 + c) : 0;
             },
             "targeted: subnormal C");
       })},
      {"docs/spec/numerics.md §E8",
       "Does MODE.FP16_OVFL clamp RDNA3 f16-output WMMA overflow to 0x7BFF?",
       "gfx1100",
       "k_wmma_f16_16x16x16_f16_w32__mode_ovfl",
       {value("fp16_ovfl", "1"), value("fp16_ovfl", "0")},
       false},  // the kernel sets FP16_OVFL: the model clamps
      {"docs/spec/numerics.md §E9", "Is C's lead floored at -14 on the RDNA3 F16-output grid?", "gfx1100",
       "k_wmma_f16_16x16x16_f16_w32", every_value("rdna3_grid"), false},
      {"docs/spec/numerics.md §E10", "Is the RDNA3 BF16 output truncated or rounded?", "gfx1100",
       "k_wmma_bf16_16x16x16_bf16_w32", every_value("rdna3_bf16_output"), false},
      {"docs/spec/numerics.md §E11", "Where does RDNA3 integer WMMA saturate?", "gfx1100",
       "k_wmma_i32_16x16x16_iu8_w32__neg0_clamp1", every_value("rdna3_int_clamp"), false},
      {"docs/spec/numerics.md §E12",
       "Does this gfx11 GPU compute DOT2 like gfx1100?",
       "gfx1100",
       "k_fdot2__clamp0",
       {Candidate{"same as gfx1100", {}}},
       false},
      {"docs/spec/valu.md §8.1", "How does gfx90a V_DOT2_F32_F16 add?", "gfx90a", "k_fdot2__clamp0",
       every_value("fdot2_cdna"), false},
      {"docs/spec/valu.md §8.1 (output flush)", "Does gfx90a V_DOT2_F32_F16 flush f32 denormal results?", "gfx90a",
       "k_fdot2__clamp0", every_value("gfx90a_fdot2_output_flush"), false},
      {"docs/spec/valu.md §8.2", "What does clamp make of a NaN float dot?", "gfx90a", "k_fdot2__clamp1",
       every_value("fdot_clamp_nan"), false},
      {"docs/spec/valu.md §8.3",
       "Does V_DOT2_F16_F16 follow the loose model?",
       "gfx1100",
       "k_fdot2_f16_f16",
       {Candidate{"loose model", {}}},
       false},
      {"docs/rdna4.md §E1", "How does gfx12 FP8/BF8 WMMA accumulate (DOT4 steps or a binary32 FMA chain)?", "gfx1200",
       "k_wmma_f32_16x16x16_fp8_fp8_w32_gfx12", every_value("gfx12_fp8_wmma"), false,
       one_case([](const Kernel&
                       k) {  // C = 2^24 plus 1.0*1.0 at k = 0 and 1: a chain rounds each +1 away, DOT4 keeps 2^24 + 2
         return matrix_case(
             k,
             [](Operand op, int, int, int c) -> std::uint64_t {
               return op == Operand::C ? 0x4B800000 : op == Operand::A ? (c < 2 ? 0x38 : 0) : 0x38;
             },
             "targeted: two +1 products on C = 2^24");
       })},
      {"docs/rdna4.md §E4", "Where does gfx12 wave64 integer WMMA saturate with CLAMP (per half of K or once)?",
       "gfx1200", "k_wmma_i32_16x16x16_iu8_w64_gfx12__neg3_clamp1", every_value("gfx12_int_clamp"), false,
       one_case([](const Kernel& k) {  // C = 0x7FFFFFFF, +16 per product in the first half of K, -16 in the second
         return matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               if (op == Operand::C) return 0x7FFFFFFF;
               const int kk = op == Operand::A ? c : r;
               return op == Operand::B ? 1 : kk < 8 ? 0x10 : 0xF0;
             },
             "targeted: saturation in the first half of K, back in the second");
       })},
      {"docs/rdna4.md §E5",
       "Does gfx12 float WMMA follow MODE.FP_DENORM (set to flush)?",
       "gfx1200",
       "k_wmma_f32_16x16x16_f16_w32_gfx12__mode_ftz",
       {value("gfx12_mode", "ignored"),
        {"gfx12_mode=honoured mode_denorm=flush",
         {"gfx12_mode=honoured", "mode_denorm_f32=flush", "mode_denorm_f16_f64=flush"}}},
       false,
       one_case([](const Kernel& k) {  // A = B = 0, C = binary32 subnormals: kept or flushed
         return matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               return op == Operand::C ? static_cast<std::uint64_t>(1 + r * 16 + c) : 0;
             },
             "targeted: subnormal C");
       })},
      {"docs/rdna4.md §E2",
       "Does gfx12 float SWMMAC compute on the dense k (unstored k as +0 factors) or on the stored values only?",
       "gfx1200", "k_swmmac_f32_16x16x32_f16_w32", every_value("gfx12_swmmac_grouping"), false,
       one_case(
           [](const Kernel& k) {  // B row 2 is +inf, and no index points at k = 2: dense-k gives NaN, compressed-k 16.0
             return matrix_case(
                 k,
                 [](Operand op, int, int r, int c) -> std::uint64_t {
                   if (op == Operand::IDX) return static_cast<std::uint64_t>(c % 2);
                   if (op == Operand::C) return 0;
                   return op == Operand::B && r == 2 ? 0x7C00 : 0x3C00;
                 },
                 "targeted: +inf in a B row no index points at");
           })},
      {"docs/rdna4.md §E6",
       "What does gfx12 SWMMAC do with equal or decreasing positions in a group?",
       "gfx1200",
       "k_swmmac_f32_16x16x32_f16_w32",
       {Candidate{"the SMFMAC rule (docs/cdna3-numerics.md §4)", {}}},
       false,
       one_case([](const Kernel&
                       k) {  // index fields 0x0, 0x5, 0x6, 0xF by group; distinct powers of two in A and in B's rows
         return matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               static constexpr int kPositions[4][2] = {{0, 0}, {1, 1}, {2, 1}, {3, 3}};
               if (op == Operand::IDX) return static_cast<std::uint64_t>(kPositions[(c / 2) % 4][c % 2]);
               if (op == Operand::C) return 0;
               if (op == Operand::A) return static_cast<std::uint64_t>(0x3C00 + 0x400 * (c % 4));  // 1, 2, 4, 8
               return static_cast<std::uint64_t>(0x2000 + 0x400 * (r % 16));                       // 2^-7 .. 2^8
             },
             "targeted: irregular index fields");
       })},
      {"docs/spec/valu.md §8.4", "Does V_DOT4_F32_FP8_BF8 round once or per add?", "gfx1200", "k_dot4_f32_fp8_bf8",
       every_value("dot4_fp8_rounding"), false},
      {"docs/spec/valu.md §8.5 (NaN)", "Which bits does gfx942 decode FNUZ 0x80 to?", "gfx942", "k_cvt_f32_fp8__byte0",
       every_value("fnuz_nan_decode"), false},
      {"docs/spec/valu.md §8.5 (underflow)", "What does gfx942 encode a negative underflow to?", "gfx942",
       "k_cvt_pk_fp8_f32__word0", every_value("fnuz_negative_underflow"), false},
      {"docs/spec/valu.md §8.7", "Does V_MQSAD_U32_U8 wrap or saturate?", "gfx90a", "k_mqsad_u32_u8",
       every_value("mqsad_u32_overflow"), false},
      {"docs/cdna3.md §4 E-C3-1", "Does gfx942 INT8 MFMA wrap or saturate?", "gfx942", "k_mfma_i32_16x16x32_i8",
       every_value("cdna2_int8_overflow"), false},
      {"docs/cdna3-numerics.md §4 E-C3-2",
       "Does gfx942 SMFMAC compute on the dense k (unstored k as +0 terms) or on the stored values only?", "gfx942",
       "k_smfmac_f32_16x16x32_f16", every_value("smfmac_grouping"), false},
  };
  for (Probe& p : cdna4_probes()) probes.push_back(std::move(p));  // gfx950, in their own file
  for (Probe& p : cdna5_probes()) probes.push_back(std::move(p));  // gfx1250, likewise
  return probes;
}

const Kernel* probe_kernel(const Probe& p, const std::vector<Kernel>& kernels) {
  for (const Kernel& k : kernels)
    if (k.name == p.kernel && arch_info(k.target.arch).name == p.arch) return &k;
  return nullptr;
}

std::vector<SwitchId> own_switches(const Probe& p) {
  std::vector<SwitchId> own;
  for (const Candidate& c : p.candidates)
    for (const std::string& setting : c.settings)
      for (const SwitchInfo& info : all_switches())
        if (setting.substr(0, setting.find('=')) == info.name &&
            std::find(own.begin(), own.end(), info.id) == own.end())
          own.push_back(info.id);
  return own;
}

std::vector<SwitchId> other_questions(const Probe& p) {
  const std::vector<SwitchId> own = own_switches(p);
  const ArchInfo* info_of_arch = find_arch(p.arch);
  const ArchMask arch = info_of_arch == nullptr ? 0 : arch_bit(info_of_arch->id);
  std::vector<SwitchId> others;
  for (const SwitchInfo& info : all_switches())
    if ((switch_archs(info.id) & arch) != 0 && !switch_is_mode_field(info.id) &&
        std::find(own.begin(), own.end(), info.id) == own.end())
      others.push_back(info.id);
  return others;
}

namespace {

SwitchId switch_id_of(const std::string& setting) {
  const std::string name = setting.substr(0, setting.find('='));
  for (const SwitchInfo& info : all_switches())
    if (info.name == name) return info.id;
  throw InvalidArgument(fmt::format("probe setting '{}': no such switch", setting));
}

bool contains(const std::vector<SwitchId>& ids, SwitchId id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// The known answers that bear on the probe: settings of its other questions, in a fixed order.
KnownAnswers known_for(const Probe& p, const KnownAnswers& known) {
  const std::vector<SwitchId> others = other_questions(p);
  KnownAnswers out;
  for (const std::string& setting : known)
    if (contains(others, switch_id_of(setting))) out.push_back(setting);
  std::sort(out.begin(), out.end());
  return out;
}

// A candidate's switches with the known answers set as well.
Switches candidate_switches(const Candidate& c, const KnownAnswers& known) {
  Switches s = switches_of(c);
  for (const std::string& setting : known) {
    const auto eq = setting.find('=');
    set_switch(s, setting.substr(0, eq), setting.substr(eq + 1));
  }
  return s;
}

// Those of `ids` the known answers do not settle.
std::vector<SwitchId> still_open(const std::vector<SwitchId>& ids, const KnownAnswers& known) {
  std::vector<SwitchId> open;
  for (SwitchId id : ids)
    if (std::none_of(known.begin(), known.end(),
                     [&](const std::string& setting) { return switch_id_of(setting) == id; }))
      open.push_back(id);
  return open;
}

// The most answer combinations of interfering questions an input is judged under; beyond it, each
// question's values alone and all of them at once.
constexpr std::size_t kMaxCombinations = 64;

// `base` under every combination of the values of `ids` (all defaults first).
std::vector<Switches> combinations(const Switches& base, const std::vector<SwitchId>& ids) {
  std::size_t count = 1;
  for (SwitchId id : ids) count = std::min(count * switch_info(id).values.size(), kMaxCombinations + 1);
  std::vector<Switches> out{base};
  if (count <= kMaxCombinations) {
    for (SwitchId id : ids) {
      const std::size_t so_far = out.size();
      for (std::uint8_t v = 1; v < switch_info(id).values.size(); ++v)
        for (std::size_t n = 0; n < so_far; ++n) {
          Switches s = out[n];
          s.set(id, v);
          out.push_back(s);
        }
    }
    return out;
  }
  Switches together = base;
  for (SwitchId id : ids) {
    for (std::uint8_t v = 1; v < switch_info(id).values.size(); ++v) {
      Switches s = base;
      s.set(id, v);
      out.push_back(s);
    }
    together.set(id, static_cast<std::uint8_t>(switch_info(id).values.size() - 1));
  }
  out.push_back(together);
  return out;
}

// The other questions whose answers change some candidate's result on `in`: each value tried alone from
// three starting points (the other questions at their defaults, all at their second values, all at
// their last), so that a question that shows only together with another one's answer (a NaN's payload
// only in one summation order, say) is found too. From each starting point only the questions its
// emulation read can change its result (SwitchReads), so only those are tried.
std::vector<SwitchId> interfering_questions(const Kernel& k, const std::vector<std::uint32_t>& in,
                                            const std::vector<Switches>& candidates,
                                            const std::vector<SwitchId>& open) {
  std::vector<SwitchId> found;
  for (const Switches& candidate : candidates) {
    Switches second = candidate, last = candidate;
    for (SwitchId id : open) {
      second.set(id, 1);
      last.set(id, static_cast<std::uint8_t>(switch_info(id).values.size() - 1));
    }
    for (const Switches& base : {candidate, second, last}) {
      std::vector<std::uint32_t> result;
      std::vector<SwitchId> consulted;
      {
        const SwitchReads reads;
        result = emulate(k, in, base);
        for (SwitchId id : open)
          if (reads.read(id) && !contains(found, id)) consulted.push_back(id);
      }
      for (SwitchId id : consulted)
        for (std::uint8_t v = 0; v < switch_info(id).values.size(); ++v) {
          if (v == base.get(id)) continue;
          Switches s = base;
          s.set(id, v);
          if (emulate(k, in, s) != result) {
            found.push_back(id);
            break;
          }
        }
    }
  }
  // In the order of the switch list, whichever starting point found them.
  std::sort(found.begin(), found.end());
  return found;
}

// Whether no result a candidate can give under some answer to the interfering questions is one another
// candidate can give.
bool results_stay_apart(const Kernel& k, const std::vector<std::uint32_t>& in, const std::vector<Switches>& candidates,
                        const std::vector<SwitchId>& interfering) {
  std::vector<std::set<std::vector<std::uint32_t>>> possible(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c)
    for (const Switches& s : combinations(candidates[c], interfering)) possible[c].insert(emulate(k, in, s));
  for (std::size_t a = 0; a < candidates.size(); ++a)
    for (std::size_t b = a + 1; b < candidates.size(); ++b)
      for (const auto& result : possible[a])
        if (possible[b].count(result) != 0) return false;
  return true;
}

// Inputs tried: the probe's hints, the kernel's targeted cases, then seeded special and cancellation cases,
// up to 600 in all; once one deciding input is found, the generated ones stop after 150.
constexpr int kSearchInputs = 600;
constexpr int kMoreInputs = 150;

std::vector<ProbeCase> search_discriminating_cases(const Probe& p, const Kernel& k, int wanted,
                                                   const KnownAnswers& known) {
  std::vector<Switches> switches;
  for (const Candidate& c : p.candidates) switches.push_back(candidate_switches(c, known));
  const std::vector<SwitchId> open = still_open(other_questions(p), known);
  std::vector<ProbeCase> clean, deciding, undecided;
  std::mt19937_64 rng(12345);
  std::vector<Case> tried = p.hints ? p.hints(k) : std::vector<Case>{};
  const int hints = static_cast<int>(tried.size());
  for (Case& c : targeted_cases(k)) tried.push_back(std::move(c));
  const auto enough = [&](int n) {
    const int good = static_cast<int>(clean.size() + deciding.size());
    const int past_tried = n - static_cast<int>(tried.size());
    return static_cast<int>(clean.size()) >= wanted ||  // inputs no other question changes
           (n >= hints && good >= wanted) ||            // deciding ones, once the hints are tried
           (past_tried >= kMoreInputs && good >= 1) ||  // one deciding input answers the question
           (past_tried >= 0 && static_cast<int>(undecided.size()) >= 4 * wanted);  // deciding ones are rare here
  };
  for (int n = 0; n < kSearchInputs && !enough(n); ++n) {
    Case c = n < static_cast<int>(tried.size()) ? tried[static_cast<std::size_t>(n)]
             : p.raw_inputs                     ? Case{"uniform lane words", {}}
             : n % 2 == 0                       ? special_case(k, rng)
                                                : cancellation_case(k, rng);
    if (c.in.empty()) {
      c.in.resize(static_cast<std::size_t>(k.target.wave * k.in_dwords));
      for (std::uint32_t& w : c.in) w = static_cast<std::uint32_t>(rng()) & 0x3BFF3BFFU;  // finite f16 pairs
    }
    std::vector<std::vector<std::uint32_t>> results;
    for (const Switches& s : switches) results.push_back(emulate(k, c.in, s));
    bool differs = switches.size() == 1;
    for (std::size_t s = 1; s < switches.size() && !differs; ++s) differs = results[s] != results[0];
    if (!differs) continue;
    // A probe of one candidate (does the GPU do what the model says?) is judged under the other answers too.
    std::vector<SwitchId> interfering = interfering_questions(k, c.in, switches, open);
    const bool decides =
        switches.size() == 1 || interfering.empty() || results_stay_apart(k, c.in, switches, interfering);
    auto& bucket = interfering.empty() ? clean : decides ? deciding : undecided;
    bucket.push_back(ProbeCase{std::move(c), std::move(interfering), decides});
  }
  for (auto* more : {&deciding, &undecided})
    for (ProbeCase& pc : *more)
      if (static_cast<int>(clean.size()) < wanted) clean.push_back(std::move(pc));
  return clean;
}

}  // namespace

std::vector<std::string> prerequisites(const Probe& p, const std::vector<Kernel>& kernels) {
  const std::vector<Probe> probes = all_probes();
  const auto position = [&](const std::string& id) {
    return std::find_if(probes.begin(), probes.end(), [&](const Probe& q) { return q.id == id; }) - probes.begin();
  };
  std::vector<std::string> before;
  std::vector<std::string> pending{p.id};
  while (!pending.empty()) {
    const Probe& q = probes[static_cast<std::size_t>(position(pending.back()))];
    pending.pop_back();
    const Kernel* k = probe_kernel(q, kernels);
    if (k == nullptr) continue;
    const std::vector<ProbeCase> cases = discriminating_cases(q, *k);
    // One input that decides whatever the other answers is enough; otherwise the questions that interfere.
    if (cases.empty() || std::any_of(cases.begin(), cases.end(), [](const ProbeCase& c) { return c.decides; }))
      continue;
    std::vector<SwitchId> needed;
    for (const ProbeCase& c : cases)
      for (SwitchId id : c.interfering)
        if (!contains(needed, id)) needed.push_back(id);
    for (auto at = probes.begin(); at != probes.begin() + position(q.id); ++at) {
      if (at->arch != q.arch || std::find(before.begin(), before.end(), at->id) != before.end()) continue;
      bool answers = false;
      for (SwitchId id : own_switches(*at)) answers = answers || (contains(needed, id) && !switch_is_mode_field(id));
      if (!answers) continue;
      before.push_back(at->id);
      pending.push_back(at->id);
    }
  }
  std::sort(before.begin(), before.end(),
            [&](const std::string& a, const std::string& b) { return position(a) < position(b); });
  return before;
}

// The search is deterministic (a fixed seed, the probe's candidates and hints, the known answers, all in
// the key) and always looks for at least the runs' four cases, so its results are kept per probe, kernel
// and known answers, and a call for fewer gets a prefix of them: `device probe --list`, the probes' runs
// and the tests ask for the same searches, each of which emulates the kernel up to 600 times per
// candidate, and again per answer of each question read on the inputs that discriminate.
std::vector<ProbeCase> discriminating_cases(const Probe& p, const Kernel& k, int wanted,
                                            const KnownAnswers& known_answers) {
  struct Searched {
    int wanted;
    std::vector<ProbeCase> found;
  };
  static std::mutex mutex;
  static std::map<std::string, Searched> searched;
  const KnownAnswers known = known_for(p, known_answers);
  std::string key =
      p.id + '\n' + p.kernel + '\n' + k.target.name() + (p.hints ? "\nhints" : "") + (p.raw_inputs ? "\nraw" : "");
  for (const Candidate& c : p.candidates)
    for (const std::string& setting : c.settings) key += '\n' + setting;
  for (const std::string& setting : known) key += "\nknown " + setting;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    const auto it = searched.find(key);
    // A search that stopped short of what it wanted found everything there is.
    if (it != searched.end() &&
        (it->second.wanted >= wanted || static_cast<int>(it->second.found.size()) < it->second.wanted)) {
      const auto& found = it->second.found;
      return {found.begin(),
              found.begin() + std::min<std::ptrdiff_t>(wanted, static_cast<std::ptrdiff_t>(found.size()))};
    }
  }
  // Search for at least the runs' four, so that a first short request does not force a second search.
  const int search_for = std::max(wanted, 4);
  std::vector<ProbeCase> found = search_discriminating_cases(p, k, search_for, known);
  const std::lock_guard<std::mutex> lock(mutex);
  searched[key] = Searched{search_for, found};
  if (static_cast<int>(found.size()) > wanted) found.erase(found.begin() + wanted, found.end());
  return found;
}

bool ProbeSelection::wants(const Probe& p) const {
  bool wanted = only.empty();
  for (const std::string& g : only) wanted = wanted || glob_match(g, p.id);
  for (const std::string& g : skip) wanted = wanted && !glob_match(g, p.id);
  return wanted;
}

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

// The probes of `arch` that answer any of `ids`, to name where a probe's interfering questions are settled.
std::string answered_by(const std::vector<SwitchId>& ids, const std::string& arch) {
  std::vector<std::string> probes;
  for (const Probe& q : all_probes())
    if (q.arch == arch)
      for (SwitchId id : own_switches(q))
        if (contains(ids, id) && !switch_is_mode_field(id) &&
            std::find(probes.begin(), probes.end(), q.id) == probes.end())
          probes.push_back(q.id);
  return probes.empty() ? ""
                        : fmt::format(" (probe {} answers them: run it in the same session)", joined(probes, ", "));
}

// Whether, under the known answers (the other questions at their defaults), every candidate gives the same
// results on every case.
bool candidates_coincide(const Probe& p, const Kernel& k, const std::vector<ProbeCase>& cases,
                         const KnownAnswers& known) {
  for (const ProbeCase& pc : cases) {
    const std::vector<std::uint32_t> first = emulate(k, pc.c.in, candidate_switches(p.candidates.front(), known));
    for (std::size_t c = 1; c < p.candidates.size(); ++c)
      if (emulate(k, pc.c.in, candidate_switches(p.candidates[c], known)) != first) return false;
  }
  return p.candidates.size() > 1;
}

// One probe on the launcher: the outcome, with the capture lines written as the cases run.
ProbeResult run_probe(const Probe& p, const Kernel& k, Launcher& launcher, std::ostream* capture,
                      const KnownAnswers& known_answers) {
  ProbeResult r{p.id, "", {}};
  const KnownAnswers known = known_for(p, known_answers);
  // The inputs found with nothing known (one search per probe, shared by every session); when the answers
  // known by now leave the candidates no difference on any of them, a search under those answers.
  std::vector<ProbeCase> cases = discriminating_cases(p, k);
  if (!known.empty() && candidates_coincide(p, k, cases, known)) cases = discriminating_cases(p, k, 4, known);
  std::vector<bool> matches(p.candidates.size(), !cases.empty());
  // Per candidate: whether some case matched it only under a non-default answer to another question.
  std::vector<bool> needed_other_answers(p.candidates.size(), false);
  std::vector<SwitchId> interfering;
  for (std::size_t n = 0; n < cases.size(); ++n) {
    const ProbeCase& pc = cases[n];
    const std::vector<std::uint32_t> hw = launcher.run(k, pc.c.in);
    if (capture != nullptr) {
      *capture << capture_line(k, pc.c, static_cast<int>(n), hw) << '\n';
      capture->flush();
      if (!*capture) throw WriteError("--capture: writing the capture failed");
    }
    for (SwitchId id : still_open(pc.interfering, known))
      if (!contains(interfering, id)) interfering.push_back(id);
    for (std::size_t c = 0; c < p.candidates.size(); ++c) {
      if (!matches[c]) continue;
      const std::vector<Switches> answers =
          combinations(candidate_switches(p.candidates[c], known), still_open(pc.interfering, known));
      std::size_t a = 0;
      while (a < answers.size() && emulate(k, pc.c.in, answers[a], &hw) != hw) ++a;
      matches[c] = a < answers.size();
      needed_other_answers[c] = needed_other_answers[c] || a > 0;
    }
  }
  std::size_t matched = 0;
  for (std::size_t c = 0; c < p.candidates.size(); ++c)
    if (matches[c]) {
      r.matching.push_back(p.candidates[c].label);
      matched = c;
    }
  std::vector<std::string> other_names;
  for (SwitchId id : interfering) other_names.emplace_back(switch_info(id).name);
  const std::string others = joined(other_names, ", ");
  if (cases.empty() && !known.empty()) {
    // Name the answers that differ from the defaults, under which the search found inputs: those took it away.
    std::vector<std::string> unusual;
    for (const std::string& setting : known)
      if (candidate_switches(Candidate{"", {setting}}, {}) != Switches{}) unusual.push_back(setting);
    r.not_observable = true;
    r.outcome = fmt::format(
        "not observable on this GPU: with {} (found by the probes before) every candidate gives the same "
        "results on each of the {} inputs tried",
        joined(unusual.empty() ? known : unusual, " "), kSearchInputs);
  } else if (cases.empty()) {
    r.outcome = "no discriminating input found (a bug in mxlane's probe)";
  } else if (r.matching.empty()) {
    r.outcome = "matches none of the candidates: please share the capture";
  } else if (r.matching.size() > 1) {
    r.outcome = fmt::format(
        "cannot decide: {} (the answers to {} change these inputs' results as well{}); please share the capture",
        joined(r.matching, " or "), others.empty() ? "no other question" : others, answered_by(interfering, p.arch));
  } else {
    if (matched == 0) {
      r.outcome = "matches the default: " + r.matching.front();
    } else {
      std::string flags;
      for (const std::string& setting : p.candidates[matched].settings) flags += " --option " + setting;
      r.outcome =
          fmt::format("matches {}: run the emulator with{} (or \"options\" in eval lines)", r.matching.front(), flags);
    }
    if (needed_other_answers[matched])
      r.outcome += fmt::format("; other words match only with another answer to {} (see those probes)", others);
  }
  return r;
}

}  // namespace

std::vector<ProbeResult> run_probes(const std::vector<Kernel>& kernels, const std::string& arch, Launcher& launcher,
                                    std::ostream& out, std::ostream* capture, const ProbeSelection& selection) {
  std::vector<ProbeResult> results;
  KnownAnswers known;  // the answers found so far, for the probes after them
  for (const Probe& p : all_probes()) {
    if (!selection.wants(p) || (selection.leave_out_other_archs && p.arch != arch)) continue;
    out << fmt::format("{}: {}\n", p.id, p.question);
    out.flush();
    const Kernel* k = probe_kernel(p, kernels);
    ProbeResult r{p.id, "", {}};
    if (p.arch != arch) {
      r.outcome = fmt::format("skipped: needs a {} GPU (this one is {})", p.arch, arch);
    } else if (k == nullptr) {
      r.outcome = fmt::format("error: no kernel {} for {} in the kernel catalog (a bug in mxlane's probe list)",
                              p.kernel, arch);
    } else {
      try {
        r = run_probe(p, *k, launcher, capture, known);
      } catch (const WriteError&) {
        throw;
      } catch (const std::exception& e) {
        r.outcome = fmt::format("error: {} (kernel {})", e.what(), p.kernel);  // the next probe still runs
      }
      if (r.answered())
        for (const Candidate& c : p.candidates)
          if (c.label == r.matching.front())
            for (const std::string& setting : c.settings) {
              const SwitchId id = switch_id_of(setting);
              if (switch_is_mode_field(id)) continue;
              // A later probe of the same question (another kernel) has the last word.
              known.erase(std::remove_if(known.begin(), known.end(),
                                         [&](const std::string& answer) { return switch_id_of(answer) == id; }),
                          known.end());
              known.push_back(setting);
            }
    }
    out << "  " << r.outcome << '\n';
    out.flush();
    results.push_back(r);
  }
  return results;
}

}  // namespace mxlane::device
