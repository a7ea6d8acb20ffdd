// Input cases for device kernels: the spec's targeted vectors and seeded random generators
// (uniform bits, special-value-biased, near-cancellation), as lane-major input buffers.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "device/kernel_catalog.hpp"

namespace mxlane::device {

struct Case {
  std::string kind;               // "uniform", "special", "cancellation", "targeted: docs/spec/numerics.md §D.3", ...
  std::vector<std::uint32_t> in;  // wave lanes x kernel.in_dwords words, lane-major
};

// The targeted vectors that apply to `kernel`, then `random_cases` seeded random cases cycling
// through the three generators. The same (kernel, random_cases, seed) always gives the same cases.
std::vector<Case> make_cases(const Kernel& kernel, int random_cases, std::uint64_t seed);

// A matrix kernel's case from element values value(operand, block, row, col), operands A, B, C (IDX
// where the instruction has it; SA, SB too with scales_from_value, else random scales near 2^0).
Case matrix_case(const Kernel& kernel, const std::function<std::uint64_t(Operand, int, int, int)>& value,
                 std::string kind, bool scales_from_value = false);

// The pieces, for tests.
std::vector<Case> targeted_cases(const Kernel& kernel);
Case uniform_case(const Kernel& kernel, std::mt19937_64& rng);
Case special_case(const Kernel& kernel, std::mt19937_64& rng);
Case cancellation_case(const Kernel& kernel, std::mt19937_64& rng);

// The special values the biased generator draws from for an element format ("f16", "bf16", "f32",
// "f64", "i8", "iu4", "i32", "fp8", "u16", ...).
const std::vector<std::uint64_t>& special_values(const std::string& format);

// Where the spec's captured vectors live: $MXLANE_VECTORS_DIR, else the source tree's tests/vectors.
std::string vectors_dir();

}  // namespace mxlane::device
