// The offline instruction check: every kernel of every device code object, disassembled with
// llvm-objdump, holds exactly its builtin's instruction with the intended modifiers and opcode.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "device/disassembly_check.hpp"
#include "device/hip_source.hpp"
#include "device/kernel_catalog.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/valu_desc.hpp"
#include "tests/support/text.hpp"

using mxlane_test::slurp;

#ifdef MXLANE_DEVICE_TARGETS  // the helpers serve only the device build
namespace {

std::string run(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) out += buf.data();
  return out;
}

}  // namespace

TEST_CASE("Every device kernel holds exactly its builtin's instruction", "[device][disassembly]") {
  std::istringstream targets(MXLANE_DEVICE_TARGETS);
  int checked = 0;
  for (std::string target; std::getline(targets, target, ',');) {
    CAPTURE(target);
    const std::string dir = MXLANE_DEVICE_DIR;
    const std::string manifest = slurp(dir + "/" + target + ".manifest");
    REQUIRE(!manifest.empty());
    // Both code object versions: v4 (Debian's HIP 5.2) and v5 (ROCm 6.x/7.x), device/CMakeLists.txt.
    for (const char* version : {".co", ".v5.co"}) {
      CAPTURE(version);
      const std::string object = dir + "/mxlane_" + target + version;
      const std::string disassembly = run(std::string(MXLANE_LLVM_OBJDUMP) + " -d " + object);
      const std::vector<std::string> problems = mxlane::device::check_disassembly(disassembly, manifest);
      for (const std::string& p : problems) UNSCOPED_INFO(p);
      CHECK(problems.empty());
      // The ELF header's ABI version says which code object version it is (ELFABIVERSION_AMDGPU_HSA_V4 = 2,
      // _V5 = 3; LLVM AMDGPUUsage "Header").
      const std::string header = run("readelf -h " + object);  // binutils
      CHECK_THAT(header, Catch::Contains(version == std::string(".co") ? "ABI Version:                       2"
                                                                       : "ABI Version:                       3"));
      checked += static_cast<int>(std::count(manifest.begin(), manifest.end(), '\n'));
    }
  }
  CHECK(checked > 600);
}

TEST_CASE("The build's device targets are the catalog's: each architecture's wave sizes from its traits",
          "[device][disassembly]") {
  // device/CMakeLists.txt decides the wave32/wave64 objects by name (gfx9, MXLANE_WAVE32_ONLY_ARCHS); the
  // catalog by ArchInfo::wave32 / wave64. They must agree for every architecture built.
  std::vector<std::string> built, archs;
  std::istringstream targets(MXLANE_DEVICE_TARGETS);
  for (std::string target; std::getline(targets, target, ',');) {
    built.push_back(target);
    const std::string arch = target.substr(0, target.find("-w64"));
    if (std::find(archs.begin(), archs.end(), arch) == archs.end()) archs.push_back(arch);
  }
  std::vector<std::string> expected;
  for (const mxlane::device::Target& t : mxlane::device::targets_for(archs)) expected.push_back(t.name());
  CHECK(built == expected);
  CHECK(std::find(built.begin(), built.end(), "gfx1250") != built.end());
  CHECK(std::find(built.begin(), built.end(), "gfx1250-w64") == built.end());
}

// The mnemonics of the instructions the kernels exist for, as llvm-objdump prints them: written here from
// the ISA's instruction names, not taken from the table under test.
bool builtin_instruction(const std::string& m) {
  for (const char* prefix : {"v_mfma", "v_smfmac", "v_wmma", "v_swmmac", "v_dot", "v_sad", "v_msad", "v_qsad",
                             "v_mqsad", "v_cvt_pk", "v_cvt_sr_", "v_cvt_f32_fp8", "v_cvt_f32_bf8"})
    if (m.rfind(prefix, 0) == 0) return true;
  return false;
}

