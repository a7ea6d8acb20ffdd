// Every case of tests/vectors/cdna3_mmasim_vectors.txt (outputs of MMA-Sim's gfx942 model, see the
// file's header and docs/cdna3-numerics.md §7) against cdna3_fused_dot / cdna3_fp8_dot, bit for bit;
// a NaN expectation only requires a NaN (MMA-Sim does not model payloads).
#include "support/catch_compat.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "emu/formats/format.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"
#include "tests/support/f32_bits.hpp"

using mxlane_test::is_f32_nan;

using namespace mxlane;

namespace {

std::vector<std::uint64_t> hex_list(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoull(item, nullptr, 16));
  return out;
}

const FormatSpec& fp8_format(const std::string& name) { return name == "fp8" ? kFp8E4M3Fnuz : kFp8E5M2Fnuz; }

}  // namespace

TEST_CASE("gfx942 fused MFMA numerics equal MMA-Sim's model on its own vectors", "[numerics][cdna3][mmasim]") {
  std::ifstream file(std::string(MXLANE_SOURCE_DIR) + "/tests/vectors/cdna3_mmasim_vectors.txt");
  REQUIRE(file.good());
  std::map<std::string, int> cases_per_family;
  int mismatches = 0, nan_cases = 0;
  const NumericsContext ctx{};
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string qualifier, a_text, b_text, c_text, d_text;
    std::size_t k = 0;
    REQUIRE(static_cast<bool>(words >> qualifier >> k >> a_text >> b_text >> c_text >> d_text));
    const std::vector<std::uint64_t> a = hex_list(a_text), b = hex_list(b_text);
    REQUIRE(a.size() == k);
    REQUIRE(b.size() == k);
    const DotInputs in{a, b, std::stoull(c_text, nullptr, 16)};
    const auto want = static_cast<std::uint32_t>(std::stoul(d_text, nullptr, 16));
    // The qualifier's last one or two fields name A's and B's types (MMA-Sim's naming).
    const std::string last = qualifier.substr(qualifier.rfind('_') + 1);
    std::uint32_t got = 0;
    if (last == "fp8" || last == "bf8") {
      const std::string first = qualifier.substr(qualifier.rfind('_', qualifier.size() - 5) + 1, 3);
      got = cdna3_fp8_dot(fp8_format(first), fp8_format(last), in, ctx);
    } else {
      const FormatSpec& format = last == "f16" ? kBinary16 : last == "bf16" ? kBfloat16 : kBinary32;
      const int group = last == "xf32" ? 4 : static_cast<int>(std::min<std::size_t>(8, k));
      got = cdna3_fused_dot(format, group, last == "xf32", in, ctx);
    }
    ++cases_per_family[qualifier];
    const bool same = is_f32_nan(want) ? is_f32_nan(got) : got == want;
    if (is_f32_nan(want)) ++nan_cases;
    if (!same && ++mismatches <= 20) UNSCOPED_INFO(line << "  -> got " << std::hex << got);
  }
  CHECK(mismatches == 0);
  // The file holds all 16 MMA-Sim CDNA3 qualifiers of these families, a few hundred cases each.
  CHECK(cases_per_family.size() == 16);
  for (const auto& [family, count] : cases_per_family) {
    INFO(family);
    CHECK(count >= 250);
  }
  CHECK(nan_cases > 100);
}
