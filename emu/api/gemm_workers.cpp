// The GEMM paths' shared plumbing: element access of typed views and the worker pool.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "emu/api/gemm_internal.hpp"

namespace mxlane::gemm_detail {

std::uint64_t read_bits(const fast::MatrixView& v, int i, int j) {
  const std::ptrdiff_t at = i + static_cast<std::ptrdiff_t>(j) * v.ld;
  switch (v.storage) {
    case fast::Storage::u8: return static_cast<const std::uint8_t*>(v.data)[at];
    case fast::Storage::u16: return static_cast<const std::uint16_t*>(v.data)[at];
    case fast::Storage::u32: return static_cast<const std::uint32_t*>(v.data)[at];
    case fast::Storage::u64: return static_cast<const std::uint64_t*>(v.data)[at];
  }
  return 0;
}

void write_bits(const GemmRequest& r, int i, int j, std::uint64_t value) {
  const std::ptrdiff_t at = i + static_cast<std::ptrdiff_t>(j) * r.ldd;
  switch (r.c.storage) {  // D is stored like C
    case fast::Storage::u8: static_cast<std::uint8_t*>(r.d)[at] = static_cast<std::uint8_t>(value); return;
    case fast::Storage::u16: static_cast<std::uint16_t*>(r.d)[at] = static_cast<std::uint16_t>(value); return;
    case fast::Storage::u32: static_cast<std::uint32_t*>(r.d)[at] = static_cast<std::uint32_t>(value); return;
    case fast::Storage::u64: static_cast<std::uint64_t*>(r.d)[at] = value; return;
  }
}

int worker_count(const GemmOptions& options) {
  if (options.threads > 0) return options.threads;
  return std::max(1U, std::thread::hardware_concurrency());
}

void parallel_chunks(int chunks, int threads, const std::function<void(int worker, int chunk)>& fn) {
  std::atomic<int> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&](int worker) {
    try {
      for (int chunk = next++; chunk < chunks; chunk = next++) fn(worker, chunk);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = chunks;  // the others stop at their next chunk
    }
  };
  const int workers = std::min(threads, chunks);
  std::vector<std::thread> pool;
  for (int w = 1; w < workers; ++w) pool.emplace_back(work, w);
  work(0);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace mxlane::gemm_detail
