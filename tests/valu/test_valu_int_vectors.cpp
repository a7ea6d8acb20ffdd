// docs/spec/valu.md §3.8 (SAD) and §4.2 (integer dots): every test vector, on every architecture
// that has the builtin according to the §1.2 table. All of these vectors are [DERIVED] in the spec.
// Expected values are copied from the spec tables, never computed here.
#include "support/catch_compat.hpp"

#include "valu/valu_test_support.hpp"

using namespace valu_test;

namespace {

struct Sad32 {
  const char* row;
  const char* builtin;
  std::uint32_t s0, s1, s2, expected;
};

std::vector<std::uint32_t> call_sad32(const std::string& builtin, ArchId a, std::uint32_t s0, std::uint32_t s1,
                                      std::uint32_t s2) {
  const auto x = one(s0), y = one(s1), z = one(s2);
  if (builtin == "sad_u8") return b::sad_u8(a, x, y, z);
  if (builtin == "sad_hi_u8") return b::sad_hi_u8(a, x, y, z);
  if (builtin == "msad_u8") return b::msad_u8(a, x, y, z);
  if (builtin == "sad_u16") return b::sad_u16(a, x, y, z);
  FAIL("no such builtin " << builtin);
  return {};
}

}  // namespace

TEST_CASE("valu §3.8: sad_u8 / sad_hi_u8 / msad_u8 / sad_u16 vectors", "[valu]") {
  // [DERIVED] docs/spec/valu.md §3.8
  const Sad32 rows[] = {
      {"3.8 sad_u8 #1", "sad_u8", 0x01020304, 0x04030201, 0x00000010, 0x00000018},
      {"3.8 sad_u8 #2 (full 32-bit S2)", "sad_u8", 0xFF00FF00, 0x00FF00FF, 0xFFFFFC00, 0xFFFFFFFC},
      {"3.8 sad_hi_u8 #1", "sad_hi_u8", 0x01020304, 0x04030201, 0x00000010, 0x00080010},
      {"3.8 sad_hi_u8 #2", "sad_hi_u8", 0xFF00FF00, 0x00FF00FF, 0x00010002, 0x03FD0002},
      {"3.8 msad_u8 #1 (bytes 0 and 3 masked)", "msad_u8", 0x10203040, 0x00304000, 0x00000005, 0x00000025},
      {"3.8 msad_u8 #2 (everything masked)", "msad_u8", 0xFFFFFFFF, 0x00000000, 0x12345678, 0x12345678},
      {"3.8 sad_u16 #1", "sad_u16", 0x0001FFFF, 0xFFFF0001, 0x00000000, 0x0001FFFC},
      {"3.8 sad_u16 #2 (wrap)", "sad_u16", 0x80007FFF, 0x7FFF8000, 0xFFFFFFFE, 0x00000000},
  };
  for (const Sad32& r : rows)
    for (ArchId a : archs_with(r.builtin)) {
      CAPTURE(r.row, "[DERIVED]", arch_name(a));
      const auto d = call_sad32(r.builtin, a, r.s0, r.s1, r.s2);
      REQUIRE(d.size() == 1);
      CHECK(d[0] == r.expected);
    }
}

