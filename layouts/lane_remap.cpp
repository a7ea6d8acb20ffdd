// The CBSZ/ABID and BLGP lane functions, each written as its source states it.
#include "layouts/lane_remap.hpp"

#include "layouts/family_layouts.hpp"

namespace mxlane {

LaneRemap::LaneRemap(int wave) : wave_(wave) {
  for (int l = 0; l < wave; ++l) source_[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(l);
}

LaneRemap LaneRemap::identity(int wave) { return LaneRemap(wave); }

LaneRemap LaneRemap::cbsz_abid(const InstrDesc& desc, int cbsz, int abid, CbszModel model) {
  LaneRemap r(desc.wave);
  for (int l = 0; l < desc.wave; ++l) {
    int src = l;
    if (model == CbszModel::isa) {
      // ISA text (CDNA ISA guide §7.1.6.1, as docs/spec/layouts.md §8.1 quotes it): the broadcast lane-block
      // is S = 64 >> CBSZ lanes, and lane l reads lane (l mod S) + S*ABID.
      const int s = desc.wave >> cbsz;
      src = l % s + s * abid;
    } else {
      // Calculator / lab notes / HIP CDNA2 docs: block b reads block (b with its low CBSZ bits
      // cleared) + ABID. The block is lane field [log2 M, log2 M + log2 B) (docs/spec/layouts.md §5.2).
      const int shift = log2_exact(desc.m);
      const int block_mask = desc.blocks - 1;
      const int block = (l >> shift) & block_mask;
      const int source_block = (block & ~((1 << cbsz) - 1)) + abid;
      src = (l & ~(block_mask << shift)) | (source_block << shift);
    }
    r.source_[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(src);
  }
  return r;
}

LaneRemap LaneRemap::blgp(int blgp) {
  // ISA Table 29, the calculator's _get_blgp_transformed_lane and rocjitsu agree (docs/spec/layouts.md §8.2).
  LaneRemap r(64);
  for (int l = 0; l < 64; ++l) {
    int src = l;
    switch (blgp) {
      case 1: src = l % 32; break;         // broadcast lanes 0-31
      case 2: src = l % 32 + 32; break;    // broadcast lanes 32-63
      case 3: src = (l + 16) % 64; break;  // rotate by 16 lanes (lane 16 feeds lane 0)
      case 4:
      case 5:
      case 6:
      case 7: src = l % 16 + 16 * (blgp - 4); break;  // broadcast 16-lane group blgp-4
      default: break;                                 // 0: no change
    }
    r.source_[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(src);
  }
  return r;
}

bool LaneRemap::is_identity() const {
  for (int l = 0; l < wave_; ++l)
    if (source(l) != l) return false;
  return true;
}

std::vector<int> LaneRemap::consumers(int source_lane) const {
  std::vector<int> out;
  for (int l = 0; l < wave_; ++l)
    if (source(l) == source_lane) out.push_back(l);
  return out;
}

}  // namespace mxlane
