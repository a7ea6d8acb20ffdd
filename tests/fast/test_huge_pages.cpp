// [fast][gemm] Large GEMM buffers are advised onto transparent huge pages (emu/api/huge_pages.cpp):
// the kernel's own record of the mapping (/proc/self/smaps, VmFlags "hg" = MADV_HUGEPAGE) shows the
// advice on D and the workspaces; alignment and sizes of the workspaces.
#include "support/catch_compat.hpp"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "emu/api/gemm.hpp"
#include "emu/api/huge_pages.hpp"
#include "emu/isa/instr_desc.hpp"

using namespace mxlane;

namespace {

// The VmFlags of the mapping that holds `p`, or "" when /proc/self/smaps does not list it.
std::string vm_flags_at(const void* p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> begin >> dash >> end && dash == '-' && line.find(':') > line.find(' ')) {
      inside = begin <= at && at < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return "";
}

// Whether this system can take the advice at all (the kernel built with transparent huge pages).
bool system_has_huge_pages() { return std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good(); }

bool advised(const void* p) { return vm_flags_at(p).find(" hg") != std::string::npos; }

}  // namespace

TEST_CASE("Workspaces of 2 MiB or more are 2 MiB-aligned and advised onto huge pages", "[fast][gemm]") {
  const gemm_detail::AlignedBuffer small = gemm_detail::allocate_workspace(1000);
  CHECK(reinterpret_cast<std::uintptr_t>(small.get()) % 64 == 0);
  const gemm_detail::AlignedBuffer large = gemm_detail::allocate_workspace((std::size_t{5} << 20) + 3);
  CHECK(reinterpret_cast<std::uintptr_t>(large.get()) % (std::size_t{2} << 20) == 0);
  static_cast<volatile char*>(large.get())[(std::size_t{5} << 20) + 2] = 1;  // the last byte is ours
  // Advice outside any whole 2 MiB page is no request at all, and never an error.
  gemm_detail::advise_huge_pages(small.get(), 1000);
  gemm_detail::advise_huge_pages(nullptr, 0);
#if defined(__linux__)
  if (!system_has_huge_pages()) {
    WARN("NOT TESTED ON THIS SYSTEM: no /sys/kernel/mm/transparent_hugepage (the advice is a no-op here)");
    return;
  }
  CHECK(advised(large.get()));
#endif
}

TEST_CASE("gemm() advises its D onto huge pages before the kernels touch it", "[fast][gemm]") {
#if defined(__linux__)
  if (!system_has_huge_pages()) {
    WARN("NOT TESTED ON THIS SYSTEM: no /sys/kernel/mm/transparent_hugepage (the advice is a no-op here)");
    return;
  }
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx90a), "v_mfma_f32_32x32x2f32");
  // 1024 x 1024 binary32: D is 4 MiB, so it holds at least one whole 2 MiB page.
  const GemmMatrix<std::uint32_t> a = GemmMatrix<std::uint32_t>::Zero(1024, 2),
                                  b = GemmMatrix<std::uint32_t>::Zero(2, 1024);
  const GemmMatrix<std::uint32_t> c = GemmMatrix<std::uint32_t>::Zero(1024, 1024);
  const GemmMatrix<std::uint32_t> out = gemm(d, a, b, c);
  CHECK(out.isZero());
  // The middle of D lies in a whole 2 MiB page of it, which the advice covers.
  CHECK(advised(out.data() + out.size() / 2));
#endif
}
