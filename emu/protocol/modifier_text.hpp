// Legal modifier values as short text ("cbsz 0-2 abid 0-3 blgp 0-7"), for `mxlane list` and the site.
#pragma once

#include <string>
#include <vector>

#include "emu/isa/modifiers.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane::protocol {

// "0-7", "0,4", "0-1" for a list of legal values.
inline std::string compact_values(const std::vector<int>& v) {
  bool contiguous = v.size() > 2;
  for (std::size_t i = 1; i < v.size(); ++i) contiguous = contiguous && v[i] == v[i - 1] + 1;
  if (contiguous || (v.size() == 2 && v[1] == v[0] + 1)) return fmt::format("{}-{}", v.front(), v.back());
  std::string s;
  for (int x : v) append_item(s, std::to_string(x), ",");
  return s;
}

inline std::string modifiers_text(const std::vector<ModifierRange>& ranges) {
  std::string s;
  for (const ModifierRange& r : ranges) append_item(s, fmt::format("{} {}", r.name, compact_values(r.values)), " ");
  return s.empty() ? "none" : s;
}

}  // namespace mxlane::protocol
