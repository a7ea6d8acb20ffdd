// Writing an element trace (emu/insns/element_trace.hpp) as text, as mxlane.trace/1 JSON, or as the
// calculator's one-line dot product.
#pragma once

#include <ostream>

#include "emu/insns/element_trace.hpp"
#include "emu/protocol/layout_selection.hpp"

namespace mxlane::protocol {

void render_trace_text(const ElementTrace& t, const LanemapHeader& header, std::ostream& out);
void render_trace_json(const ElementTrace& t, const LanemapHeader& header, std::ostream& out);
void render_trace_summary(const ElementTrace& t, std::ostream& out);

}  // namespace mxlane::protocol
