// `mxlane lanemap --trace b,i,j`: the slots that feed one D element and the steps in which the
// instruction accumulates them, optionally evaluated on user values (text or mxlane.trace/1 JSON).
#pragma once

#include <ostream>
#include <string>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "emu/protocol/layout_selection.hpp"

namespace mxlane::protocol {

struct TraceRequest {
  int block = 0, row = 0, col = 0;
  std::string values_file;  // one `mxlane eval` line (its registers, mods and options)
  std::string a, b, c;      // quick values: up to K A[i][k] (or k=value pairs), the same for B[k][j], one C[i][j]
  bool json = false;
  bool summary = false;  // --format summary: the calculator's one-line dot product (registers, elements)
};

// Prints the trace. `mods`/`switches` are the command line's; a --values line brings its own, which
// must agree with any given on the command line. Throws InvalidArgument naming the option.
void render_trace(const InstrDesc& desc, const Modifiers& mods, const Switches& switches, const LanemapHeader& header,
                  const TraceRequest& request, std::ostream& out);

}  // namespace mxlane::protocol
