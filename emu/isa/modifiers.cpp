// Legal values of every modifier per instruction, and the messages that explain a refusal.
#include "emu/isa/modifiers.hpp"

#include "emu/isa/switches.hpp"

#include <algorithm>
#include <bit>
#include <tuple>
#include <stdexcept>

#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifier_set_traits.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"

namespace mxlane {

// SMFMAC index sets in one IDX VGPR: each set holds 2 bits per stored A value of a lane, Klc =
// (K/2)*M*B/64 of them (docs/cdna3.md §3): 4 sets for 16-bit sources, 2 for 8-bit on gfx942.
int smfmac_index_sets(const InstrDesc& d) { return 32 / (2 * (d.cols(Operand::A) * d.m * d.blocks / 64)); }

// SWMMAC index_key values: the IDX VGPR holds 32 / (2 * stored values per lane) index windows
// (docs/rdna4.md §1.1, §2.5: 0-1 wave32, 0-3 wave64 for 16/8-bit A; iu4 K=64 wave32 only 0).
int swmmac_index_keys(const InstrDesc& d) {
  const int stored_per_lane = d.cols(Operand::A) * d.m / d.wave;
  // iu4 K=32 in wave64 keeps the wave32 lanes (lanes 32-63 unread, docs/rdna4.md §2.3), so its
  // lanes hold as many stored values as in wave32.
  const int held = d.a_type == ElemType::iu4 && d.k == 32 ? d.cols(Operand::A) * d.m / 32 : stored_per_lane;
  // gfx1250's indices fill every IDX VGPR (one or two): one window (docs/cdna5.md §2.5).
  return std::max(1, 32 * d.vgprs(Operand::IDX) / (2 * held));
}

namespace {

std::vector<int> range(int lo, int hi) {
  std::vector<int> v;
  for (int x = lo; x <= hi; ++x) v.push_back(x);
  return v;
}

// Largest legal CBSZ: 2^CBSZ may not exceed the block count, and CBSZ <= 4 (ISA §7.1.6.1 as
// quoted in docs/spec/layouts.md §8.1; the calculator enforces the same bound).
int max_cbsz(const InstrDesc& d) { return std::min(4, std::countr_zero(static_cast<unsigned>(d.blocks))); }

// Why `name` is not accepted at all by `d` (called only when it is absent from legal_modifiers): the
// scale-byte modifiers, then the family's own reasons (emu/isa/families/), then the modifier set's.
std::string why_not_accepted(const InstrDesc& d, std::string_view name) {
  if (name == "opsel_a" || name == "opsel_b")
    return fmt::format(
        "{} picks the E8M0 scale byte of the gfx950 scaled f8f6f4 MFMA "
        "(v_mfma_scale_f32_*_f8f6f4) only (docs/cdna4.md §1)",
        name);
  if (d.family().refuse_modifier != nullptr)
    if (std::optional<std::string> why = d.family().refuse_modifier(d, name)) return *std::move(why);
  if (name == "index_key") return "index_key exists only on gfx12 SWMMAC (docs/rdna4.md §1.1, §2.5)";
  if (name == "matrix_a_reuse" || name == "matrix_b_reuse")
    return fmt::format("{} is an operand-cache hint of the gfx1250 WMMA/SWMMAC only (docs/cdna5.md §1)", name);
  if (name.starts_with("matrix_"))
    return fmt::format("{} is a modifier of gfx1250's f8f6f4 / block-scaled WMMA only (docs/cdna5.md §1)", name);
  if (d.modifiers == ModifierSet::smfmac_index_set)
    return name == "blgp" ? "SMFMAC has no BLGP; CBSZ/ABID choose the index set (docs/cdna3.md §2)"
                          : fmt::format(
                                "{} is not an SMFMAC modifier; SMFMAC takes only cbsz/abid, which choose the "
                                "index set (docs/cdna3.md §2)",
                                name);
  if (d.modifiers == ModifierSet::mfma_plain)
    return fmt::format(
        "{} takes no CBSZ/ABID/BLGP: AMD's matrix instruction calculator (after the CDNA3 ISA's "
        "modifier table) allows none on this instruction (docs/cdna3.md §2)",
        d.mnemonic);
  if (d.modifiers == ModifierSet::mfma_f64_neg)
    return "CDNA3 f64 MFMA takes no CBSZ/ABID; its BLGP field is the negate mask (docs/cdna3.md §2)";
  if (d.modifiers == ModifierSet::mfma_none)
    return name == "blgp" ? "BLGP is reserved on CDNA2 f64 MFMA (seed 001: \"any other value is reserved\")"
                          : "CDNA2 f64 MFMA takes no CBSZ/ABID (docs/spec/layouts.md §4.1, §8.1)";
  if (d.modifiers == ModifierSet::mfma_blgp)
    return fmt::format(
        "it has a single block, and CBSZ/ABID broadcast A between blocks "
        "(docs/spec/layouts.md §8.1)");
  if (name == "opsel")
    return "OPSEL[2] selects the C/D half only on the 16-bit-output WMMAs (docs/spec/layouts.md §8.3)";
  if (name == "neg_hi") return "integer WMMA has no NEG_HI; NEG[1:0] choose A/B signedness (docs/spec/layouts.md §8.4)";
  if (name == "clamp") return "only the integer WMMAs take CLAMP (seed 000)";
  if (name == "byte_sel" || name == "word_sel") return "it is a VALU conversion argument";
  return "not supported";
}

}  // namespace

namespace {
int Modifiers::*field_called(std::string_view name) {
  for (const ModifierField& f : kModifierFields)
    if (f.name == name) return f.field;
  throw std::logic_error(fmt::format("no modifier field is called {}", name));
}
}  // namespace

std::vector<std::string_view> matrix_mod_keys(bool with_valu_arguments) {
  std::vector<std::string_view> keys;
  for (const ModifierField& f : kModifierFields)
    if (with_valu_arguments || !f.valu_only) keys.push_back(f.name);
  keys.push_back("a_signed");
  keys.push_back("b_signed");
  return keys;
}

int modifier_value(const Modifiers& m, std::string_view name) { return m.*field_called(name); }

void set_modifier(Modifiers& m, std::string_view name, int value) { m.*field_called(name) = value; }

std::vector<ModifierRange> legal_modifiers(const InstrDesc& d) {
  std::vector<ModifierRange> out;
  switch (d.modifiers) {
    case ModifierSet::mfma_cbsz_abid_blgp:
      out.push_back({"cbsz", range(0, max_cbsz(d)), "2^cbsz <= blocks",
                     "A broadcast: log2 of the number of blocks that receive one source block "
                     "[ISA] (docs/spec/layouts.md §8.1; two models, switch cbsz_model)"});
      out.push_back({"abid", range(0, (1 << max_cbsz(d)) - 1), "abid < 2^cbsz",
                     "A broadcast: which block of each group is the source [ISA] (docs/spec/layouts.md §8.1)"});
      [[fallthrough]];
    case ModifierSet::mfma_blgp:
      out.push_back({"blgp", range(0, 7), "",
                     "B lane-group pattern: broadcast or rotate 16/32-lane groups of B [ISA] "
                     "(docs/spec/layouts.md §8.2, ISA Table 29)"});
      break;
    case ModifierSet::mfma_kdouble_broadcast:
      // Encodable (llvm-mc-22 -mcpu=gfx950: cbsz:4 abid:15, blgp:7); gfx9's meaning by default: the ISA
      // text's lane broadcast for CBSZ/ABID (one block: no block-based reading exists) and Table 29's BLGP.
      out.push_back({"cbsz", range(0, 4), "",
                     "A broadcast as the ISA text says: lane l reads lane l mod S + S*abid, S = 64 >> cbsz [INF] "
                     "(switch gfx950_kdouble_broadcast; docs/cdna4.md §2.4)"});
      out.push_back({"abid", range(0, 15), "abid < 2^cbsz",
                     "A broadcast: which S-lane group is the source [INF] (docs/cdna4.md §2.4)"});
      out.push_back({"blgp", range(0, 7), "",
                     "B lane-group pattern as on gfx9 (ISA Table 29) [INF] (switch gfx950_kdouble_broadcast; "
                     "docs/cdna4.md §2.4)"});
      break;
    case ModifierSet::mfma_none:
    case ModifierSet::mfma_plain: break;
    case ModifierSet::smfmac_index_set:
      out.push_back({"cbsz", range(0, 7), "",
                     "0: ABID picks the index set; any other value reads set 0 and ignores ABID; no broadcast "
                     "[TOOL] (docs/cdna3.md §2)"});
      out.push_back({"abid", range(0, smfmac_index_sets(d) - 1), "read only when cbsz = 0",
                     fmt::format("index set: which {}-bit part of IDX holds this instruction's indices [TOOL] "
                                 "(docs/cdna3.md §2, §3)",
                                 32 / smfmac_index_sets(d))});
      break;
    case ModifierSet::mfma_f64_neg:
      out.push_back({"blgp", range(0, 7), "",
                     "negate mask: bit 0 negates A, bit 1 B, bit 2 C (LLVM prints it neg:[a,b,c]) [TOOL][DOC] "
                     "(docs/cdna3.md §2)"});
      break;
    case ModifierSet::wmma_neg_opsel:
      out.push_back({"opsel",
                     {0, 4},
                     "",
                     "OPSEL[2]: 0 reads C / writes D in bits [15:0], 4 in bits [31:16] [DOC] "
                     "(docs/spec/layouts.md §8.3)"});
      [[fallthrough]];
    case ModifierSet::wmma_neg:
      out.push_back({"neg", range(0, 7), "",
                     "bit 0: negate A values in bits [15:0] (even k); bit 1: same for B; bit 2: "
                     "negate C [DOC] (docs/spec/layouts.md §8.4)"});
      out.push_back({"neg_hi", range(0, 7), "",
                     "bit 0: negate A values in bits [31:16] (odd k); bit 1: same for B; bit 2: "
                     "|C| before NEG[2] [DOC] (docs/spec/layouts.md §8.4)"});
      break;
    case ModifierSet::wmma_gfx12_neg:
      out.push_back({"neg", range(0, 7), "",
                     "bit 0: negate A values in bits [15:0] (even k); bit 1: same for B; bit 2: "
                     "negate C [LLVM][MODEL] (docs/rdna4.md §1, §3.2)"});
      out.push_back({"neg_hi", range(0, 7), "",
                     "bit 0: negate A values in bits [31:16] (odd k); bit 1: same for B; bit 2: "
                     "|C| before NEG[2] [LLVM][MODEL] (docs/rdna4.md §1, §3.2)"});
      break;
    case ModifierSet::wmma_gfx12_fp8:
      out.push_back({"neg",
                     {0, 4},
                     "",
                     "bit 2: negate C; NEG on the FP8/BF8 A and B is illegal, so bits 0-1 stay 0 [LLVM] "
                     "(docs/rdna4.md §1)"});
      out.push_back({"neg_hi",
                     {0, 4},
                     "",
                     "bit 2: |C| before NEG[2]; bits 0-1 stay 0 (FP8/BF8 A and B take no NEG) [LLVM] "
                     "(docs/rdna4.md §1)"});
      break;
    case ModifierSet::f8f6f4_scaled:
    case ModifierSet::f8f6f4_formats:
      out.push_back({"cbsz", range(0, 4), "",
                     "A's format: 0 fp8 E4M3, 1 bf8 E5M2, 2 fp6 E2M3, 3 bf6 E3M2, 4 fp4 E2M1 [DOC][LLVM] "
                     "(docs/cdna4.md §1)"});
      out.push_back({"blgp", range(0, 4), "", "B's format, coded as cbsz [DOC][LLVM] (docs/cdna4.md §1)"});
      if (d.modifiers == ModifierSet::f8f6f4_formats) break;
      out.push_back(
          {"opsel_a", range(0, 3), "", "which byte of SA holds A's E8M0 scales [LLVM op_sel] (docs/cdna4.md §2.3)"});
      out.push_back(
          {"opsel_b", range(0, 3), "", "which byte of SB holds B's E8M0 scales [LLVM op_sel] (docs/cdna4.md §2.3)"});
      break;
    case ModifierSet::wmma_int:
      out.push_back({"neg", range(0, 3), "",
                     "bit 0: A is signed; bit 1: B is signed (the builtin's a_neg/b_neg) [DOC] "
                     "(docs/spec/layouts.md §8.4)"});
      out.push_back({"clamp", {0, 1}, "", "saturate the i32 result instead of wrapping [DOC] (seed 000)"});
      break;
    case ModifierSet::swmmac_gfx12_neg:
      out.push_back({"neg", range(0, 3), "",
                     "bit 0: negate A values in bits [15:0]; bit 1: same for B (no C field: Src2 is the index) "
                     "[LLVM][TOOL] (docs/rdna4.md §1.1)"});
      out.push_back({"neg_hi", range(0, 3), "",
                     "bit 0: negate A values in bits [31:16]; bit 1: same for B [LLVM][TOOL] (docs/rdna4.md §1.1)"});
      break;
    case ModifierSet::swmmac_gfx12_int:
      out.push_back(
          {"neg", range(0, 3), "",
           "bit 0: A is signed; bit 1: B is signed (the builtin's a_sign/b_sign) [LLVM] (docs/rdna4.md §1.1)"});
      out.push_back(
          {"clamp",
           {0, 1},
           "",
           "saturate the i32 result after each half of K instead of wrapping [HW-digest] (docs/rdna4.md §3.2)"});
      break;
    case ModifierSet::swmmac_gfx12_fp8: break;
    case ModifierSet::swmmac_gfx1250_neg:
      out.push_back({"neg", range(0, 3), "",
                     "bit 0: negate A values in bits [15:0]; bit 1: same for B (no C field: C is D's registers) "
                     "[LLVM][INF] (docs/cdna5.md §1)"});
      out.push_back({"neg_hi", range(0, 3), "",
                     "bit 0: negate A values in bits [31:16]; bit 1: same for B [LLVM][INF] (docs/cdna5.md §1)"});
      break;
    case ModifierSet::swmmac_gfx1250_int:
      out.push_back({"neg", range(0, 3), "",
                     "bit 0: A is signed; bit 1: B is signed (the builtin's a_signed/b_signed) [LLVM] "
                     "(docs/cdna5.md §1)"});
      out.push_back(
          {"clamp", {0, 1}, "", "saturate the i32 result once instead of wrapping [LLVM][INF] (docs/cdna5.md §3.4)"});
      break;
    case ModifierSet::swmmac_gfx1250_fp8: break;
    case ModifierSet::wmma_gfx1250_neg:
      out.push_back({"neg", range(0, 7), "",
                     "bit 0: negate A values in bits [15:0] (even k; f32: every A value); bit 1: same for B; bit 2: "
                     "negate C [LLVM][INF] (docs/cdna5.md §1)"});
      if (elem_bits(d.a_type) >= 32)  // llvm-mc-22 parses neg_hi on the f32 A/B but encodes none of it (f64: as f32)
        out.push_back({"neg_hi",
                       {0, 4},
                       "",
                       "bit 2: |C| before NEG[2]; bits 0-1 stay 0 (an f32 A/B has no high half) [LLVM] "
                       "(docs/cdna5.md §1)"});
      else
        out.push_back({"neg_hi", range(0, 7), "",
                       "bit 0: negate A values in bits [31:16] (odd k); bit 1: same for B; bit 2: |C| before "
                       "NEG[2] [LLVM][INF] (docs/cdna5.md §1)"});
      break;
    case ModifierSet::wmma_gfx1250_scale_f8f6f4:
    case ModifierSet::wmma_gfx1250_scale16_f8f6f4:
    case ModifierSet::wmma_gfx1250_scale_f4:
    case ModifierSet::wmma_gfx1250_scale16_f4:
      // The scale prefix word: OPSEL[0] / OPSEL_HI[0] the half-wave, NEG / NEG_HI the formats [LLVM][SRC-EMU].
      out.push_back({"matrix_a_scale",
                     {0, 1},
                     "",
                     d.m == 32 ? "ROW0/ROW1; ignored here: A's 32 rows hold their scales in lanes 0-31 [LLVM][SRC-EMU] "
                                 "(docs/cdna5.md §2.7)"
                               : "ROW0/ROW1: A's scales in lanes 0-15 or 16-31 of SA [LLVM][SRC-EMU] "
                                 "(docs/cdna5.md §2.7)"});
      out.push_back({"matrix_b_scale",
                     {0, 1},
                     "",
                     "ROW0/ROW1: B's scales in lanes 0-15 or 16-31 of SB [LLVM][SRC-EMU] (docs/cdna5.md §2.7)"});
      out.push_back({"matrix_a_scale_fmt", range(0, 2), "a non-E8M0 scale only on an FP4 operand",
                     "A's scale format: 0 E8M0, 1 E5M3, 2 E4M3 [LLVM][SRC-EMU] (docs/cdna5.md §2.7)"});
      out.push_back({"matrix_b_scale_fmt", range(0, 2), "a non-E8M0 scale only on an FP4 operand",
                     "B's scale format, coded as matrix_a_scale_fmt [LLVM][SRC-EMU] (docs/cdna5.md §2.7)"});
      [[fallthrough]];
    case ModifierSet::wmma_gfx1250_f8f6f4:
      if (d.formats_from_modifiers()) {
        out.push_back({"matrix_a_fmt", range(0, 4), "",
                       "A's format: 0 FP8 E4M3, 1 BF8 E5M2, 2 FP6 E2M3, 3 BF6 E3M2, 4 FP4 E2M1; A takes 16, 12 or 8 "
                       "VGPRs [LLVM] (docs/cdna5.md §1)"});
        out.push_back({"matrix_b_fmt", range(0, 4), "", "B's format, coded as matrix_a_fmt [LLVM] (docs/cdna5.md §1)"});
      }
      [[fallthrough]];
    case ModifierSet::wmma_gfx1250_cmod:
    case ModifierSet::wmma_gfx1250_fp8:
      out.push_back({"neg",
                     {0, 4},
                     "",
                     "bit 2: negate C (the builtin's c_mod bit 0); NEG on the 8-bit A and B is illegal [LLVM] "
                     "(docs/cdna5.md §1)"});
      out.push_back({"neg_hi",
                     {0, 4},
                     "",
                     "bit 2: |C| before NEG[2] (the builtin's c_mod bit 1); bits 0-1 stay 0 [LLVM] "
                     "(docs/cdna5.md §1)"});
      break;
    case ModifierSet::wmma_gfx1250_int:
      out.push_back({"neg", range(0, 3), "",
                     "bit 0: A is signed; bit 1: B is signed (the builtin's a_signed/b_signed) [LLVM] "
                     "(docs/cdna5.md §1)"});
      out.push_back(
          {"clamp", {0, 1}, "", "saturate the i32 result instead of wrapping [LLVM][INF] (docs/cdna5.md §3)"});
      break;
  }
  if (modifier_set_traits(d.modifiers).reuse_hints) {
    out.push_back({"matrix_a_reuse",
                   {0, 1},
                   "",
                   "operand-cache hint: A is read again by the next matrix instruction; no effect on results "
                   "[LLVM] (docs/cdna5.md §1)"});
    out.push_back({"matrix_b_reuse",
                   {0, 1},
                   "",
                   "operand-cache hint for B, as matrix_a_reuse; no effect on results [LLVM] (docs/cdna5.md §1)"});
  }
  if (d.family().index_select == IndexSelect::index_key_picks)
    out.push_back({"index_key", range(0, swmmac_index_keys(d) - 1), "",
                   fmt::format("which {}-bit window of IDX holds the indices: bits from {}*index_key [TOOL][LLVM] "
                               "(docs/rdna4.md §2.5)",
                               32 / swmmac_index_keys(d), 32 / swmmac_index_keys(d))});
  if (d.family().index_select == IndexSelect::index_key_shifts)
    out.push_back({"index_key",
                   {0, 1},
                   "",
                   fmt::format("1: the {}-bit IDX is read shifted right by {} bits, zeros entering, under the default "
                               "of switch cdna5_index_key (ignored under `ignore`) [INF][LLVM] (docs/cdna5.md §2.5)",
                               32 * d.vgprs(Operand::IDX), 16 * d.vgprs(Operand::IDX))});
  return out;
}

std::optional<ModifierViolation> first_violation(const std::vector<ModifierRange>& legal, const Modifiers& mods) {
  for (std::string_view name : kModifierNames) {
    const int value = modifier_value(mods, name);
    const auto r = std::find_if(legal.begin(), legal.end(), [&](const ModifierRange& c) { return c.name == name; });
    if (r == legal.end()) {
      if (value != 0) return ModifierViolation{name, value, nullptr};
    } else if (std::find(r->values.begin(), r->values.end(), value) == r->values.end()) {
      return ModifierViolation{name, value, &*r};
    }
  }
  return std::nullopt;
}

bool lane_modifiers_apply(const InstrDesc& d, const Switches& switches) {
  return d.modifiers != ModifierSet::mfma_kdouble_broadcast ||
         switches.gfx950_kdouble_broadcast() == Gfx950KdoubleBroadcast::apply;
}

void validate_switched_modifiers(const InstrDesc& d, const Modifiers& mods, const Switches& switches) {
  if (d.modifiers != ModifierSet::mfma_kdouble_broadcast ||
      switches.gfx950_kdouble_broadcast() != Gfx950KdoubleBroadcast::refuse)
    return;
  for (const std::string_view name : {"cbsz", "abid", "blgp"})
    if (const int value = modifier_value(mods, name); value != 0)
      throw InvalidArgument(
          fmt::format("{}={} is not allowed on {} under gfx950_kdouble_broadcast=refuse: the field is "
                      "encodable, its meaning on the K-doubled MFMA unknown (docs/cdna4.md §2.4; "
                      "the default `apply` gives it gfx9's, `ignore` none)",
                      name, value, d.mnemonic));
}

void validate_modifiers(const InstrDesc& d, const Modifiers& mods) {
  const std::vector<ModifierRange> legal = legal_modifiers(d);
  if (const auto v = first_violation(legal, mods)) {
    const auto [name, value, range] = *v;
    if (range == nullptr)
      throw InvalidArgument(
          fmt::format("{}={} is not allowed on {}: {}", name, value, d.mnemonic, why_not_accepted(d, name)));
    std::string why;
    if (name == "cbsz" && value > 0 && value <= 4)
      why = fmt::format(
          "undefined: 2^cbsz may not exceed its {} blocks (ISA §7.1.6.1, "
          "docs/spec/layouts.md §8.1)",
          d.blocks);
    else if (name == "opsel")
      why = "WMMA uses only OPSEL[2], so opsel is 0 or 4 (docs/spec/layouts.md §8.3)";
    else if (d.formats_from_modifiers() &&
             (name == d.format_modifier(Operand::A) || name == d.format_modifier(Operand::B)))
      why = fmt::format("{} is {}'s format: 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4 ({})", name,
                        name == d.format_modifier(Operand::A) ? "A" : "B", d.family().doc);
    else if (name == "opsel_a" || name == "opsel_b")
      why = "it picks one of the 4 bytes of the scale VGPR (docs/cdna4.md §2.3)";
    else if (name == "neg" && d.modifiers == ModifierSet::wmma_int && value >= 4 && value <= 7)
      why = "NEG[2] must be 0 on integer WMMA (docs/spec/layouts.md §8.4)";
    else if ((name == "neg" || name == "neg_hi") && d.modifiers == ModifierSet::wmma_gfx12_fp8 && (value & 3) != 0)
      why = "NEG on the FP8/BF8 A and B is illegal; only bit 2 (C) may be set (docs/rdna4.md §1)";
    else if ((name == "neg" || name == "neg_hi") &&
             (d.modifiers == ModifierSet::wmma_gfx1250_fp8 || d.modifiers == ModifierSet::wmma_gfx1250_f8f6f4 ||
              d.modifiers == ModifierSet::wmma_gfx1250_cmod) &&
             (value & 3) != 0)
      why = fmt::format(
          "NEG on the {}-bit A and B is illegal (llvm-mc-22 refuses it); only bit 2 (C) may be set "
          "(docs/cdna5.md §1)",
          d.formats_from_modifiers() ? "8/6/4" : std::to_string(elem_bits(d.a_type)));
    else if (name == "neg" && d.modifiers == ModifierSet::wmma_gfx1250_int && value >= 4 && value <= 7)
      why = "NEG[2] must be 0 on integer WMMA: bits 0-1 are A/B signedness (docs/cdna5.md §1)";
    else if (name == "neg_hi" && d.modifiers == ModifierSet::wmma_gfx1250_neg && (value & 3) != 0)
      why = "an f32 A/B has no high half: llvm-mc-22 encodes no NEG_HI bit for A or B here (docs/cdna5.md §1)";
    else if ((name == "neg" || name == "neg_hi") && !d.family().neg_range_reason.empty())
      why = d.family().neg_range_reason;
    else if (name == "index_key" && !d.family().index_key_reason.empty())
      why = d.family().index_key_reason;
    else if (name == "index_key")
      why = fmt::format("the IDX VGPR of {} in wave{} holds {} index window(s) (docs/rdna4.md §1.1, §2.5)", d.builtin,
                        d.wave, swmmac_index_keys(d));
    else
      why = "out of range";
    throw InvalidArgument(fmt::format("{}={} is not allowed on {}: {}; legal values: {}", name, value, d.mnemonic, why,
                                      fmt::join(range->values, ", ")));
  }
  // gfx1250 block-scaled: an E5M3 / E4M3 scale only on an FP4 operand, and one scale format for FP4 x FP4
  // (rocjitsu's legality rule, docs/cdna5.md §2.7) [SRC-EMU].
  if (!d.family().a_scale_format_modifier.empty()) {
    const int fa = d.formats_from_modifiers() ? format_code(d, mods, Operand::A) : 4;
    const int fb = d.formats_from_modifiers() ? format_code(d, mods, Operand::B) : 4;
    for (const auto& [name, scale_fmt, format] : {std::tuple{"matrix_a_scale_fmt", mods.matrix_a_scale_fmt, fa},
                                                  std::tuple{"matrix_b_scale_fmt", mods.matrix_b_scale_fmt, fb}})
      if (scale_fmt != 0 && format != 4)
        throw InvalidArgument(fmt::format(
            "{}={} is not allowed on {} with a non-FP4 {}: an E5M3 / E4M3 scale is defined only on an FP4 operand; "
            "use 0 (E8M0) (AMD's ISA emulator rocjitsu refuses it; docs/cdna5.md §2.7)",
            name, scale_fmt, d.mnemonic, name[7] == 'a' ? "A" : "B"));
    if (fa == 4 && fb == 4 && mods.matrix_a_scale_fmt != mods.matrix_b_scale_fmt)
      throw InvalidArgument(fmt::format(
          "matrix_a_scale_fmt={} and matrix_b_scale_fmt={} differ on {} with FP4 A and B: both scales take one "
          "format there (AMD's ISA emulator rocjitsu refuses the mix; docs/cdna5.md §2.7)",
          mods.matrix_a_scale_fmt, mods.matrix_b_scale_fmt, d.mnemonic));
  }
  // ABID broadcast bound; SMFMAC's ABID is an index set and the f8f6f4 CBSZ a format.
  if (d.modifiers != ModifierSet::smfmac_index_set && !d.cbsz_blgp_are_formats() && mods.abid >= (1 << mods.cbsz))
    throw InvalidArgument(
        fmt::format("abid={} is not allowed with cbsz={} on {}: ABID picks one of 2^cbsz = {} source "
                    "block(s), so abid is 0..{} (docs/spec/layouts.md §8.1)",
                    mods.abid, mods.cbsz, d.mnemonic, 1 << mods.cbsz, (1 << mods.cbsz) - 1));
}

std::string format_modifiers(const InstrDesc& d, const Modifiers& mods) {
  std::string out;
  for (const ModifierRange& r : legal_modifiers(d)) {
    if (!out.empty()) out += ' ';
    out += fmt::format("{}={}", r.name, modifier_value(mods, r.name));
  }
  return out.empty() ? "none" : out;
}

}  // namespace mxlane
