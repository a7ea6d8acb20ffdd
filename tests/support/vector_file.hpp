// Reading a tests/vectors file: its non-comment lines as words, "|" separators dropped.
#pragma once

#include "support/catch_compat.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mxlane_test {

inline std::vector<std::vector<std::string>> vector_lines(const std::string& name) {
  std::ifstream in(std::string(MXLANE_SOURCE_DIR) + "/tests/vectors/" + name);
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<std::string> fields;
    for (std::string w; words >> w;)
      if (w != "|") fields.push_back(w);
    lines.push_back(std::move(fields));
  }
  return lines;
}

}  // namespace mxlane_test
