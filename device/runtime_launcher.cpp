// The marshalling shared by hardware and loopback launches: buffers, the packed argument segment
// of the generated kernels' signature, one wave per launch, the read-back.
#include <cstring>

#include "device/launcher.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {

const std::vector<KernelParameter>& kernel_parameters() {
  // Global pointers are 8 bytes on AMDGPU and each argument sits at an offset aligned to its size
  // (the AMDHSA kernarg segment, LLVM AMDGPUUsage "Kernel Argument Layout").
  static const std::vector<KernelParameter> params{{"const unsigned* __restrict in", 0, 8},
                                                   {"unsigned* __restrict out", 8, 8}};
  return params;
}

std::vector<std::byte> pack_kernel_arguments(const void* in, void* out) {
  const auto& params = kernel_parameters();
  std::vector<std::byte> kernarg(params.back().offset + params.back().size);
  std::memcpy(kernarg.data() + params[0].offset, &in, params[0].size);
  std::memcpy(kernarg.data() + params[1].offset, &out, params[1].size);
  return kernarg;
}

void unpack_kernel_arguments(const std::vector<std::byte>& kernarg, const void*& in, void*& out) {
  const auto& params = kernel_parameters();
  const std::size_t size = params.back().offset + params.back().size;
  if (kernarg.size() != size)
    throw InvalidArgument(fmt::format("kernel argument buffer of {} bytes; the kernels take {}", kernarg.size(), size));
  std::memcpy(&in, kernarg.data() + params[0].offset, params[0].size);
  std::memcpy(&out, kernarg.data() + params[1].offset, params[1].size);
}

namespace {
// Device buffers freed on every path, including a failed launch.
struct DeviceBuffer {
  DeviceRuntime& runtime;
  void* pointer;
  DeviceBuffer(DeviceRuntime& r, std::size_t bytes) : runtime(r), pointer(r.allocate(bytes)) {}
  ~DeviceBuffer() { runtime.release(pointer); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};
}  // namespace

std::vector<std::uint32_t> RuntimeLauncher::run(const Kernel& k, const std::vector<std::uint32_t>& in) {
  const std::string target = k.target.name();
  void* module = nullptr;
  for (const auto& [name, handle] : modules_)
    if (name == target) module = handle;
  if (module == nullptr) {
    module = runtime_->load_module(target);
    modules_.emplace_back(target, module);
  }
  void* function = runtime_->get_function(module, k.name);
  const std::size_t in_bytes = static_cast<std::size_t>(k.target.wave * k.in_dwords) * 4;
  const std::size_t out_bytes = static_cast<std::size_t>(k.target.wave * k.out_dwords) * 4;
  if (in.size() * 4 != in_bytes)
    throw InvalidArgument(fmt::format("{}: input of {} words, the kernel reads {}", k.name, in.size(), in_bytes / 4));
  DeviceBuffer d_in(*runtime_, in_bytes), d_out(*runtime_, out_bytes);
  runtime_->copy_to_device(d_in.pointer, in.data(), in_bytes);
  runtime_->launch(function, static_cast<unsigned>(k.target.wave), pack_kernel_arguments(d_in.pointer, d_out.pointer));
  std::vector<std::uint32_t> out(out_bytes / 4);
  runtime_->copy_to_host(out.data(), d_out.pointer, out_bytes);
  return out;
}

std::vector<std::string> code_object_files(const std::string& target, int hip_runtime_version) {
  // v5 first from HIP 5.7 on: ROCm 6.x/7.x load code object v5, and so does HIP 5.7 (Debian 13's
  // libamdhip64 5.7). The runtime's v5 support is in ROCclr (ROCm/ROCclr, SWDEV-307184): the metadata
  // reader since rocm-5.1.0 (1d30b914), but its fixes (1614ff20, the code object version passed to
  // comgr; 7e792ab1, the v5 hostcall buffer) only from rocm-5.3.0, so HIP 5.2 (Debian 12's
  // libamdhip64 5.2, ROCm 5.2) gets v4 first, as it always loaded. An unknown version (0: no
  // hipRuntimeGetVersion) is an old runtime: v4 first. The other object is always the fallback, so
  // a wrong guess costs one failed hipModuleLoadData.
  const std::string v4 = "mxlane_" + target + ".co", v5 = "mxlane_" + target + ".v5.co";
  return hip_runtime_version >= kHipRuntimeV5First ? std::vector<std::string>{v5, v4}
                                                   : std::vector<std::string>{v4, v5};
}

}  // namespace mxlane::device
