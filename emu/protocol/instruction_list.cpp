// The instruction list of `mxlane list` and `mxlane.list()`: the table, per architecture, as text or JSON.
#include "emu/protocol/instruction_list.hpp"

#include <nlohmann/json.hpp>

#include "emu/isa/declared_archs.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/insns/execute_valu.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "emu/protocol/instruction_detail.hpp"
#include "emu/protocol/modifier_text.hpp"
#include "emu/protocol/name_resolution.hpp"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

// Peak operations per clock per CU (CDNA) or WGP (RDNA): 4 SIMDs each (docs/spec/layouts.md §3).
std::optional<int> peak_ops_per_clock(const InstrDesc& d) {
  if (d.cycles <= 0) return std::nullopt;
  return 4 * d.ops / d.cycles;
}

Json arch_json(const ArchInfo& a) {
  Json waves = Json::array();  // (arch_json)
  if (a.wave32) waves.push_back(32);
  if (a.wave64) waves.push_back(64);
  return Json{{"name", a.name},
              {"family", a.family},
              {"products", a.products},
              {"aliases", a.aliases},
              {"default_wave", a.default_wave},
              {"waves", waves},
              {"vgprs", a.vgprs},
              {"agprs", a.agprs},
              {"matrix_instructions_modelled", a.matrix_modelled}};
}

Json modifiers_json(const std::vector<ModifierRange>& ranges) {
  Json mods = Json::array();
  for (const ModifierRange& r : ranges) {
    Json m{{"name", r.name}, {"values", r.values}};
    if (!r.constraint.empty()) m["constraint"] = r.constraint;
    m["meaning"] = r.meaning;
    mods.push_back(m);
  }
  return mods;
}

Json valu_json(const ValuDesc& d, ArchId arch) {
  const ValuShape shape = d.shape();
  Json operands = Json::object();
  for (int n = 0; n < 3; ++n)
    if (shape.src[n] > 0) operands["src" + std::to_string(n)] = shape.src[n];
  operands["dst"] = shape.dst;
  Json tied = Json::array();
  for (const ValuTiedSpelling* t : valu_tied_spellings(d, arch)) tied.push_back(t->mnemonic);
  return Json{{"arch", arch_info(arch).name},
              {"builtin", "__builtin_amdgcn_" + std::string(d.builtin)},
              {"mnemonic", d.mnemonic_on(arch)},
              {"tied_mnemonics", tied},
              {"kind", "valu"},
              {"feature", d.feature},
              {"vgprs", operands},
              {"modifiers", modifiers_json(legal_valu_modifiers(d))},
              {"archs", arch_names(d.archs)}};
}

