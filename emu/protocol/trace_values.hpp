// The values a trace evaluates, as registers: from one `mxlane eval` line or from quick values.
#pragma once

#include <optional>
#include <string>

#include "emu/insns/element_trace.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "emu/protocol/trace.hpp"
#include "emu/wave/lane_regfile.hpp"

namespace mxlane::protocol {

// The modifiers, switches and (when values were given) registers a trace runs on.
struct TraceInputs {
  Modifiers mods;
  Switches switches;
  std::optional<LaneRegFile> regs;
  MatrixOperands ops;
};

// The one `mxlane eval` line in the file `path` (--values); its mods and options must agree with any
// the command line gives. Throws InvalidArgument naming --values.
TraceInputs load_trace_values_file(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                                   const std::string& path);
// Registers holding the request's --a/--b/--c values in the slots the element reads (the rest +0).
// Throws InvalidArgument naming the option.
TraceInputs load_quick_trace_values(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                                    const OutputFeeds& feeds, const TraceRequest& r);

}  // namespace mxlane::protocol
