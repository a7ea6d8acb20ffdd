// The instruction list of `mxlane list` and `mxlane.list()`: every architecture's instructions,
// builtins and switches as a table or the mxlane.list/1 JSON document, or one instruction in detail.
#pragma once

#include <optional>
#include <ostream>
#include <string>

namespace mxlane::protocol {

// text: the table; json: the mxlane.list/1 document (with switches_only mxlane.switches/1); markdown: the
// switch reference of docs/switches.md (switches_only).
enum class ListFormat { text, json, markdown };

struct ListRequest {
  std::string arch;  // empty: every architecture
  ListFormat format = ListFormat::text;
  std::string inst;            // one instruction in detail (needs arch)
  std::optional<int> wave;     // with inst: which wave size's builtin
  bool switches_only = false;  // the behaviour switches (of arch, when given) and nothing else
};
// Throws InvalidArgument naming the option (--arch, --inst, --wave, --format) at fault.
void write_instruction_list(const ListRequest& request, std::ostream& out);

}  // namespace mxlane::protocol
