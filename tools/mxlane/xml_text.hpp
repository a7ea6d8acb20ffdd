// Escaping text for XML/XHTML output (the SVG figures, the HTML pages, the site index).
#pragma once

#include <string>
#include <string_view>

namespace mxlane::cli {

// `text` with & < > " ' replaced by entities: safe in element content and quoted attributes.
inline std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace mxlane::cli
