// Registering and resolving the layout-choosing options of lanemap and check.
#include "tools/mxlane/layout_options.hpp"

#include <algorithm>

#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "fmt/format.h"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {
namespace {

// "WMMA on gfx1100, gfx1200; SWMMAC on gfx1200": the families and architectures whose instructions take
// modifier `name`, from the instruction table, so that the help names what the table holds.
std::string taken_by(std::string_view name) {
  const std::string coverage = matrix_coverage([&](const InstrDesc& d) {
    const std::vector<ModifierRange> legal = legal_modifiers(d);
    return std::any_of(legal.begin(), legal.end(), [&](const ModifierRange& r) { return r.name == name; });
  });
  return coverage.empty() ? "Taken by no instruction mxlane models yet. " : "Taken by " + coverage + ". ";
}

}  // namespace

void add_layout_options(CLI::App* cmd, LayoutSelection& o, OperandOption operand_option, ArchShortName arch_short) {
  cmd->add_option(arch_short == ArchShortName::with_a ? "-a,--arch" : "--arch", o.arch,
                  "Architecture (" + architecture_names() +
                      ") or an alias (cdna2, mi250x, rdna3, gfx1151, ...: `mxlane list`). Example: --arch mi250x" +
                      (arch_short == ArchShortName::with_a ? "" : " (-a ARCH works too)"))
      ->required();
  cmd->add_option("-i,--inst,--instruction", o.inst,
                  "ISA mnemonic (v_mfma_f32_32x32x8f16, v_wmma_f32_16x16x16_f16) or builtin name, with or "
                  "without __builtin_amdgcn_. Example: --inst wmma_f32_16x16x16_f16_w64")
      ->required();
  CLI::Option* operand = cmd->add_option(
      "--operand", o.operand,
      operand_option == OperandOption::required
          ? "A, B, C, D, IDX on SMFMAC and SWMMAC, SA/SB on the gfx950 scaled f8f6f4 MFMA and gfx1250 block-scaled "
            "WMMA (A is M x K, B is K x N, C and D are M x N; a sparse A and its IDX fields are M x K/2, the stored "
            "values; SA is M x K/32, SB N x K/32, K/16 on the scale16 forms). "
            "Example: --operand D"
          : "A, B, C, D, IDX on SMFMAC and SWMMAC, SA/SB on the gfx950 scaled f8f6f4 MFMA and gfx1250 block-scaled "
            "WMMA (A is M x K, B is K x N, C and D are M x N; a sparse A and its IDX fields are M x K/2, the stored "
            "values; SA is M x K/32, SB N x K/32, K/16 on the scale16 forms); "
            "required except with --trace and --format html (which draws "
            "all four). Example: --operand D");
  operand->check(CLI::IsMember({"A", "B", "C", "D", "IDX", "SA", "SB"}, CLI::ignore_case));
  if (operand_option == OperandOption::required) operand->required();
  cmd->add_option(
         "-w,--wave", o.wave,
         "32 or 64. Default: the architecture's (64 on gfx90a, 32 on gfx1100) or the builtin's _w32/_w64 suffix. Example: --wave 64")
      ->check(CLI::Validator(
          [](std::string& text) {
            return text == "32" || text == "64" ? std::string() : "'" + text + "' is not a wave size; use 32 or 64";
          },
          ""));
  // The modifier fields' widths in the VOP3P encoding (CBSZ, BLGP, OPSEL, NEG, NEG_HI 3 bits, ABID 4)
  // bound them here; each instruction's own legal values are checked when the layout is built.
  cmd->add_option(
         "--cbsz", o.mods.cbsz,
         taken_by("cbsz") +
             "Multi-block MFMA: A broadcast size, 0..log2(blocks); SMFMAC: 0 lets --abid pick the index set; f8f6f4 MFMA: A's format (as --blgp). Example: --cbsz 2 --abid 1")
      ->check(integer_in(0, 7));
  cmd->add_option(
         "--abid", o.mods.abid,
         taken_by("abid") +
             "Multi-block MFMA: broadcast source block, 0..2^cbsz-1; SMFMAC with cbsz 0: the IDX index set. Example: --cbsz 1 --abid 1")
      ->check(integer_in(0, 15));
  cmd->add_option("--blgp", o.mods.blgp,
                  taken_by("blgp") +
                      "Non-f64 MFMA: B lane-group pattern 0..7; f64 MFMA after gfx90a: negate mask; f8f6f4 MFMA: B's "
                      "format (--cbsz is A's): 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4. Example: --blgp 3")
      ->check(integer_in(0, 7));
  cmd->add_option("--opsel-a,--opsel_a", o.mods.opsel_a,
                  taken_by("opsel_a") + "Which byte (0..3) of SA holds A's E8M0 scales. Example: --opsel-a 2")
      ->check(integer_in(0, 3));
  cmd->add_option("--opsel-b,--opsel_b", o.mods.opsel_b,
                  taken_by("opsel_b") + "Which byte (0..3) of SB holds B's E8M0 scales. Example: --opsel-b 1")
      ->check(integer_in(0, 3));
  cmd->add_option(
         "--opsel", o.mods.opsel,
         taken_by("opsel") +
             "16-bit-output WMMA with C/D in half a VGPR: 0 (bits [15:0]) or 4 (OPSEL[2]=1: bits [31:16]). Example: --opsel 4")
      ->check(integer_in(0, 7));
  cmd->add_option("--neg", o.mods.neg,
                  taken_by("neg") +
                      "NEG field 0..7: float: bit n negates the low halves of source n (A, B) "
                      "and bit 2 negates C; integer: bits 0/1 mark A/B signed. Example: --neg 3")
      ->check(integer_in(0, 7));
  cmd->add_option(
         "--neg-hi,--neg_hi", o.mods.neg_hi,
         taken_by("neg_hi") +
             "NEG_HI field 0..7: bit n negates the high halves of A/B; bit 2 takes |C|. Example: --neg 3 --neg-hi 3 negates all of A and B")
      ->check(integer_in(0, 7));
  cmd->add_option("--index-key,--index_key", o.mods.index_key,
                  taken_by("index_key") +
                      "Which part of IDX holds the indices (gfx1200: 0-1 wave32, 0-3 wave64 for 16/8-bit A; "
                      "gfx1250: 1 reads IDX shifted right by half its width, switch cdna5_index_key; legal values "
                      "per instruction in `mxlane list`). Example: --index-key 1")
      ->check(integer_in(0, 3));
  cmd->add_option("--matrix-a-reuse,--matrix_a_reuse", o.mods.matrix_a_reuse,
                  taken_by("matrix_a_reuse") +
                      "gfx1250 operand-cache hint for A, 0 or 1; changes no result. Example: --matrix-a-reuse 1")
      ->check(integer_in(0, 1));
  cmd->add_option("--matrix-b-reuse,--matrix_b_reuse", o.mods.matrix_b_reuse,
                  taken_by("matrix_b_reuse") +
                      "gfx1250 operand-cache hint for B, 0 or 1; changes no result. Example: --matrix-b-reuse 1")
      ->check(integer_in(0, 1));
  cmd->add_option("--matrix-a-fmt,--matrix_a_fmt", o.mods.matrix_a_fmt,
                  taken_by("matrix_a_fmt") +
                      "gfx1250 f8f6f4 WMMA: A's format, 0 FP8, 1 BF8, 2 FP6, 3 BF6, 4 FP4. Example: --matrix-a-fmt 4")
      ->check(integer_in(0, 4));
  cmd->add_option("--matrix-b-fmt,--matrix_b_fmt", o.mods.matrix_b_fmt,
                  taken_by("matrix_b_fmt") +
                      "gfx1250 f8f6f4 WMMA: B's format, coded as --matrix-a-fmt. Example: --matrix-b-fmt 2")
      ->check(integer_in(0, 4));
  cmd->add_option("--matrix-a-scale,--matrix_a_scale", o.mods.matrix_a_scale,
                  taken_by("matrix_a_scale") +
                      "gfx1250 block-scaled WMMA: 0 (ROW0) or 1 (ROW1), which half-wave's lanes hold A's scales. "
                      "Example: --matrix-a-scale 1")
      ->check(integer_in(0, 1));
  cmd->add_option("--matrix-b-scale,--matrix_b_scale", o.mods.matrix_b_scale,
                  taken_by("matrix_b_scale") +
                      "gfx1250 block-scaled WMMA: ROW0/ROW1 for B's scales. Example: --matrix-b-scale 1")
      ->check(integer_in(0, 1));
  cmd->add_option(
         "--matrix-a-scale-fmt,--matrix_a_scale_fmt", o.mods.matrix_a_scale_fmt,
         taken_by("matrix_a_scale_fmt") +
             "gfx1250 block-scaled WMMA: A's scale format, 0 E8M0, 1 E5M3, 2 E4M3. Example: --matrix-a-scale-fmt 1")
      ->check(integer_in(0, 2));
  cmd->add_option(
         "--matrix-b-scale-fmt,--matrix_b_scale_fmt", o.mods.matrix_b_scale_fmt,
         taken_by("matrix_b_scale_fmt") +
             "gfx1250 block-scaled WMMA: B's scale format, coded as --matrix-a-scale-fmt. Example: --matrix-b-scale-fmt 2")
      ->check(integer_in(0, 2));
  cmd->add_option(
      "--option", o.switch_settings,
      "Behaviour switch NAME=VALUE (the switches: `mxlane list --options`). Example: --option cbsz_model=calculator, "
      "--option f64_4x4x4_cd_order=isa-general");
}

}  // namespace mxlane::cli
