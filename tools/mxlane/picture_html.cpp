// The instruction page: the four operand figures sized to the window (three views), the info box,
// facts, how to read it, the legend, notes and evidence, and the hover/focus/layout script; plus the
// shared XHTML document frame.
#include "tools/mxlane/picture_html.hpp"

#include <utility>

#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "emu/protocol/modifier_text.hpp"
#include "tools/mxlane/picture_svg.hpp"
#include "tools/mxlane/xml_text.hpp"

namespace mxlane::cli {

using namespace protocol;  // the line protocol, the trace and the list this command prints
namespace {

constexpr std::string_view kPageStyle =
    "body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:0 1.2em 2em;color:#1a1a1a;line-height:1.4}"
    "h1{font-size:1.3em;margin:.3em 0 0}.controls{margin:.2em 0}h1 .sub,h2 .sub{font-weight:normal;color:#555;font-size:.7em}"
    "h2{font-size:1.1em;margin:1.2em 0 .4em}"
    "code,.mono{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.92em}"
    "a{color:#0645ad}"
    "table.facts{border-collapse:collapse}table.facts th{text-align:left;padding:1px 1em 1px 0;color:#555;"
    "font-weight:normal;vertical-align:top}table.facts td{padding:1px 0}"
    ".howto{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start}.howto .text{max-width:44em}"
    // The work area, in three views the script chooses (README "Pictures"). "focus": D large, A's rows below it, B's columns to its right, C in
    // the corner, each in a scrolling pane that a D cell scrolls to the slots it reads; "all": the
    // four figures scaled to fit the window, arranged as the product (B above D, A to its left);
    // "natural": the same arrangement at natural size. The info box is below, never over a figure.
    ".work{display:grid;width:max-content;grid-template-columns:max-content max-content;"
    "grid-template-areas:'c b' 'a d' 'i i';gap:6px 10px;align-items:end;justify-items:start;margin-top:.3em}"
    "body.v-focus .work{grid-template-areas:'d b' 'a b' 'i c';align-items:start}"
    ".work .pc{grid-area:c}.work .pb{grid-area:b}.work .pa{grid-area:a;align-self:start}"
    ".work .pd{grid-area:d;align-self:start}.work .sc{overflow:auto}"
    ".work figure{margin:0}.work figcaption{font-size:.85em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;"
    "width:0;min-width:100%;height:1.3em}.work .mxfig{display:block}"
    ".info{grid-area:i;justify-self:stretch;background:#fffbe6;border:1px solid #e0d08a;padding:.2em .6em;"
    "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.8em;white-space:pre-wrap;height:4.6em;"
    "overflow:auto;box-sizing:border-box;width:0;min-width:100%}"
    ".controls{font-size:.85em;color:#444}"
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
    if (el.hasAttribute('data-fa')) reveal();
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
    if (el) pin(el);
  });
  function pin(el) {
    pinned = pinned === el ? null : el;
    show(el);
    if (pinned) info.textContent += '\n(pinned: click the cell again or press Escape to release)';
  }
  // Keyboard: every cell is a tab stop (tabindex); focus lights what hover lights, Enter or Space pins.
  document.addEventListener('focusin', function (e) {
    var el = cellOf(e.target);
    if (el && !pinned) show(el);
  });
  document.addEventListener('focusout', function (e) {
    if (!pinned && cellOf(e.target)) clear();
  });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') { pinned = null; clear(); return; }
    var el = cellOf(e.target);
    if (el && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); pin(el); }
  });

  // The views (see the style): the figures' scale and, in "focus", the panes' sizes. Fixed parts
  // (captions, gaps, the info box) do not scale, so "all" finds its scale in a few passes.
  var work = document.getElementById('work');
  var figs = {};
  var svgs = work.querySelectorAll('svg.mxfig[data-op]');
  for (var f = 0; f < svgs.length; f++) {
    var box = svgs[f].viewBox.baseVal, cell = svgs[f].getAttribute('data-cell').split(',').map(Number);
    figs[svgs[f].getAttribute('data-op')] = {svg: svgs[f], pane: svgs[f].parentNode, w: box.width, h: box.height,
                                             cw: cell[0], ch: cell[1]};
  }
  var depth = Number(work.getAttribute('data-k'));
  function view() {
    var checked = document.querySelector('input[name=view]:checked');
    return checked ? checked.value : 'focus';
  }
  function scaleTo(scale, cornerFit) {
    for (var op in figs) {
      var fig = figs[op], k = scale;
      if (op === 'C' && cornerFit) k = Math.min(scale, figs.A.w * scale / fig.w, figs.B.h * scale / fig.h);
      fig.svg.style.width = fig.w * k + 'px';
      fig.svg.style.height = fig.h * k + 'px';
    }
  }
  function paneSize(op, w, h) {
    figs[op].pane.style.width = w === null ? '' : w + 'px';
    figs[op].pane.style.height = h === null ? '' : h + 'px';
  }
  function available() {
    var r = work.getBoundingClientRect();
    return {w: document.documentElement.clientWidth - r.left - 12, h: window.innerHeight - (r.top + window.scrollY) - 6,
            r: r};
  }
  function layout() {
    var v = view();
    document.body.classList.remove('v-focus', 'v-all', 'v-natural');
    document.body.classList.add('v-' + v);
    for (var op in figs) paneSize(op, null, null);
    if (v === 'natural') { scaleTo(1, false); return; }
    var room = available();
    if (v === 'all') {
      var scale = 2;
      for (var pass = 0; pass < 8; pass++) {
        scaleTo(scale, true);
        room = available();
        var over = Math.max(room.r.width / room.w, room.r.height / room.h);
        if (over <= 1 && (pass > 0 || scale >= 2)) break;
        scale = Math.min(2, scale / over * (pass < 3 ? 1 : 0.99));
      }
      return;
    }
    // focus: one A row (a cell plus room for a scroll bar) below D; to the right one B column (depth
    // cells) as tall as D and A together, and C below it, beside the info box; the largest scale (up to
    // 1.5) at which the A row and the B column fit.
    var caption = work.querySelector('figcaption').offsetHeight, infoHeight = info.offsetHeight;
    var bar = 18, side = Math.max(figs.B.cw, figs.C.cw) + 36, gap = 6;
    var columnRoom = room.h - 2 * caption - gap - 8;  // the B pane and the C corner below it
    var scale = Math.min(1.5, (room.w - 10 - bar - 4) / (depth * figs.A.cw + 40 + side),
                         (columnRoom - (infoHeight - caption)) / (depth * figs.B.ch),
                         (columnRoom - bar - 4) / (depth * figs.B.ch + figs.C.ch));
    scaleTo(scale, false);
    var sideW = Math.ceil(side * scale + bar), rowH = Math.ceil(figs.A.ch * scale + bar + 4);
    var cornerH = Math.max(infoHeight - caption, Math.ceil(figs.C.ch * scale + bar + 4));
    var mainW = Math.floor(Math.min(room.w - 10 - sideW, Math.max(figs.D.w, figs.A.w) * scale + bar));
    var mainH = Math.floor(room.h - 2 * caption - 2 * gap - rowH - caption - cornerH);
    paneSize('D', mainW, mainH);
    paneSize('A', mainW, rowH);
    paneSize('B', sideW, mainH + gap + caption + rowH);
    paneSize('C', sideW, cornerH);
  }
  // Scrolls each pane so that the slots just lit in it are in view (centred when they fit).
  function reveal() {
    var boxes = {};
    for (var i = 0; i < lit.length; i++) {
      var pane = lit[i][0].ownerSVGElement.parentNode, r = lit[i][0].getBoundingClientRect();
      var key = lit[i][0].ownerSVGElement.getAttribute('data-op');
      if (key === 'D') continue;
      var b = boxes[key] || (boxes[key] = {pane: pane, l: r.left, t: r.top, r: r.right, b: r.bottom});
      b.l = Math.min(b.l, r.left); b.t = Math.min(b.t, r.top); b.r = Math.max(b.r, r.right); b.b = Math.max(b.b, r.bottom);
    }
    for (var op in boxes) {
      var bx = boxes[op], p = bx.pane.getBoundingClientRect();
      bx.pane.scrollLeft += bx.l - p.left - Math.max(0, (bx.pane.clientWidth - (bx.r - bx.l)) / 2);
      bx.pane.scrollTop += bx.t - p.top - Math.max(0, (bx.pane.clientHeight - (bx.b - bx.t)) / 2);
    }
  }
  var views = document.querySelectorAll('input[name=view]');
  for (var n = 0; n < views.length; n++) views[n].addEventListener('change', layout);
  window.addEventListener('resize', layout);
  layout();
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
                   d.vgprs_c == d.vgprs_cd
                       ? fmt::format("A {}, B {}, C/D {}{}", d.vgprs_a, d.vgprs_b, d.vgprs_cd,
                                     d.tied ? " (_tied: D is written over C's registers)" : "")
                       : fmt::format("A {}, B {}, C {}, D {}", d.vgprs_a, d.vgprs_b, d.vgprs_c, d.vgprs_cd));
  rows += fact_row("Wave", fmt::format("wave{}", d.wave));
  rows += fact_row("Opcode",
                   d.known_to_llvm() ? fmt::format("VOP3P 0x{:x}", d.opcode) : "not known (LLVM 22 has no encoding)");
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
  body += fmt::format("<h1>{} <span class=\"sub\">{} ({}) \u00b7 wave{} \u00b7 <code>{}</code></span></h1>\n",
                      d.mnemonic, arch, arch_info(d.arch).family, d.wave, xml_escape(format_modifiers(d, mods)));
  body +=
      "<p class=\"controls\">Hover over a D cell (or Tab to it) to light the A, B and C slots it reads; click or "
      "Enter pins it. View: <label><input type=\"radio\" name=\"view\" value=\"focus\" checked=\"checked\"/> D with "
      "its A row and B column</label> <label><input type=\"radio\" name=\"view\" value=\"all\"/> all four, fitted"
      "</label> <label><input type=\"radio\" name=\"view\" value=\"natural\"/> natural size</label> \u00b7 "
      "<a href=\"#howto\">how to read this page</a></p>\n";
  SvgFigureOptions figure;
  figure.standalone = false;
  figure.arch_name = std::string(arch);
  LegendContents legend;
  // The work area: the matrix product's own arrangement, B above D and A to its left, so a D cell's
  // A row and B column line up with it; C (the same shape as D) in the corner.
  std::string work;
  for (const OperandLayout& l : layouts) {
    figure.feed_attributes = l.operand() == Operand::D;
    figure.highlight = nullptr;
    if (o.highlight) figure.highlight = [&, op = l.operand()](const Placement& p) { return o.highlight(op, p); };
    legend.merge(legend_contents(l, figure));
    const std::string summary = xml_escape(operand_summary(l));
    work += fmt::format(
        "<figure class=\"p{}\"><figcaption title=\"{}\"><b>{}</b> \u2014 {}</figcaption><div class=\"sc\">{}</div></figure>\n",
        static_cast<char>(operand_name(l.operand())[0] - 'A' + 'a'), summary, operand_name(l.operand()), summary,
        render_operand_svg(l, figure));
  }
  body += fmt::format("<div id=\"work\" class=\"work\" data-k=\"{}\">\n", d.k) + work +
          "<div id=\"info\" class=\"info\">Hover over any cell, or Tab to it (click or Enter pins it).</div>\n</div>\n";

  body += fmt::format(
      "<p>D = A \u00d7 B + C{}: A is {}\u00d7{} (rows i, cols k), B is {}\u00d7{} (rows k, cols j), C and D are "
      "{}\u00d7{} (rows i, cols j). Each D[b][i][j] = C[b][i][j] + \u03a3<sub>k</sub> A[b][i][k]\u00b7B[b][k][j].</p>\n",
      d.blocks > 1 ? fmt::format(" for each of {} blocks b", d.blocks) : "", d.m, d.k, d.k, d.n, d.m, d.n);
  body += facts_table(d, mods) + "\n";
  body += "<h2 id=\"howto\">How to read this page</h2>\n<div class=\"howto\"><div class=\"text\">";
  body +=
      "<p>Each figure is one operand as a matrix in its own coordinates. A cell is one element; it says where the "
      "element lives in the wave's registers: <code>v3</code> is the operand's VGPR 3 (counted from its first "
      "register), <code>L17</code> the lane, <code>[31:16]</code> the bits of a sub-dword element: together "
      "<code>v3{17}.[31:16]</code> in the notation of AMD's matrix instruction calculator. The colour is the lane "
      "group (lanes 0\u201315, 16\u201331, \u2026), lighter or darker for even or odd VGPRs.</p>"
      "<p><b>Hover</b> over a cell, or move the keyboard focus to it with Tab: every slot of that element lights up "
      "in red (every copy of a replicated element), and other elements read from the same slot are dashed "
      "(broadcasts). Over a D cell, the A (blue), B (green) and C (purple) slots it is computed from light up: "
      "exactly the lanes and copies the instruction reads, after the modifiers drawn. The yellow box below the "
      "figures spells it out. <b>Click</b> (or Enter) pins, Escape releases.</p>"
      "<p>Three views. <b>D with its A row and B column</b> (the default): D is large, A below it, B to its right, C in "
      "the corner, each in its own scrolling pane; a D cell scrolls A, B and C to the slots it reads. <b>All four, "
      "fitted</b>: the figures arranged as the product (B above D, A to its left, C in the corner), scaled together "
      "to fit the window. <b>Natural size</b>: the same arrangement unscaled.</p>";
  body += "</div>" + render_legend_svg(legend) + "</div>\n";
  const std::vector<std::string> notes = merged_notes(layouts);
  if (!notes.empty()) body += "<h2>Notes</h2>\n" + list_items(notes) + "\n";
  body += "<h2>Evidence</h2>\n" + list_items(layout_evidence(d.arch)) + "\n";
  if (!o.command.empty())
    body += fmt::format("<footer>Generated by <code>{}</code>.</footer>\n", xml_escape(o.command));
  return html_document(fmt::format("{} \u00b7 {} \u00b7 mxlane lane map", d.builtin, arch), body, kPageScript);
}

}  // namespace mxlane::cli