TEST_CASE("valu §3.8: qsad_pk_u16_u8 / mqsad_pk_u16_u8 vectors", "[valu]") {
  struct Row {
    const char* row;
    bool masked;  // mqsad_pk
    std::uint64_t s0;
    std::uint32_t s1;
    std::uint64_t s2, expected;
  };
  // [DERIVED] docs/spec/valu.md §3.8
  const Row rows[] = {
      {"3.8 qsad_pk #1", false, 0x0706050403020100, 0x03020100, 0x0004000300020001, 0x0010000B00060001},
      {"3.8 mqsad_pk #1 (same inputs)", true, 0x0706050403020100, 0x03020100, 0x0004000300020001, 0x000D000900050001},
      {"3.8 qsad_pk #2 (16-bit wrap in slots 2 and 3)", false, 0x8877665544332211, 0x00004422, 0xFFFEFFFDF00F0001,
       0x010E00C9F0B900AB},
      {"3.8 mqsad_pk #2 (same inputs)", true, 0x8877665544332211, 0x00004422, 0xFFFEFFFDF00F0001, 0x0031000EF0200034},
      {"3.8 qsad_pk #3", false, 0x00000000FFFFFFFF, 0x01010101, 0xFFF0FFF0FFF0FFF0, 0x00F101EE02EB03E8},
      {"3.8 qsad_pk #3 (mqsad_pk gives the same; no zero bytes in S1)", true, 0x00000000FFFFFFFF, 0x01010101,
       0xFFF0FFF0FFF0FFF0, 0x00F101EE02EB03E8},
  };
  for (const Row& r : rows) {
    const char* builtin = r.masked ? "mqsad_pk_u16_u8" : "qsad_pk_u16_u8";
    for (ArchId a : archs_with(builtin)) {
      CAPTURE(r.row, "[DERIVED]", arch_name(a));
      const auto x = one(r.s0);
      const auto y = one(r.s1);
      const auto z = one(r.s2);
      const auto d = r.masked ? b::mqsad_pk_u16_u8(a, x, y, z) : b::qsad_pk_u16_u8(a, x, y, z);
      REQUIRE(d.size() == 1);
      CHECK(d[0] == r.expected);
    }
  }
}

TEST_CASE("valu §3.8: mqsad_u32_u8 vectors", "[valu]") {
  for (ArchId a : archs_with("mqsad_u32_u8")) {
    CAPTURE(arch_name(a));
    {
      // [DERIVED] §3.8 mqsad_u32 #1
      const auto d = b::mqsad_u32_u8(a, one<std::uint64_t>(0x8877665544332211), one<std::uint32_t>(0x00004422),
                                     one(b::uint4{0xFFFFFF00, 0xFFFFFF10, 0xFFFFFF20, 0xFFFFFF30}));
      REQUIRE(d.size() == 1);
      CHECK(d[0] == b::uint4{0xFFFFFF33, 0xFFFFFF21, 0xFFFFFF31, 0xFFFFFF63});
    }
    {
      // [DERIVED] §3.8 mqsad_u32 #2: 32-bit wrap (ISA pseudo-code, the spec's choice and the default)
      const auto d = b::mqsad_u32_u8(a, one<std::uint64_t>(0x00000000FFFFFFFF), one<std::uint32_t>(0x01000001),
                                     one(b::uint4{0xFFFFFFFF, 0, 1, 0x80000000}));
      REQUIRE(d.size() == 1);
      CHECK(d[0] == b::uint4{0x000001FB, 0x000000FF, 0x00000100, 0x800000FF});
    }
    {
      // §3.8 mqsad_u32 #2 "CLRX would say 0xFFFFFFFF": the mqsad_u32_overflow=saturate alternative.
      // The other three dwords do not overflow, so saturation leaves them as in the row above.
      const auto d =
          b::mqsad_u32_u8(a, one<std::uint64_t>(0x00000000FFFFFFFF), one<std::uint32_t>(0x01000001),
                          one(b::uint4{0xFFFFFFFF, 0, 1, 0x80000000}), switches_with("mqsad_u32_overflow", "saturate"));
      REQUIRE(d.size() == 1);
      CHECK(d[0] == b::uint4{0xFFFFFFFF, 0x000000FF, 0x00000100, 0x800000FF});
    }
  }
}

