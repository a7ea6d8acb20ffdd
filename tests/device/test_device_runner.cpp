// The device runner without a GPU: case generators, the comparison and report, capture files that
// mxlane replay checks, the probes' inputs, and the clean skip when no AMD GPU is present.
#include "support/catch_compat.hpp"

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include "device/probes.hpp"
#include "device/runner.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/scratch_file.hpp"
#include "tools/mxlane/cli.hpp"

using namespace mxlane;
using namespace mxlane::device;

namespace {

// The names by value (string_view): GCC 14's -Wdangling-reference takes a reference result with
// temporary std::string arguments for a possible dangle.
const Kernel& kernel(std::string_view target_arch, std::string_view name) {
  static const std::vector<Kernel> all = every_kernel();
  for (const Kernel& k : all)
    if (k.name == name && arch_info(k.target.arch).name == target_arch) return k;
  FAIL("no kernel " << name);
  return all.front();
}

// A launcher that returns the emulator's result with one word flipped.
class CorruptingLauncher : public Launcher {
 public:
  CorruptingLauncher(int lane, int word) : lane_(lane), word_(word) {}
  std::vector<std::uint32_t> run(const Kernel& k, const std::vector<std::uint32_t>& in) override {
    std::vector<std::uint32_t> out = emulate(k, in);
    out[static_cast<std::size_t>(lane_ * k.out_dwords + word_)] ^= 0x00010000U;
    return out;
  }

 private:
  int lane_, word_;
};

}  // namespace

TEST_CASE("Case generators are seeded, reproducible and produce what they promise", "[device][cases]") {
  const Kernel& mfma = kernel("gfx90a", "k_mfma_f32_16x16x16f16");
  CHECK(make_cases(mfma, 9, 42).size() == make_cases(mfma, 9, 42).size());
  const auto a = make_cases(mfma, 9, 42), b = make_cases(mfma, 9, 42), c = make_cases(mfma, 9, 43);
  for (std::size_t n = 0; n < a.size(); ++n) CHECK(a[n].in == b[n].in);
  CHECK(a.back().in != c.back().in);
  for (const Case& x : a) CHECK(x.in.size() == static_cast<std::size_t>(64 * mfma.in_dwords));
  CHECK_THAT(a.front().kind, Catch::Contains("§D.3"));

  // The special-value generator really draws the f16 specials (inf, NaN, subnormals, -0).
  std::mt19937_64 rng(5);
  std::set<std::uint32_t> halves;
  for (int n = 0; n < 4; ++n)
    for (std::uint32_t w : special_case(mfma, rng).in) {
      halves.insert(w & 0xFFFF);
      halves.insert(w >> 16);
    }
  for (std::uint32_t special : {0x7C00U, 0xFC00U, 0x7E00U, 0x0001U, 0x8000U, 0x7BFFU})
    CHECK(halves.count(special) == 1);

  // The cancellation generator makes A[i][2t+1] = -A[i][2t] and B[2t+1][j] = B[2t][j].
  const Case cancel = cancellation_case(mfma, rng);
  const OperandLayout la(*mfma.matrix, Operand::A), lb(*mfma.matrix, Operand::B);
  const auto element = [&](const OperandLayout& l, int offset, int row, int col) {
    const Slot s = l.forward(0, row, col)[0].slot;
    return (cancel.in[static_cast<std::size_t>(s.lane * mfma.in_dwords + offset + s.vgpr)] >> s.bit_lo) & 0xFFFF;
  };
  for (int i = 0; i < 16; ++i) CHECK(element(la, 0, i, 1) == (element(la, 0, i, 0) ^ 0x8000));
  for (int j = 0; j < 16; ++j) CHECK(element(lb, 2, 1, j) == element(lb, 2, 0, j));

  // VALU: the DOT2 captures are the gfx1100 fdot2 kernel's targeted vectors.
  const auto dot = targeted_cases(kernel("gfx1100", "k_fdot2__clamp0"));
  REQUIRE(dot.size() == 2);           // 50 captures in launches of 32 lanes
  CHECK(dot[0].in[0] == 0x48004200);  // docs/spec/numerics.md §D.2 F16 #0
}

