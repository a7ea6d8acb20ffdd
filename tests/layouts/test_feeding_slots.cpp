// FeedingSlots: which A/B/C slots feed a D element, against lanes derived by hand from docs/spec/layouts.md
// (§5.2, §5.3, §6, §8.1, §8.2, §8.4, §8.5), and against the emulator: setting exactly the named
// slots to 1 (and every other slot to 1 while they are 0) must make D[b][i][j] 1 (and 0).
#include "support/catch_compat.hpp"

#include <functional>
#include <set>
#include <tuple>

#include "emu/insns/execute.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/feeding_slots.hpp"

using namespace mxlane;

namespace {

const InstrDesc& inst(std::string_view arch, std::string_view name, int wave = 0) {
  const ArchInfo* a = find_arch(arch);
  return wave ? resolve_instruction(*a, name, wave) : resolve_instruction(*a, name);
}

Switches with(std::string_view name, std::string_view value) {
  Switches s;
  set_switch(s, name, value);
  return s;
}

// Checks a[k] (or b[k]) sits in `lane`, in the 16-bit half k mod 2 of VGPR `vgpr_of_k(k)`.
template <class VgprOfK>
void check_halves(const std::vector<FeedingSlot>& feed, int lane, VgprOfK vgpr_of_k) {
  for (int k = 0; k < static_cast<int>(feed.size()); ++k) {
    INFO("k = " << k);
    const Slot& s = feed[static_cast<std::size_t>(k)].read.slot;
    CHECK(s.lane == lane);
    CHECK(s.vgpr == vgpr_of_k(k));
    CHECK(s.bit_lo == 16 * (k % 2));
    CHECK(s.bit_hi == 16 * (k % 2) + 15);
  }
}

}  // namespace

TEST_CASE("RDNA3 D[3][5] reads the A/B copies of its lane group", "[layouts][feeding]") {
  // docs/spec/layouts.md §6: D[i][j] (wave32) is VGPR i/2, lane 16*(i mod 2) + j: D[3][5] = v1{21}, lane group 1.
  // A[i][k] sits in lanes i and i+16, VGPR k/2, half k mod 2; B[k][j] in lanes j and j+16.
  // §8.5 (rocjitsu): lane group 1 reads copy 1, so A from lane 19 and B from lane 21.
  const InstrDesc& w32 = inst("gfx1100", "wmma_f32_16x16x16_f16_w32");
  const OutputFeeds f = output_feeds(w32, {}, {}, 0, 3, 5);
  CHECK(f.d.slot == Slot{21, 1, 0, 31});
  CHECK(f.c.read.slot == Slot{21, 1, 0, 31});
  REQUIRE(f.a.size() == 16);
  REQUIRE(f.b.size() == 16);
  check_halves(f.a, 19, [](int k) { return k / 2; });
  check_halves(f.b, 21, [](int k) { return k / 2; });
  for (int k = 0; k < 16; ++k) {
    CHECK(f.a[static_cast<std::size_t>(k)].read.row == 3);
    CHECK(f.a[static_cast<std::size_t>(k)].read.col == k);
    CHECK(f.b[static_cast<std::size_t>(k)].read.row == k);
    CHECK(f.b[static_cast<std::size_t>(k)].read.col == 5);
    CHECK(f.a[static_cast<std::size_t>(k)].read.replica == 1);
  }

  // Wave64: D[3][5] is VGPR 3/4 = 0, lane 16*3 + 5 = 53 (group 3): A from lane 3+48, B from 5+48.
  const OutputFeeds f64 = output_feeds(inst("gfx1100", "wmma_f32_16x16x16_f16_w64"), {}, {}, 0, 3, 5);
  CHECK(f64.d.slot == Slot{53, 0, 0, 31});
  check_halves(f64.a, 51, [](int k) { return k / 2; });
  check_halves(f64.b, 53, [](int k) { return k / 2; });

  // The calculator's model (rdna3_replica=group0): every output reads copy 0, lanes 3 and 5.
  const OutputFeeds g0 = output_feeds(w32, {}, with("rdna3_replica", "group0"), 0, 3, 5);
  check_halves(g0.a, 3, [](int k) { return k / 2; });
  check_halves(g0.b, 5, [](int k) { return k / 2; });
}

