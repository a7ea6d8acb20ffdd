// The probe list and the discriminating-input search: every candidate is an emulator switch
// setting, so a probe's inputs are found by running the emulator under each candidate until they
// disagree, and the hardware's answer names the switch to set.
#include "device/probes.hpp"
#include "device/probes_cdna4.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <random>

#include "device/runner.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

Candidate value(const std::string& name, const std::string& v) { return {name + "=" + v, {name + "=" + v}}; }

// Every value of a switch, the default first.
std::vector<Candidate> every_value(const std::string& name) {
  std::vector<Candidate> out;
  for (const SwitchInfo& s : all_switches())
    if (s.name == name)
      for (const SwitchValue& v : s.values) out.push_back(value(name, std::string(v.name)));
  return out;
}

Switches switches_of(const Candidate& c) {
  Switches s;
  for (const std::string& setting : c.settings) {
    const auto eq = setting.find('=');
    set_switch(s, setting.substr(0, eq), setting.substr(eq + 1));
  }
  return s;
}

}  // namespace

std::vector<Probe> all_probes() {
  const auto honoured = [](const char* mode_switch, const char* mode_value) {
    return std::vector<Candidate>{value("cdna2_mode", "ignored"),
                                  {fmt::format("cdna2_mode=honoured {}={}", mode_switch, mode_value),
                                   {"cdna2_mode=honoured", fmt::format("{}={}", mode_switch, mode_value)}}};
  };
  std::vector<Probe> probes = {
      {"docs/spec/layouts.md §11.1", "Which lanes does a partial CBSZ/ABID broadcast read (ISA text or calculator model)?", "gfx90a",
       "k_mfma_f32_16x16x1f32__cbsz1_abid1", every_value("cbsz_model"), false},
      {"docs/spec/layouts.md §11.2", "Which lanes hold v_mfma_f64_4x4x4f64's D (j + 4b + 16i or j + 4i + 16b)?", "gfx90a",
       "k_mfma_f64_4x4x4f64", every_value("f64_4x4x4_cd_order"), false},
      {"docs/spec/layouts.md §8.5", "Which replica of RDNA3 A/B does each output row read?", "gfx1100",
       "k_wmma_f32_16x16x16_f16_w32", every_value("rdna3_replica"), true},
      {"docs/spec/numerics.md §E1 (round)", "Does CDNA2 FP32 MFMA honour MODE.FP_ROUND (set to round toward zero)?", "gfx90a",
       "k_mfma_f32_16x16x4f32__mode_rtz", honoured("mode_round", "rtz"), false},
      {"docs/spec/numerics.md §E1 (denorm)", "Does CDNA2 FP32 MFMA honour MODE.FP_DENORM (set to flush)?", "gfx90a",
       "k_mfma_f32_16x16x4f32__mode_ftz", honoured("mode_denorm_f32", "flush"), false},
      {"docs/spec/numerics.md §E1 (FP16 round)", "Does CDNA2 FP16 MFMA honour MODE.FP_ROUND?", "gfx90a",
       "k_mfma_f32_16x16x16f16__mode_rtz", honoured("mode_round", "rtz"), false},
      {"docs/spec/numerics.md §E2", "Which NaN bits does CDNA2 MFMA produce?", "gfx90a", "k_mfma_f32_16x16x4f32",
       every_value("cdna2_nan"), false},
      {"docs/spec/numerics.md §E3", "Do CDNA2 FP16 MFMA flushed inputs and -0 results keep their sign?", "gfx90a",
       "k_mfma_f32_16x16x16f16", every_value("cdna2_flushed_input_sign"), false,
       [](const Kernel& k) {  // docs/spec/numerics.md §D.1 T7 with -subnormal inputs: every product -0, C = -0
         return matrix_case(k, [](Operand op, int, int, int) -> std::uint64_t {
           return op == Operand::A ? 0x8001 : op == Operand::B ? 0x3C00 : 0x80000000;
         }, "targeted: -0 products and C");
       }},
      {"docs/cdna1.md E-C1-1", "Does gfx908 FP16 MFMA keep subnormal inputs and results (MMA-Sim's CDNA1 path) or flush like gfx90a?",
       "gfx908", "k_mfma_f32_16x16x16f16", every_value("cdna1_subnormals"), false,
       [](const Kernel& k) {  // docs/spec/numerics.md §D.1 T1: subnormal A times 1.0, C = +0
         return matrix_case(k, [](Operand op, int, int, int) -> std::uint64_t {
           return op == Operand::A ? 0x0001 : op == Operand::B ? 0x3C00 : 0;
         }, "targeted: f16 subnormal A");
       }},
      {"docs/spec/numerics.md §E4", "Does CDNA2 INT8 MFMA wrap or saturate?", "gfx90a", "k_mfma_i32_16x16x16i8",
       every_value("cdna2_int8_overflow"), false},
      {"docs/spec/numerics.md §E5", "Do CDNA2 BF16 products overflow to infinity?", "gfx90a", "k_mfma_f32_16x16x16bf16_1k",
       every_value("cdna2_bf16_product_overflow"), false},
      {"docs/spec/numerics.md §E13", "Is CDNA2 FP64 MFMA a chain of FMAs or one rounding?", "gfx90a", "k_mfma_f64_16x16x4f64",
       every_value("cdna2_f64_algorithm"), false},
      {"docs/spec/numerics.md §E7", "Does RDNA3 WMMA follow MODE.FP_DENORM (set to flush)?", "gfx1100",
       "k_wmma_f32_16x16x16_f16_w32__mode_ftz",
       {value("rdna3_mode", "ignored"), {"rdna3_mode=honoured mode_denorm=flush", {"rdna3_mode=honoured", "mode_denorm_f32=flush", "mode_denorm_f16_f64=flush"}}},
       false},
      {"docs/spec/numerics.md §E7 (default MODE)", "With MODE's default (denormals kept), does RDNA3 WMMA keep them?", "gfx1100",
       "k_wmma_f32_16x16x16_f16_w32", every_value("rdna3_mode"), false,
       [](const Kernel& k) {  // A = B = 0, C = binary32 subnormals: read as 0 (observed) or kept
         return matrix_case(k, [](Operand op, int, int r, int c) -> std::uint64_t {
           return op == Operand::C ? static_cast<std::uint64_t>(1 + r * 16 + c) : 0;
         }, "targeted: subnormal C");
       }},
      {"docs/spec/numerics.md §E8", "Does MODE.FP16_OVFL clamp RDNA3 f16-output WMMA overflow to 0x7BFF?", "gfx1100",
       "k_wmma_f16_16x16x16_f16_w32__mode_ovfl", {value("fp16_ovfl", "0"), value("fp16_ovfl", "1")}, false},
      {"docs/spec/numerics.md §E9", "Is C's lead floored at -14 on the RDNA3 F16-output grid?", "gfx1100",
       "k_wmma_f16_16x16x16_f16_w32", every_value("rdna3_grid"), false},
      {"docs/spec/numerics.md §E10", "Is the RDNA3 BF16 output truncated or rounded?", "gfx1100", "k_wmma_bf16_16x16x16_bf16_w32",
       every_value("rdna3_bf16_output"), false},
      {"docs/spec/numerics.md §E11", "Where does RDNA3 integer WMMA saturate?", "gfx1100", "k_wmma_i32_16x16x16_iu8_w32__neg0_clamp1",
       every_value("rdna3_int_clamp"), false},
      {"docs/spec/numerics.md §E12", "Does this gfx11 GPU compute DOT2 like gfx1100?", "gfx1100", "k_fdot2__clamp0",
       {Candidate{"same as gfx1100", {}}}, false},
      {"docs/spec/valu.md §8.1", "How does gfx90a V_DOT2_F32_F16 add?", "gfx90a", "k_fdot2__clamp0", every_value("fdot2_cdna"),
       false},
      {"docs/spec/valu.md §8.1 (output flush)", "Does gfx90a V_DOT2_F32_F16 flush f32 denormal results?", "gfx90a",
       "k_fdot2__clamp0", every_value("gfx90a_fdot2_output_flush"), false},
      {"docs/spec/valu.md §8.2", "What does clamp make of a NaN float dot?", "gfx90a", "k_fdot2__clamp1",
       every_value("fdot_clamp_nan"), false},
      {"docs/spec/valu.md §8.3", "Does V_DOT2_F16_F16 follow the loose model?", "gfx1100", "k_fdot2_f16_f16",
       {Candidate{"loose model", {}}}, false},
      {"docs/rdna4.md §E1", "How does gfx12 FP8/BF8 WMMA accumulate (DOT4 steps or a binary32 FMA chain)?", "gfx1200",
       "k_wmma_f32_16x16x16_fp8_fp8_w32_gfx12", every_value("gfx12_fp8_wmma"), false,
       [](const Kernel& k) {  // C = 2^24 plus 1.0*1.0 at k = 0 and 1: a chain rounds each +1 away, DOT4 keeps 2^24 + 2
         return matrix_case(k, [](Operand op, int, int, int c) -> std::uint64_t {
           return op == Operand::C ? 0x4B800000 : op == Operand::A ? (c < 2 ? 0x38 : 0) : 0x38;
         }, "targeted: two +1 products on C = 2^24");
       }},
      {"docs/rdna4.md §E4", "Where does gfx12 wave64 integer WMMA saturate with CLAMP (per half of K or once)?", "gfx1200",
       "k_wmma_i32_16x16x16_iu8_w64_gfx12__neg3_clamp1", every_value("gfx12_int_clamp"), false,
       [](const Kernel& k) {  // C = 0x7FFFFFFF, +16 per product in the first half of K, -16 in the second
         return matrix_case(k, [](Operand op, int, int r, int c) -> std::uint64_t {
           if (op == Operand::C) return 0x7FFFFFFF;
           const int kk = op == Operand::A ? c : r;
           return op == Operand::B ? 1 : kk < 8 ? 0x10 : 0xF0;
         }, "targeted: saturation in the first half of K, back in the second");
       }},
      {"docs/rdna4.md §E5", "Does gfx12 float WMMA follow MODE.FP_DENORM (set to flush)?", "gfx1200",
       "k_wmma_f32_16x16x16_f16_w32_gfx12__mode_ftz",
       {value("gfx12_mode", "ignored"), {"gfx12_mode=honoured mode_denorm=flush", {"gfx12_mode=honoured", "mode_denorm_f32=flush", "mode_denorm_f16_f64=flush"}}},
       false,
       [](const Kernel& k) {  // A = B = 0, C = binary32 subnormals: kept or flushed
         return matrix_case(k, [](Operand op, int, int r, int c) -> std::uint64_t {
           return op == Operand::C ? static_cast<std::uint64_t>(1 + r * 16 + c) : 0;
         }, "targeted: subnormal C");
       }},
      {"docs/rdna4.md §E2", "Does gfx12 float SWMMAC compute on the dense k (unstored k as +0 factors) or on the stored values only?",
       "gfx1200", "k_swmmac_f32_16x16x32_f16_w32", every_value("gfx12_swmmac_grouping"), false,
       [](const Kernel& k) {  // B row 2 is +inf, and no index points at k = 2: dense-k gives NaN, compressed-k 16.0
         return matrix_case(k, [](Operand op, int, int r, int c) -> std::uint64_t {
           if (op == Operand::IDX) return static_cast<std::uint64_t>(c % 2);
           if (op == Operand::C) return 0;
           return op == Operand::B && r == 2 ? 0x7C00 : 0x3C00;
         }, "targeted: +inf in a B row no index points at");
       }},
      {"docs/rdna4.md §E6", "What does gfx12 SWMMAC do with equal or decreasing positions in a group?", "gfx1200",
       "k_swmmac_f32_16x16x32_f16_w32", {Candidate{"the SMFMAC rule (docs/cdna3-numerics.md §4)", {}}}, false,
       [](const Kernel& k) {  // index fields 0x0, 0x5, 0x6, 0xF by group; distinct powers of two in A and in B's rows
         return matrix_case(k, [](Operand op, int, int r, int c) -> std::uint64_t {
           static constexpr int kPositions[4][2] = {{0, 0}, {1, 1}, {2, 1}, {3, 3}};
           if (op == Operand::IDX) return static_cast<std::uint64_t>(kPositions[(c / 2) % 4][c % 2]);
           if (op == Operand::C) return 0;
           if (op == Operand::A) return static_cast<std::uint64_t>(0x3C00 + 0x400 * (c % 4));  // 1, 2, 4, 8
           return static_cast<std::uint64_t>(0x2000 + 0x400 * (r % 16));                       // 2^-7 .. 2^8
         }, "targeted: irregular index fields");
       }},
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
      {"docs/cdna3-numerics.md §4 E-C3-2", "Does gfx942 SMFMAC compute on the dense k (unstored k as +0 terms) or on the stored values only?",
       "gfx942", "k_smfmac_f32_16x16x32_f16", every_value("smfmac_grouping"), false},
      // gfx950: this one with a targeted input; the other gfx950 probes follow from cdna4_probes().
      {"docs/cdna4-numerics.md §6 E-C4-4 (f16)", "What fused group size does gfx950's K-doubled f16 MFMA use (8 or 16)?",
       "gfx950", "k_mfma_f32_16x16x32_f16", every_value("cdna4_kdoubled_group"), false,
       [](const Kernel& k) {  // products 1, 2^-24 (k 1) and 2^-24 (k 8): groups of 8 round each half-ulp away
         return matrix_case(k, [](Operand op, int, int r, int c) -> std::uint64_t {
           const int k_index = op == Operand::A ? c : r;
           if (op == Operand::C) return 0;
           return k_index == 0 ? 0x3C00 : (k_index == 1 || k_index == 8) ? 0x0C00 : 0;  // f16 1.0, 2^-12
         }, "targeted: a half-ulp product in each group of 8");
       }},
  };
  for (Probe& p : cdna4_probes()) probes.push_back(std::move(p));
  return probes;
}

