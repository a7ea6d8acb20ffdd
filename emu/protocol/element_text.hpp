// One operand element as text and back: parsed from a decimal, inf, nan or raw bits; printed as its bits and value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"

namespace mxlane::protocol {

// The bit pattern of `text` in the format the instruction reads operand `op` in (under `mods`, which
// select the f8f6f4 formats): "1.5", "-0", "inf", "nan", "0x3c00" for a float element (a decimal the
// format cannot hold exactly is refused, naming the nearest value), "-3" or "0xfd" for an integer one.
// Throws InvalidArgument naming `what`.
std::uint64_t parse_element_value(const InstrDesc& d, const Modifiers& mods, Operand op, std::string_view text,
                                  std::string_view what);

// The element's value: exact decimal text ("10.5", "-0", "inf", "NaN") or the signed/unsigned integer.
std::string element_value_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits);

// The element's bits, zero-padded to its width: "0x3c00", "0x41280000".
std::string element_bits_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits);

}  // namespace mxlane::protocol
