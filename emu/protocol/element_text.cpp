// One operand element as text and back (element_text.hpp): the format comes from the instruction's table row.
#include "emu/protocol/element_text.hpp"

#include "emu/formats/exact_value.hpp"
#include "emu/formats/element_format.hpp"
#include "fmt/format.h"

namespace mxlane::protocol {

std::uint64_t parse_element_value(const InstrDesc& d, const Modifiers& mods, Operand op, std::string_view text,
                                  std::string_view what) {
  const ElemType type = operand_type(d, op, mods);
  if (const FormatSpec* f = element_format(type, d.arch_traits().fp8_encoding))
    return parse_float_element(*f, text, what);
  return parse_integer_element(elem_bits(type), operand_signed(d, mods, op), text, what);
}

std::string element_value_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits) {
  const ElemType type = operand_type(d, op, mods);
  if (const FormatSpec* f = element_format(type, d.arch_traits().fp8_encoding)) return decimal_text(*f, bits);
  const int width = elem_bits(type);
  if (!operand_signed(d, mods, op) || width >= 64 || ((bits >> (width - 1)) & 1) == 0) return std::to_string(bits);
  return std::to_string(static_cast<std::int64_t>(bits) - (std::int64_t{1} << width));
}

std::string element_bits_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits) {
  return fmt::format("{:#0{}x}", bits, elem_bits(operand_type(d, op, mods)) / 4 + 2);
}

}  // namespace mxlane::protocol
