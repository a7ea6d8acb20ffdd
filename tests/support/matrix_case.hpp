// Helpers to run one matrix instruction on small hand-written cases through run_matrix().
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "emu/api/matrix.hpp"

namespace mxlane_test {

inline const mxlane::InstrDesc& inst(std::string_view arch, std::string_view name, int wave = 0) {
  const mxlane::ArchInfo* a = mxlane::find_arch(arch);
  return wave ? mxlane::resolve_instruction(*a, name, wave) : mxlane::resolve_instruction(*a, name);
}

// Whether every element of `m` has the bit pattern `bits`.
inline bool all_equal(const mxlane::BitMatrix& m, std::uint64_t bits) {
  return std::all_of(m.data(), m.data() + m.size(), [&](std::uint64_t x) { return x == bits; });
}

inline std::vector<mxlane::BitMatrix> zeros(const mxlane::InstrDesc& d, mxlane::Operand op) {
  return std::vector<mxlane::BitMatrix>(static_cast<std::size_t>(d.blocks),
                                        mxlane::BitMatrix::Zero(d.rows(op), d.cols(op)));
}

// D[0][0] of block 0 for A[0][k] = a[k], B[k][0] = b[k] (other entries 0) and C[0][0] = c.
inline std::uint64_t element00(const mxlane::InstrDesc& d, std::initializer_list<std::uint64_t> a,
                               std::initializer_list<std::uint64_t> b, std::uint64_t c,
                               const mxlane::Switches& switches = {}, const mxlane::Modifiers& mods = {}) {
  auto A = zeros(d, mxlane::Operand::A), B = zeros(d, mxlane::Operand::B), C = zeros(d, mxlane::Operand::C);
  int k = 0;
  for (std::uint64_t x : a) A[0](0, k++) = x;
  k = 0;
  for (std::uint64_t x : b) B[0](k++, 0) = x;
  C[0](0, 0) = c;
  return run_matrix(d, A, B, C, mods, switches)[0](0, 0);
}

}  // namespace mxlane_test
