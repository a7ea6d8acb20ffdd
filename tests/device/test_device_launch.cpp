// The launch path without a GPU: register files sized from the operands, the loopback behind the
// shared marshalling, errors caught per kernel and per probe, shards, merged reports, exit codes.
#include "support/catch_compat.hpp"

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include "device/capture_report.hpp"
#include "device/hip_source.hpp"
#include "device/probes.hpp"
#include "device/runner.hpp"
#include "emu/isa/errors.hpp"
#include "tests/support/scratch_file.hpp"
#include "tools/mxlane/cli.hpp"
#include "tests/support/text.hpp"

using mxlane_test::slurp;

using namespace mxlane;
using namespace mxlane::device;

namespace {

// The names by value (string_view): GCC 14's -Wdangling-reference takes a reference result with
// temporary std::string arguments for a possible dangle.
const Kernel& find_kernel(const std::vector<Kernel>& all, std::string_view target, std::string_view name) {
  for (const Kernel& k : all)
    if (k.name == name && k.target.name() == target) return k;
  FAIL("no kernel " << target << " " << name);
  return all.front();
}

// A launcher that fails on one kernel (as a GPU fault or a missing symbol would) and plays the
// emulator on the others.
class FailingLauncher : public Launcher {
 public:
  explicit FailingLauncher(std::string bad) : bad_(std::move(bad)) {}
  std::vector<std::uint32_t> run(const Kernel& k, const std::vector<std::uint32_t>& in) override {
    if (k.name == bad_) throw InvalidArgument("HIP hipModuleLaunchKernel failed: hipErrorLaunchFailure (719)");
    return emulate(k, in);
  }

 private:
  std::string bad_;
};

// A launcher whose NaN results carry another payload (as CDNA2 hardware might, docs/spec/numerics.md §E2).
class NanPayloadLauncher : public Launcher {
 public:
  std::vector<std::uint32_t> run(const Kernel& k, const std::vector<std::uint32_t>& in) override {
    std::vector<std::uint32_t> out = emulate(k, in);
    for (std::uint32_t& w : out)
      if ((w & 0x7F800000U) == 0x7F800000U && (w & 0x7FFFFFU) != 0) w ^= 0x00000001U | ((w & 0x3FFFFFU) == 1 ? 2U : 0U);
    return out;
  }
};

int run_mxlane(const std::vector<std::string>& args, std::string& out, std::string& err) {
  std::ostringstream o, e;
  const int code = mxlane::cli::run_cli(args, o, e);
  out = o.str();
  err = e.str();
  return code;
}

}  // namespace

TEST_CASE("MFMA kernels whose C and D are 32 VGPRs run through the emulator", "[device][launch]") {
  const auto all = every_kernel();
  const Kernel& big = find_kernel(all, "gfx90a", "k_mfma_f32_32x32x1f32");
  REQUIRE(big.out_dwords == 32);
  const Case c = make_cases(big, 1, 1).back();
  std::vector<std::uint32_t> out;
  REQUIRE_NOTHROW(out = emulate(big, c.in));
  // D[i][j] of this one-block layout is not a copy of C: A*B was added (the case has nonzero inputs).
  CHECK(out.size() == static_cast<std::size_t>(64 * 32));
  // Every kernel of every target emulates (the loopback CTest entries launch them all).
  int ran = 0;
  for (const Kernel& k : all) {
    if (k.target.arch != ArchId::gfx90a && k.target.arch != ArchId::gfx1100) continue;
    const std::vector<std::uint32_t> zeros(static_cast<std::size_t>(k.target.wave * k.in_dwords), 0);
    CAPTURE(k.target.name(), k.name);
    CHECK_NOTHROW(emulate(k, zeros));
    ++ran;
  }
  CHECK(ran > 300);
}