const Kernel* probe_kernel(const Probe& p, const std::vector<Kernel>& kernels) {
  for (const Kernel& k : kernels)
    if (k.name == p.kernel && arch_info(k.target.arch).name == p.arch) return &k;
  return nullptr;
}

namespace {

std::vector<Case> search_discriminating_cases(const Probe& p, const Kernel& k, int wanted) {
  std::vector<Switches> switches;
  for (const Candidate& c : p.candidates) switches.push_back(switches_of(c));
  std::vector<Case> found;
  std::mt19937_64 rng(12345);
  std::vector<Case> targeted = targeted_cases(k);
  if (p.hint) targeted.insert(targeted.begin(), p.hint(k));
  for (int n = 0; n < 600 && static_cast<int>(found.size()) < wanted; ++n) {
    Case c = n < static_cast<int>(targeted.size()) ? targeted[static_cast<std::size_t>(n)]
             : p.raw_inputs                         ? Case{"uniform lane words", {}}
             : n % 2 == 0                           ? special_case(k, rng)
                                                    : cancellation_case(k, rng);
    if (c.in.empty()) {
      c.in.resize(static_cast<std::size_t>(k.target.wave * k.in_dwords));
      for (std::uint32_t& w : c.in) w = static_cast<std::uint32_t>(rng()) & 0x3BFF3BFFU;  // finite f16 pairs
    }
    if (switches.size() == 1) {
      found.push_back(std::move(c));
      continue;
    }
    const std::vector<std::uint32_t> first = emulate(k, c.in, switches[0]);
    bool differs = false;
    for (std::size_t s = 1; s < switches.size() && !differs; ++s) differs = emulate(k, c.in, switches[s]) != first;
    if (differs) found.push_back(std::move(c));
  }
  return found;
}

}  // namespace