namespace {

// One §4.2 row: the builtin, its arguments as 32-bit words, and the expected result word.
struct IntDot {
  const char* row;
  const char* builtin;
  bool a_signed, b_signed;  // sudot only
  std::uint32_t a, b_, c;
  bool clamp;
  std::uint32_t expected;
};

std::uint32_t call_int_dot(const IntDot& r, ArchId arch) {
  const std::string n = r.builtin;
  const auto ci = one(i32(r.c));
  const auto cu = one(r.c);
  std::vector<std::uint32_t> out;
  if (n == "udot4") return b::udot4(arch, one(r.a), one(r.b_), cu, r.clamp).at(0);
  if (n == "udot8") return b::udot8(arch, one(r.a), one(r.b_), cu, r.clamp).at(0);
  if (n == "sdot4") return u32(b::sdot4(arch, one(i32(r.a)), one(i32(r.b_)), ci, r.clamp).at(0));
  if (n == "sdot8") return u32(b::sdot8(arch, one(i32(r.a)), one(i32(r.b_)), ci, r.clamp).at(0));
  if (n == "sdot2") return u32(b::sdot2(arch, one(s2(r.a)), one(s2(r.b_)), ci, r.clamp).at(0));
  if (n == "udot2") return b::udot2(arch, one(us2(r.a)), one(us2(r.b_)), cu, r.clamp).at(0);
  if (n == "sudot4")
    return u32(b::sudot4(arch, r.a_signed, one(i32(r.a)), r.b_signed, one(i32(r.b_)), ci, r.clamp).at(0));
  if (n == "sudot8")
    return u32(b::sudot8(arch, r.a_signed, one(i32(r.a)), r.b_signed, one(i32(r.b_)), ci, r.clamp).at(0));
  FAIL("no such builtin " << n);
  return 0;
}

}  // namespace

TEST_CASE("valu §4.2: integer dot vectors", "[valu]") {
  // [DERIVED] docs/spec/valu.md §4.2
  const IntDot rows[] = {
      {"4.2 udot4 #1", "udot4", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 0x00000000, false, 0x0003F804},
      {"4.2 udot4 #2 (wrap)", "udot4", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, false, 0x0003F803},
      {"4.2 udot4 #3 (saturate)", "udot4", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, true, 0xFFFFFFFF},
      {"4.2 sdot4 #1 (-10)", "sdot4", false, false, 0xFFFFFFFF, 0x01020304, 0x00000000, false, 0xFFFFFFF6},
      {"4.2 sdot4 #2 (wrap)", "sdot4", false, false, 0x80808080, 0x80808080, 0x7FFFFFFF, false, 0x8000FFFF},
      {"4.2 sdot4 #3", "sdot4", false, false, 0x80808080, 0x80808080, 0x7FFFFFFF, true, 0x7FFFFFFF},
      {"4.2 sdot4 #4", "sdot4", false, false, 0x80808080, 0x7F7F7F7F, 0x80000000, true, 0x80000000},
      {"4.2 udot8 #1", "udot8", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 0x00000010, false, 0x00000718},
      {"4.2 sdot8 #1 ((-1)(-8) x 8)", "sdot8", false, false, 0xFFFFFFFF, 0x88888888, 0x00000000, false, 0x00000040},
      {"4.2 sdot8 #2", "sdot8", false, false, 0x77777777, 0x88888888, 0x80000000, true, 0x80000000},
      {"4.2 sudot4 #1 (a signed)", "sudot4", true, false, 0xFFFFFFFF, 0xFFFFFFFF, 0, false, 0xFFFFFC04},
      {"4.2 sudot4 #1' (b signed: gives the same)", "sudot4", false, true, 0xFFFFFFFF, 0xFFFFFFFF, 0, false,
       0xFFFFFC04},
      {"4.2 sudot4 #2 (both unsigned, signed saturation)", "sudot4", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF,
       true, 0x7FFFFFFF},
      {"4.2 sudot8 #1 ((-1)(15) + 5)", "sudot8", true, false, 0x0000000F, 0x0000000F, 5, false, 0xFFFFFFF6},
      {"4.2 sdot2 #1 (2^31 wraps)", "sdot2", false, false, 0x80008000, 0x80008000, 0, false, 0x80000000},
      {"4.2 sdot2 #2", "sdot2", false, false, 0x80008000, 0x80008000, 0, true, 0x7FFFFFFF},
      {"4.2 udot2 #1", "udot2", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 1, false, 0xFFFC0003},
      {"4.2 udot2 #2", "udot2", false, false, 0xFFFFFFFF, 0xFFFFFFFF, 3, true, 0xFFFFFFFF},
  };
  for (const IntDot& r : rows) {
    const auto archs = archs_with(r.builtin);
    REQUIRE(!archs.empty());
    for (ArchId a : archs) {
      CAPTURE(r.row, "[DERIVED]", arch_name(a));
      CHECK(call_int_dot(r, a) == r.expected);
    }
  }
}
