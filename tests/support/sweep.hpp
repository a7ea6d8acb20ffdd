// Sweep: one Catch assertion for an exhaustive loop, printing only its first few mismatches.
#pragma once

#include "support/catch_compat.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace mxlane_test {

// An exhaustive sweep counts its comparisons and keeps the first few mismatches, so a failing rule
// prints a handful of named elements (expected vs got) instead of thousands of lines.
class Sweep {
 public:
  explicit Sweep(std::string what) : what_(std::move(what)) {}
  template <typename F>
  void expect(bool ok, F&& describe) {
    ++checks_;
    if (ok) return;
    if (failures_.size() < kKeep) failures_.push_back(describe());
    ++failed_;
  }
  void report() const {
    std::ostringstream o;
    o << what_ << ": " << failed_ << " of " << checks_ << " comparisons failed";
    for (const std::string& f : failures_) o << "\n  " << f;
    INFO(o.str());
    CHECK(checks_ > 0);
    CHECK(failed_ == 0);
  }

 private:
  static constexpr std::size_t kKeep = 8;
  std::string what_;
  std::vector<std::string> failures_;
  long checks_ = 0;
  long failed_ = 0;
};

}  // namespace mxlane_test
