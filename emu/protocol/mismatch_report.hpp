// What a differing D word of `mxlane eval`/`replay` means: the D elements it holds, (block, i, j),
// each decoded on both sides, and their distance in ulps. Kept apart from the evaluation itself.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "emu/wave/lane_regfile.hpp"

namespace mxlane::protocol {

// Adds "elements" to each entry {"vgpr", "lane", "expect", "got"} of a matrix instruction's "diff":
// one {"block", "i", "j", "bits", "expect", "got", "ulps"} per D element whose bits differ in that
// word ("bits" "[15:0]" for a sub-dword element, "[63:0]" for a pair; "ulps" null next to a NaN;
// integers differ in units). `expect` is the line's expected D, `regs` the evaluated registers with
// D at `d_base`.
void describe_d_mismatches(nlohmann::ordered_json& diff, const InstrDesc& desc, const Modifiers& mods,
                           const Switches& switches, const std::vector<std::vector<std::uint32_t>>& expect,
                           const LaneRegFile& regs, int d_base);

// One differing word as replay prints it: "v1{2} D[1][2].B0: expected 0x3f800000 (1), got
// 0x3f800001 (1.00000011920928955078125), 1 ulp"; without "elements" (a VALU builtin) just the words.
std::string mismatch_word_text(const nlohmann::ordered_json& entry);

}  // namespace mxlane::protocol
