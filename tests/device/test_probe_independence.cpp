// Each probe judges only its own question: run against loopback GPUs that give each of its candidate
// answers while every other open question of its architecture is answered otherwise (each other value
// alone, all others at once), every probe of every architecture must report exactly the loopback's
// own answer. Also the kernels' MODE writes as the loopback applies them, and --loopback-option.
#include "support/catch_compat.hpp"
#include "support/sanitized.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "device/cases.hpp"
#include "device/launcher.hpp"
#include "device/mode_write.hpp"
#include "device/probes.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "tools/mxlane/cli.hpp"

using namespace mxlane;
using namespace mxlane::device;

namespace {

SwitchId switch_named(const std::string& name) {
  for (const SwitchInfo& info : all_switches())
    if (info.name == name) return info.id;
  FAIL("no switch " << name);
  return SwitchId::count;
}

// A loopback GPU: NAME=VALUE settings, as --loopback-option takes them.
struct World {
  std::string label;
  std::vector<std::string> settings;
};

// The GPUs that answer the probe's question with candidate `c`: the other questions at their defaults,
// each other value alone (unless `each_alone` is false), all others at their second value, all others
// at their last.
std::vector<World> worlds_for(const Probe& p, const Candidate& c, bool each_alone) {
  const std::vector<SwitchId> others = other_questions(p);
  std::vector<World> worlds{{"other questions at their defaults", c.settings}};
  World second{"every other question at its second value", c.settings},
      last{"every other question at its last value", c.settings};
  for (SwitchId id : others) {
    const SwitchInfo& info = switch_info(id);
    for (std::size_t v = 1; each_alone && v < info.values.size(); ++v) {
      const std::string setting = std::string(info.name) + "=" + std::string(info.values[v].name);
      World w{setting, c.settings};
      w.settings.push_back(setting);
      worlds.push_back(w);
    }
    second.settings.push_back(std::string(info.name) + "=" + std::string(info.values[1].name));
    last.settings.push_back(std::string(info.name) + "=" + std::string(info.values.back().name));
  }
  if (!others.empty()) {
    worlds.push_back(second);
    worlds.push_back(last);
  }
  return worlds;
}

std::unique_ptr<DeviceRuntime> loopback_gpu(const std::vector<std::string>& settings) {
  Switches s;
  std::vector<SwitchId> kept;
  for (const std::string& setting : settings) {
    const auto eq = setting.find('=');
    set_switch(s, setting.substr(0, eq), setting.substr(eq + 1));
    if (switch_is_mode_field(switch_named(setting.substr(0, eq)))) kept.push_back(switch_named(setting.substr(0, eq)));
  }
  return open_loopback("", s, kept);
}

// Where the model itself takes a probe's question away: with these answers to another question, every
// candidate gives the same results (checked below on inputs of the runner's own, not the probe's search),
// so the probe must say so rather than answer. docs/cdna1.md: an MFMA that follows MODE keeps
// subnormals under the default MODE whatever cdna1_subnormals says.
struct TakenAway {
  const char* probe;
  const char* setting;
};
constexpr TakenAway kTakenAway[] = {{"docs/cdna1.md E-C1-1", "cdna2_mode=honoured"}};

bool taken_away(const Probe& p, const World& w) {
  for (const TakenAway& t : kTakenAway)
    if (p.id == t.probe && std::find(w.settings.begin(), w.settings.end(), t.setting) != w.settings.end()) return true;
  return false;
}

// Whether every candidate of `p` gives the same results in world `w` (its own settings replaced by the
// candidate's) on 64 generated cases of the probe's kernel.
bool candidates_coincide(const Probe& p, const Kernel& k, const World& w) {
  const std::vector<SwitchId> own = own_switches(p);
  std::vector<Switches> each;
  for (const Candidate& c : p.candidates) {
    Switches s;
    for (const std::string& setting : w.settings)
      if (std::find(own.begin(), own.end(), switch_named(setting.substr(0, setting.find('=')))) == own.end())
        set_switch(s, setting.substr(0, setting.find('=')), setting.substr(setting.find('=') + 1));
    for (const std::string& setting : c.settings)
      set_switch(s, setting.substr(0, setting.find('=')), setting.substr(setting.find('=') + 1));
    each.push_back(s);
  }
  for (const Case& c : make_cases(k, 64, 38)) {
    if (c.in.empty()) continue;
    for (std::size_t n = 1; n < each.size(); ++n)
      if (emulate(k, c.in, each[n]) != emulate(k, c.in, each[0])) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("Every probe reports the loopback GPU's own answer whatever the other questions' answers",
          "[device][probes]") {
  const auto all = every_kernel();
  int runs = 0, probes = 0, not_observable = 0;
  for (const Probe& p : all_probes()) {
    ++probes;
    const Kernel* kernel = probe_kernel(p, all);
    REQUIRE(kernel != nullptr);
    // The probe with those before it that answer its other questions, as one session runs them.
    std::vector<std::string> session = prerequisites(p, all);
    session.push_back(p.id);
    // Under the sanitizers (a memory check, about ten times slower, on the same code paths) each candidate
    // meets one of three worlds in turn, the other questions all at their defaults, all second or all last
    // (every kind across the candidates); the optimised run gives each candidate all three and every
    // other value one at a time.
    // Under the sanitizers also every other candidate only, alternating from probe to probe (each
    // probe keeps at least one; each candidate kind is reached across the probes).
    std::size_t turn = static_cast<std::size_t>(probes);
    std::size_t candidate_index = 0;
    for (const Candidate& c : p.candidates) {
      if (mxlane_test::kSanitized && p.candidates.size() > 1 &&
          (candidate_index++ + static_cast<std::size_t>(probes)) % 2 != 0)
        continue;
      const std::vector<World> worlds = worlds_for(p, c, !mxlane_test::kSanitized);
      const std::size_t first = mxlane_test::kSanitized ? turn++ % worlds.size() : 0;
      const std::size_t last = mxlane_test::kSanitized ? first + 1 : worlds.size();
      for (std::size_t n = first; n < last; ++n) {
        const World& w = worlds[n];
        RuntimeLauncher gpu(loopback_gpu(w.settings));
        std::ostringstream out;
        const auto results = run_probes(all, p.arch, gpu, out, nullptr, ProbeSelection{session, {}, true});
        CAPTURE(p.id, c.label, w.label, out.str());
        REQUIRE(results.size() == session.size());
        const ProbeResult& r = results.back();
        REQUIRE(r.id == p.id);
        if (taken_away(p, w)) {
          CHECK(r.not_observable);
          CHECK(r.matching.empty());
          CHECK(candidates_coincide(p, *kernel, w));
          ++not_observable;
        } else {
          CHECK(r.matching == std::vector<std::string>{c.label});
          CHECK(r.answered());
          // A GPU that answers differently from the emulator's own inputs would tell them apart.
          CHECK_FALSE(r.not_observable);
        }
        ++runs;
      }
    }
  }
  CHECK(probes >= 35);
  // About 17 other values per architecture, for each candidate; under the sanitizers one world for every
  // other candidate.
  CHECK(runs >= (mxlane_test::kSanitized ? 1 : 20) * probes);
  if (!mxlane_test::kSanitized) CHECK(not_observable > 0);  // the worlds that take a question away: all optimised
  CHECK(not_observable < runs / 20);
}

TEST_CASE("A probe's prerequisites: the earlier probes of its GPU that answer its other questions",
          "[device][probes]") {
  const auto all = every_kernel();
  const auto prerequisites = [&](const Probe& p) { return device::prerequisites(p, all); };
  const auto probe = [](const std::string& id) {
    for (const Probe& p : all_probes())
      if (p.id == id) return p;
    FAIL("no probe " << id);
    return Probe{};
  };
  const auto has = [](const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  // gfx908's subnormal question comes after the gfx908 MODE probe, not after gfx90a's.
  const auto c1 = prerequisites(probe("docs/cdna1.md E-C1-1"));
  CHECK(has(c1, "docs/cdna1.md E-C1-2"));
  CHECK_FALSE(has(c1, "docs/spec/numerics.md §E1 (round)"));
  // Inputs that decide alone, whatever the other answers: the f16 group size whichever K-doubled lane map
  // (the seeded 1.0 + 2^-24 hints), V_DOT2's output flush whichever adder, E3 whether or not MFMA follows
  // MODE (-0 is no denormal): none.
  for (const char* alone : {"docs/cdna4-numerics.md §6 E-C4-4 (f16)", "docs/spec/valu.md §8.1 (output flush)",
                            "docs/spec/numerics.md §E3"}) {
    CAPTURE(alone);
    CHECK(prerequisites(probe(alone)).empty());
  }
  // Every prerequisite is an earlier probe of the same GPU.
  const auto probes = all_probes();
  for (std::size_t n = 0; n < probes.size(); ++n)
    for (const std::string& id : prerequisites(probes[n])) {
      CAPTURE(probes[n].id, id);
      const auto at = std::find_if(probes.begin(), probes.end(), [&](const Probe& q) { return q.id == id; });
      REQUIRE(at != probes.end());
      CHECK(at - probes.begin() < static_cast<std::ptrdiff_t>(n));
      CHECK(at->arch == probes[n].arch);
    }
}

TEST_CASE("The other questions of a probe are its architecture's switches, less its own and MODE", "[device][probes]") {
  for (const Probe& p : all_probes()) {
    CAPTURE(p.id);
    const std::vector<SwitchId> own = own_switches(p), others = other_questions(p);
    for (SwitchId id : others) {
      CHECK((switch_archs(id) & arch_bit(find_arch(p.arch)->id)) != 0);
      CHECK_FALSE(switch_is_mode_field(id));
      CHECK(std::find(own.begin(), own.end(), id) == own.end());
    }
    for (const Candidate& c : p.candidates)
      for (const std::string& setting : c.settings)
        CHECK(std::find(own.begin(), own.end(), switch_named(setting.substr(0, setting.find('=')))) != own.end());
  }
  // gfx90a's NaN probe: the CBSZ model is another question there, cdna2_nan its own.
  for (const Probe& p : all_probes())
    if (p.id == "docs/spec/numerics.md §E2") {
      const auto others = other_questions(p);
      CHECK(std::find(others.begin(), others.end(), SwitchId::cbsz_model) != others.end());
      CHECK(std::find(others.begin(), others.end(), SwitchId::cdna2_nan) == others.end());
      CHECK(own_switches(p) == std::vector<SwitchId>{SwitchId::cdna2_nan});
    }
}

TEST_CASE("A kernel's MODE write as switch settings (FP_ROUND, FP_DENORM, FP16_OVFL)", "[device][probes]") {
  // s_setreg's immediate, written out from the ISA's encoding: (size - 1) << 11 | offset << 6 | HW_REG_MODE (1).
  const auto imm = [](int size, int offset) { return (size - 1) << 11 | offset << 6 | 1; };
  Kernel k;
  k.name = "k_test";
  CHECK(after_mode_write(k, Switches{}) == Switches{});  // no write
  k.mode_imm = imm(4, 0);
  k.mode_value = 0xF;  // both round fields 3: toward zero
  CHECK(after_mode_write(k, Switches{}).mode_round() == RoundMode::rtz);
  k.mode_value = 0x5;  // 1: toward +inf
  CHECK(after_mode_write(k, Switches{}).mode_round() == RoundMode::rup);
  k.mode_value = 0xA;  // 2: toward -inf
  CHECK(after_mode_write(k, Switches{}).mode_round() == RoundMode::rdn);
  k.mode_value = 0x6;  // binary32 -inf, binary16/64 +inf: no switch value says that
  CHECK_THROWS_AS(after_mode_write(k, Switches{}), InvalidArgument);
  const SwitchId keep_round[] = {SwitchId::mode_round};
  k.mode_value = 0xF;
  CHECK(after_mode_write(k, Switches{}, keep_round).mode_round() == RoundMode::rne);
  k.mode_imm = imm(4, 4);
  k.mode_value = 0x0;  // every denormal flushed
  Switches flushed = after_mode_write(k, Switches{});
  CHECK(flushed.mode_denorm_f32() == DenormMode::flush);
  CHECK(flushed.mode_denorm_f16_f64() == DenormMode::flush);
  CHECK(flushed.mode_round() == RoundMode::rne);
  k.mode_value = 0xC;  // binary32 flushed, binary16/64 kept
  CHECK(after_mode_write(k, Switches{}).mode_denorm_f32() == DenormMode::flush);
  CHECK(after_mode_write(k, Switches{}).mode_denorm_f16_f64() == DenormMode::preserve);
  k.mode_value = 0x1;  // input denormals kept, output flushed: no switch value
  CHECK_THROWS_AS(after_mode_write(k, Switches{}), InvalidArgument);
  k.mode_imm = imm(1, 23);
  k.mode_value = 1;
  CHECK(after_mode_write(k, Switches{}).fp16_ovfl() == ModeBit::on);
  k.mode_imm = imm(2, 3);  // half of FP_ROUND's top and FP_DENORM's bottom
  CHECK_THROWS_AS(after_mode_write(k, Switches{}), InvalidArgument);
  k.mode_imm = (4 - 1) << 11 | 0 << 6 | 2;  // another hardware register
  CHECK_THROWS_AS(after_mode_write(k, Switches{}), InvalidArgument);
  // The catalog's MODE kernels: each writes what its name says.
  for (const Kernel& kernel : every_kernel()) {
    if (kernel.name.find("__mode_rtz") != std::string::npos)
      CHECK(after_mode_write(kernel, Switches{}).mode_round() == RoundMode::rtz);
    if (kernel.name.find("__mode_ftz") != std::string::npos)
      CHECK(after_mode_write(kernel, Switches{}).mode_denorm_f32() == DenormMode::flush);
    if (kernel.name.find("__mode_ovfl") != std::string::npos)
      CHECK(after_mode_write(kernel, Switches{}).fp16_ovfl() == ModeBit::on);
  }
}

TEST_CASE("device probe --loopback-option: a GPU with other answers, and bad settings refused",
          "[device][probes][cli]") {
  std::ostringstream out, err;
  CHECK(mxlane::cli::run_cli(
            {"mxlane", "device", "probe", "--backend", "loopback", "--loopback-option", "cdna2_nan=propagate"}, out,
            err) == 0);
  const std::string text = out.str();
  CAPTURE(text, err.str());
  CHECK_THAT(text, Catch::Contains("docs/spec/numerics.md §E2") && Catch::Contains("matches cdna2_nan=propagate"));
  CHECK(text.find("matches none") == std::string::npos);
  CHECK(text.find("cannot decide") == std::string::npos);
  CHECK(text.find("skipped") == std::string::npos);
  // Every other probe keeps the default answer: outcome lines are the indented ones.
  std::size_t outcomes = 0, defaults = 0;
  for (std::size_t at = text.find("\n  "); at != std::string::npos; at = text.find("\n  ", at + 1)) {
    ++outcomes;
    defaults += text.compare(at + 3, 20, "matches the default:") == 0 ? 1 : 0;
  }
  CHECK(outcomes >= 35);
  CHECK(defaults == outcomes - 1);
  const auto refused = [](std::vector<std::string> args, const std::string& message) {
    std::vector<std::string> argv{"mxlane", "device", "probe"};
    argv.insert(argv.end(), args.begin(), args.end());
    std::ostringstream o, e;
    CAPTURE(args);
    CHECK(mxlane::cli::run_cli(argv, o, e) == 2);
    CHECK_THAT(e.str(), Catch::Contains(message));
  };
  refused({"--backend", "loopback", "--loopback-option", "cdna2_nans=propagate"},
          "--loopback-option: unknown switch 'cdna2_nans'");
  refused({"--backend", "loopback", "--loopback-option", "cdna2_nan=maybe"},
          "--loopback-option: switch cdna2_nan: unknown value 'maybe'");
  refused({"--backend", "loopback", "--loopback-option", "cdna2_nan"},
          "--loopback-option: 'cdna2_nan' is not NAME=VALUE");
  refused({"--backend", "loopback", "--arch", "gfx1100", "--loopback-option", "cdna2_nan=propagate"},
          "--loopback-option: switch cdna2_nan applies only to");
  refused({"--loopback-option", "cdna2_nan=propagate"},
          "--loopback-option: 'cdna2_nan=propagate' needs --backend loopback");
}
