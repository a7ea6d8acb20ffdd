// The loopback runtime: the emulator stands in for the GPU behind DeviceRuntime, with simulated
// device memory, so `device run --backend loopback` exercises every step of a hardware launch.
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "device/launcher.hpp"
#include "device/mode_write.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

class LoopbackRuntime : public DeviceRuntime {
 public:
  LoopbackRuntime(std::string manifest_dir, Switches switches, std::vector<SwitchId> kept_mode_fields)
      : manifest_dir_(std::move(manifest_dir)), switches_(switches), kept_mode_fields_(std::move(kept_mode_fields)) {}
  std::string describe() const override { return "loopback (the emulator plays the GPU; not hardware evidence)"; }

  void* load_module(const std::string& target) override {
    for (const ArchInfo& a : all_archs())
      for (const Target& t : targets_for({std::string(a.name)}))
        if (t.name() == target) {
          auto m = std::make_unique<Module>();
          m->kernels = kernels_for(t);
          std::ifstream manifest(manifest_dir_.empty() ? std::string() : manifest_dir_ + "/" + target + ".manifest");
          for (std::string line; std::getline(manifest, line);) {
            std::istringstream fields(line);
            std::string name;
            int in = 0, out = 0;
            fields >> name >> in >> out;
            m->symbols[name] = {in, out};
          }
          m->has_manifest = !m->symbols.empty();
          modules_.push_back(std::move(m));
          return modules_.back().get();
        }
    throw InvalidArgument(fmt::format("loopback: no code object target '{}'", target));
  }

  void* get_function(void* module, const std::string& name) override {
    auto* m = static_cast<Module*>(module);
    for (const Kernel& k : m->kernels) {
      if (k.name != name) continue;
      if (m->has_manifest) {
        const auto s = m->symbols.find(name);
        if (s == m->symbols.end())
          throw InvalidArgument(fmt::format("loopback: {} is not in the built code object's manifest", name));
        if (s->second != std::pair<int, int>{k.in_dwords, k.out_dwords})
          throw InvalidArgument(fmt::format(
              "loopback: {} reads {} and writes {} words per lane in the code object, {} and {} in the catalog", name,
              s->second.first, s->second.second, k.in_dwords, k.out_dwords));
      }
      return const_cast<Kernel*>(&k);
    }
    throw InvalidArgument(fmt::format("loopback: no kernel {} in the module", name));
  }

  void* allocate(std::size_t bytes) override {
    const std::uintptr_t address = next_;
    next_ += (bytes + 0xFFF) & ~std::uintptr_t{0xFFF};
    next_ += 0x1000;  // a gap, so an overrun is never another buffer's start
    memory_[address].resize(bytes);
    return reinterpret_cast<void*>(address);
  }
  void release(void* p) override {
    if (memory_.erase(reinterpret_cast<std::uintptr_t>(p)) == 0)
      throw InvalidArgument("loopback: freeing an unknown device pointer");
  }
  void copy_to_device(void* p, const void* host, std::size_t bytes) override {
    std::memcpy(span(p, bytes, "copy to device"), host, bytes);
  }
  void copy_to_host(void* host, const void* p, std::size_t bytes) override {
    std::memcpy(host, span(p, bytes, "copy to host"), bytes);
  }

  void launch(void* function, unsigned threads, const std::vector<std::byte>& kernarg) override {
    const Kernel& k = *static_cast<const Kernel*>(function);
    if (threads != static_cast<unsigned>(k.target.wave))
      throw InvalidArgument(
          fmt::format("loopback: {} launched with {} threads; it is built for wave{}", k.name, threads, k.target.wave));
    const void* in_pointer = nullptr;
    void* out_pointer = nullptr;
    unpack_kernel_arguments(kernarg, in_pointer, out_pointer);
    // Each lane L reads in[L * in_dwords ...] and writes out[L * out_dwords ...] (hip_source.cpp).
    const std::size_t in_words = static_cast<std::size_t>(k.target.wave * k.in_dwords);
    const std::size_t out_words = static_cast<std::size_t>(k.target.wave * k.out_dwords);
    std::vector<std::uint32_t> in(in_words);
    std::memcpy(in.data(), span(in_pointer, in_words * 4, "kernel load"), in_words * 4);
    const std::vector<std::uint32_t> out = emulate(k, in, after_mode_write(k, switches_, kept_mode_fields_));
    std::memcpy(span(out_pointer, out_words * 4, "kernel store"), out.data(), out_words * 4);
  }

 private:
  struct Module {
    std::vector<Kernel> kernels;
    std::map<std::string, std::pair<int, int>> symbols;  // from the manifest: in and out words per lane
    bool has_manifest = false;
  };

  // The bytes [p, p + bytes) of one allocation, or an error as a GPU memory fault would be.
  std::byte* span(const void* p, std::size_t bytes, const char* what) {
    const auto address = reinterpret_cast<std::uintptr_t>(p);
    auto it = memory_.upper_bound(address);
    if (it != memory_.begin()) {
      --it;
      if (address >= it->first && address - it->first + bytes <= it->second.size())
        return it->second.data() + (address - it->first);
    }
    throw InvalidArgument(
        fmt::format("loopback: {} of {} bytes at {:#x} is outside every device buffer", what, bytes, address));
  }

  std::string manifest_dir_;
  Switches switches_;
  std::vector<SwitchId> kept_mode_fields_;
  std::vector<std::unique_ptr<Module>> modules_;
  std::map<std::uintptr_t, std::vector<std::byte>> memory_;
  std::uintptr_t next_ = 0x7f0000000000;
};

}  // namespace

std::unique_ptr<DeviceRuntime> open_loopback(const std::string& manifest_dir, const Switches& switches,
                                             std::vector<SwitchId> kept_mode_fields) {
  return std::make_unique<LoopbackRuntime>(manifest_dir, switches, std::move(kept_mode_fields));
}

}  // namespace mxlane::device
