// Bookkeeping shared by the VALU reference tests: disagreement reports, architecture lists, and the
// per-builtin case counts (printed when MXLANE_VALU_REF_REPORT is set in the environment).
#pragma once

#include "support/catch_compat.hpp"

#include "tests/support/hex.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "emu/isa/arch.hpp"

namespace vtest {

// A vector as the span the builtins take.
template <class T>
std::span<const T> sp(const std::vector<T>& v) {
  return std::span<const T>(v.data(), v.size());
}

using mxlane_test::hex;  // "0x" + upper-case digits (tests/support/hex.hpp)

inline const char* arch_name(mxlane::ArchId a) {
  switch (a) {
    case mxlane::ArchId::gfx908: return "gfx908";
    case mxlane::ArchId::gfx90a: return "gfx90a";
    case mxlane::ArchId::gfx942: return "gfx942";
    case mxlane::ArchId::gfx950: return "gfx950";
    case mxlane::ArchId::gfx1030: return "gfx1030";
    case mxlane::ArchId::gfx1100: return "gfx1100";
    case mxlane::ArchId::gfx1200: return "gfx1200";
    case mxlane::ArchId::gfx1250: return "gfx1250";  // no VALU rows yet: not in kAllArchs
    case mxlane::ArchId::gfx1251: return "gfx1251";
  }
  return "?";
}

inline constexpr mxlane::ArchId kAllArchs[] = {mxlane::ArchId::gfx908, mxlane::ArchId::gfx90a,  mxlane::ArchId::gfx942,
                                               mxlane::ArchId::gfx950, mxlane::ArchId::gfx1030, mxlane::ArchId::gfx1100,
                                               mxlane::ArchId::gfx1200};

// Cases run per "builtin @ arch" (or per exhaustive set), for the final report.
inline std::map<std::string, long long>& case_counts() {
  static std::map<std::string, long long> m;
  return m;
}
inline void count_cases(const std::string& key, long long n) { case_counts()[key] += n; }
inline bool report_enabled() { return std::getenv("MXLANE_VALU_REF_REPORT") != nullptr; }
// Prints the counts whose key starts with `prefix` and contains one of `parts` (all when empty).
inline void print_counts(const char* title, const std::string& prefix, const std::vector<std::string>& parts = {}) {
  if (!report_enabled()) return;
  std::printf("[valu-reference] %s\n", title);
  for (const auto& [k, v] : case_counts()) {
    if (k.rfind(prefix, 0) != 0) continue;
    bool hit = parts.empty();
    for (const std::string& p : parts) hit = hit || k.find(p) != std::string::npos;
    if (hit) std::printf("  %-56s %lld\n", k.c_str(), v);
  }
}

// Counts disagreements and reports the first few in full (the test then fails).
class Mismatches {
 public:
  explicit Mismatches(std::string what) : what_(std::move(what)) {}
  template <class Describe>
  void check(bool ok, Describe&& describe) {
    ++total_;
    if (ok) return;
    if (++count_ <= 6) FAIL_CHECK(what_ << " case " << (total_ - 1) << ": " << describe());
  }
  long long total() const { return total_; }
  long long count() const { return count_; }
  // Records the case count under `key` and checks that nothing disagreed.
  void finish(const std::string& key) const {
    count_cases(key, total_);
    INFO(what_ << ": " << count_ << " of " << total_ << " cases disagree with the reference");
    CHECK(count_ == 0);
  }

 private:
  std::string what_;
  long long total_ = 0;
  long long count_ = 0;
};

}  // namespace vtest
