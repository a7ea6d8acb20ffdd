// Printing a formula-check report: text (mismatch lines, verdict, notes) or mxlane.check/1 JSON.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "emu/isa/arch.hpp"
#include "layouts/formula/formula_check.hpp"

namespace mxlane::cli {

enum class CheckMode { forward, inverse, load };

// What was checked: the layout, the mode and the expressions as the user typed them.
struct CheckRequest {
  const ArchInfo* arch;
  const OperandLayout* layout;
  CheckMode mode;
  std::vector<std::pair<std::string, std::string>> expressions;  // option name without "--", text
  bool bits_given = false;                                        // forward
  std::int64_t ld = 0;                                            // load
  formula::MemoryOrder order = formula::MemoryOrder::row_major;  // load
};

void render_check_text(const CheckRequest& request, const formula::CheckReport& report, std::ostream& out);
void render_check_json(const CheckRequest& request, const formula::CheckReport& report, std::ostream& out);

}  // namespace mxlane::cli
