// The instruction page: facts, how to read it, the four operand figures side by side, the legend,
// notes and evidence, and the hover script; plus the shared XHTML document frame.
#include "tools/mxlane/picture_html.hpp"

#include <utility>

#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "tools/mxlane/modifier_text.hpp"
#include "tools/mxlane/picture_svg.hpp"
#include "tools/mxlane/xml_text.hpp"

namespace mxlane::cli {
namespace {

constexpr std::string_view kPageStyle =
    "body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:0 1.2em 2em;color:#1a1a1a;line-height:1.4}"
    "h1{font-size:1.45em;margin:.6em 0 .2em}h1 .sub,h2 .sub{font-weight:normal;color:#555;font-size:.7em}"
    "h2{font-size:1.1em;margin:1.2em 0 .4em}"
    "code,.mono{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.92em}"
    "nav{margin-top:.6em}a{color:#0645ad}"
    "table.facts{border-collapse:collapse}table.facts th{text-align:left;padding:1px 1em 1px 0;color:#555;"
    "font-weight:normal;vertical-align:top}table.facts td{padding:1px 0}"
    "table.list{border-collapse:collapse;font-size:.9em}table.list th,table.list td{border-bottom:1px solid #ddd;"
    "padding:3px .7em 3px 0;text-align:left;white-space:nowrap}table.list th{background:#f4f4f4}"
    ".howto{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start}.howto .text{max-width:44em}"
    ".info{position:sticky;top:0;z-index:2;background:#fffbe6;border:1px solid #e0d08a;padding:.4em .7em;"
    "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.8em;white-space:pre-wrap;min-height:2.5em;"
    "max-height:11em;overflow:auto}"
    ".figs{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start;margin-top:.8em}"
    "figure{margin:0;max-width:100%}figcaption{margin-bottom:.3em}.scroll{overflow:auto;max-width:100%}"
    "body.fit .figs .mxfig{max-width:100%;height:auto}"
    ".focus .mxfig .slot>rect{fill-opacity:.22}"
    ".focus .mxfig .slot.hl>rect,.focus .mxfig .slot.ss>rect,.focus .mxfig .slot.fa>rect,"
    ".focus .mxfig .slot.fb>rect,.focus .mxfig .slot.fc>rect{fill-opacity:1;stroke-width:3}"
    ".mxfig .slot.hl>rect{stroke:#d40000}.mxfig .slot.ss>rect{stroke:#d40000;stroke-dasharray:3 2}"
    ".mxfig .slot.fa>rect{stroke:#0050d0}.mxfig .slot.fb>rect{stroke:#00883a}.mxfig .slot.fc>rect{stroke:#8a00b8}"
    ".notes li{margin-bottom:.2em}footer{margin-top:2em;color:#666;font-size:.85em}";

// Hover: light every slot of the element under the pointer (all copies), dash the other elements
// sharing a slot (broadcasts), and for D light the A/B/C slots named by data-fa/fb/fc. The slot
// text follows the calculator's notation as layouts/slot_notation.cpp writes it.
constexpr std::string_view kPageScript = R"js((function () {
  'use strict';
  var byElement = {}, bySlot = {}, lit = [], pinned = null;
  var info = document.getElementById('info');
  var idle = info.textContent;
  function push(map, key, node) { (map[key] = map[key] || []).push(node); }
  var slots = document.querySelectorAll('svg.mxfig g.slot');
  for (var n = 0; n < slots.length; n++) {
    var s = slots[n], op = s.id.charAt(0);
    push(byElement, op + s.parentNode.getAttribute('data-e'), s);
    push(bySlot, op + s.getAttribute('data-slot'), s);
  }
  function mark(nodes, cls) {
    for (var i = 0; i < nodes.length; i++) { nodes[i].classList.add(cls); lit.push([nodes[i], cls]); }
  }
  function clear() {
    for (var i = 0; i < lit.length; i++) lit[i][0].classList.remove(lit[i][1]);
    lit = [];
    document.body.classList.remove('focus');
    info.textContent = idle;
  }
  function name(el) { return el.querySelector('title').textContent.split(' = ')[0]; }
  function where(slot) {
    var f = slot.getAttribute('data-slot').split(',').map(Number);
    var width = f[3] - f[2] + 1;
    var reg = width === 64 ? 'v[' + (f[1] + 1) + ':' + f[1] + ']' : 'v' + f[1];
    return reg + '{' + f[0] + '}' + (width < 32 ? '.[' + f[3] + ':' + f[2] + ']' : '');
  }
  function feeds(el, attr, cls) {
    var ids = el.getAttribute(attr).split(' '), nodes = [], text = [];
    for (var i = 0; i < ids.length; i++) {
      var node = document.getElementById(ids[i]);
      if (!node) continue;
      nodes.push(node);
      text.push(name(node.parentNode) + ' ' + where(node));
    }
    mark(nodes, cls);
    return text.join(', ');
  }
  function show(el) {
    clear();
    var op = el.ownerSVGElement.getAttribute('data-op');
    var own = byElement[op + el.getAttribute('data-e')] || [];
    mark(own, 'hl');
    var shared = [];
    for (var i = 0; i < own.length; i++) {
      var same = bySlot[op + own[i].getAttribute('data-slot')] || [];
      for (var j = 0; j < same.length; j++) if (same[j].parentNode !== el) shared.push(same[j]);
    }
    mark(shared, 'ss');
    var lines = [el.querySelector('title').textContent];
    if (shared.length) lines.push('The same slot also feeds ' + shared.length + ' other element(s) of ' + op + ' (dashed red).');
    if (el.hasAttribute('data-fa')) {
      lines.push('= C + \u03a3k A\u00b7B, reading exactly these slots:');
      lines.push('A (blue): ' + feeds(el, 'data-fa', 'fa'));
      lines.push('B (green): ' + feeds(el, 'data-fb', 'fb'));
      lines.push('C (purple): ' + feeds(el, 'data-fc', 'fc'));
    }
    document.body.classList.add('focus');
    info.textContent = lines.join('\n');
  }
  function cellOf(target) {
    var el = target.closest ? target.closest('g.el') : null;
    return el && el.hasAttribute('data-e') ? el : null;
  }
  document.addEventListener('mouseover', function (e) {
    if (pinned) return;
    var el = cellOf(e.target);
    if (el) show(el); else if (lit.length) clear();
  });
  document.addEventListener('click', function (e) {
    var el = cellOf(e.target);
    if (!el) return;
    pinned = pinned === el ? null : el;
    show(el);
    if (pinned) info.textContent += '\n(pinned: click the cell again or press Escape to release)';
  });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') { pinned = null; clear(); }
  });
  var fit = document.getElementById('fit');
  if (fit) fit.addEventListener('change', function () { document.body.classList.toggle('fit', fit.checked); });
})();
)js";