Json instruction_json(const InstrDesc& d) {
  const Json mods = modifiers_json(legal_modifiers(d));
  Json j{{"arch", arch_info(d.arch).name},
         {"builtin", d.full_builtin()},
         {"mnemonic", d.mnemonic},
         {"kind", d.family().kind},
         {"opcode", d.known_to_llvm() ? Json(d.opcode) : Json(nullptr)},  // null: LLVM 22 has no encoding
         {"wave", d.wave},
         {"tied", d.tied},
         {"m", d.m},
         {"n", d.n},
         {"k", d.k},
         {"blocks", d.blocks},
         {"types",
          {{"A", elem_name(d.a_type)},
           {"B", elem_name(d.b_type)},
           {"C", elem_name(d.c_type)},
           {"D", elem_name(d.d_type)}}},
         {"vgprs", {{"A", d.vgprs_a}, {"B", d.vgprs_b}, {"C", d.vgprs_c}, {"D", d.vgprs_cd}}},
         {"modifiers", mods},
         {"ops", d.ops},
         {"cycles", d.cycles > 0 ? Json(d.cycles) : Json(nullptr)},
         {"coexec_cycles", d.coexec_cycles >= 0 ? Json(d.coexec_cycles) : Json(nullptr)}};
  if (d.has(Operand::IDX)) {  // SMFMAC: the compressed A's index register (docs/cdna3.md §3)
    j["types"]["IDX"] = elem_name(ElemType::idx2);
    j["vgprs"]["IDX"] = d.vgprs(Operand::IDX);
  }
  j["sparse"] = d.has(Operand::IDX);
  if (d.has(Operand::SA)) {  // scaled f8f6f4: the E8M0 scale registers (docs/cdna4.md §2.3)
    for (const Operand op : {Operand::SA, Operand::SB}) {
      j["types"][std::string(operand_name(op))] = elem_name(ElemType::e8m0);
      j["vgprs"][std::string(operand_name(op))] = d.vgprs(op);
    }
  }
  // f8f6f4: A and B take the format CBSZ / BLGP select (docs/cdna4.md §1), or on gfx1250 matrix_a_fmt /
  // matrix_b_fmt (docs/cdna5.md §1): "format_modifiers" names them.
  j["formats_from_cbsz_blgp"] = d.cbsz_blgp_are_formats();
  j["format_modifiers"] = d.formats_from_modifiers()
                              ? Json::array({d.format_modifier(Operand::A), d.format_modifier(Operand::B)})
                              : Json::array();
  // The unscaled f8f6f4 encoding: what the scaled builtin compiles to with constant zero scales.
  j["zero_scale_form"] = d.zero_scale_form;
  const auto peak = peak_ops_per_clock(d);
  j["peak_ops_per_clock"] = peak ? Json(*peak) : Json(nullptr);
  j["peak_unit"] = d.family().peak_unit;
  return j;
}

Json switch_json(const SwitchInfo& s) {
  Json values = Json::array();
  for (const SwitchValue& v : s.values) values.push_back({{"name", v.name}, {"meaning", v.meaning}});
  return Json{{"name", s.name},
              {"values", values},
              {"default", s.values[0].name},
              {"applies_to", s.applies_to},
              {"archs", arch_names(switch_archs(s.id))},
              {"evidence", s.evidence}};
}

// The switches as `mxlane list` prints them after the instructions.
void print_switches_text(std::span<const SwitchInfo> switches, std::ostream& out) {
  out << "Behaviour switches (`--option NAME=VALUE`; the first value is the default):\n";
  for (const SwitchInfo& s : switches) {
    out << fmt::format("  {} ({}; on {})\n", s.name, s.applies_to, arch_names(switch_archs(s.id)));
    for (const SwitchValue& v : s.values) out << fmt::format("    {:<12} {}\n", v.name, v.meaning);
    out << fmt::format("    evidence: {}\n", s.evidence);
  }
}

