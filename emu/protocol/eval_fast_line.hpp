// The common eval/replay line without the JSON DOM: a scanner reads the word lists straight into
// integers, nlohmann parses only the small fields, and D is written as text directly. Whatever
// the scanner does not recognise, and every line that is invalid or mismatches, is left to
// eval_line(), so messages and reports come from one place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emu/protocol/eval_line.hpp"

namespace mxlane::protocol {

struct FastEvalResult {
  EvalOutcome outcome;   // status ok; output holds only "id"; desc, mods, switches as eval_line() sets them
  std::string rendered;  // the output line eval_line()'s output dumps to (without "\n"), when asked for
};

// A matrix-instruction line that eval_line(line, require_expect) evaluates with status ok: its
// result, with byte for byte the output eval_line() gives. std::nullopt for every other line (VALU
// builtins, invalid lines, mismatches, spellings the scanner leaves to the full parser): then call
// eval_line(). `render`: fill `rendered` (eval needs it; replay prints only "match").
std::optional<FastEvalResult> eval_line_fast(std::string_view line, bool require_expect, bool render);

// The scanner's decoder of a lane word's 8 hex digits, loaded little-endian (the first, most
// significant digit in the low byte): their value, or false if a byte is not 0-9, a-f, A-F.
bool hex_digits8(std::uint64_t digits, std::uint32_t& value);

}  // namespace mxlane::protocol
