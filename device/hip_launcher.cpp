// The HIP runtime behind DeviceRuntime, through dlopen/dlsym (a C ABI stable across HIP 5, 6 and 7):
// code objects loaded with hipModuleLoadData, kernels launched with a packed argument buffer.
#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

#include "device/launcher.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

struct HipApi {
  void* library = nullptr;
  std::string library_name;
  int (*runtimeGetVersion)(int*) = nullptr;  // optional: absent from some old runtimes
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

  std::string error(int rc) const { return fmt::format("{} ({})", getErrorString ? getErrorString(rc) : "?", rc); }
  void check(int rc, const char* what) const {
    if (rc != 0) throw InvalidArgument(fmt::format("HIP {} failed: {}", what, error(rc)));
  }
};

template <class F>
bool bind(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}

std::vector<char> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

bool is_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// hipModuleLaunchKernel's `extra` markers for a packed argument buffer (hip_runtime_api.h, AMD platform).
void* const kLaunchParamBufferPointer = reinterpret_cast<void*>(0x01);
void* const kLaunchParamBufferSize = reinterpret_cast<void*>(0x02);
void* const kLaunchParamEnd = reinterpret_cast<void*>(0x03);

class HipRuntime : public DeviceRuntime {
 public:
  HipRuntime(HipApi api, std::string dir, std::string arch, int version)
      : api_(std::move(api)), dir_(std::move(dir)), arch_(std::move(arch)), version_(version) {}
  ~HipRuntime() override {
    for (const auto& m : modules_) api_.moduleUnload(m->handle);
  }
  std::string describe() const override {
    return fmt::format("{} on {} via {} (HIP runtime {}.{}.{})", loaded_.empty() ? "code objects" : loaded_, arch_,
                       api_.library_name, version_ / 10000000, version_ / 100000 % 100, version_ % 100000);
  }

  // Loads the first of the target's code objects the runtime accepts; `why` gets each failure.
  void* try_load(const std::string& target, std::string& why) {
    for (const auto& m : modules_)
      if (m->target == target) return m->handle;  // the one open_hip loaded to identify the GPU
    for (const std::string& file : code_object_files(target, version_)) {
      auto m = std::make_unique<Module>();
      m->target = target;
      m->bytes = read_file(dir_ + "/" + file);
      if (m->bytes.empty()) {
        why += fmt::format("{}{}: not built", why.empty() ? "" : "; ", file);
        continue;
      }
      const int rc = api_.moduleLoadData(&m->handle, m->bytes.data());
      if (rc != 0) {
        why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", file, api_.error(rc));
        continue;
      }
      if (loaded_.empty()) loaded_ = file;
      modules_.push_back(std::move(m));
      return modules_.back()->handle;
    }
    return nullptr;
  }
  void* load_module(const std::string& target) override {
    std::string why;
    void* handle = try_load(target, why);
    if (handle == nullptr) throw InvalidArgument(fmt::format("no loadable code object for {}: {}", target, why));
    return handle;
  }
  void* get_function(void* module, const std::string& name) override {
    void* function = nullptr;
    api_.check(api_.moduleGetFunction(&function, module, name.c_str()), "hipModuleGetFunction");
    return function;
  }
  void* allocate(std::size_t bytes) override {
    void* p = nullptr;
    api_.check(api_.malloc(&p, bytes), "hipMalloc");
    return p;
  }
  void release(void* p) override { api_.free(p); }
  void copy_to_device(void* p, const void* host, std::size_t bytes) override {
    api_.check(api_.memcpy(p, host, bytes, 1), "hipMemcpy");
  }
  void copy_to_host(void* host, const void* p, std::size_t bytes) override {
    api_.check(api_.memcpy(host, p, bytes, 2), "hipMemcpy");
  }
  void launch(void* function, unsigned threads, const std::vector<std::byte>& kernarg) override {
    std::vector<std::byte> args = kernarg;  // the runtime takes a non-const pointer
    std::size_t size = args.size();
    void* extra[] = {kLaunchParamBufferPointer, args.data(), kLaunchParamBufferSize, &size, kLaunchParamEnd};
    api_.check(api_.moduleLaunchKernel(function, 1, 1, 1, threads, 1, 1, 0, nullptr, nullptr, extra),
               "hipModuleLaunchKernel");
    api_.check(api_.deviceSynchronize(), "hipDeviceSynchronize");
  }

 private:
  struct Module {
    std::string target;       // "gfx1100-w64"
    void* handle = nullptr;   // hipModule_t
    std::vector<char> bytes;  // the code object, alive as long as the module
  };
  HipApi api_;
  std::string dir_, arch_, loaded_;
  int version_;
  std::vector<std::unique_ptr<Module>> modules_;
};

