// Small string helpers shared by the table lookups and the command line.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace mxlane {

// ASCII lower case, for case-insensitive names ("CDNA2", "V_MFMA_...").
inline std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// ASCII upper case ("cdna2" -> "CDNA2" in messages).
inline std::string uppercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Appends `item` to a separated list: "a" -> "a, b".
inline void append_item(std::string& list, std::string_view item, std::string_view separator = ", ") {
  if (!list.empty()) list += separator;
  list += item;
}

}  // namespace mxlane
