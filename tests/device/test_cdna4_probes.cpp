// The gfx950 probes in all_probes() (device/probes_cdna4.cpp, the K-doubled f16 group probe among them): one per
// gfx950 switch, every value a candidate, every candidate a setting the switch registry accepts.
#include "support/catch_compat.hpp"

#include <set>
#include <string>

#include "device/probes_cdna4.hpp"
#include "emu/isa/switches.hpp"

using namespace mxlane;
using namespace mxlane::device;

TEST_CASE("gfx950 probes cover every gfx950 switch with all its values", "[device][probes][cdna4]") {
  std::set<std::string> probed;
  for (const Probe& p : all_probes()) {
    if (p.arch != "gfx950") continue;
    CAPTURE(p.id);
    REQUIRE(p.candidates.size() >= 2);
    for (const Candidate& c : p.candidates) {
      Switches s;
      for (const std::string& setting : c.settings) {
        const auto eq = setting.find('=');
        REQUIRE(eq != std::string::npos);
        CHECK_NOTHROW(set_switch(s, setting.substr(0, eq), setting.substr(eq + 1)));
        probed.insert(setting.substr(0, eq));
      }
    }
  }
  CHECK(probed == std::set<std::string>{"k16_layout", "fp6_layout", "scale_zero_is_identity", "f8f6f4_group",
                                        "cdna4_kdoubled_group", "gfx950_kdouble_broadcast"});
}
