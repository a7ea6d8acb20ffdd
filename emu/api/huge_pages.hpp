// Large GEMM buffers on transparent huge pages: fewer first-touch page faults for D and the workspaces.
#pragma once

#include <cstddef>
#include <memory>

namespace mxlane::gemm_detail {

// Asks the kernel to back the whole 2 MiB pages inside [data, data + bytes) with huge pages when
// they are first touched (Linux madvise(MADV_HUGEPAGE); a hint: ignored where the system has
// transparent huge pages off, and a no-op elsewhere). Only timing changes, never a value.
void advise_huge_pages(void* data, std::size_t bytes);

struct AlignedFree {
  void operator()(void* p) const;
};
using AlignedBuffer = std::unique_ptr<void, AlignedFree>;

// `bytes` of uninitialised memory, 64-byte aligned; from 2 MiB on, aligned to 2 MiB and advised as
// above. Throws std::bad_alloc.
AlignedBuffer allocate_workspace(std::size_t bytes);

}  // namespace mxlane::gemm_detail