TEST_CASE("A failing kernel is named and the run goes on, its capture written case by case", "[device][launch]") {
  const auto all = every_kernel();
  const std::vector<Kernel> three{find_kernel(all, "gfx90a", "k_sad_u8"),
                                  find_kernel(all, "gfx90a", "k_mfma_f32_4x4x1f32"),
                                  find_kernel(all, "gfx90a", "k_sad_u16")};
  FailingLauncher gpu("k_mfma_f32_4x4x1f32");
  RunOptions o;
  o.random_cases = 2;
  const mxlane_test::ScratchFile file("mxlane_test_failing");
  std::ofstream capture(file.path());
  std::ostringstream live;
  const RunReport report = run_kernels(three, gpu, o, &capture, &live);
  REQUIRE(report.rows.size() == 3);
  CHECK(report.rows[0].error.empty());
  CHECK_THAT(report.rows[1].error, Catch::Contains("hipErrorLaunchFailure"));
  CHECK(report.rows[2].cases > 0);  // the kernel after the failure still ran
  CHECK(report.rows[2].error.empty());
  CHECK_FALSE(report.clean());
  CHECK_THAT(live.str(), Catch::Contains("ERROR in gfx90a k_mfma_f32_4x4x1f32"));
  // Flushed per case: the file already holds every line while the stream is still open.
  const std::string lines = slurp(file.path());
  CHECK(std::count(lines.begin(), lines.end(), '\n') == report.rows[0].cases + report.rows[2].cases);
  std::ostringstream text;
  print_report(report, o, text);
  CHECK_THAT(text.str(), Catch::Contains("1 kernel(s) stopped by an error"));
}

TEST_CASE("A failing probe is named, the next probe runs, and --only/--skip select probes", "[device][launch]") {
  const auto all = every_kernel();
  FailingLauncher gpu("k_mfma_f64_4x4x4f64");  // the docs/spec/layouts.md §11.2 probe's kernel
  std::ostringstream out;
  const auto results =
      run_probes(all, "gfx90a", gpu, out, nullptr, ProbeSelection{{"docs/spec/layouts.md*"}, {}, true});
  REQUIRE(results.size() == 2);
  CHECK(results[0].outcome == "matches the default: cbsz_model=isa");
  CHECK_THAT(results[1].outcome, Catch::StartsWith("error: ") && Catch::Contains("k_mfma_f64_4x4x4f64"));
  // The outcome of a probe is printed before the next probe starts (it is not buffered until the end).
  CHECK(out.str().find("cbsz_model=isa") < out.str().find("docs/spec/layouts.md §11.2"));
  std::ostringstream out2;
  const auto skipped =
      run_probes(all, "gfx90a", gpu, out2, nullptr, ProbeSelection{{"docs/spec/layouts.md*"}, {"*§11.2"}, true});
  REQUIRE(skipped.size() == 1);
  CHECK(skipped[0].id == "docs/spec/layouts.md §11.1");
}

TEST_CASE("The loopback decodes the argument buffer the launch packs, as the HIP kernel declares it",
          "[device][launch]") {
  // The argument segment: the input pointer at 0 and the output pointer at 8, as the generated signature lists them.
  int in_object = 0, out_object = 0;
  const std::vector<std::byte> kernarg = pack_kernel_arguments(&in_object, &out_object);
  REQUIRE(kernarg.size() == 16);
  const void* in = nullptr;
  void* out = nullptr;
  unpack_kernel_arguments(kernarg, in, out);
  CHECK(in == &in_object);
  CHECK(out == &out_object);
  CHECK_THROWS_AS(unpack_kernel_arguments(std::vector<std::byte>(8), in, out), InvalidArgument);
  const auto all = every_kernel();
  const Kernel& k = find_kernel(all, "gfx1100-w64", "k_wmma_f32_16x16x16_f16_w64");
  const std::string source = hip_source(k.target, {k});
  CHECK_THAT(source,
             Catch::Contains(
                 "KERNEL void k_wmma_f32_16x16x16_f16_w64(const unsigned* __restrict in, unsigned* __restrict out)"));

  // The whole path: the loopback's result is the emulator's, through device memory and the argument buffer.
  RuntimeLauncher loopback(open_loopback(""));
  const Case c = make_cases(k, 1, 9).back();
  CHECK(loopback.run(k, c.in) == emulate(k, c.in));
  // A wrong input size is refused before any launch.
  CHECK_THROWS_AS(loopback.run(k, std::vector<std::uint32_t>(3)), InvalidArgument);

  // The loopback checks what a GPU would fault on: the thread count and the buffers' bounds.
  auto runtime = open_loopback("");
  void* module = runtime->load_module("gfx1100-w64");
  void* function = runtime->get_function(module, k.name);
  void* small_in = runtime->allocate(16);
  void* d_out = runtime->allocate(static_cast<std::size_t>(64 * k.out_dwords) * 4);
  CHECK_THROWS_WITH(runtime->launch(function, 64, pack_kernel_arguments(small_in, d_out)),
                    Catch::Contains("outside every device buffer"));
  CHECK_THROWS_WITH(runtime->launch(function, 32, pack_kernel_arguments(small_in, d_out)), Catch::Contains("wave64"));
  CHECK_THROWS_AS(runtime->get_function(module, "k_no_such_kernel"), InvalidArgument);
}

