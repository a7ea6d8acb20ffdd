// The register images of the public gfx1201 integer WMMA and SWMMAC captures (docs/rdna4.md §5), as their
// generator makes them: xorshift32 seeded 0xA3987412 + sample, 6 registers of 32 random lane words, then 8
// registers of accumulators drawn from six edge values; the SWMMAC set draws its IDX register after them.
#pragma once

#include <cstdint>
#include <vector>

namespace mxlane_test {

class Gfx1201CaptureRng {
 public:
  explicit Gfx1201CaptureRng(unsigned sample) : x_(0xA3987412U + sample) {}
  std::uint32_t next() {
    x_ ^= x_ << 13;
    x_ ^= x_ >> 17;
    x_ ^= x_ << 5;
    return x_;
  }

 private:
  std::uint32_t x_;
};

// The 14 registers (32 lanes each) every integer capture starts from: 0-5 random, 6-13 accumulators.
inline std::vector<std::vector<std::uint32_t>> gfx1201_capture_registers(Gfx1201CaptureRng& rng) {
  std::vector<std::vector<std::uint32_t>> data(14, std::vector<std::uint32_t>(32, 0));
  for (int r = 0; r < 6; ++r)
    for (auto& w : data[r]) w = rng.next();
  const std::uint32_t acc[] = {0, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x7FFFFF80, 0x80000080};
  for (int r = 6; r < 14; ++r)
    for (auto& w : data[r]) w = acc[rng.next() % 6];
  return data;
}

}  // namespace mxlane_test