std::string fact_row(std::string_view name, const std::string& value_html) {
  return fmt::format("<tr><th>{}</th><td>{}</td></tr>", name, value_html);
}

std::string facts_table(const InstrDesc& d, const Modifiers& mods) {
  std::string rows;
  rows += fact_row("Builtin", "<code>" + xml_escape(d.full_builtin()) + "</code>");
  rows += fact_row("Shape", fmt::format("M\u00d7N\u00d7K = {}\u00d7{}\u00d7{}, {} block{}", d.m, d.n, d.k, d.blocks,
                                        d.blocks > 1 ? "s (independent products)" : ""));
  rows += fact_row("Types", fmt::format("A {}, B {} \u2192 C {}, D {}", elem_name(d.a_type), elem_name(d.b_type),
                                        elem_name(d.c_type), elem_name(d.d_type)));
  rows += fact_row("VGPRs per lane",
                   fmt::format("A {}, B {}, C/D {}{}", d.vgprs_a, d.vgprs_b, d.vgprs_cd,
                               d.tied ? " (_tied: D is written over C's registers)" : ""));
  rows += fact_row("Wave", fmt::format("wave{}", d.wave));
  rows += fact_row("Opcode", fmt::format("VOP3P 0x{:x}", d.opcode));
  rows += fact_row("Cycles", d.cycles > 0 ? fmt::format("{} ({} ops)", d.cycles, d.ops)
                                          : fmt::format("not published ({} ops)", d.ops));
  rows += fact_row("Modifiers accepted", xml_escape(modifiers_text(legal_modifiers(d))));
  rows += fact_row("Modifiers drawn", "<code>" + xml_escape(format_modifiers(d, mods)) + "</code>");
  return "<table class=\"facts\">" + rows + "</table>";
}

// notes() of all four operands, identical notes merged: "A, B: replicated ...".
std::vector<std::string> merged_notes(const std::vector<OperandLayout>& layouts) {
  std::vector<std::pair<std::string, std::string>> notes;  // (operands, note)
  for (const OperandLayout& l : layouts)
    for (const std::string& note : l.notes()) {
      bool merged = false;
      for (auto& [ops, text] : notes)
        if (text == note) {
          append_item(ops, operand_name(l.operand()));
          merged = true;
        }
      if (!merged) notes.emplace_back(std::string(operand_name(l.operand())), note);
    }
  std::vector<std::string> out;
  for (const auto& [ops, text] : notes) out.push_back(ops + ": " + text);
  return out;
}

std::string list_items(const std::vector<std::string>& items) {
  std::string out = "<ul class=\"notes\">";
  for (const std::string& item : items) out += "<li>" + xml_escape(item) + "</li>";
  return out + "</ul>";
}

}  // namespace