#ifdef MXLANE_DEVICE_TARGETS
TEST_CASE("The loopback checks each kernel against the built code object's manifest", "[device][launch]") {
  auto runtime = open_loopback(MXLANE_DEVICE_DIR);
  void* module = runtime->load_module("gfx90a");
  CHECK(runtime->get_function(module, "k_mfma_f32_32x32x1f32") != nullptr);
  // Both code object versions were built for every target (v4 for HIP 5.2, v5 for ROCm 6/7).
  std::istringstream targets(MXLANE_DEVICE_TARGETS);
  for (std::string target; std::getline(targets, target, ',');)
    for (const std::string& file : code_object_files(target, kHipRuntimeV5First))
      CHECK(!slurp(std::string(MXLANE_DEVICE_DIR) + "/" + file).empty());
}
#endif

TEST_CASE("The HIP runtime's version picks the code object version", "[device][launch]") {
  // hipRuntimeGetVersion's numbers (major * 10000000 + minor * 100000 + patch): v5 first from HIP 5.7
  // on (Debian 13's libamdhip64 5.7 and ROCm 6.x/7.x load v5), v4 first before (ROCm 5.2, Debian 12).
  const std::vector<std::string> v4_first{"mxlane_gfx90a.co", "mxlane_gfx90a.v5.co"};
  const std::vector<std::string> v5_first{"mxlane_gfx90a.v5.co", "mxlane_gfx90a.co"};
  CHECK(code_object_files("gfx90a", 0) == v4_first);         // no version: an old runtime
  CHECK(code_object_files("gfx90a", 50222802) == v4_first);  // HIP 5.2
  CHECK(code_object_files("gfx90a", 50699999) == v4_first);  // the last 5.6
  CHECK(code_object_files("gfx90a", 50700000) == v5_first);  // HIP 5.7.0
  CHECK(code_object_files("gfx90a", 50731921) == v5_first);  // HIP 5.7.1
  CHECK(code_object_files("gfx90a", 60241134) == v5_first);  // HIP 6.2
  CHECK(code_object_files("gfx1100-w64", 70051831) ==
        std::vector<std::string>{"mxlane_gfx1100-w64.v5.co", "mxlane_gfx1100-w64.co"});
}

TEST_CASE("NaN-class-only differences are counted apart and fail the run as they fail replay", "[device][launch]") {
  const auto all = every_kernel();
  const Kernel& k = find_kernel(all, "gfx90a", "k_mfma_f32_16x16x4f32");
  NanPayloadLauncher gpu;
  RunOptions o;
  o.random_cases = 6;  // special-value cases make NaN results
  const mxlane_test::ScratchFile file("mxlane_test_nan_rule");
  RunReport report;
  {
    std::ofstream capture(file.path());
    report = run_kernels({k}, gpu, o, &capture);
  }
  REQUIRE(report.rows.size() == 1);
  CHECK(report.rows[0].nan_class_only > 0);
  CHECK(report.rows[0].mismatches == 0);
  CHECK(report.rows[0].exact + report.rows[0].nan_class_only == report.rows[0].cases);
  CHECK_FALSE(report.clean());  // the run's verdict ...
  std::string out, err;
  CHECK(run_mxlane({"mxlane", "replay", file.path()}, out, err) == 1);  // ... is replay's verdict
  CHECK(run_mxlane({"mxlane", "device", "report", file.path()}, out, err) == 1);
  CHECK_THAT(out, Catch::Contains("NaN class only") && Catch::Contains("0 mismatched"));
}

