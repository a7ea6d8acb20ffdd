// Building eval lines in tests: `count` VGPRs of `wave` lanes, every word the same.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/hex.hpp"

namespace mxlane_test {

inline nlohmann::ordered_json vgprs(int count, int wave, std::uint32_t word) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (int r = 0; r < count; ++r)
    out.push_back(nlohmann::ordered_json(std::vector<std::string>(static_cast<std::size_t>(wave), hex_word(word))));
  return out;
}

}  // namespace mxlane_test
