// The per-lane register file: wave sizes, banks, typed sub-dword access, pairs, exec mask.
#include "support/catch_compat.hpp"

#include "emu/isa/errors.hpp"
#include "emu/wave/lane_regfile.hpp"

using namespace mxlane;

TEST_CASE("Register files for gfx90a and gfx1100", "[wave][regfile]") {
  const LaneRegFile cdna2 = LaneRegFile::for_arch(arch_info(ArchId::gfx90a), 64);
  CHECK(cdna2.wave() == 64);
  CHECK(cdna2.num_regs(RegBank::vgpr) == 256);
  CHECK(cdna2.num_regs(RegBank::agpr) == 256);
  CHECK(cdna2.exec().bits() == ~std::uint64_t{0});
  const LaneRegFile rdna3 = LaneRegFile::for_arch(arch_info(ArchId::gfx1100), 32);
  CHECK(rdna3.wave() == 32);
  CHECK(rdna3.num_regs(RegBank::agpr) == 0);
  CHECK(rdna3.exec().bits() == 0xffffffffULL);
  CHECK(LaneRegFile::for_arch(arch_info(ArchId::gfx1100), 64).exec().active_count() == 64);
  CHECK_THROWS_AS(LaneRegFile::for_arch(arch_info(ArchId::gfx90a), 32), InvalidArgument);
  CHECK_THROWS_AS(LaneRegFile(48, 4), InvalidArgument);
}

TEST_CASE("Sub-dword fields are little-endian within a lane word", "[wave][regfile]") {
  LaneRegFile regs(32, 4);
  regs.set_word(2, 17, 0x87654321U);
  CHECK(regs.word(2, 17) == 0x87654321U);
  CHECK(regs.word(2, 16) == 0);  // other lanes untouched
  CHECK(regs.nibble(2, 17, 0) == 0x1);
  CHECK(regs.nibble(2, 17, 7) == 0x8);
  CHECK(regs.byte(2, 17, 0) == 0x21);
  CHECK(regs.byte(2, 17, 3) == 0x87);
  CHECK(regs.half(2, 17, 0) == 0x4321);
  CHECK(regs.half(2, 17, 1) == 0x8765);
  CHECK(regs.read(2, 17, 8, 8) == 0x43);

  regs.write(2, 17, 16, 16, 0xbeef);
  CHECK(regs.word(2, 17) == 0xbeef4321U);
  regs.write(2, 17, 4, 4, 0xa);
  CHECK(regs.word(2, 17) == 0xbeef43a1U);
  regs.write(2, 17, 24, 8, 0x00);
  CHECK(regs.word(2, 17) == 0x00ef43a1U);
}

TEST_CASE("64-bit values are register pairs, low word first", "[wave][regfile]") {
  LaneRegFile regs(64, 8);
  regs.write(4, 63, 0, 64, 0x0123456789abcdefULL);
  CHECK(regs.word(4, 63) == 0x89abcdefU);
  CHECK(regs.word(5, 63) == 0x01234567U);
  CHECK(regs.pair(4, 63) == 0x0123456789abcdefULL);
  CHECK_THROWS_AS(regs.write(7, 0, 0, 64, 1), InvalidArgument);  // v8 does not exist
  CHECK(regs.word(7, 0) == 0);                                   // nothing half-written
}

TEST_CASE("AccVGPRs are a separate bank", "[wave][regfile]") {
  LaneRegFile regs(64, 2, 2);
  regs.set_word(1, 3, 0x11111111U, RegBank::agpr);
  CHECK(regs.word(1, 3, RegBank::agpr) == 0x11111111U);
  CHECK(regs.word(1, 3, RegBank::vgpr) == 0);
  CHECK_THROWS_AS(LaneRegFile(64, 2).word(0, 0, RegBank::agpr), InvalidArgument);
}

TEST_CASE("Out-of-range and misaligned accesses are refused with a message", "[wave][regfile]") {
  LaneRegFile regs(32, 2);
  CHECK_THROWS_WITH(regs.word(2, 0), Catch::Contains("VGPR 2"));
  CHECK_THROWS_WITH(regs.word(0, 32), Catch::Contains("lane 32"));
  CHECK_THROWS_WITH(regs.word(-1, 0), Catch::Contains("VGPR -1"));
  CHECK_THROWS_AS(regs.read(0, 0, 4, 8), InvalidArgument);          // byte not byte-aligned
  CHECK_THROWS_AS(regs.read(0, 0, 0, 12), InvalidArgument);         // no 12-bit fields
  CHECK_THROWS_AS(regs.read(0, 0, 32, 4), InvalidArgument);         // past the word
  CHECK_THROWS_AS(regs.write(0, 0, 0, 8, 0x100), InvalidArgument);  // value too wide
}

TEST_CASE("Exec mask", "[wave][exec]") {
  ExecMask m = ExecMask::all(32);
  CHECK(m.active_count() == 32);
  m.set(5, false);
  CHECK_FALSE(m.active(5));
  CHECK(m.active(6));
  CHECK(m.bits() == 0xffffffdfULL);
  CHECK_FALSE(m.active(40));
  CHECK_THROWS_AS(m.set(32, true), InvalidArgument);
  CHECK_THROWS_WITH(ExecMask(32, 0x100000000ULL), Catch::Contains("beyond lane 31"));
  CHECK(ExecMask(64, 0x8000000000000001ULL).active_count() == 2);
}