TEST_CASE("Shards are disjoint, their union is the whole run, and their merged report is the run's",
          "[device][launch]") {
  const auto all = every_kernel();
  std::vector<Kernel> some;
  for (const char* name : {"k_sad_u8", "k_mfma_f32_4x4x1f32", "k_fdot2__clamp0", "k_mfma_f64_4x4x4f64"})
    some.push_back(find_kernel(all, "gfx90a", name));
  EmulatorLauncher gpu;
  const auto ids = [&](int index, int count, const std::string& path) {
    RunOptions o;
    o.random_cases = 5;
    o.seed = 77;
    o.shard_index = index;
    o.shard_count = count;
    std::ofstream capture(path);
    run_kernels(some, gpu, o, &capture);
    capture.close();
    std::vector<std::string> out;
    std::istringstream lines(slurp(path));
    for (std::string line; std::getline(lines, line);) out.push_back(line);
    return out;
  };
  const mxlane_test::ScratchFile whole("mxlane_test_whole"), s1("mxlane_test_s1"), s2("mxlane_test_s2"),
      s3("mxlane_test_s3");
  const auto full = ids(1, 1, whole.path());
  std::multiset<std::string> merged;
  std::size_t smallest = full.size();
  for (const auto* f : {&s1, &s2, &s3}) {
    const auto part = ids(static_cast<int>(f == &s1 ? 1 : f == &s2 ? 2 : 3), 3, f->path());
    smallest = std::min(smallest, part.size());
    merged.insert(part.begin(), part.end());
  }
  CHECK(merged == std::multiset<std::string>(full.begin(), full.end()));  // disjoint (no duplicate) and complete
  CHECK(smallest > 0);
  CHECK(smallest < full.size());
  const RunReport one = report_from_captures({whole.path()}, all);
  const RunReport three = report_from_captures({s1.path(), s2.path(), s3.path()}, all);
  REQUIRE(one.rows.size() == 4);
  REQUIRE(three.rows.size() == 4);
  for (std::size_t r = 0; r < 4; ++r) {
    CHECK(three.rows[r].kernel == one.rows[r].kernel);
    CHECK(three.rows[r].cases == one.rows[r].cases);
    CHECK(three.rows[r].exact == one.rows[r].cases);
  }
  // A case in two captures (overlapping shards) is bad input naming both places.
  CHECK_THROWS_WITH(report_from_captures({s1.path(), s1.path()}, all), Catch::Contains("also at"));
  std::string out, err;
  CHECK(run_mxlane({"mxlane", "device", "report", s1.path(), s2.path(), s3.path()}, out, err) == 0);
  CHECK(run_mxlane({"mxlane", "replay", s2.path()}, out, err) == 0);
}

TEST_CASE("Bad device arguments are exit 2 with one line, not a skip", "[device][launch]") {
  std::string out, err;
  for (const std::vector<std::string>& args : {std::vector<std::string>{"mxlane", "device", "run", "--arch", "gfx9999"},
                                               {"mxlane", "device", "probe", "--arch", "gfx9999"},
                                               {"mxlane", "device", "run", "--device-dir", "/nonexistent"},
                                               {"mxlane", "device", "probe", "--device-dir", "/nonexistent"},
                                               {"mxlane", "device", "run", "--shard", "3/2"},
                                               {"mxlane", "device", "run", "--backend", "cuda"},
                                               {"mxlane", "device", "report", "/nonexistent.jsonl"}}) {
    CAPTURE(args);
    CHECK(run_mxlane(args, out, err) == 2);
    CHECK(std::count(err.begin(), err.end(), '\n') == 1);
    CHECK(out.find("skipped") == std::string::npos);
  }
  CHECK(run_mxlane({"mxlane", "device", "--help"}, out, err) == 0);
  CHECK_THAT(out, Catch::Contains("mxlane device run --backend loopback"));
  CHECK(out.find("mxlane lanemap") == std::string::npos);
}

TEST_CASE("device run --backend loopback runs a 32-VGPR MFMA clean end to end", "[device][launch]") {
  const mxlane_test::ScratchFile file("mxlane_test_loopback");
  std::string out, err;
  CHECK(run_mxlane({"mxlane", "device", "run", "--backend", "loopback", "--arch", "gfx90a", "--cases", "1", "--filter",
                    "k_mfma_f32_32x32x1f32*", "--filter", "k_sad_u8", "--exclude", "*blgp*", "--capture", file.path()},
                   out, err) == 0);
  CHECK_THAT(out, Catch::Contains("gfx90a k_mfma_f32_32x32x1f32__cbsz1_abid0") && Catch::Contains("gfx90a k_sad_u8"));
  CHECK(out.find("blgp") == std::string::npos);
  CHECK(run_mxlane({"mxlane", "replay", file.path()}, out, err) == 0);
  CHECK(run_mxlane({"mxlane", "device", "probe", "--backend", "loopback", "--arch", "gfx1100", "--only",
                    "docs/spec/numerics.md §E7*"},
                   out, err) == 0);
  CHECK_THAT(out, Catch::Contains("matches the default"));
}

