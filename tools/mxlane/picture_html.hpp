// Self-contained XHTML pages (polyglot: valid XML and HTML, inline CSS, JS and SVG, no external
// resources): one page per instruction with its four operands sized to the window and a hover that
// shows every slot of an element and, for D, the A/B/C slots that feed it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane::cli {

struct HtmlPageOptions {
  std::string command;  // the mxlane command that regenerates the page, shown in the footer
  // Cells outlined in red: a --element / --reg query on one operand.
  std::function<bool(Operand, const Placement&)> highlight;
};

// The page of one instruction with `mods` and `switches` applied (they are validated by the layouts).
std::string render_instruction_page(const InstrDesc& desc, const Modifiers& mods, const Switches& switches,
                                    const HtmlPageOptions& options);

// A complete polyglot XHTML document with the shared style; `body` and `script` are inserted as is.
std::string html_document(std::string_view title, std::string_view body, std::string_view script = {});

// Where the layouts of `arch` come from, one line each (README "How much to trust a layout").
std::vector<std::string> layout_evidence(ArchId arch);

}  // namespace mxlane::cli
