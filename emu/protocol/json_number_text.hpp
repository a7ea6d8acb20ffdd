// The text of a JSON number as the input wrote it, for error messages: nlohmann keeps a
// non-integer (1e3, 1.5, an integer beyond 64 bits) only as a double, whose dump would misquote it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace mxlane::protocol {

// The number at `field` of the JSON text `line`, spelled as eval's error messages name fields
// ("wave", "mods.neg", "src.C[1][4]"), exactly as written there; nullopt when `line` has no
// number at that field.
std::optional<std::string> number_text_at(std::string_view line, const std::string& field);

}  // namespace mxlane::protocol
