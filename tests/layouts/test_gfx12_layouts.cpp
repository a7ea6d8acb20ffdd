// The gfx12 WMMA layout builders against the closed forms of docs/rdna4.md §2, written out here
// independently (lane, VGPR and bit offset of every element), for every element size, K and wave size.
#include "support/catch_compat.hpp"

#include <set>
#include <tuple>

#include "layouts/gfx12_layouts.hpp"
#include "tests/support/gfx12_closed_forms.hpp"

using namespace mxlane;

namespace {

InstrDesc shape(ElemType in, ElemType out, int k, int wave) {
  InstrDesc d{};
  d.arch = ArchId::gfx1200;
  d.family_id = MatrixFamilyId::wmma;  // not read by the gfx12 builders
  d.wave = wave;
  d.m = d.n = 16;
  d.k = k;
  d.blocks = 1;
  d.a_type = d.b_type = in;
  d.c_type = d.d_type = out;
  return d;
}

using mxlane_test::Place;

// docs/rdna4.md §2.4 for D[i][j]; 16-bit elements packed two rows to a VGPR.
Place output_formula(int bits, int wave, int i, int j) {
  const int lane = wave == 32 ? 16 * (i / 8) + j : 32 * ((i / 4) % 2) + 16 * (i / 8) + j;
  const int row_item = wave == 32 ? i % 8 : i % 4;
  return {lane, row_item * bits / 32, row_item * bits % 32};
}

Place place_of(const BitLayout& l, const Coords& c, int bits) {
  const int item = l.item_of(c);
  return {l.lane_of(c), item * bits / 32, item * bits % 32};
}

}  // namespace

TEST_CASE("gfx12 A/B layouts follow docs/rdna4.md §2.1-§2.3", "[layouts][gfx12]") {
  struct Case {
    ElemType type;
    int bits, k, vgprs32, vgprs64;
  };
  for (const Case& c :
       {Case{ElemType::f16, 16, 16, 4, 2}, Case{ElemType::bf16, 16, 16, 4, 2}, Case{ElemType::iu8, 8, 16, 2, 1},
        Case{ElemType::fp8, 8, 16, 2, 1}, Case{ElemType::iu4, 4, 16, 1, 1}, Case{ElemType::iu4, 4, 32, 2, 1}}) {
    for (int wave : {32, 64}) {
      const InstrDesc d = shape(c.type, ElemType::f32, c.k, wave);
      for (Operand op : {Operand::A, Operand::B}) {
        const BitLayout l = gfx12_input_layout(d, op);
        CAPTURE(c.bits, c.k, wave, l.describe());
        CHECK(l.lanes() == wave);
        CHECK((l.items() * c.bits + 31) / 32 == (wave == 32 ? c.vgprs32 : c.vgprs64));
        std::set<Place> seen;
        for (int mn = 0; mn < 16; ++mn)
          for (int k = 0; k < c.k; ++k) {
            const Coords at = op == Operand::A ? Coords{0, mn, k, 0} : Coords{0, k, mn, 0};
            const Place got = place_of(l, at, c.bits);
            CHECK(got == mxlane_test::gfx12_input_formula(c.bits, c.k, wave, mn, k));
            seen.insert(got);
            const Coords back = l.coords_at(got.lane, l.item_of(at));
            CHECK(back == at);
          }
        CHECK(seen.size() == static_cast<std::size_t>(16 * c.k));  // no element stored twice in replica 0
      }
    }
  }
}

TEST_CASE("gfx12 C/D layouts follow docs/rdna4.md §2.4, 16-bit packed", "[layouts][gfx12]") {
  for (ElemType out : {ElemType::f32, ElemType::i32, ElemType::f16, ElemType::bf16})
    for (int wave : {32, 64}) {
      const InstrDesc d = shape(ElemType::f16, out, 16, wave);
      const BitLayout l = gfx12_output_layout(d);
      const int bits = elem_bits(out);
      CAPTURE(bits, wave, l.describe());
      CHECK(l.lanes() == wave);
      CHECK(l.items() * bits / 32 == (bits == 32 ? 256 / wave : 128 / wave));
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) CHECK(place_of(l, Coords{0, i, j, 0}, bits) == output_formula(bits, wave, i, j));
    }
}