TEST_CASE("Every builtin instruction mnemonic in the device code objects resolves on its architecture",
          "[device][disassembly]") {
  // A real kernel's disassembly pasted into `--inst` or an eval line must name the builtin it came from:
  // v_dot2c_f32_f16_e32 (fdot2 with a tied accumulator), v_dot2acc_f32_f16, v_cvt_f32_fp8_sdwa, ...
  std::istringstream targets(MXLANE_DEVICE_TARGETS);
  int resolved = 0;
  std::set<std::string> tied_seen;
  for (std::string name; std::getline(targets, name, ',');) {
    CAPTURE(name);
    mxlane::device::Target target{};
    for (const mxlane::device::Target& t : mxlane::device::targets_for({name.substr(0, name.find('-'))}))
      if (t.name() == name) target = t;
    const mxlane::ArchInfo& arch = mxlane::arch_info(target.arch);
    const std::string disassembly =
        run(std::string(MXLANE_LLVM_OBJDUMP) + " -d " + MXLANE_DEVICE_DIR + "/mxlane_" + name + ".v5.co");
    std::map<std::string, std::vector<std::string>> printed;  // kernel symbol -> builtin mnemonics in it
    std::string current;
    std::istringstream lines(disassembly);
    for (std::string line; std::getline(lines, line);) {
      const auto lt = line.find('<'), gt = line.find(">:");
      if (lt != std::string::npos && gt != std::string::npos && line.find('\t') == std::string::npos) {
        current = line.substr(lt + 1, gt - lt - 1);
        continue;
      }
      std::istringstream words(line);
      std::string m;
      words >> m;
      if (!current.empty() && builtin_instruction(m)) printed[current].push_back(m);
    }
    for (const mxlane::device::Kernel& k : mxlane::device::kernels_for(target)) {
      CAPTURE(k.name);
      const auto it = printed.find(k.name);
      REQUIRE(it != printed.end());
      for (const std::string& m : it->second) {
        CAPTURE(m);
        if (k.valu != nullptr) {
          const mxlane::ValuDesc* v = mxlane::find_valu(m);
          REQUIRE(v != nullptr);
          CHECK_NOTHROW(mxlane::require_valu_spelling(*v, m, target.arch));
          // Its builtin, or the instruction another builtin shares (v_dot2c_f32_bf16: fdot2c_f32_bf16's own,
          // fdot2_f32_bf16's tied form on gfx950).
          const mxlane::ValuTiedSpelling* tied = mxlane::valu_tied_spelling(*k.valu, m);
          CHECK((v == k.valu || (tied != nullptr && tied->available_on(target.arch))));
          if (tied != nullptr) tied_seen.insert(std::string(arch.name) + " " + std::string(tied->mnemonic));
        } else {
          const mxlane::InstrDesc* d = nullptr;
          CHECK_NOTHROW(d = &mxlane::resolve_instruction(arch, m, target.wave));
          if (d != nullptr) CHECK(d->mnemonic == k.matrix->mnemonic);
        }
        ++resolved;
      }
    }
  }
  CHECK(resolved > 600);
  // The tied forms clang-22 selects for a clamp-free dot (docs/builtins-overview.md "Tied spellings").
  for (const char* expected : {"gfx90a v_dot2c_f32_f16", "gfx90a v_dot4c_i32_i8", "gfx90a v_dot2c_i32_i16",
                               "gfx90a v_dot8c_i32_i4", "gfx950 v_dot2c_f32_bf16", "gfx1100 v_dot2acc_f32_f16"}) {
    CAPTURE(expected);
    CHECK(tied_seen.count(expected) == 1);
  }
}
#else
TEST_CASE("Every builtin instruction mnemonic in the device code objects resolves on its architecture",
          "[device][disassembly]") {
  WARN(
      "MXLANE_DEVICE is OFF: no device code objects were built, so no disassembled mnemonic was checked "
      "(configure with -DMXLANE_DEVICE=ON and clang-22/lld-22 installed)");
  SUCCEED("checked nothing: no device build");
}
#endif

TEST_CASE("The disassembly check catches a wrong instruction, modifier or opcode", "[device][disassembly]") {
  const std::string manifest = "k_x 3 1 77 v_mfma_f32_16x16x16f16 blgp:2\n";
  const std::string good =
      "0000000000001600 <k_x>:\n"
      "\tv_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[6:7], v[0:3] blgp:2// 000000001634: D3CD0000 44020D04\n"
      "\ts_endpgm // 00000000164C: BF810000\n";
  CHECK(mxlane::device::check_disassembly(good, manifest).empty());
  std::string wrong_opcode = manifest;
  wrong_opcode.replace(wrong_opcode.find(" 77 "), 4, " 78 ");
  CHECK_THAT(mxlane::device::check_disassembly(good, wrong_opcode)[0], Catch::Contains("opcode"));
  std::string no_blgp = good;
  no_blgp.replace(no_blgp.find(" blgp:2"), 7, "");
  CHECK_THAT(mxlane::device::check_disassembly(no_blgp, manifest)[0], Catch::Contains("blgp:2"));
  std::string extra = good;
  extra.insert(extra.find("\ts_endpgm"), "\tv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3] // 0: D3C20000 0\n");
  CHECK_THAT(mxlane::device::check_disassembly(extra, manifest)[0], Catch::Contains("other matrix"));
  CHECK_THAT(mxlane::device::check_disassembly("", manifest)[0], Catch::Contains("not found"));
  std::string cbsz = good;
  cbsz.replace(cbsz.find(" blgp:2"), 7, " cbsz:1 blgp:2");
  CHECK_THAT(mxlane::device::check_disassembly(cbsz, manifest)[0], Catch::Contains("unexpected modifier 'cbsz:'"));
  CHECK_THAT(mxlane::device::check_disassembly(good, "k_x 3 1 77 v_mfma_f32_16x16x16f16 blgp:2 +s_setreg\n")[0],
             Catch::Contains("no s_setreg"));
}