TEST_CASE("CDNA2 feeds: K groups, CBSZ/ABID sources and BLGP lanes", "[layouts][feeding]") {
  // 32x32x8f16 (§5.2: Kl = 4): A[5][k] in lane 5 + 32*(k/4), VGPR (k mod 4)/2; B[k][7] in lane
  // 7 + 32*(k/4). §5.3: C[5][7] is VGPR 4*(5/8) + 5 mod 4 = 1, lane 7 + 32*((5/4) mod 2) = 39.
  const OutputFeeds f = output_feeds(inst("gfx90a", "v_mfma_f32_32x32x8f16"), {}, {}, 0, 5, 7);
  REQUIRE(f.a.size() == 8);
  for (int k = 0; k < 8; ++k) {
    INFO("k = " << k);
    CHECK(f.a[static_cast<std::size_t>(k)].read.slot ==
          Slot{5 + 32 * (k / 4), (k % 4) / 2, 16 * (k % 2), 16 * (k % 2) + 15});
    CHECK(f.b[static_cast<std::size_t>(k)].read.slot ==
          Slot{7 + 32 * (k / 4), (k % 4) / 2, 16 * (k % 2), 16 * (k % 2) + 15});
  }
  CHECK(f.c.read.slot == Slot{39, 1, 0, 31});

  // 16x16x4f16, 4 blocks, Kl = 4, full broadcast cbsz=2 abid=1: block 3 reads A from block 1, lane
  // 2 + 16*1 = 18 (not its own 2 + 48). BLGP 3 (§8.2) reads lane (L+16) mod 64: B[3][k][4] lives in
  // lane 4 + 48 = 52 and is read from lane 4. §5.3: D[3][2][4] is VGPR 4*3 + 2 = 14, lane 4.
  Modifiers m;
  m.cbsz = 2;
  m.abid = 1;
  m.blgp = 3;
  const OutputFeeds bc = output_feeds(inst("gfx90a", "v_mfma_f32_16x16x4f16"), m, {}, 3, 2, 4);
  CHECK(bc.d.slot == Slot{4, 14, 0, 31});
  check_halves(bc.a, 18, [](int k) { return k / 2; });
  check_halves(bc.b, 4, [](int k) { return k / 2; });
  for (const FeedingSlot& s : bc.a) {  // the element is block 3's; its slot holds block 1's
    CHECK(s.read.block == 3);
    CHECK(s.source.block == 1);
  }

  // 4x4x4f16, 16 blocks, partial broadcast cbsz=2 abid=1 (§8.1): A[b][1][k] lives in lane 1 + 4b.
  // ISA model: lane l reads (l mod 16) + 16, so block 0 reads lane 17 and block 9 (lane 37) lane 21.
  // Calculator model: block b reads block (b & ~3) + 1: block 0 reads lane 5, block 9 lane 37.
  m = Modifiers{};
  m.cbsz = 2;
  m.abid = 1;
  const InstrDesc& quad = inst("gfx90a", "v_mfma_f32_4x4x4f16");
  CHECK(output_feeds(quad, m, {}, 0, 1, 2).a[0].read.slot.lane == 17);
  CHECK(output_feeds(quad, m, {}, 9, 1, 2).a[0].read.slot.lane == 21);
  CHECK(output_feeds(quad, m, with("cbsz_model", "calculator"), 0, 1, 2).a[0].read.slot.lane == 5);
  CHECK(output_feeds(quad, m, with("cbsz_model", "calculator"), 9, 1, 2).a[0].read.slot.lane == 37);

  // f64 16x16x4 (§5.2, §5.3): A[6][k] in lane 6 + 16k, B[k][9] in lane 9 + 16k, each a VGPR pair
  // v[1:0]; C[6][9] in pair p = 6/4 = 1 (VGPRs 2, 3), lane 9 + 16*(6 mod 4) = 41.
  const OutputFeeds dbl = output_feeds(inst("gfx90a", "v_mfma_f64_16x16x4f64"), {}, {}, 0, 6, 9);
  for (int k = 0; k < 4; ++k) {
    CHECK(dbl.a[static_cast<std::size_t>(k)].read.slot == Slot{6 + 16 * k, 0, 0, 63});
    CHECK(dbl.b[static_cast<std::size_t>(k)].read.slot == Slot{9 + 16 * k, 0, 0, 63});
  }
  CHECK(dbl.c.read.slot == Slot{41, 2, 0, 63});
}

