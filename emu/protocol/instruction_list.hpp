// The instruction list of `mxlane list` and `mxlane.list()`: every architecture's instructions,
// builtins and switches as a table or the mxlane.list/1 JSON document, or one instruction in detail.
#pragma once

#include <optional>
#include <ostream>
#include <string>

namespace mxlane::protocol {

struct ListRequest {
  std::string arch;         // empty: every architecture
  bool json = false;        // the mxlane.list/1 document instead of the text table
  std::string inst;         // one instruction in detail (needs arch)
  std::optional<int> wave;  // with inst: which wave size's builtin
};
// Throws InvalidArgument naming the option (--arch, --inst, --wave) at fault.
void write_instruction_list(const ListRequest& request, std::ostream& out);

}  // namespace mxlane::protocol