TEST_CASE("A capture whose expectations came from the emulator replays clean", "[device][runner]") {
  const mxlane_test::ScratchFile file("mxlane_test_capture");
  const std::string& path = file.path();
  {
    std::ofstream capture(path);
    EmulatorLauncher emulator;
    RunOptions o;
    o.random_cases = 2;
    std::vector<Kernel> kernels = kernels_for(Target{ArchId::gfx1100, 32});
    for (Kernel& k : kernels_for(Target{ArchId::gfx90a, 64}))
      if (k.name == "k_mfma_f64_4x4x4f64" || k.name == "k_sad_u8" || k.name == "k_mfma_f32_16x16x1f32__cbsz1_abid1")
        kernels.push_back(k);
    std::vector<Kernel> some;
    for (const Kernel& k : kernels)
      if (k.name.rfind("k_wmma_f16_16x16x16_f16_w32", 0) == 0 || k.target.arch == ArchId::gfx90a ||
          k.name == "k_udot4__clamp1")
        some.push_back(k);
    const RunReport report = run_kernels(some, emulator, o, &capture);
    CHECK(report.clean());
    CHECK(report.rows.size() >= 5);
  }
  std::ostringstream out, err;
  CHECK(mxlane::cli::run_cli({"mxlane", "replay", path}, out, err) == 0);
  CHECK_THAT(err.str(), Catch::Contains("0 mismatch, 0 invalid"));
  CHECK(out.str().find("mismatch") == std::string::npos);
  CHECK(out.str().find("error") == std::string::npos);
}

TEST_CASE("One corrupted word is reported at exactly its lane, VGPR and element", "[device][runner]") {
  const Kernel& k = kernel("gfx90a", "k_mfma_f32_32x32x8f16");
  CorruptingLauncher gpu(33, 5);
  RunOptions o;
  o.random_cases = 1;
  o.filters = {k.name};
  const RunReport report = run_kernels({k}, gpu, o, nullptr);
  REQUIRE(report.rows.size() == 1);
  // The targeted case (finite results) always shows it; a random case whose word is a NaN may not,
  // since CDNA2 NaN bits are compared by class only.
  CHECK(report.rows[0].mismatches >= 1);
  for (const Mismatch& m : report.mismatches) {
    CHECK(m.lane == 33);
    CHECK(m.vgpr == 5);
    CHECK(m.element == "D[13][1]");  // seed 001: G = 5, L = 33 -> i = 8 + 4 + 1, j = 1
    CHECK((m.expected ^ m.actual) == 0x00010000U);
    CHECK_THAT(m.inputs, Catch::Contains("A row"));
  }
  std::ostringstream text;
  print_report(report, o, text);
  CHECK_THAT(text.str(), Catch::Contains("lane 33 v5 D[13][1]"));

  // VALU: the report names the lane and the lane's source words.
  const Kernel& sad = kernel("gfx1100", "k_sad_u8");
  CorruptingLauncher gpu2(7, 0);
  o.filters = {sad.name};
  const RunReport r2 = run_kernels({sad}, gpu2, o, nullptr);
  REQUIRE(!r2.mismatches.empty());
  CHECK(r2.mismatches[0].lane == 7);
  CHECK_THAT(r2.mismatches[0].inputs, Catch::Contains("src words"));
}

