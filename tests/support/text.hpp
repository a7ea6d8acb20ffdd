// Reading a whole file, splitting text into lines and joining them: the helpers several test files share.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mxlane_test {

// The whole file; empty if it cannot be read (the caller's checks then fail on the content).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The lines joined, each ended by '\n' (a list of offenders for a failure message).
inline std::string one_per_line(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

}  // namespace mxlane_test
