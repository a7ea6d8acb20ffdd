// `mxlane list --arch A --inst I`: one instruction in detail, like the calculator's
// --detail-instruction, with every operand's index formulas in `mxlane check` syntax.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"

namespace mxlane::protocol {

// `summary` is the instruction's entry of `mxlane list --format json`; the detail adds to it.
void print_instruction_detail(const ArchInfo& arch, const InstrDesc& desc, nlohmann::ordered_json summary, bool json,
                              std::ostream& out);

}  // namespace mxlane::protocol