// The search is deterministic (a fixed seed, the probe's candidates and hint, all in the key), and the first
// `wanted` cases it finds do not depend on how many more it would go on to find, so its results are
// kept per probe and kernel and a later call gets a prefix of them: `device probe --list`, the
// probes' runs and the tests ask for the same searches, each of which emulates the kernel up to
// 600 times per candidate.
std::vector<Case> discriminating_cases(const Probe& p, const Kernel& k, int wanted) {
  struct Searched {
    int wanted;
    std::vector<Case> found;
  };
  static std::mutex mutex;
  static std::map<std::string, Searched> searched;
  std::string key = p.id + '\n' + p.kernel + '\n' + k.target.name() + (p.hint ? "\nhint" : "") + (p.raw_inputs ? "\nraw" : "");
  for (const Candidate& c : p.candidates)
    for (const std::string& setting : c.settings) key += '\n' + setting;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    const auto it = searched.find(key);
    // A search that stopped short of what it wanted found everything there is.
    if (it != searched.end() && (it->second.wanted >= wanted || static_cast<int>(it->second.found.size()) < it->second.wanted)) {
      const auto& found = it->second.found;
      return {found.begin(), found.begin() + std::min<std::ptrdiff_t>(wanted, static_cast<std::ptrdiff_t>(found.size()))};
    }
  }
  // Search for at least the runs' four, so that a first short request does not force a second search.
  const int search_for = std::max(wanted, 4);
  std::vector<Case> found = search_discriminating_cases(p, k, search_for);
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

