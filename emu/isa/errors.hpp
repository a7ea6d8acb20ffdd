// The one exception type for bad user input: its message is a single line naming the culprit.
#pragma once

#include <stdexcept>
#include <string>

namespace mxlane {

// Thrown for input that is illegal, undefined or out of range (exit code 2 in the CLI).
class InvalidArgument : public std::invalid_argument {
 public:
  explicit InvalidArgument(const std::string& message) : std::invalid_argument(message) {}
};

}  // namespace mxlane
