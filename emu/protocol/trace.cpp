// The dot-product trace of one D element: its feeding slots (layouts/feeding_slots), the steps its
// numerics routine performs (emu/insns/element_trace), and, with values, every rounding. This file
// puts the pieces together: reading values (trace_values), computing (trace_analysis), writing
// (trace_render).
#include "emu/protocol/trace.hpp"

#include <stdexcept>

#include "emu/insns/execute.hpp"
#include "emu/isa/errors.hpp"
#include "emu/protocol/trace_render.hpp"
#include "emu/protocol/trace_values.hpp"
#include "fmt/format.h"

namespace mxlane::protocol {

void render_trace(const InstrDesc& d, const Modifiers& cli_mods, const Switches& cli_switches, const LanemapHeader& h,
                  const TraceRequest& r, std::ostream& out) {
  const bool quick = !r.a.empty() || !r.b.empty() || !r.c.empty();
  if (quick && !r.values_file.empty()) throw InvalidArgument("--values and --a/--b/--c exclude each other");
  if (quick && d.has(Operand::IDX))
    throw InvalidArgument(
        fmt::format("--a/--b/--c: {} is sparse; give its registers, IDX included, with --values "
                    "(one `mxlane eval` line)",
                    d.mnemonic));
  if (quick && d.has(Operand::SA))
    throw InvalidArgument(
        fmt::format("--a/--b/--c: {} is block-scaled; give its registers, SA and SB included, with "
                    "--values (one `mxlane eval` line)",
                    d.mnemonic));
  TraceInputs loaded;
  if (!r.values_file.empty()) {
    loaded = load_trace_values_file(d, cli_mods, cli_switches, r.values_file);
  } else {
    loaded.mods = cli_mods;
    loaded.switches = cli_switches;
  }
  try {
    validate_modifiers(d, loaded.mods);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("modifier ") + e.what());
  }
  std::optional<OutputFeeds> feeds;
  try {
    feeds.emplace(output_feeds(d, loaded.mods, loaded.switches, r.block, r.row, r.col));
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--trace: {}", e.what()));
  }
  if (quick) loaded = load_quick_trace_values(d, loaded.mods, loaded.switches, *feeds, r);
  ElementTrace trace =
      loaded.regs ? trace_element(d, loaded.mods, loaded.switches, r.block, r.row, r.col, *loaded.regs, loaded.ops)
                  : trace_element(d, loaded.mods, loaded.switches, r.block, r.row, r.col);
  if (loaded.regs) {
    // The evaluated element must be what `mxlane eval` writes for the same registers.
    LaneRegFile regs = *loaded.regs;
    execute_matrix(d, regs, loaded.ops, loaded.mods, loaded.switches);
    const std::uint64_t written = read_slot(regs, loaded.ops.d.base, trace.feeds.d.slot, loaded.ops.d.bank);
    if (written != trace.d)
      throw std::logic_error(fmt::format("trace result {:#x} differs from execute_matrix's {:#x}", trace.d, written));
  }
  if (r.json)
    render_trace_json(trace, h, out);
  else if (r.summary)
    render_trace_summary(trace, out);
  else
    render_trace_text(trace, h, out);
}

}  // namespace mxlane::protocol