// One probe on the launcher: the outcome, with the capture lines written as the cases run.
ProbeResult run_probe(const Probe& p, const Kernel& k, Launcher& launcher, std::ostream* capture) {
  ProbeResult r{p.id, "", {}};
  const std::vector<Case> cases = discriminating_cases(p, k);
  std::vector<bool> matches(p.candidates.size(), !cases.empty());
  for (std::size_t n = 0; n < cases.size(); ++n) {
    const std::vector<std::uint32_t> hw = launcher.run(k, cases[n].in);
    if (capture != nullptr) {
      *capture << capture_line(k, cases[n], static_cast<int>(n), hw) << '\n';
      capture->flush();
      if (!*capture) throw WriteError("--capture: writing the capture failed");
    }
    for (std::size_t c = 0; c < p.candidates.size(); ++c)
      if (emulate(k, cases[n].in, switches_of(p.candidates[c]), &hw) != hw) matches[c] = false;
  }
  for (std::size_t c = 0; c < p.candidates.size(); ++c)
    if (matches[c]) r.matching.push_back(p.candidates[c].label);
  if (cases.empty()) r.outcome = "no discriminating input found (a bug in mxlane's probe)";
  else if (r.matching.empty()) r.outcome = "matches none of the candidates: please share the capture";
  else if (r.matching.front() == p.candidates.front().label) r.outcome = "matches the default: " + r.matching.front();
  else {
    std::string flags;
    for (const Candidate& c : p.candidates)
      if (c.label == r.matching.front())
        for (const std::string& setting : c.settings) flags += " --option " + setting;
    r.outcome = fmt::format("matches {}: run the emulator with{} (or \"options\" in eval lines)", r.matching.front(), flags);
  }
  return r;
}

}  // namespace

std::vector<ProbeResult> run_probes(const std::vector<Kernel>& kernels, const std::string& arch, Launcher& launcher,
                                    std::ostream& out, std::ostream* capture, const ProbeSelection& selection) {
  std::vector<ProbeResult> results;
  for (const Probe& p : all_probes()) {
    if (!selection.wants(p) || (selection.leave_out_other_archs && p.arch != arch)) continue;
    out << fmt::format("{}: {}\n", p.id, p.question);
    out.flush();
    const Kernel* k = probe_kernel(p, kernels);
    ProbeResult r{p.id, "", {}};
    if (p.arch != arch || k == nullptr) {
      r.outcome = fmt::format("skipped: needs a {} GPU{}", p.arch, k == nullptr ? " and its code object" : "");
    } else {
      try {
        r = run_probe(p, *k, launcher, capture);
      } catch (const WriteError&) {
        throw;
      } catch (const std::exception& e) {
        r.outcome = fmt::format("error: {} (kernel {})", e.what(), p.kernel);  // the next probe still runs
      }
    }
    out << "  " << r.outcome << '\n';
    out.flush();
    results.push_back(r);
  }
  return results;
}

}  // namespace mxlane::device