std::vector<std::string> layout_evidence(ArchId arch) {
  std::vector<std::string> out(arch_info(arch).layout_evidence.begin(), arch_info(arch).layout_evidence.end());
  out.push_back("Nothing here has been run on AMD hardware by this project.");
  return out;
}

std::string html_document(std::string_view title, std::string_view body, std::string_view script) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" xml:lang=\"en\">\n<head>\n"
      "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n",
      xml_escape(title), kPageStyle);
  out += body;
  if (!script.empty()) out += fmt::format("<script>//<![CDATA[\n{}//]]></script>\n", script);
  out += "</body>\n</html>\n";
  return out;
}

std::string render_instruction_page(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                                    const HtmlPageOptions& o) {
  const std::string_view arch = arch_info(d.arch).name;
  std::vector<OperandLayout> layouts;
  for (Operand op : kAllOperands) layouts.emplace_back(d, op, mods, switches);

  std::string body;
  if (!o.index_href.empty())
    body += fmt::format("<nav><a href=\"{}\">\u2190 all instructions</a></nav>\n", xml_escape(o.index_href));
  body += fmt::format("<h1>{} <span class=\"sub\">{} ({}) \u00b7 wave{}</span></h1>\n", d.mnemonic, arch,
                      arch_info(d.arch).family, d.wave);
  body += fmt::format(
      "<p>D = A \u00d7 B + C{}: A is {}\u00d7{} (rows i, cols k), B is {}\u00d7{} (rows k, cols j), C and D are "
      "{}\u00d7{} (rows i, cols j). Each D[b][i][j] = C[b][i][j] + \u03a3<sub>k</sub> A[b][i][k]\u00b7B[b][k][j].</p>\n",
      d.blocks > 1 ? fmt::format(" for each of {} blocks b", d.blocks) : "", d.m, d.k, d.k, d.n, d.m, d.n);
  body += facts_table(d, mods) + "\n";

  SvgFigureOptions figure;
  figure.standalone = false;
  figure.arch_name = std::string(arch);
  LegendContents legend;
  std::string figures;
  for (const OperandLayout& l : layouts) {
    figure.feed_attributes = l.operand() == Operand::D;
    figure.highlight = nullptr;
    if (o.highlight) figure.highlight = [&, op = l.operand()](const Placement& p) { return o.highlight(op, p); };
    legend.merge(legend_contents(l, figure));
    figures += fmt::format("<figure><figcaption><b>{}</b> \u2014 {}</figcaption><div class=\"scroll\">{}</div></figure>\n",
                           operand_name(l.operand()), xml_escape(operand_summary(l)),
                           render_operand_svg(l, figure));
  }

  body += "<h2>How to read this page</h2>\n<div class=\"howto\"><div class=\"text\">";
  body +=
      "<p>Each figure is one operand as a matrix in its own coordinates. A cell is one element; it says where the "
      "element lives in the wave's registers: <code>v3</code> is the operand's VGPR 3 (counted from its first "
      "register), <code>L17</code> the lane, <code>[31:16]</code> the bits of a sub-dword element: together "
      "<code>v3{17}.[31:16]</code> in the notation of AMD's matrix instruction calculator. The colour is the lane "
      "group (lanes 0\u201315, 16\u201331, \u2026), lighter or darker for even or odd VGPRs.</p>"
      "<p><b>Hover</b> over a cell: every slot of that element lights up in red (every copy of a replicated "
      "element), and other elements read from the same slot are dashed (broadcasts). Over a D cell, the A (blue), "
      "B (green) and C (purple) slots it is computed from light up: exactly the lanes and copies the instruction "
      "reads, after the modifiers drawn. The yellow box spells it out. <b>Click</b> to pin, Escape to release.</p>"
      "<p><label><input type=\"checkbox\" id=\"fit\"/> fit the figures to the window</label></p>";
  body += "</div>" + render_legend_svg(legend) + "</div>\n";
  body += "<div id=\"info\" class=\"info\">Hover over any cell (or click to pin it).</div>\n";
  body += "<div class=\"figs\">\n" + figures + "</div>\n";
  const std::vector<std::string> notes = merged_notes(layouts);
  if (!notes.empty()) body += "<h2>Notes</h2>\n" + list_items(notes) + "\n";
  body += "<h2>Evidence</h2>\n" + list_items(layout_evidence(d.arch)) + "\n";
  if (!o.command.empty())
    body += fmt::format("<footer>Generated by <code>{}</code>.</footer>\n", xml_escape(o.command));
  return html_document(fmt::format("{} \u00b7 {} \u00b7 mxlane lane map", d.builtin, arch), body, kPageScript);
}

}  // namespace mxlane::cli