void print_text(const std::vector<const ArchInfo*>& archs, std::ostream& out) {
  for (const ArchInfo* a : archs) {
    std::string aliases;
    for (std::string_view alias : a->aliases) append_item(aliases, alias);
    out << fmt::format("{} ({}: {}); aliases: {}\n", a->name, a->family, a->products,
                       aliases.empty() ? "none" : aliases);
    if (a->matrix_modelled)
      out << fmt::format("  {:<34} {:<28} {:>6} {:>9} {:>6} {:<22} {:>12} {:>4} {:<30} {:>6} {:>6} {:>6}\n",
                         "builtin (__builtin_amdgcn_...)", "mnemonic", "opcode", "MxNxK", "blocks", "A,B -> C,D",
                         "VGPRs A/B/CD", "wave", "modifiers", "ops", "cycles", "coexec");
    for (const InstrDesc* d : instructions_for_arch(a->id)) {
      out << fmt::format(
          "  {:<34} {:<28} {:>6} {:>9} {:>6} {:<22} {:>12} {:>4} {:<30} {:>6} {:>6} {:>6}\n", d->builtin, d->mnemonic,
          d->known_to_llvm() ? fmt::format("{:#x}", d->opcode) : "n/k", fmt::format("{}x{}x{}", d->m, d->n, d->k),
          d->blocks,
          fmt::format("{},{} -> {},{}", elem_name(d->a_type), elem_name(d->b_type), elem_name(d->c_type),
                      elem_name(d->d_type)),
          d->vgprs_c == d->vgprs_cd ? fmt::format("{}/{}/{}", d->vgprs_a, d->vgprs_b, d->vgprs_cd)
                                    : fmt::format("{}/{}/{},{}", d->vgprs_a, d->vgprs_b, d->vgprs_c, d->vgprs_cd),
          d->wave, modifiers_text(legal_modifiers(*d)), d->ops, d->cycles > 0 ? std::to_string(d->cycles) : "n/p",
          d->coexec_cycles >= 0 ? std::to_string(d->coexec_cycles) : "n/p");
    }
    if (!a->matrix_modelled) out << "  (mxlane does not emulate this architecture's matrix instructions)\n";
    if (valu_builtins_for_arch(a->id).empty()) {
      out << "  (mxlane does not emulate this architecture's VALU builtins yet)\n\n";
      continue;
    }
    out << fmt::format("  {:<34} {:<50} {:<22} {:<16} {:<24} {}\n", "VALU builtin (__builtin_amdgcn_...)", "mnemonic",
                       "feature", "VGPRs s0/s1/s2>d", "constant arguments", "also on");
    for (const ValuDesc* v : valu_builtins_for_arch(a->id)) {
      const ValuShape sh = v->shape();
      std::string mnemonics(v->mnemonic_on(a->id));
      for (const ValuTiedSpelling* t : valu_tied_spellings(*v, a->id)) mnemonics += fmt::format(" +{}", t->mnemonic);
      out << fmt::format("  {:<34} {:<50} {:<22} {:<16} {:<24} {}\n", v->builtin, mnemonics, v->feature,
                         fmt::format("{}/{}/{}>{}", sh.src[0], sh.src[1], sh.src[2], sh.dst),
                         modifiers_text(legal_valu_modifiers(*v)), arch_names(v->archs & ~arch_bit(a->id)));
    }
    out << '\n';
  }
  for (const DeclaredArch& d : declared_only_archs())
    out << fmt::format("{} ({}): declared, not emulated: {}\n\n", d.name, d.products, d.why);
  out << "cycles: the seeds' figures; n/p = not published (RDNA3 wave64; gfx908 co-execution). coexec: VALU "
         "co-execution cycles.\n";
  out << "+v_...: the VALU builtin's tied spelling there, the VOP2 form LLVM prints when the accumulator is the "
         "destination (docs/builtins-overview.md).\n";
  print_switches_text(all_switches(), out);
}

// The switch reference of docs/switches.md: one section per switch, its values in a table.
std::string markdown_cell(std::string_view text) {
  std::string cell;
  for (char c : text) cell += c == '|' ? std::string("\\|") : std::string(1, c);
  return cell;
}

void print_switches_markdown(const std::vector<const SwitchInfo*>& switches, std::ostream& out) {
  for (const SwitchInfo* s : switches) {
    out << fmt::format("## `{}`\n\n", s->name);
    out << fmt::format("{} ({}). Architectures: {}.\n\n",
                       s->kind == SwitchKind::mode_field ? "MODE register state" : "Open question",
                       markdown_cell(s->applies_to), arch_names(switch_archs(s->id)));
    out << "| Value | Meaning |\n|---|---|\n";
    for (const SwitchValue& v : s->values)
      out << fmt::format("| `{}`{} | {} |\n", v.name, &v == &s->values[0] ? " (default)" : "",
                         markdown_cell(v.meaning));
    out << fmt::format("\nEvidence: {}\n\n", s->evidence);
  }
}

