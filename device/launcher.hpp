// Launchers run one kernel on one input buffer: on a GPU through the HIP runtime, or on the emulator
// (the expectation, and a stand-in for tests without a GPU).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "device/kernel_catalog.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::device {

class Launcher {
 public:
  virtual ~Launcher() = default;
  // `in`: wave lanes x kernel.in_dwords words, lane-major; returns wave x out_dwords words.
  virtual std::vector<std::uint32_t> run(const Kernel& kernel, const std::vector<std::uint32_t>& in) = 0;
};

// The emulator's result for a kernel's input buffer, with the given switches. For the untied 16-bit
// WMMA builtins the unwritten half of D is taken from `previous_out` when given (the hardware leaves
// that register half as it was; the builtin calls it undefined).
std::vector<std::uint32_t> emulate(const Kernel& kernel, const std::vector<std::uint32_t>& in, const Switches& switches = {},
                                   const std::vector<std::uint32_t>* previous_out = nullptr);

class EmulatorLauncher : public Launcher {
 public:
  explicit EmulatorLauncher(Switches switches = {}) : switches_(switches) {}
  std::vector<std::uint32_t> run(const Kernel& kernel, const std::vector<std::uint32_t>& in) override {
    return emulate(kernel, in, switches_);
  }

 private:
  Switches switches_;
};

// The HIP runtime, loaded with dlopen (libamdhip64.so.5 or .so.6) so mxlane needs no ROCm to build.
struct GpuDevice {
  int index;
  std::string arch;  // the device target whose code object loaded ("gfx90a", "gfx1100", ...)
};

class HipLauncher : public Launcher {
 public:
  // Finds a GPU whose architecture has a code object in `code_object_dir` (or `arch` when not
  // "auto"). On failure returns nullptr and sets `why` ("no HIP runtime", "no AMD GPU", ...).
  static std::unique_ptr<HipLauncher> open(const std::string& code_object_dir, const std::string& arch, std::string& why);
  ~HipLauncher() override;
  std::vector<std::uint32_t> run(const Kernel& kernel, const std::vector<std::uint32_t>& in) override;
  const std::string& arch() const { return arch_; }

 private:
  struct Api;
  HipLauncher() = default;
  std::unique_ptr<Api> api_;
  std::string arch_;
  std::string code_object_dir_;
  struct Module {
    std::string target;        // "gfx1100-w64"
    void* handle = nullptr;    // hipModule_t
    std::vector<char> bytes;   // the code object, alive as long as the module
  };
  void* module_for(const std::string& target);
  std::vector<std::unique_ptr<Module>> modules_;
};

// Where the code objects are: $MXLANE_DEVICE_DIR, else the build's device directory.
std::string default_code_object_dir();

}  // namespace mxlane::device
