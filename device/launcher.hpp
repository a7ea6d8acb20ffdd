// Launchers run one kernel on one input buffer: on a GPU through the HIP runtime, or on the emulator
// (the expectation, and a stand-in for tests without a GPU).
#pragma once

#include <cstddef>
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
std::vector<std::uint32_t> emulate(const Kernel& kernel, const std::vector<std::uint32_t>& in,
                                   const Switches& switches = {},
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

// What a GPU runtime offers: code objects, device memory and launches. The HIP runtime and the
// loopback (the emulator playing the GPU) both implement it, so a loopback run exercises the same
// marshalling as a hardware run (RuntimeLauncher).
class DeviceRuntime {
 public:
  virtual ~DeviceRuntime() = default;
  virtual std::string describe() const = 0;  // "HIP 6.2.41133 on gfx90a (code object v5)", "loopback"
  // The module of a code object target ("gfx1100-w64") and a kernel in it, by symbol name.
  virtual void* load_module(const std::string& target) = 0;
  virtual void* get_function(void* module, const std::string& name) = 0;
  virtual void* allocate(std::size_t bytes) = 0;
  virtual void release(void* device_pointer) = 0;
  virtual void copy_to_device(void* device_pointer, const void* host, std::size_t bytes) = 0;
  virtual void copy_to_host(void* host, const void* device_pointer, std::size_t bytes) = 0;
  // One workgroup of `threads` work-items, arguments packed in `kernarg` (the kernel's argument
  // segment, as hipModuleLaunchKernel's HIP_LAUNCH_PARAM_BUFFER_POINTER takes it); waits for it.
  virtual void launch(void* function, unsigned threads, const std::vector<std::byte>& kernarg) = 0;
};

// The marshalling every launch goes through: the kernel's module and symbol, device buffers for the
// lane-major input and output, the argument buffer packed as the generated kernel's signature
// (pack_kernel_arguments), the launch of one wave, the read-back.
class RuntimeLauncher : public Launcher {
 public:
  explicit RuntimeLauncher(std::unique_ptr<DeviceRuntime> runtime) : runtime_(std::move(runtime)) {}
  std::vector<std::uint32_t> run(const Kernel& kernel, const std::vector<std::uint32_t>& in) override;
  DeviceRuntime& runtime() { return *runtime_; }

 private:
  std::unique_ptr<DeviceRuntime> runtime_;
  std::vector<std::pair<std::string, void*>> modules_;  // loaded on first use, per target
};

// The generated kernels' parameters, (const unsigned* in, unsigned* out): two 8-byte global pointers
// at kernarg offsets 0 and 8 (the AMDGPU kernel ABI aligns each argument to its size).
struct KernelParameter {
  std::string declaration;  // as hip_source() writes it
  std::size_t offset, size;
};
const std::vector<KernelParameter>& kernel_parameters();
std::vector<std::byte> pack_kernel_arguments(const void* in, void* out);
// The inverse, as the loopback decodes its argument buffer; throws on a buffer of the wrong size.
void unpack_kernel_arguments(const std::vector<std::byte>& kernarg, const void*& in, void*& out);

// The loopback: the emulator stands in for the GPU behind DeviceRuntime. Device memory is simulated
// (bounds-checked buffers at fake addresses); a launch decodes its argument buffer, reads each lane's
// words where the kernel would, runs emulate() and stores the result words. When `manifest_dir` holds
// the build's <target>.manifest, a kernel must be listed there with the catalog's shape (as
// hipModuleGetFunction needs the symbol in the code object). The GPU it plays behaves as `switches`
// say, and a kernel's MODE write takes effect as on a GPU (device/mode_write.hpp), except for the MODE
// fields in `kept_mode_fields`, which stay as `switches` set them whatever the kernel writes (a GPU
// whose instructions ignore that field).
std::unique_ptr<DeviceRuntime> open_loopback(const std::string& manifest_dir, const Switches& switches = {},
                                             std::vector<SwitchId> kept_mode_fields = {});

// The HIP runtime, loaded with dlopen. Library: $MXLANE_HIP_LIBRARY when set, else libamdhip64.so.7,
// .so.6, .so.5, .so from the loader path, then /opt/rocm/lib and $ROCM_PATH/lib. Code objects: v5
// (mxlane_<target>.v5.co) first when the runtime is HIP 5.7 or later, else v4 (mxlane_<target>.co)
// first; the other is the fallback (code_object_files). Returns nullptr and sets `skipped` ("no AMD GPU: ...", naming the
// library and the HIP error, and what to do) when no usable GPU is found; throws InvalidArgument for
// bad input (a missing code object directory or code object).
std::unique_ptr<DeviceRuntime> open_hip(const std::string& code_object_dir, const std::string& arch,
                                        std::string& skipped, std::string& gpu_arch);

// The first HIP runtime version (hipRuntimeGetVersion: major * 10000000 + minor * 100000 + patch)
// that gets the v5 code object first: HIP 5.7.
inline constexpr int kHipRuntimeV5First = 5 * 10000000 + 7 * 100000;

// The code object files of a target, in the order a runtime of version `hip_runtime_version` (as
// hipRuntimeGetVersion reports it; 0 when unknown) tries them: v5 first from HIP 5.7 on, else v4 first.
std::vector<std::string> code_object_files(const std::string& target, int hip_runtime_version);

// Where the code objects are: $MXLANE_DEVICE_DIR, else the build's device directory.
std::string default_code_object_dir();

}  // namespace mxlane::device