TEST_CASE("Feeds carry NEG/NEG_HI and |C| as read", "[layouts][feeding]") {
  // §8.4: NEG[0] negates A values in bits [15:0] (even k), NEG_HI[1] B values in bits [31:16] (odd
  // k); NEG[2] negates C and NEG_HI[2] takes |C| first.
  Modifiers m;
  m.neg = 1 | 4;
  m.neg_hi = 2 | 4;
  const OutputFeeds f = output_feeds(inst("gfx1100", "wmma_f16_16x16x16_f16_w32"), m, {}, 0, 0, 0);
  for (int k = 0; k < 16; ++k) {
    CHECK(f.a[static_cast<std::size_t>(k)].read.negated == (k % 2 == 0));
    CHECK(f.b[static_cast<std::size_t>(k)].read.negated == (k % 2 == 1));
  }
  CHECK(f.c.read.negated);
  CHECK(f.c.read.absolute);
  CHECK_FALSE(f.d.negated);
}

TEST_CASE("Feeds reject illegal modifiers and coordinates outside D", "[layouts][feeding]") {
  const InstrDesc& d = inst("gfx90a", "v_mfma_f32_32x32x8f16");
  Modifiers m;
  m.cbsz = 1;  // single-block: CBSZ is illegal (§8.1)
  CHECK_THROWS_AS(FeedingSlots(d, m), InvalidArgument);
  const FeedingSlots feeds(d);
  CHECK_THROWS_AS(feeds.of(0, 32, 0), InvalidArgument);
  CHECK_THROWS_AS(feeds.of(1, 0, 0), InvalidArgument);
}

namespace {

// The bit pattern of 1 in each element type.
std::uint64_t one(ElemType t) {
  switch (t) {
    case ElemType::f64: return 0x3ff0000000000000;
    case ElemType::f32: return 0x3f800000;
    case ElemType::f16: return 0x3c00;
    case ElemType::bf16: return 0x3f80;
    default: return 1;  // i8, i32, iu8, iu4
  }
}

struct Case {
  const char* arch;
  const char* name;
  int wave;
  Modifiers mods;
  Switches switches;
};

constexpr OperandRegs kA{0}, kB{16}, kC{32}, kD{128};

using SlotKey = std::tuple<int, int, int>;  // lane, vgpr, bit_lo
SlotKey key(const Slot& s) { return {s.lane, s.vgpr, s.bit_lo}; }

// D[b][i][j] after running the instruction with A/B/C slots set by `value_of`.
std::uint64_t run_one(const InstrDesc& d, const Case& c, const Placement& target,
                      const std::function<std::uint64_t(Operand, const Placement&)>& value_of) {
  LaneRegFile regs = LaneRegFile::for_arch(arch_info(d.arch), d.wave);
  const OperandRegs bases[] = {kA, kB, kC};
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const OperandLayout l(d, op, c.mods, c.switches);
    // Remapped placements share slots; write each slot once, from its own (first) placement.
    std::set<SlotKey> written;
    for (const Placement& p : l.all())
      if (written.insert(key(p.slot)).second)
        write_slot(regs, bases[static_cast<int>(op)].base, p.slot, value_of(op, p));
  }
  execute_matrix(d, regs, {kA, kB, kC, kD, {}, {}, {}}, c.mods, c.switches);
  return read_slot(regs, kD.base, target.slot);
}

}  // namespace