#if defined(MXLANE_FAKE_HIP) && defined(MXLANE_DEVICE_TARGETS)
// Sets an environment variable for one scope.
struct ScopedEnv {
  std::string name;
  ScopedEnv(const char* n, const char* value) : name(n) { setenv(n, value, 1); }
  ~ScopedEnv() { unsetenv(name.c_str()); }
};

TEST_CASE(
    "The HIP launcher loads the library named by MXLANE_HIP_LIBRARY, the v5 object for HIP 6, and packs the arguments",
    "[device][launch]") {
  // The stand-in runtime (tests/device/fake_amdhip64.cc) reports HIP 6.2, loads only v5 objects, and
  // fails any launch whose argument buffer is not the two pointers it allocated; its kernel copies.
  const ScopedEnv library("MXLANE_HIP_LIBRARY", MXLANE_FAKE_HIP);
  const mxlane_test::ScratchFile file("mxlane_test_fake_hip");
  std::string out, err;
  CHECK(run_mxlane({"mxlane", "device", "run", "--cases", "1", "--filter", "k_sad_u8", "--filter",
                    "k_mfma_f32_32x32x1f32", "--capture", file.path()},
                   out, err) == 1);  // the stand-in's "kernel" copies its input: every case differs
  // The first architecture with a code object, in the table order (gfx908 first).
  CHECK_THAT(out, Catch::Contains("Device: mxlane_gfx908.v5.co on gfx908") && Catch::Contains("HIP runtime 6.2"));
  CHECK(out.find("ERROR") == std::string::npos);  // every launch was accepted
  CHECK_THAT(out, Catch::Contains("2 kernels"));
  const std::string lines = slurp(file.path());
  CHECK(std::count(lines.begin(), lines.end(), '\n') > 2);
  // No device: skipped, naming the HIP error.
  const ScopedEnv none("FAKE_HIP_NO_DEVICE", "1");
  CHECK(run_mxlane({"mxlane", "device", "probe"}, out, err) == 77);
  CHECK_THAT(out, Catch::StartsWith("skipped: no AMD GPU") && Catch::Contains("hipErrorNoDevice"));
}

TEST_CASE("The HIP launcher loads v4 first on HIP 5.2 and v5 first on HIP 5.7 and 6.x (hipRuntimeGetVersion)",
          "[device][launch]") {
  // The stand-in runtime reports FAKE_HIP_VERSION and, with FAKE_HIP_ACCEPT_V4, loads both versions:
  // the object it runs is the first the launcher tried.
  const ScopedEnv library("MXLANE_HIP_LIBRARY", MXLANE_FAKE_HIP);
  struct Row {
    const char* version;
    const char* reported;
    const char* loaded;
  };
  {
    const ScopedEnv both("FAKE_HIP_ACCEPT_V4", "1");
    for (const Row& row : {Row{"50222802", "HIP runtime 5.2.22802", "Device: mxlane_gfx908.co on gfx908"},
                           Row{"50731921", "HIP runtime 5.7.31921", "Device: mxlane_gfx908.v5.co on gfx908"},
                           Row{"60241134", "HIP runtime 6.2.41134", "Device: mxlane_gfx908.v5.co on gfx908"}}) {
      const ScopedEnv version("FAKE_HIP_VERSION", row.version);
      std::string out, err;
      CAPTURE(row.version);
      CHECK(run_mxlane({"mxlane", "device", "run", "--cases", "1", "--filter", "k_sad_u8"}, out, err) ==
            1);  // the stand-in copies
      CHECK_THAT(out, Catch::Contains(row.loaded) && Catch::Contains(row.reported));
      CHECK(out.find("ERROR") == std::string::npos);
    }
  }
  // A HIP 5.2 runtime that refuses v4 still runs: v5 is the fallback.
  const ScopedEnv version("FAKE_HIP_VERSION", "50222802");
  std::string out, err;
  CHECK(run_mxlane({"mxlane", "device", "run", "--cases", "1", "--filter", "k_sad_u8"}, out, err) == 1);
  CHECK_THAT(out, Catch::Contains("Device: mxlane_gfx908.v5.co on gfx908") && Catch::Contains("HIP runtime 5.2"));
  CHECK(out.find("ERROR") == std::string::npos);
}
#endif
