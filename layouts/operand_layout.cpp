// OperandLayout: the family bit layouts plus item packing, lane remaps and NEG flags.
#include "layouts/operand_layout.hpp"
#include "emu/isa/modifier_set_traits.hpp"

#include <algorithm>
#include <stdexcept>

#include "emu/formats/block_scale.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/cdna4_layouts.hpp"
#include "layouts/family_layouts.hpp"
#include "layouts/gfx12_layouts.hpp"
#include "layouts/gfx1250_layouts.hpp"

namespace mxlane {
namespace {

// NEG/NEG_HI negate float values wherever the instruction takes a NEG field that is not integer signedness
// (docs/spec/layouts.md §8.4): derived from the legal modifiers, the one list of what each instruction takes.
bool takes_float_neg(const InstrDesc& d) {
  if (modifier_set_traits(d.modifiers).neg_is_signedness) return false;
  const std::vector<ModifierRange> legal = legal_modifiers(d);
  return std::any_of(legal.begin(), legal.end(), [](const ModifierRange& r) { return r.name == "neg"; });
}

void check_range(const InstrDesc& d, Operand op, std::string_view what, int value, int extent) {
  if (value < 0 || value >= extent)
    throw InvalidArgument(fmt::format("{} {} is out of range for {} of {} ({} 0..{})", what, value, operand_name(op),
                                      d.mnemonic, what, extent - 1));
}

}  // namespace

OperandLayout::OperandLayout(const InstrDesc& desc, Operand operand, const Modifiers& mods, const Switches& switches)
    : desc_(&desc), operand_(operand), mods_(mods), switches_(switches), remap_(LaneRemap::identity(desc.wave)) {
  validate_modifiers(desc, mods);
  validate_switched_modifiers(desc, mods, switches);
  float_neg_ = takes_float_neg(desc);
  if (!desc.has(operand))
    throw InvalidArgument(fmt::format("operand {}: {} has none; {}", operand_name(operand), desc.mnemonic,
                                      operand == Operand::IDX
                                          ? "IDX is the sparsity index register of the SMFMAC and SWMMAC instructions "
                                            "(docs/cdna3.md §3, docs/rdna4.md §2.5)"
                                          : "SA/SB are the scale registers of the gfx950 scaled f8f6f4 MFMA and "
                                            "the gfx1250 block-scaled WMMA (docs/cdna4.md §2.3, docs/cdna5.md §2.7)"));
  const bool scale = operand == Operand::SA || operand == Operand::SB;
  const bool input = operand == Operand::A || operand == Operand::B || operand == Operand::IDX;
  switch (desc.family().layout_rule) {  // the family names its lane map builder (emu/isa/families/)
    case LayoutRule::cdna:
      if (input && cdna4_kdoubled_input(desc) && switches.k16_layout() == K16Layout::interleaved16b)
        bits_ = cdna4_kdoubled_interleaved_layout(desc, operand);  // probe E-C4-1 (docs/cdna4.md §2.1)
      else
        bits_ = input ? cdna2_input_layout(desc, operand) : cdna2_output_layout(desc, switches.f64_4x4x4_cd_order());
      break;
    case LayoutRule::cdna_f8f6f4:
      if (scale)
        bits_ = cdna4_scale_layout(desc, operand);
      else if (input)
        bits_ =
            cdna4_f8f6f4_layout(desc, operand, operand == Operand::A ? mods.cbsz : mods.blgp, switches.fp6_layout());
      else
        bits_ = cdna2_output_layout(desc, switches.f64_4x4x4_cd_order());
      break;
    case LayoutRule::rdna3: bits_ = input ? rdna3_input_layout(desc, operand) : rdna3_output_layout(desc); break;
    case LayoutRule::gfx12: bits_ = input ? gfx12_input_layout(desc, operand) : gfx12_output_layout(desc); break;
    case LayoutRule::gfx12_sparse:
      bits_ = input ? gfx12_sparse_input_layout(desc, operand) : gfx12_output_layout(desc);
      break;
    case LayoutRule::gfx1250:
      if (input) {  // the f8f6f4 map of one operand depends on its partner's width too (docs/cdna5.md §2.4)
        const Operand partner = operand == Operand::A ? Operand::B : Operand::A;
        bits_ = gfx1250_input_layout(desc, operand, elem_bits(operand_type(desc, operand, mods)),
                                     elem_bits(operand_type(desc, partner, mods)));
      } else {
        bits_ = gfx1250_output_layout(desc);
      }
      break;
    case LayoutRule::gfx1250_sparse:
      bits_ = input ? gfx1250_sparse_input_layout(desc, operand) : gfx1250_output_layout(desc);
      break;
    case LayoutRule::gfx1250_block_scaled:
      if (scale) {
        bits_ = gfx1250_scale_layout(desc, operand);
        // matrix_a_scale / matrix_b_scale (ROW0/ROW1) put 16 rows' scales in lanes 0-15 or 16-31; the 32-row FP4
        // A fills the wave and ignores its select bit (docs/cdna5.md §2.7) [SRC-EMU].
        const std::string_view half =
            operand == Operand::SA ? desc.family().a_scale_half_modifier : desc.family().b_scale_half_modifier;
        if (bits_.lanes() < desc.wave) lane_offset_ = bits_.lanes() * modifier_value(mods, half);
      } else if (input) {
        bits_ = gfx1250_block_scaled_input_layout(desc, operand, elem_bits(operand_type(desc, operand, mods)));
      } else {
        bits_ = gfx1250_output_layout(desc);
      }
      break;
  }

  element_bits_ = elem_bits(operand_type(desc, operand, mods));
  held_items_ = items_per_lane();
  stride_bits_ = element_bits_;
  bit_offset_ = 0;
  if (desc.family().cd16_in_half_vgpr && !input && element_bits_ == 16) {
    // 16-bit RDNA3 C/D take one half of each VGPR, chosen by OPSEL[2] (docs/spec/layouts.md §6, §8.3).
    stride_bits_ = 32;
    bit_offset_ = (mods.opsel & 4) != 0 ? 16 : 0;
  }
  if (operand == Operand::IDX) {
    // Index set or window n starts at bit 2 * (stored values per lane) * n; the family says which
    // modifier picks n (IndexSelect: docs/cdna3.md §3, docs/rdna4.md §2.5) [TOOL].
    const IndexSelect select = desc.family().index_select;
    const int n = select == IndexSelect::index_key_picks                    ? mods.index_key
                  : select == IndexSelect::abid_picks_set && mods.cbsz == 0 ? mods.abid
                                                                            : 0;
    bit_offset_ = element_bits_ * items_per_lane() * n;
    // gfx1250: the indices fill IDX, and index_key 1 shifts it right by half its width under the default
    // of switch cdna5_index_key: the upper fields read the zeros shifted in (held_items_) (docs/cdna5.md §2.5)
    // [INF].
    if (select == IndexSelect::index_key_shifts && mods.index_key != 0 &&
        switches.cdna5_index_key() == Cdna5IndexKey::shift) {
      bit_offset_ = 16 * desc.vgprs(Operand::IDX);
      held_items_ = items_per_lane() / 2;
    }
  }
  // opsel_a / opsel_b pick the scale byte (docs/cdna4.md §2.3).
  if (operand == Operand::SA) bit_offset_ = 8 * mods.opsel_a;
  if (operand == Operand::SB) bit_offset_ = 8 * mods.opsel_b;
  // CBSZ/ABID broadcast and BLGP lane patterns, except where those fields mean something else
  // (SMFMAC index sets, CDNA3 f64 negation, f8f6f4 formats).
  // A single-block instruction (gfx950's K-doubled MFMA) has no second block for the calculator's
  // block-based CBSZ model: the ISA text's lane rule is the one that applies (docs/cdna4.md §2.4).
  const bool formats = desc.cbsz_blgp_are_formats();
  const bool lanes_move = lane_modifiers_apply(desc, switches);
  if (operand == Operand::A && mods.cbsz != 0 && !desc.family().sparse_a && !formats && lanes_move)
    remap_ =
        LaneRemap::cbsz_abid(desc, mods.cbsz, mods.abid, desc.blocks == 1 ? CbszModel::isa : switches.cbsz_model());
  if (operand == Operand::B && mods.blgp != 0 && !modifier_set_traits(desc.modifiers).blgp_negates && !formats &&
      lanes_move)
    remap_ = LaneRemap::blgp(mods.blgp);

  // The builders derive everything from the shape; a mismatch with the table is a bug.
  if (bits_.lanes() + lane_offset_ > desc.wave || (bits_.lanes() != desc.wave && !scale) ||
      rows() != desc.rows(operand) || cols() != desc.cols(operand) || blocks() != desc.blocks)
    throw std::logic_error(
        fmt::format("layout of {} {} does not match its shape", desc.builtin, operand_name(operand)));
}

int OperandLayout::vgprs() const {
  // Every IDX set shares one VGPR, SA/SB hold all four scale bytes in one.
  if (operand_ == Operand::IDX || operand_ == Operand::SA || operand_ == Operand::SB) return desc_->vgprs(operand_);
  return (items_per_lane() * stride_bits_ + 31) / 32;
}

Slot OperandLayout::item_slot(int lane, int item) const {
  if (element_bits_ == 64) return Slot{lane, 2 * item, 0, 63};
  // A 6-bit field may run past bit 31 into the next VGPR (fp6/bf6, docs/cdna4.md §2.2): bit_hi > 31.
  const int first_bit = item * stride_bits_ + bit_offset_;
  return Slot{lane, first_bit / 32, first_bit % 32, first_bit % 32 + element_bits_ - 1};
}

Placement OperandLayout::place(const Coords& logical) const {
  const int natural_lane = bits_.lane_of(logical);
  Placement p;
  p.block = logical.block;
  p.row = logical.row;
  p.col = logical.col;
  p.replica = logical.replica;
  p.slot = item_slot(remap_.source(natural_lane) + lane_offset_, bits_.item_of(logical));
  if (float_neg_) {
    // NEG[n] / NEG_HI[n] negate the values of source n read from bits [15:0] / [31:16]; for C,
    // NEG[2] negates and NEG_HI[2] takes the absolute value first (docs/spec/layouts.md §8.4).
    if (operand_ == Operand::A || operand_ == Operand::B) {
      const int source_bit = operand_ == Operand::A ? 0 : 1;
      const int field = p.slot.bit_lo == 0 ? mods_.neg : mods_.neg_hi;
      p.negated = ((field >> source_bit) & 1) != 0;
    } else if (operand_ == Operand::C) {
      p.negated = ((mods_.neg >> 2) & 1) != 0;
      p.absolute = ((mods_.neg_hi >> 2) & 1) != 0;
    }
  }
  if (modifier_set_traits(desc_->modifiers).blgp_negates && operand_ != Operand::D) {
    // CDNA3 f64: BLGP bit 0/1/2 negates every A/B/C value as it is read (docs/cdna3.md §2).
    const int source_bit = operand_ == Operand::A ? 0 : operand_ == Operand::B ? 1 : 2;
    p.negated = ((mods_.blgp >> source_bit) & 1) != 0;
  }
  return p;
}

bool OperandLayout::held(const Coords& logical) const { return bits_.item_of(logical) < held_items_; }

std::optional<Coords> OperandLayout::first_unheld(const std::function<bool(const Coords&)>& nonzero) const {
  if (held_items_ == items_per_lane()) return std::nullopt;
  for (int b = 0; b < blocks(); ++b)
    for (int r = 0; r < rows(); ++r)
      for (int c = 0; c < cols(); ++c)
        if (const Coords at{b, r, c, 0}; !held(at) && nonzero(at)) return at;
  return std::nullopt;
}

std::string OperandLayout::unheld_reason() const {
  if (held_items_ == items_per_lane()) return "";
  return fmt::format(
      "with index_key 1 under cdna5_index_key=shift the IDX register holds fields 0-{} of a lane only; the others "
      "read as 0 (docs/cdna5.md §2.5)",
      held_items_ - 1);
}

std::vector<Placement> OperandLayout::forward(int block, int row, int col) const {
  check_range(*desc_, operand_, "block", block, blocks());
  check_range(*desc_, operand_, "row", row, rows());
  check_range(*desc_, operand_, "col", col, cols());
  std::vector<Placement> out;
  for (int replica = 0; replica < replicas(); ++replica)
    if (const Coords at{block, row, col, replica}; held(at)) out.push_back(place(at));
  return out;
}

std::vector<SlotContents> OperandLayout::inverse(int vgpr, int lane) const {
  check_range(*desc_, operand_, "vgpr", vgpr, vgprs());
  check_range(*desc_, operand_, "lane", lane, wave());
  std::vector<SlotContents> out;
  if (element_bits_ == 64) {
    out.push_back({Slot{lane, vgpr & ~1, 0, 63}, {}});
  } else if (32 % element_bits_ != 0) {
    // Fields that do not tile a VGPR (6-bit fp6/bf6): the item slots that touch this VGPR, each
    // shown whole (a straddling field is listed in both VGPRs it occupies).
    for (int item = 0; item < items_per_lane(); ++item) {
      const Slot slot = item_slot(lane, item);
      if (slot.vgpr == vgpr || (slot.vgpr + 1 == vgpr && slot.bit_hi > 31)) out.push_back({slot, {}});
    }
  } else {
    for (int bit_lo = 0; bit_lo < 32; bit_lo += element_bits_)
      out.push_back({Slot{lane, vgpr, bit_lo, bit_lo + element_bits_ - 1}, {}});
  }
  // A map narrower than the wave (gfx1250 scales) covers lanes lane_offset_ .. lane_offset_ + lanes() - 1.
  const int local_lane = lane - lane_offset_;
  if (local_lane < 0 || local_lane >= bits_.lanes()) return out;
  for (SlotContents& contents : out) {
    for (int item = 0; item < held_items_; ++item) {
      if (item_slot(lane, item) != contents.slot) continue;
      for (int consumer : remap_.consumers(local_lane))
        contents.elements.push_back(place(bits_.coords_at(consumer, item)));
    }
  }
  return out;
}

std::vector<Placement> OperandLayout::all() const {
  std::vector<Placement> out;
  out.reserve(static_cast<std::size_t>(blocks() * rows() * cols() * replicas()));
  for (int b = 0; b < blocks(); ++b)
    for (int r = 0; r < rows(); ++r)
      for (int c = 0; c < cols(); ++c)
        for (int replica = 0; replica < replicas(); ++replica)
          if (const Coords at{b, r, c, replica}; held(at)) out.push_back(place(at));
  return out;
}

std::vector<std::vector<Placement>> OperandLayout::elements() const {
  std::vector<std::vector<Placement>> out(static_cast<std::size_t>(blocks() * rows() * cols()));
  for (const Placement& p : all()) out[static_cast<std::size_t>((p.block * rows() + p.row) * cols() + p.col)].push_back(p);
  return out;
}

std::vector<std::string> OperandLayout::notes() const {
  std::vector<std::string> notes;
  const InstrDesc& d = *desc_;
  if (d.family().sparse_a && operand_ == Operand::A)
    notes.push_back(
        fmt::format("sparse A: the entries are the stored values, column c of M x K/2; stored value c "
                    "belongs to the group of four k from 4*floor(c/2), and IDX says which of them ({})",
                    d.family().sparse_doc));
  if (d.cbsz_blgp_are_formats() && (operand_ == Operand::A || operand_ == Operand::B)) {
    const ElemType t = operand_type(d, operand_, mods_);
    notes.push_back(fmt::format(
        "{} holds {} ({}={}); {}{} (docs/cdna4.md §2.2)", operand_name(operand_), elem_name(t),
        operand_ == Operand::A ? "cbsz" : "blgp", operand_ == Operand::A ? mods_.cbsz : mods_.blgp,
        element_bits_ == 8 ? "two 16-value halves interleaved across the lane groups [DOC 32x32x64, INF 16x16x128]"
        : element_bits_ == 4
            ? "32 consecutive k per lane [DOC 32x32x64, INF 16x16x128]"
            : fmt::format("fp6_layout={}: {} [INF, probe E-C4-2]", switch_value_name(switches_, SwitchId::fp6_layout),
                          "6-bit fields, some running across a VGPR boundary"),
        vgprs() < d.vgprs(operand_)
            ? fmt::format("; VGPRs {}-{} of the {} are not read", vgprs(), d.vgprs(operand_) - 1, d.vgprs(operand_))
            : ""));
  }
  if ((operand_ == Operand::SA || operand_ == Operand::SB) && !d.family().a_scale_format_modifier.empty()) {
    const bool a = operand_ == Operand::SA;
    const BlockScaleFormat f = scale_format(d, mods_, operand_);
    notes.push_back(fmt::format(
        "{} scale of {} {} for each {}-k block (col): byte col of {} in lane {}{}; {} (docs/cdna5.md §2.7) "
        "[SRC-EMU]",
        block_scale_format_name(f), a ? "A's row" : "B's column", a ? "i" : "j", d.k / d.cols(operand_),
        vgprs() == 2 ? "the VGPR pair (low word first)" : "the VGPR", a ? "i" : "j",
        bits_.lanes() == d.wave
            ? fmt::format(" ({}={} ignored: the rows fill the wave)", a ? "matrix_a_scale" : "matrix_b_scale",
                          a ? mods_.matrix_a_scale : mods_.matrix_b_scale)
            : fmt::format(" + {} ({}={})", lane_offset_, a ? "matrix_a_scale" : "matrix_b_scale",
                          a ? mods_.matrix_a_scale : mods_.matrix_b_scale),
        f == BlockScaleFormat::e8m0   ? "2^(e-127), 0xFF NaN"
        : f == BlockScaleFormat::e5m3 ? "unsigned, bias 15, 0xFF NaN"
                                      : "OCP E4M3, signed, 0x7F/0xFF NaN"));
  } else if (operand_ == Operand::SA || operand_ == Operand::SB) {
    notes.push_back(
        fmt::format("E8M0 scale of {} {} for each 32-k block (col), byte {} ({}={}) of the VGPR in lane "
                    "{} + {}*block; 0xFF is NaN (docs/cdna4.md §2.3) [DOC][LLVM]",
                    operand_ == Operand::SA ? "A's row" : "B's column", operand_ == Operand::SA ? "i" : "j",
                    bit_offset_ / 8, operand_ == Operand::SA ? "opsel_a" : "opsel_b", bit_offset_ / 8,
                    operand_ == Operand::SA ? "i" : "j", d.rows(operand_)));
  }
  if ((operand_ == Operand::A || operand_ == Operand::B) && cdna4_kdoubled_input(d))
    notes.push_back(
        fmt::format("k16_layout={}: gfx950's K-doubled lane map is inferred, not published; probe E-C4-1 "
                    "(docs/cdna4.md §2.1) [INF]",
                    switch_value_name(switches_, SwitchId::k16_layout)));
  if (operand_ == Operand::IDX && d.family().index_select == IndexSelect::index_key_shifts && mods_.index_key != 0)
    notes.push_back(
        held_items_ < items_per_lane()
            ? fmt::format("index_key 1, cdna5_index_key=shift: fields 0-{} are read from bit {} on, fields {}-{} read "
                          "as 0 (no register holds them) (docs/cdna5.md §2.5) [INF]",
                          held_items_ - 1, bit_offset_, held_items_, items_per_lane() - 1)
            : "index_key 1, cdna5_index_key=ignore: the indices are read as with index_key 0 (docs/cdna5.md §2.5)");
  else if (operand_ == Operand::IDX && d.family().index_select == IndexSelect::index_key_picks)
    notes.push_back(fmt::format("index_key {}: the indices are read from bit {} (docs/rdna4.md §2.5) [TOOL]",
                                mods_.index_key, bit_offset_));
  else if (operand_ == Operand::IDX && d.family().index_select == IndexSelect::abid_picks_set)
    notes.push_back(
        fmt::format("index set {} (bits from {}): with cbsz=0 abid picks the set, with cbsz!=0 the set is 0 "
                    "(docs/cdna3.md §2) [TOOL]",
                    mods_.cbsz == 0 ? mods_.abid : 0, bit_offset_));
  const bool lanes_move = lane_modifiers_apply(d, switches_);
  if ((mods_.cbsz != 0 || mods_.blgp != 0) && !lanes_move && (operand_ == Operand::A || operand_ == Operand::B))
    notes.push_back(
        "gfx950_kdouble_broadcast=ignore: CBSZ/ABID/BLGP are encoded but move no lanes (docs/cdna4.md §2.4) [INF]");
  if (operand_ == Operand::A && mods_.cbsz != 0 && !d.family().sparse_a && !d.cbsz_blgp_are_formats() && lanes_move &&
      d.blocks == 1)
    notes.push_back(
        fmt::format("CBSZ/ABID on a single block, as the ISA text says: lane l reads lane l mod {} + {}*abid "
                    "(gfx950_kdouble_broadcast=apply, docs/cdna4.md §2.4) [INF]",
                    d.wave >> mods_.cbsz, d.wave >> mods_.cbsz));
  else if (operand_ == Operand::A && mods_.cbsz != 0 && !d.family().sparse_a && !d.cbsz_blgp_are_formats() &&
           lanes_move) {
    if ((1 << mods_.cbsz) == d.blocks)
      notes.push_back("full broadcast: both CBSZ models agree here (docs/spec/layouts.md §8.1)");
    else
      notes.push_back(
          fmt::format("cbsz_model={}: the two published CBSZ models disagree for 0 < cbsz < log2(blocks); "
                      "the other is selectable; unverified on hardware (docs/spec/layouts.md §8.1, §11.1)",
                      switch_value_name(switches_, SwitchId::cbsz_model)));
  }
  if (operand_ == Operand::B && mods_.blgp != 0 && d.blocks == 1 && !modifier_set_traits(d.modifiers).blgp_negates &&
      !d.cbsz_blgp_are_formats() && lanes_move)
    notes.push_back(
        "BLGP acts on raw lanes: on this single-block shape it moves K groups, not "
        "blocks (docs/spec/layouts.md §8.2)");
  if (d.family().f64_cd_order_switchable && (operand_ == Operand::C || operand_ == Operand::D) &&
      d.d_type == ElemType::f64 && d.blocks > 1)
    notes.push_back(
        fmt::format("f64_4x4x4_cd_order={}: seed 001 and the lab notes give lane j + 4b + 16i, the ISA's "
                    "general rule j + 4i + 16b; confirm on hardware (docs/spec/layouts.md §11.2)",
                    switch_value_name(switches_, SwitchId::f64_4x4x4_cd_order)));
  if (replicas() > 1 && !d.family().replicated_inputs)
    notes.push_back(
        "lanes 32-63 carry nothing the instruction reads: AMD's calculator gives the wave32 lanes for "
        "iu4 K=16 in wave64 too; shown as a copy no output reads, to be confirmed (docs/rdna4.md §2.3, probe E9)");
  if (replicas() > 1 && d.family().replicated_inputs)
    notes.push_back(fmt::format(
        "replicated: lanes L, L+16{} hold copies of row/column L mod 16 and must hold the same "
        "data (seed 000); output rows in lane group g read copy g (rocjitsu model, docs/spec/layouts.md §8.5)",
        replicas() == 4 ? ", L+32, L+48" : ""));
  if (d.family().cd16_in_half_vgpr && (operand_ == Operand::C || operand_ == Operand::D) && element_bits_ == 16)
    notes.push_back(fmt::format("16-bit values in bits [{}:{}] (opsel={}); {} (docs/spec/layouts.md §6)",
                                bit_offset_ + 15, bit_offset_, mods_.opsel,
                                operand_ == Operand::C
                                    ? "the other half of each VGPR is not read"
                                    : "the other half of each VGPR is not written by the instruction: the "
                                      "_tied builtins keep it, the untied ones leave it undefined"));
  if (modifier_set_traits(d.modifiers).neg_is_signedness)
    notes.push_back(fmt::format("A is {}, B is {} (neg={}: NEG[0]/NEG[1] choose signedness)",
                                (mods_.neg & 1) != 0 ? "signed" : "unsigned",
                                (mods_.neg & 2) != 0 ? "signed" : "unsigned", mods_.neg));
  return notes;
}

// A sub-64-bit slot with bit_hi > 31 continues at bit 0 of the next VGPR (fp6/bf6 fields).
std::uint64_t read_slot(const LaneRegFile& regs, int base, const Slot& slot, RegBank bank) {
  if (slot.width() < 64 && slot.bit_hi > 31) {
    const int low_width = 32 - slot.bit_lo;
    const std::uint64_t low = regs.read(base + slot.vgpr, slot.lane, slot.bit_lo, low_width, bank);
    const std::uint64_t high = regs.read(base + slot.vgpr + 1, slot.lane, 0, slot.width() - low_width, bank);
    return low | (high << low_width);
  }
  return regs.read(base + slot.vgpr, slot.lane, slot.bit_lo, slot.width(), bank);
}

void write_slot(LaneRegFile& regs, int base, const Slot& slot, std::uint64_t value, RegBank bank) {
  if (slot.width() < 64 && slot.bit_hi > 31) {
    const int low_width = 32 - slot.bit_lo;
    if ((value >> slot.width()) != 0)
      throw InvalidArgument(fmt::format("value {:#x} does not fit a {}-bit field", value, slot.width()));
    regs.write(base + slot.vgpr, slot.lane, slot.bit_lo, low_width, value & ((1ULL << low_width) - 1), bank);
    regs.write(base + slot.vgpr + 1, slot.lane, 0, slot.width() - low_width, value >> low_width, bank);
    return;
  }
  regs.write(base + slot.vgpr, slot.lane, slot.bit_lo, slot.width(), value, bank);
}

}  // namespace mxlane