void write_switches(const ListRequest& options, std::ostream& out) {
  if (!options.inst.empty()) throw InvalidArgument("--options: lists every switch; it takes no --inst");
  std::vector<const SwitchInfo*> switches;
  const ArchMask archs = options.arch.empty() ? every_arch() : arch_bit(resolve_arch_option(options.arch).id);
  for (const SwitchInfo& s : all_switches())
    if ((switch_archs(s.id) & archs) != 0) switches.push_back(&s);
  if (options.format == ListFormat::json) {
    Json doc{{"format", "mxlane.switches/1"}, {"switches", Json::array()}};
    for (const SwitchInfo* s : switches) {
      Json j = switch_json(*s);
      j["kind"] = s->kind == SwitchKind::mode_field ? "mode_field" : "question";
      doc["switches"].push_back(std::move(j));
    }
    out << doc.dump(1) << '\n';
  } else if (options.format == ListFormat::markdown) {
    print_switches_markdown(switches, out);
  } else {
    std::vector<SwitchInfo> rows;
    for (const SwitchInfo* s : switches) rows.push_back(*s);
    print_switches_text(rows, out);
  }
}

// `list --arch A --inst NAME` of a VALU builtin (any of its spellings on A): its one row.
void print_valu_detail(const ArchInfo& arch, const ValuDesc& v, const ListRequest& options, std::ostream& out) {
  try {
    require_available(v, arch.id);
    require_valu_spelling(v, options.inst, arch.id);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("--inst: ") + e.what());
  }
  const Json j = valu_json(v, arch.id);
  if (options.format == ListFormat::json) {
    out << j.dump(1) << '\n';
    return;
  }
  const ValuTiedSpelling* tied = valu_tied_spelling(v, options.inst);
  out << fmt::format("{} on {}: __builtin_amdgcn_{}\n", options.inst, arch.name, v.builtin);
  out << fmt::format("  mnemonic         {}\n", v.mnemonic_on(arch.id));
  for (const ValuTiedSpelling* t : valu_tied_spellings(v, arch.id))
    out << fmt::format("  tied spelling    {} (VOP2, src2 = dst)\n", t->mnemonic);
  out << fmt::format("  feature          {}\n", v.feature);
  out << fmt::format("  constant args    {}\n",
                     modifiers_text(tied ? legal_valu_modifiers(v, *tied, arch.id) : legal_valu_modifiers(v)));
  out << fmt::format("  architectures    {}\n", arch_names(v.archs));
}

}  // namespace

void write_instruction_list(const ListRequest& options, std::ostream& out) {
  if (options.switches_only) return write_switches(options, out);
  if (options.format == ListFormat::markdown)
    throw InvalidArgument("--format markdown: only with --options (the switch reference, docs/switches.md)");
  if (!options.inst.empty()) {
    if (options.arch.empty())
      throw InvalidArgument("--inst: give --arch too (the instruction table is per architecture)");
    const ArchInfo& arch = resolve_arch_option(options.arch);
    if (const ValuDesc* v = find_valu(options.inst)) return print_valu_detail(arch, *v, options, out);
    const InstrDesc& d = resolve_inst_option(arch, options.inst, options.wave);
    print_instruction_detail(arch, d, instruction_json(d), options.format == ListFormat::json, out);
    return;
  }
  std::vector<const ArchInfo*> archs;
  if (options.arch.empty())
    for (const ArchInfo& a : all_archs()) archs.push_back(&a);
  else
    archs.push_back(&resolve_arch_option(options.arch));

  if (options.format == ListFormat::json) {
    Json doc{{"format", "mxlane.list/1"}};
    doc["architectures"] = Json::array();
    doc["instructions"] = Json::array();
    for (const ArchInfo* a : archs) {
      doc["architectures"].push_back(arch_json(*a));
      for (const InstrDesc* d : instructions_for_arch(a->id)) doc["instructions"].push_back(instruction_json(*d));
      for (const ValuDesc* v : valu_builtins_for_arch(a->id)) doc["instructions"].push_back(valu_json(*v, a->id));
    }
    doc["switches"] = Json::array();
    for (const SwitchInfo& s : all_switches()) doc["switches"].push_back(switch_json(s));
    out << doc.dump(1) << '\n';
  } else {
    print_text(archs, out);
  }
}

}  // namespace mxlane::protocol
