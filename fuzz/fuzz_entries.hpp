// The fuzzing entry points, one per input path, callable both from libFuzzer (fuzz/*_fuzzer.cpp)
// and from the regression tests that replay every committed corpus file and past finding.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mxlane::fuzz {

// One `mxlane eval` line end to end: parse, validate, execute any instruction with any modifiers,
// and serialise the output. The first byte picks eval (even) or replay (odd) mode.
void eval_line_input(const std::uint8_t* data, std::size_t size);

// `mxlane lanemap` with the arguments in `data` (one per line, at most 32): every query path
// (dump, --element, --reg/--lane, formats, modifiers, options) through the real command line.
// Defined with the CLI it drives (tools/mxlane/cli_fuzz_entry.cpp, in mxlane_cli).
void lanemap_arguments_input(const std::uint8_t* data, std::size_t size);

// `mxlane check`'s expression language: the bytes up to the first newline are parsed as an index
// expression in the variables i j k b r L G row col; the rest gives their values (8 bytes each,
// little endian, missing bytes zero). Parsing and evaluating either succeed or throw
// ExpressionError with a column inside the text (or one past its end), and are deterministic.
void index_expression_input(const std::uint8_t* data, std::size_t size);

// `mxlane check --linear-layout`'s input: a first line "ARCH INST OPERAND [STEPS]" picks the
// operand (and a chain of STEPS instructions), the rest is the JSON document.
// Parsing either gives a layout of the operand's sizes or throws InvalidArgument with one line;
// the check then counts every slot.
void linear_layout_input(const std::uint8_t* data, std::size_t size);

}  // namespace mxlane::fuzz
