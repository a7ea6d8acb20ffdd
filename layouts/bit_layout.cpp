// Gathering and scattering index bits of a BitLayout.
#include "layouts/bit_layout.hpp"

#include "fmt/format.h"

namespace mxlane {
namespace {

int coordinate(const Coords& c, Coord which) {
  switch (which) {
    case Coord::row: return c.row;
    case Coord::col: return c.col;
    case Coord::block: return c.block;
    case Coord::replica: return c.replica;
  }
  return 0;
}

int& coordinate(Coords& c, Coord which) {
  switch (which) {
    case Coord::row: return c.row;
    case Coord::col: return c.col;
    case Coord::block: return c.block;
    case Coord::replica: return c.replica;
  }
  return c.row;
}

int gather(const std::vector<BitRef>& bits, const Coords& c) {
  int index = 0;
  for (std::size_t n = 0; n < bits.size(); ++n) index |= ((coordinate(c, bits[n].coord) >> bits[n].bit) & 1) << n;
  return index;
}

void scatter(const std::vector<BitRef>& bits, int index, Coords& c) {
  for (std::size_t n = 0; n < bits.size(); ++n) coordinate(c, bits[n].coord) |= ((index >> n) & 1) << bits[n].bit;
}

const char* coord_name(Coord c) {
  switch (c) {
    case Coord::row: return "row";
    case Coord::col: return "col";
    case Coord::block: return "block";
    case Coord::replica: return "replica";
  }
  return "?";
}

}  // namespace

int BitLayout::extent(Coord coord) const {
  int count = 0;
  for (const BitRef& b : lane_bits) count += b.coord == coord ? 1 : 0;
  for (const BitRef& b : item_bits) count += b.coord == coord ? 1 : 0;
  return 1 << count;
}

int BitLayout::lane_of(const Coords& c) const { return gather(lane_bits, c); }
int BitLayout::item_of(const Coords& c) const { return gather(item_bits, c); }

Coords BitLayout::coords_at(int lane, int item) const {
  Coords c;
  scatter(lane_bits, lane, c);
  scatter(item_bits, item, c);
  return c;
}

std::string BitLayout::describe() const {
  std::string s;
  for (std::size_t n = 0; n < lane_bits.size(); ++n)
    s += fmt::format("{}L{}:{}{}", s.empty() ? "" : " ", n, coord_name(lane_bits[n].coord), lane_bits[n].bit);
  s += " |";
  for (std::size_t n = 0; n < item_bits.size(); ++n)
    s += fmt::format(" t{}:{}{}", n, coord_name(item_bits[n].coord), item_bits[n].bit);
  return s;
}

}  // namespace mxlane