TEST_CASE("The comparison ignores what the specs leave undefined, and nothing else", "[device][runner]") {
  // The untied 16-bit WMMA leaves the other half undefined: differences there are not mismatches.
  const Kernel& untied = kernel("gfx1100", "k_wmma_f16_16x16x16_f16_w32");
  const Case c = make_cases(untied, 1, 3).back();
  std::vector<std::uint32_t> expected = emulate(untied, c.in), actual = expected;
  for (std::uint32_t& w : actual) w ^= 0xABCD0000U;
  CHECK(compare_case(untied, c, 0, expected, actual).empty());
  actual[3] ^= 1;
  CHECK(compare_case(untied, c, 0, expected, actual).size() == 1);
  // CDNA2 NaN bits are unknown (docs/spec/numerics.md §E2): NaN vs NaN is a difference (replay compares bits)
  // marked "NaN class only"; RDNA3's NaN bits are exact, so there it is a plain mismatch.
  const Kernel& mfma = kernel("gfx90a", "k_mfma_f32_16x16x4f32");
  const Case m = make_cases(mfma, 1, 3).back();
  std::vector<std::uint32_t> e(static_cast<std::size_t>(64 * mfma.out_dwords), 0x7FC00000U), a = e;
  a[0] = 0xFFC12345U;
  auto found = compare_case(mfma, m, 0, e, a);
  REQUIRE(found.size() == 1);
  CHECK(found[0].nan_class_only);
  a[1] = 0x7F800000U;  // infinity is not NaN
  found = compare_case(mfma, m, 0, e, a);
  REQUIRE(found.size() == 2);
  CHECK_FALSE(found[1].nan_class_only);
  const Kernel& wmma = kernel("gfx1100", "k_wmma_f32_16x16x16_f16_w32");
  std::vector<std::uint32_t> e2(static_cast<std::size_t>(32 * wmma.out_dwords), 0xFFC00A3DU), a2 = e2;
  a2[0] = 0xFFC00000U;
  found = compare_case(wmma, make_cases(wmma, 1, 3).back(), 0, e2, a2);
  REQUIRE(found.size() == 1);
  CHECK_FALSE(found[0].nan_class_only);
}

TEST_CASE("Every probe has inputs on which its candidates disagree", "[device][probes]") {
  const std::vector<Kernel> all = every_kernel();
  const auto probes = all_probes();
  CHECK(probes.size() >= 20);
  for (const Probe& p : probes) {
    CAPTURE(p.id, p.kernel);
    const Kernel* k = probe_kernel(p, all);
    REQUIRE(k != nullptr);
    const auto cases = discriminating_cases(p, *k, 1);
    CHECK(cases.size() == 1);
  }
  // A probe against an emulator that plays the hardware with a non-default switch names that switch.
  Switches calculator;
  set_switch(calculator, "cbsz_model", "calculator");
  EmulatorLauncher hardware(calculator);
  std::ostringstream out;
  const auto results = run_probes(all, "gfx90a", hardware, out, nullptr);
  bool found = false;
  for (const ProbeResult& r : results)
    if (r.id == "docs/spec/layouts.md §11.1") {
      found = true;
      CHECK(r.matching == std::vector<std::string>{"cbsz_model=calculator"});
      CHECK_THAT(r.outcome, Catch::Contains("--option cbsz_model=calculator"));
    }
  CHECK(found);
  CHECK_THAT(out.str(), Catch::Contains("skipped: needs a gfx1100 GPU"));
}

#ifdef MXLANE_DEVICE_TARGETS
TEST_CASE("Without an AMD GPU the runner skips cleanly with exit code 77", "[device][runner]") {
  for (const char* sub : {"run", "probe"}) {
    std::ostringstream out, err;
    const int code = sub == std::string("run")
                         ? mxlane::cli::run_cli({"mxlane", "device", sub, "--cases", "0"}, out, err)
                         : mxlane::cli::run_cli({"mxlane", "device", sub}, out, err);
    CHECK(code == 77);
    CHECK_THAT(out.str(), Catch::StartsWith("skipped: no AMD GPU"));
    CHECK_THAT(out.str(), Catch::Contains("libamdhip64"));          // names the library tried
    CHECK(out.str().find(MXLANE_DEVICE_DIR) == std::string::npos);  // and never the build directory
    CHECK(err.str().empty());
  }
}
#endif

TEST_CASE("Device commands: globs and the probe list need no GPU", "[device][runner]") {
  std::ostringstream out, err;
  CHECK(mxlane::cli::run_cli({"mxlane", "device", "probe", "--list"}, out, err) == 0);
  CHECK_THAT(out.str(), Catch::Contains("docs/spec/layouts.md §11.1"));
  CHECK(glob_match("k_mfma_*", "k_mfma_f32_4x4x1f32"));
  CHECK(glob_match("*sad*", "k_qsad_pk_u16_u8"));
  CHECK_FALSE(glob_match("k_wmma_*", "k_mfma_f32_4x4x1f32"));
  CHECK(glob_match("k_?dot4*", "k_udot4__clamp0"));
}
