// HipLauncher: the HIP runtime through dlopen/dlsym (a C ABI stable across HIP 5 and 6), code
// objects loaded with hipModuleLoadData, one workgroup of one wave per launch.
#include <dlfcn.h>

#include <fstream>
#include <iterator>

#include "device/launcher.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {

struct HipLauncher::Api {
  void* library = nullptr;
  int (*getDeviceCount)(int*) = nullptr;
  int (*setDevice)(int) = nullptr;
  int (*moduleLoadData)(void**, const void*) = nullptr;
  int (*moduleUnload)(void*) = nullptr;
  int (*moduleGetFunction)(void**, void*, const char*) = nullptr;
  int (*moduleLaunchKernel)(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**,
                            void**) = nullptr;
  int (*malloc)(void**, std::size_t) = nullptr;
  int (*free)(void*) = nullptr;
  int (*memcpy)(void*, const void*, std::size_t, int) = nullptr;  // kinds: 1 host->device, 2 device->host
  int (*deviceSynchronize)() = nullptr;
  const char* (*getErrorString)(int) = nullptr;

  void check(int rc, const char* what) const {
    if (rc != 0) throw InvalidArgument(fmt::format("HIP {} failed: {}", what, getErrorString ? getErrorString(rc) : "?"));
  }
};

namespace {
template <class F> bool bind(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}

std::vector<char> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}
}  // namespace

std::unique_ptr<HipLauncher> HipLauncher::open(const std::string& dir, const std::string& arch, std::string& why) {
  // No code object, no reason to load the runtime.
  bool any_code = false;
  for (const char* candidate : {"gfx90a", "gfx1100", "gfx942", "gfx950", "gfx1030", "gfx1200"})
    any_code = any_code || ((arch == "auto" || arch == candidate) && !read_file(dir + "/mxlane_" + candidate + ".co").empty());
  if (!any_code) {
    why = fmt::format("no device code objects in '{}' (build with -DMXLANE_DEVICE=ON, or set --device-dir)", dir);
    return nullptr;
  }
  auto api = std::make_unique<Api>();
  for (const char* name : {"libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"})
    if ((api->library = dlopen(name, RTLD_NOW | RTLD_LOCAL)) != nullptr) break;
  if (api->library == nullptr) {
    why = "no HIP runtime (libamdhip64) could be loaded";
    return nullptr;
  }
  void* lib = api->library;
  const bool ok = bind(lib, "hipGetDeviceCount", api->getDeviceCount) && bind(lib, "hipSetDevice", api->setDevice) &&
                  bind(lib, "hipModuleLoadData", api->moduleLoadData) && bind(lib, "hipModuleUnload", api->moduleUnload) &&
                  bind(lib, "hipModuleGetFunction", api->moduleGetFunction) &&
                  bind(lib, "hipModuleLaunchKernel", api->moduleLaunchKernel) && bind(lib, "hipMalloc", api->malloc) &&
                  bind(lib, "hipFree", api->free) && bind(lib, "hipMemcpy", api->memcpy) &&
                  bind(lib, "hipDeviceSynchronize", api->deviceSynchronize) &&
                  bind(lib, "hipGetErrorString", api->getErrorString);
  if (!ok) {
    why = "the HIP runtime lacks a function mxlane needs";
    return nullptr;
  }
  int count = 0;
  if (api->getDeviceCount(&count) != 0 || count == 0) {
    why = "no AMD GPU";
    return nullptr;
  }
  // A device's architecture is the one whose code object its runtime accepts.
  for (int device = 0; device < count; ++device) {
    if (api->setDevice(device) != 0) continue;
    for (const std::string candidate : {"gfx90a", "gfx1100", "gfx942", "gfx950", "gfx1030", "gfx1200"}) {
      if (arch != "auto" && arch != candidate) continue;
      auto module = std::make_unique<Module>();
      module->target = candidate;
      module->bytes = read_file(dir + "/mxlane_" + candidate + ".co");
      if (module->bytes.empty() || api->moduleLoadData(&module->handle, module->bytes.data()) != 0) continue;
      auto launcher = std::unique_ptr<HipLauncher>(new HipLauncher());
      launcher->arch_ = candidate;
      launcher->code_object_dir_ = dir;
      launcher->modules_.push_back(std::move(module));
      launcher->api_ = std::move(api);
      return launcher;
    }
  }
  why = arch == "auto" ? fmt::format("no AMD GPU runs the code objects in {} ({} device(s) found)", dir, count)
                       : fmt::format("no {} GPU (or no code object for it in {})", arch, dir);
  return nullptr;
}

HipLauncher::~HipLauncher() {
  if (!api_) return;
  for (const auto& m : modules_) api_->moduleUnload(m->handle);
}

void* HipLauncher::module_for(const std::string& target) {
  for (const auto& m : modules_)
    if (m->target == target) return m->handle;
  // The wave64 object of a gfx11 device is loaded on first use.
  auto module = std::make_unique<Module>();
  module->target = target;
  module->bytes = read_file(code_object_dir_ + "/mxlane_" + target + ".co");
  if (module->bytes.empty()) throw InvalidArgument(fmt::format("no code object mxlane_{}.co in {}", target, code_object_dir_));
  api_->check(api_->moduleLoadData(&module->handle, module->bytes.data()), "hipModuleLoadData");
  modules_.push_back(std::move(module));
  return modules_.back()->handle;
}

std::vector<std::uint32_t> HipLauncher::run(const Kernel& k, const std::vector<std::uint32_t>& in) {
  void* module = module_for(k.target.name());
  void* function = nullptr;
  api_->check(api_->moduleGetFunction(&function, module, k.name.c_str()), "hipModuleGetFunction");
  const std::size_t in_bytes = in.size() * 4, out_bytes = static_cast<std::size_t>(k.target.wave * k.out_dwords) * 4;
  void *d_in = nullptr, *d_out = nullptr;
  api_->check(api_->malloc(&d_in, in_bytes), "hipMalloc");
  api_->check(api_->malloc(&d_out, out_bytes), "hipMalloc");
  api_->check(api_->memcpy(d_in, in.data(), in_bytes, 1), "hipMemcpy");
  void* args[] = {&d_in, &d_out};
  api_->check(api_->moduleLaunchKernel(function, 1, 1, 1, static_cast<unsigned>(k.target.wave), 1, 1, 0, nullptr, args, nullptr),
              "hipModuleLaunchKernel");
  api_->check(api_->deviceSynchronize(), "hipDeviceSynchronize");
  std::vector<std::uint32_t> out(out_bytes / 4);
  api_->check(api_->memcpy(out.data(), d_out, out_bytes, 2), "hipMemcpy");
  api_->free(d_in);
  api_->free(d_out);
  return out;
}

}  // namespace mxlane::device