// The libraries tried, in order, and the loader's error for each that failed.
bool load_library(HipApi& api, std::string& tried) {
  std::vector<std::string> names;
  if (const char* env = std::getenv("MXLANE_HIP_LIBRARY"); env != nullptr && *env != '\0') {
    if (!is_file(env)) throw InvalidArgument(fmt::format("MXLANE_HIP_LIBRARY: no file '{}'", env));
    names = {env};
  } else {
    names = {"libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"};
    std::vector<std::string> dirs{"/opt/rocm/lib"};
    if (const char* rocm = std::getenv("ROCM_PATH"); rocm != nullptr && *rocm != '\0')
      dirs.insert(dirs.begin(), std::string(rocm) + "/lib");
    for (const std::string& d : dirs)
      for (const char* so : {"libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"})
        names.push_back(d + "/" + so);
  }
  for (const std::string& name : names) {
    if ((api.library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) != nullptr) {
      api.library_name = name;
      return true;
    }
    const char* e = dlerror();
    // "not found" for every absent candidate would drown the one error that matters.
    if (name.find('/') == std::string::npos || is_file(name))
      tried += fmt::format("{}{} ({})", tried.empty() ? "" : ", ", name, e ? e : "?");
  }
  if (tried.empty()) tried = "libamdhip64.so.7/.so.6/.so.5/.so on the loader path and in /opt/rocm/lib: none found";
  return false;
}

}  // namespace

std::unique_ptr<DeviceRuntime> open_hip(const std::string& dir, const std::string& arch, std::string& skipped,
                                        std::string& gpu_arch) {
  // Bad input first: a mistyped directory or architecture is exit 2, never "skipped".
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw InvalidArgument(fmt::format("--device-dir: '{}' is not a directory", dir));
  std::vector<std::string> built;
  for (const ArchInfo& a : all_archs()) {
    const std::string candidate(a.name);
    if ((arch == "auto" || arch == candidate) &&
        (is_file(dir + "/mxlane_" + candidate + ".co") || is_file(dir + "/mxlane_" + candidate + ".v5.co")))
      built.emplace_back(candidate);
  }
  if (built.empty())
    throw InvalidArgument(
        arch == "auto"
            ? fmt::format("--device-dir: no mxlane_<target>.co code objects in '{}' (build with -DMXLANE_DEVICE=ON)",
                          dir)
            : fmt::format("--arch {}: no code object mxlane_{}.co in '{}' (build with -DMXLANE_DEVICE_ARCHS=\"{}\")",
                          arch, arch, dir, arch));
  HipApi api;
  std::string tried;
  if (!load_library(api, tried)) {
    skipped = fmt::format(
        "no AMD GPU: no HIP runtime could be loaded ({}). Install ROCm (or Debian's libamdhip64-5) or set "
        "MXLANE_HIP_LIBRARY=/path/to/libamdhip64.so",
        tried);
    return nullptr;
  }
  void* lib = api.library;
  bind(lib, "hipRuntimeGetVersion", api.runtimeGetVersion);
  const bool ok =
      bind(lib, "hipGetDeviceCount", api.getDeviceCount) && bind(lib, "hipSetDevice", api.setDevice) &&
      bind(lib, "hipModuleLoadData", api.moduleLoadData) && bind(lib, "hipModuleUnload", api.moduleUnload) &&
      bind(lib, "hipModuleGetFunction", api.moduleGetFunction) &&
      bind(lib, "hipModuleLaunchKernel", api.moduleLaunchKernel) && bind(lib, "hipMalloc", api.malloc) &&
      bind(lib, "hipFree", api.free) && bind(lib, "hipMemcpy", api.memcpy) &&
      bind(lib, "hipDeviceSynchronize", api.deviceSynchronize) && bind(lib, "hipGetErrorString", api.getErrorString);
  if (!ok) {
    skipped = fmt::format(
        "no AMD GPU: {} lacks a HIP function mxlane needs; point MXLANE_HIP_LIBRARY at a HIP 5.2 or later runtime",
        api.library_name);
    return nullptr;
  }
  int version = 0;
  if (api.runtimeGetVersion != nullptr && api.runtimeGetVersion(&version) != 0) version = 0;
  int count = 0;
  if (const int rc = api.getDeviceCount(&count); rc != 0 || count == 0) {
    skipped = fmt::format(
        "no AMD GPU: hipGetDeviceCount in {} {}. On a machine with one, check that /dev/kfd and /dev/dri are "
        "accessible (the render and video groups) and that HIP_VISIBLE_DEVICES does not hide it",
        api.library_name, rc != 0 ? "failed: " + api.error(rc) : std::string("found no device"));
    return nullptr;
  }
  // A device's architecture is the one whose code object its runtime accepts.
  std::string why;
  for (int device = 0; device < count; ++device) {
    if (const int rc = api.setDevice(device); rc != 0) {
      why += fmt::format("{}device {}: hipSetDevice: {}", why.empty() ? "" : "; ", device, api.error(rc));
      continue;
    }
    for (const std::string& candidate : built) {
      auto runtime = std::make_unique<HipRuntime>(api, dir, candidate, version);
      std::string failed;
      if (runtime->try_load(candidate, failed) == nullptr) {
        why += fmt::format("{}device {}: {}", why.empty() ? "" : "; ", device, failed);
        continue;
      }
      gpu_arch = candidate;
      return runtime;
    }
  }
  std::string names;
  for (const std::string& b : built) names += (names.empty() ? "" : ", ") + b;
  skipped = fmt::format(
      "no AMD GPU of the built architectures ({}): {} device(s) found, none loads their code objects ({}). "
      "Build for your GPU with -DMXLANE_DEVICE_ARCHS=<its gfx name>",
      names, count, why);
  return nullptr;
}

}  // namespace mxlane::device