TEST_CASE("The emulator reads exactly the feeding slots", "[layouts][feeding]") {
  auto mods = [](int cbsz, int abid, int blgp, int opsel) {
    Modifiers m;
    m.cbsz = cbsz;
    m.abid = abid;
    m.blgp = blgp;
    m.opsel = opsel;
    return m;
  };
  const Case cases[] = {
      {"gfx1100", "wmma_f32_16x16x16_f16_w32", 32, {}, {}},
      {"gfx1100", "wmma_f32_16x16x16_f16_w64", 64, {}, {}},
      {"gfx1100", "wmma_f32_16x16x16_bf16_w32", 32, {}, with("rdna3_replica", "group0")},
      {"gfx1100", "wmma_f16_16x16x16_f16_w32", 32, mods(0, 0, 0, 4), {}},
      {"gfx1100", "wmma_i32_16x16x16_iu4_w64", 64, {}, {}},
      {"gfx90a", "v_mfma_f32_32x32x8f16", 64, mods(0, 0, 1, 0), {}},
      {"gfx90a", "v_mfma_f32_16x16x4f16", 64, mods(2, 1, 3, 0), {}},
      {"gfx90a", "v_mfma_f32_4x4x4f16", 64, mods(2, 1, 0, 0), {}},
      {"gfx90a", "v_mfma_f32_4x4x4f16", 64, mods(2, 1, 0, 0), with("cbsz_model", "calculator")},
      {"gfx90a", "v_mfma_f32_32x32x1f32", 64, mods(1, 1, 0, 0), {}},
      {"gfx90a", "v_mfma_i32_16x16x4i8", 64, mods(0, 0, 5, 0), {}},
      {"gfx90a", "v_mfma_f64_16x16x4f64", 64, {}, {}},
      {"gfx90a", "v_mfma_f64_4x4x4f64", 64, {}, {}},
  };
  for (const Case& c : cases) {
    const InstrDesc& d = inst(c.arch, c.name, c.wave);
    INFO(d.builtin << " " << format_modifiers(d, c.mods));
    const FeedingSlots feeds(d, c.mods, c.switches);
    const int targets[][3] = {
        {0, 0, 0}, {d.blocks - 1, d.m - 1, d.n - 1}, {d.blocks / 2, (d.m / 2 + 1) % d.m, d.n / 3}};
    for (const auto& t : targets) {
      INFO("D[" << t[0] << "][" << t[1] << "][" << t[2] << "]");
      const OutputFeeds f = feeds.of(t[0], t[1], t[2]);
      std::set<SlotKey> fa, fb;
      for (const FeedingSlot& s : f.a) fa.insert(key(s.read.slot));
      for (const FeedingSlot& s : f.b) fb.insert(key(s.read.slot));
      // Every slot set to 1 except the feeding ones: every product has a zero factor, C is 0.
      const std::uint64_t rest = run_one(d, c, f.d, [&](Operand op, const Placement& p) -> std::uint64_t {
        if (op == Operand::C) return 0;
        const auto& feeding = op == Operand::A ? fa : fb;
        return feeding.count(key(p.slot)) ? 0 : one(d.type(op));
      });
      CHECK(rest == 0);
      // Only C's feeding slot set: D = C = 1.
      CHECK(run_one(d, c, f.d, [&](Operand op, const Placement& p) -> std::uint64_t {
              return op == Operand::C && p.slot == f.c.read.slot ? one(d.c_type) : 0;
            }) == one(d.d_type));
      // Only the k-th A and B feeding slots set: D = 1 * 1.
      for (std::size_t k = 0; k < f.a.size(); ++k) {
        INFO("k = " << k);
        CHECK(run_one(d, c, f.d, [&](Operand op, const Placement& p) -> std::uint64_t {
                if (op == Operand::A && p.slot == f.a[k].read.slot) return one(d.a_type);
                if (op == Operand::B && p.slot == f.b[k].read.slot) return one(d.b_type);
                return 0;
              }) == one(d.d_type));
      }
    }
  }
}
