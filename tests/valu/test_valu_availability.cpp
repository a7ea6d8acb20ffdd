// docs/spec/valu.md §1.2: per-builtin availability, transcribed in valu_test_support.hpp as data
// (builtin x gfx90a/gfx942/gfx950/gfx1030/gfx1100/gfx1200, plus "gfx908 matches gfx90a, gfx1150
// matches gfx1100"). Checks ValuDesc::available_on for every cell, the InvalidArgument thrown by the
// builtin-level API (naming every architecture that has the builtin), and `mxlane list --arch X
// --format json` (exactly the VALU builtins X has).
#include "support/catch_compat.hpp"

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "emu/insns/execute_valu.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/valu_desc.hpp"
#include "tools/mxlane/cli.hpp"
#include "valu/valu_test_support.hpp"

using namespace valu_test;

TEST_CASE("valu §1.2: the table has exactly the transcribed builtins", "[valu]") {
  std::set<std::string> table, spec;
  for (const mxlane::ValuDesc& d : mxlane::valu_table()) table.insert(std::string(d.builtin));
  for (const AvailabilityRow& r : availability_table()) spec.insert(r.builtin);
  CHECK(table == spec);
  CHECK(availability_table().size() == 38);
}

TEST_CASE("valu §1.2: available_on for every cell", "[valu]") {
  for (const AvailabilityRow& r : availability_table()) {
    const mxlane::ValuDesc* d = mxlane::find_valu(r.builtin);
    REQUIRE(d != nullptr);
    CHECK(d->builtin == r.builtin);
    for (ArchId a : kAllArchs) {
      const bool expected = r.cells[availability_column(a)] == 'Y';
      CAPTURE(r.builtin, arch_name(a), expected);
      CHECK(d->available_on(a) == expected);
    }
    // "gfx1150 matches the gfx1100 column": gfx1150 is an alias of gfx1100.
    const mxlane::ArchInfo* g1150 = mxlane::find_arch("gfx1150");
    REQUIRE(g1150 != nullptr);
    CHECK(g1150->id == ArchId::gfx1100);
    CAPTURE(r.builtin, "gfx1150");
    CHECK(d->available_on(g1150->id) == (r.cells[availability_column(ArchId::gfx1100)] == 'Y'));
  }
}

TEST_CASE("valu §1.2: valu_builtins_for_arch lists exactly the Y cells", "[valu]") {
  for (ArchId a : kAllArchs) {
    std::set<std::string> got, expected;
    for (const mxlane::ValuDesc* d : mxlane::valu_builtins_for_arch(a)) got.insert(std::string(d->builtin));
    for (const AvailabilityRow& r : availability_table())
      if (r.cells[availability_column(a)] == 'Y') expected.insert(r.builtin);
    CAPTURE(arch_name(a));
    CHECK(got == expected);
  }
}

namespace {

// One call of every builtin through the builtin-level API, one lane of zeros.
std::map<std::string, std::function<void(ArchId)>> all_calls() {
  const auto u = one<std::uint32_t>(0);
  const auto i = one<std::int32_t>(0);
  const auto u64 = one<std::uint64_t>(0);
  const auto u4 = one(b::uint4{});
  const auto h = one(b::half2{});
  const auto bf = one(b::bf16x2{});
  const auto s = one(b::short2{});
  const auto us = one(b::ushort2{});
  const auto f = one(mxlane::F32{});
  const auto f16 = one(mxlane::F16{});
  const auto i16 = one(std::int16_t{0});
  using A = ArchId;
  return {
      {"msad_u8", [=](A a) { b::msad_u8(a, u, u, u); }},
      {"sad_u8", [=](A a) { b::sad_u8(a, u, u, u); }},
      {"sad_hi_u8", [=](A a) { b::sad_hi_u8(a, u, u, u); }},
      {"sad_u16", [=](A a) { b::sad_u16(a, u, u, u); }},
      {"qsad_pk_u16_u8", [=](A a) { b::qsad_pk_u16_u8(a, u64, u, u64); }},
      {"mqsad_pk_u16_u8", [=](A a) { b::mqsad_pk_u16_u8(a, u64, u, u64); }},
      {"mqsad_u32_u8", [=](A a) { b::mqsad_u32_u8(a, u64, u, u4); }},
      {"sdot4", [=](A a) { b::sdot4(a, i, i, i, false); }},
      {"sdot8", [=](A a) { b::sdot8(a, i, i, i, false); }},
      {"sdot2", [=](A a) { b::sdot2(a, s, s, i, false); }},
      {"udot2", [=](A a) { b::udot2(a, us, us, u, false); }},
      {"udot4", [=](A a) { b::udot4(a, u, u, u, false); }},
      {"udot8", [=](A a) { b::udot8(a, u, u, u, false); }},
      {"sudot4", [=](A a) { b::sudot4(a, true, i, false, i, i, false); }},
      {"sudot8", [=](A a) { b::sudot8(a, true, i, false, i, i, false); }},
      {"fdot2", [=](A a) { b::fdot2(a, h, h, f, false); }},
      {"fdot2_f16_f16", [=](A a) { b::fdot2_f16_f16(a, h, h, f16); }},
      {"fdot2_bf16_bf16", [=](A a) { b::fdot2_bf16_bf16(a, s, s, i16); }},
      {"fdot2_f32_bf16", [=](A a) { b::fdot2_f32_bf16(a, s, s, f, false); }},
      {"fdot2c_f32_bf16", [=](A a) { b::fdot2c_f32_bf16(a, bf, bf, f, false); }},
      {"dot4_f32_fp8_bf8", [=](A a) { b::dot4_f32_fp8_bf8(a, u, u, f); }},
      {"dot4_f32_bf8_fp8", [=](A a) { b::dot4_f32_bf8_fp8(a, u, u, f); }},
      {"dot4_f32_fp8_fp8", [=](A a) { b::dot4_f32_fp8_fp8(a, u, u, f); }},
      {"dot4_f32_bf8_bf8", [=](A a) { b::dot4_f32_bf8_bf8(a, u, u, f); }},
      {"cvt_pkrtz", [=](A a) { b::cvt_pkrtz(a, f, f); }},
      {"cvt_pknorm_i16", [=](A a) { b::cvt_pknorm_i16(a, f, f); }},
      {"cvt_pknorm_u16", [=](A a) { b::cvt_pknorm_u16(a, f, f); }},
      {"cvt_pk_i16", [=](A a) { b::cvt_pk_i16(a, i, i); }},
      {"cvt_pk_u16", [=](A a) { b::cvt_pk_u16(a, u, u); }},
      {"cvt_pk_u8_f32", [=](A a) { b::cvt_pk_u8_f32(a, f, u, u); }},
      {"cvt_f32_fp8", [=](A a) { b::cvt_f32_fp8(a, i, 0); }},
      {"cvt_f32_bf8", [=](A a) { b::cvt_f32_bf8(a, i, 0); }},
      {"cvt_pk_f32_fp8", [=](A a) { b::cvt_pk_f32_fp8(a, i, false); }},
      {"cvt_pk_f32_bf8", [=](A a) { b::cvt_pk_f32_bf8(a, i, false); }},
      {"cvt_pk_fp8_f32", [=](A a) { b::cvt_pk_fp8_f32(a, f, f, i, false); }},
      {"cvt_pk_bf8_f32", [=](A a) { b::cvt_pk_bf8_f32(a, f, f, i, false); }},
      {"cvt_sr_fp8_f32", [=](A a) { b::cvt_sr_fp8_f32(a, f, i, i, 0); }},
      {"cvt_sr_bf8_f32", [=](A a) { b::cvt_sr_bf8_f32(a, f, i, i, 0); }},
  };
}

}  // namespace

