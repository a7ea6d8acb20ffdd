// The fast kernels for portable C++ (no ISA flags): the fallback on CPUs without AVX2, tested on every machine.
#include <algorithm>
#include <array>
#include <cmath>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "emu/fast/kernel_table.hpp"
#include "emu/fast/reference_hooks.hpp"
#include "emu/fast/valu_lanes.hpp"

namespace mxlane::fast::scalar {

#include "emu/fast/simd/scalar.inl"
#include "emu/fast/kernels/kernel_sources.inl"

ValuLanesKernel valu_kernel(ValuKind kind) { return portable::valu_kernel(kind); }

}  // namespace mxlane::fast::scalar
