// Large GEMM buffers on transparent huge pages (why: docs/performance.md, "Memory of a call").
//
// A 4096^3 GEMM's D is 64 to 128 MB and each worker's packed accumulator several MB, all freshly
// allocated and touched once per call: with 4 KiB pages that is tens of thousands of page faults
// per call, and in a virtual machine each is a hypervisor exit. A 2 MiB page takes one fault for 512
// small ones. Measured on the developers' VM (docs/performance.md, eighth session): the binary32
// 4096^3 GEMM on one thread 1.13 s -> 0.80 s with this advice. NumPy advises its large arrays the
// same way (numpy/core/src/multiarray/alloc.c, since NumPy 1.16).
#include "emu/api/huge_pages.hpp"

#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace mxlane::gemm_detail {
namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

void advise_huge_pages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHugePage - 1) / kHugePage * kHugePage;
  const std::uintptr_t last = (begin + bytes) / kHugePage * kHugePage;
  // A hint: its failure (EINVAL where THP is compiled out) leaves ordinary pages, the same values.
  if (first < last) (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

void AlignedFree::operator()(void* p) const { std::free(p); }

AlignedBuffer allocate_workspace(std::size_t bytes) {
  const std::size_t alignment = bytes >= kHugePage ? kHugePage : 64;
  const std::size_t size = (bytes + alignment - 1) / alignment * alignment;  // aligned_alloc's rule
  AlignedBuffer buffer(std::aligned_alloc(alignment, size == 0 ? alignment : size));
  if (!buffer) throw std::bad_alloc();
  if (alignment == kHugePage) advise_huge_pages(buffer.get(), size);
  return buffer;
}

}  // namespace mxlane::gemm_detail