TEST_CASE("valu §1.2: a builtin on an architecture without it throws, naming the ones that have it", "[valu]") {
  const auto calls = all_calls();
  REQUIRE(calls.size() == availability_table().size());
  for (const AvailabilityRow& r : availability_table()) {
    const auto it = calls.find(r.builtin);
    REQUIRE(it != calls.end());
    const std::vector<ArchId> have = archs_with(r.builtin);
    for (ArchId a : kAllArchs) {
      CAPTURE(r.builtin, arch_name(a));
      if (table_has(r.builtin, a)) {
        CHECK_NOTHROW(it->second(a));
        continue;
      }
      bool threw = false;
      try {
        it->second(a);
      } catch (const mxlane::InvalidArgument& e) {
        threw = true;
        const std::string msg = e.what();
        CAPTURE(msg);
        CHECK(msg.find(r.builtin) != std::string::npos);
        for (ArchId h : have) {
          CAPTURE(arch_name(h));
          CHECK(msg.find(arch_name(h)) != std::string::npos);
        }
      } catch (...) {
        FAIL("threw something other than mxlane::InvalidArgument");
      }
      CHECK(threw);
    }
  }
}

TEST_CASE("valu §1.2: execute_valu on an architecture without the builtin throws, naming the ones that have it",
          "[valu]") {
  for (const AvailabilityRow& r : availability_table()) {
    const mxlane::ValuDesc* d = mxlane::find_valu(r.builtin);
    REQUIRE(d != nullptr);
    for (ArchId a : kAllArchs) {
      if (table_has(r.builtin, a)) continue;
      CAPTURE(r.builtin, arch_name(a));
      mxlane::LaneRegFile regs(64, 32);
      try {
        mxlane::execute_valu(*d, a, regs, mxlane::ValuOperands{{0, 8, 16}, 24});
        FAIL("no exception");
      } catch (const mxlane::InvalidArgument& e) {
        const std::string msg = e.what();
        CAPTURE(msg);
        for (ArchId h : archs_with(r.builtin)) CHECK(msg.find(arch_name(h)) != std::string::npos);
      }
    }
  }
}

TEST_CASE("valu §1.2: mxlane list --arch X --format json lists exactly X's VALU builtins", "[valu]") {
  struct Query {
    const char* arg;
    ArchId column;
  };
  const Query queries[] = {{"gfx908", ArchId::gfx908},   {"gfx90a", ArchId::gfx90a},   {"gfx942", ArchId::gfx942},
                           {"gfx950", ArchId::gfx950},   {"gfx1030", ArchId::gfx1030}, {"gfx1100", ArchId::gfx1100},
                           {"gfx1200", ArchId::gfx1200}, {"gfx1150", ArchId::gfx1100}};
  for (const Query& q : queries) {
    CAPTURE(q.arg);
    std::ostringstream out, err;
    const int code = mxlane::cli::run_cli({"mxlane", "list", "--arch", q.arg, "--format", "json"}, out, err);
    REQUIRE(code == 0);
    const auto doc = nlohmann::json::parse(out.str());
    REQUIRE(doc.contains("instructions"));
    std::multiset<std::string> got;
    for (const auto& entry : doc["instructions"])
      if (entry.value("kind", "") == "valu") {
        std::string name = entry.at("builtin").get<std::string>();
        if (name.rfind("__builtin_amdgcn_", 0) == 0) name = name.substr(17);
        got.insert(name);
      }
    std::multiset<std::string> expected;
    for (const AvailabilityRow& r : availability_table())
      if (r.cells[availability_column(q.column)] == 'Y') expected.insert(r.builtin);
    CHECK(got == expected);
  }
}
