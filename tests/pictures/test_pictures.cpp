// `mxlane lanemap --format svg|html` and `mxlane site`: every figure and page is well-formed XML
// (libxml2, strict), holds every (element, storage slot) of OperandLayout::all() exactly once,
// names for each D element the A/B/C slots that feed it (checked by hand for two elements), is
// self-contained, and rasterizes (rsvg-convert) to an image that shows the lane-group colours.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <array>

#include "emu/isa/arch.hpp"
#include "fmt/format.h"
#include "layouts/feeding_slots.hpp"
#include "pictures/picture_support.hpp"
#include "support/cli_run.hpp"
#include "support/sanitized.hpp"
#include "tools/mxlane/cli.hpp"

using namespace picture_test;
using mxlane::Operand;
using mxlane::OperandLayout;
using mxlane::Placement;

using mxlane_test::Run;
using mxlane_test::run_mxlane;

namespace {

std::string picture(std::vector<std::string> args) {
  args.insert(args.begin(), "lanemap");
  const Run r = run_mxlane(args);
  INFO(r.err);
  REQUIRE(r.code == 0);
  REQUIRE(r.err.empty());
  return r.out;
}

const mxlane::InstrDesc& inst(std::string_view arch, std::string_view name, int wave = 0) {
  const mxlane::ArchInfo* a = mxlane::find_arch(arch);
  return wave ? mxlane::resolve_instruction(*a, name, wave) : mxlane::resolve_instruction(*a, name);
}

using Entry = std::array<int, 8>;  // block, row, col, replica, lane, vgpr, bit_lo, bit_hi

std::vector<Entry> layout_entries(const OperandLayout& l) {
  std::vector<Entry> out;
  for (const Placement& p : l.all())
    out.push_back({p.block, p.row, p.col, p.replica, p.slot.lane, p.slot.vgpr, p.slot.bit_lo, p.slot.bit_hi});
  std::sort(out.begin(), out.end());
  return out;
}

// Problems found in a loop, reported once (thousands of CHECKs would slow the suite down).
struct Mismatches {
  std::size_t count = 0;
  std::string first;
  void add(const std::string& what) {
    if (count++ == 0) first = what;
  }
};

// Every slot cell of one figure: its element (data-e of the enclosing cell), copy and slot. Also
// checks each slot's id names the same element and copy.
std::vector<Entry> figure_entries(const XmlDoc& doc, xmlNodePtr svg) {
  const std::string op = attr(svg, "data-op");
  std::vector<Entry> out;
  Mismatches bad;
  for (xmlNodePtr slot : doc.select(".//s:g[@class='slot']", svg)) {
    const std::vector<int> e = split_ints(attr(slot->parent, "data-e"));
    const std::vector<int> s = split_ints(attr(slot, "data-slot"));
    const int replica = std::stoi(attr(slot, "data-r"));
    if (e.size() != 3 || s.size() != 4) {
      bad.add("malformed data-e/data-slot on " + attr(slot, "id"));
      continue;
    }
    const std::string id = fmt::format("{}-{}-{}-{}-{}", op, e[0], e[1], e[2], replica);
    if (attr(slot, "id") != id) bad.add(attr(slot, "id") + " should be " + id);
    out.push_back({e[0], e[1], e[2], replica, s[0], s[1], s[2], s[3]});
  }
  INFO("first wrong slot: " << bad.first);
  CHECK(bad.count == 0);
  std::sort(out.begin(), out.end());
  return out;
}

// The figure draws exactly OperandLayout::all(): each (element, slot) once, nothing else.
void check_figure(const XmlDoc& doc, xmlNodePtr svg, const OperandLayout& l) {
  INFO("operand " << mxlane::operand_name(l.operand()));
  CHECK(attr(svg, "data-op") == mxlane::operand_name(l.operand()));
  const std::vector<Entry> got = figure_entries(doc, svg);
  const std::vector<Entry> want = layout_entries(l);
  CHECK(got.size() == want.size());
  CHECK(got == want);
  CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());
}

// rsvg-convert draws the figure: mostly not white, and every lane group its slots use shows in its
// colours over at least a few cells' worth of pixels (a legend alone has fewer).
void check_raster(const std::string& svg, const OperandLayout* l, const ScratchDir& dir, const std::string& name) {
  // No silent skip: the test command installs librsvg2-bin (scripts/setup-debian.sh), and a figure
  // that was never rendered must not pass as one that renders.
  if (!have_rsvg_convert()) FAIL("rsvg-convert is missing: scripts/setup-debian.sh installs librsvg2-bin");
  const Raster r = rasterize(svg, dir, name);
  INFO(name << ": " << r.error);
  REQUIRE(r.error.empty());
  CHECK(r.width > 100);
  CHECK(r.height > 100);
  CHECK(count_non_white(r) * 10 > r.rgb.size() / 3);
  if (l == nullptr) return;
  const std::size_t style_end = svg.find("</style>");
  const auto fills = css_fills(svg.substr(0, style_end));
  std::set<int> groups;
  for (const Placement& p : l->all()) groups.insert(p.slot.lane / 16);
  for (int g : groups) {
    INFO("lane group " << g);
    REQUIRE(fills.count(fmt::format("c{}e", g)) == 1);
    CHECK(count_colour(r, fills.at(fmt::format("c{}e", g))) + count_colour(r, fills.at(fmt::format("c{}o", g))) > 8000);
  }
}

// No external resource: no URL except the XML namespace names, no src=, no CSS url() or @import,
// links only to fragments or relative local pages.
void check_self_contained(const XmlDoc& doc, const std::string& text) {
  for (const char* scheme : {"http://", "https://"})
    for (std::size_t pos = text.find(scheme); pos != std::string::npos; pos = text.find(scheme, pos + 1)) {
      const std::size_t xmlns = text.rfind("xmlns", pos);
      INFO(text.substr(pos, 60));
      CHECK((xmlns != std::string::npos && pos - xmlns <= 12));
    }
  CHECK(text.find("src=") == std::string::npos);
  CHECK(text.find("url(") == std::string::npos);
  CHECK(text.find("@import") == std::string::npos);
  for (xmlNodePtr a : doc.select("//h:a")) {
    const std::string href = attr(a, "href");
    INFO(href);
    CHECK((href.rfind('#', 0) == 0 || (href.find("://") == std::string::npos && href.rfind('/', 0) != 0 &&
                                       href.size() > 5 && href.compare(href.size() - 5, 5, ".html") == 0)));
  }
}

struct PageCheck {
  std::vector<xmlNodePtr> figures;  // A, B, C, D
};

// A polyglot XHTML page with the four operand figures, each drawing its layout exactly, and every
// D cell naming K A slots, K B slots and one C slot that exist, in k order as FeedingSlots has them.
PageCheck check_page(const XmlDoc& doc, const std::string& text, const mxlane::InstrDesc& d,
                     const mxlane::Modifiers& mods = {}, const mxlane::Switches& switches = {}) {
  INFO(d.builtin);
  REQUIRE(doc.ok());
  CHECK(text.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(std::string(reinterpret_cast<const char*>(doc.root()->name)) == "html");
  REQUIRE(doc.root()->ns != nullptr);
  CHECK(std::string(reinterpret_cast<const char*>(doc.root()->ns->href)) == "http://www.w3.org/1999/xhtml");
  CHECK(doc.select("/h:html/h:head/h:title").size() == 1);
  CHECK(doc.select("/h:html/h:head/h:meta[@charset='utf-8']").size() == 1);
  CHECK(doc.select("//h:script").size() == 1);
  check_self_contained(doc, text);
  PageCheck page;
  page.figures = doc.select("//s:svg[@data-op]");
  REQUIRE(page.figures.size() == 4);
  std::set<std::string> ids;
  Mismatches duplicates;
  for (xmlNodePtr slot : doc.select("//s:g[@class='slot']"))
    if (!ids.insert(attr(slot, "id")).second) duplicates.add(attr(slot, "id"));
  INFO("first duplicate id: " << duplicates.first);
  CHECK(duplicates.count == 0);
  for (std::size_t n = 0; n < 4; ++n)
    check_figure(doc, page.figures[n], OperandLayout(d, mxlane::kAllOperands[n], mods, switches));
  const mxlane::FeedingSlots feeds(d, mods, switches);
  const auto id = [](char op, const Placement& p) {
    return fmt::format("{}-{}-{}-{}-{}", op, p.block, p.row, p.col, p.replica);
  };
  std::size_t outputs = 0;
  Mismatches bad;
  for (xmlNodePtr el : doc.select(".//s:g[@data-e]", page.figures[3])) {
    const std::vector<int> e = split_ints(attr(el, "data-e"));
    const std::vector<std::string> fa = split_words(attr(el, "data-fa")), fb = split_words(attr(el, "data-fb")),
                                   fc = split_words(attr(el, "data-fc"));
    const std::string where = "D element " + attr(el, "data-e");
    const mxlane::OutputFeeds f = feeds.of(e[0], e[1], e[2]);
    // A k with no stored SMFMAC value reads no A slot (FeedingSlot::zero): the A list skips it.
    std::vector<std::string> want_a;
    for (const mxlane::FeedingSlot& s : f.a)
      if (!s.zero) want_a.push_back(id('A', s.read));
    if (fa.size() != want_a.size() || fb.size() != static_cast<std::size_t>(d.k) || fc.size() != 1) {
      bad.add(where + ": feed lists of the wrong length");
      continue;
    }
    for (const auto& [list, op] : {std::pair{&fa, 'A'}, std::pair{&fb, 'B'}, std::pair{&fc, 'C'}})
      for (const std::string& ref : *list)
        if (ref[0] != op || ids.count(ref) != 1) bad.add(where + ": " + ref + " is not a slot of " + op);
    if (fa != want_a) bad.add(where + ": the A slots");
    for (int k = 0; k < d.k; ++k)
      if (fb[static_cast<std::size_t>(k)] != id('B', f.b[static_cast<std::size_t>(k)].read))
        bad.add(where + ": B at k " + std::to_string(k));
    if (fc[0] != id('C', f.c.read)) bad.add(where + ": C");
    ++outputs;
  }
  INFO("first bad feed: " << bad.first);
  CHECK(bad.count == 0);
  CHECK(outputs == static_cast<std::size_t>(d.blocks * d.m * d.n));
  return page;
}

// The lane of the slot with this id, read from the page.
int lane_of(const XmlDoc& doc, const std::string& id) {
  const auto nodes = doc.select("//s:g[@id='" + id + "']");
  REQUIRE(nodes.size() == 1);
  return split_ints(attr(nodes[0], "data-slot"))[0];
}

xmlNodePtr d_cell(const XmlDoc& doc, const PageCheck& page, const std::string& element) {
  const auto nodes = doc.select(".//s:g[@data-e='" + element + "']", page.figures[3]);
  REQUIRE(nodes.size() == 1);
  return nodes[0];
}

}  // namespace

TEST_CASE("SVG figures draw every storage slot once and render", "[pictures][svg]") {
  const ScratchDir dir;
  struct Case {
    std::vector<std::string> args;
    const char* arch;
    const char* inst;
    int wave;
    Operand op;
    mxlane::Modifiers mods;
    mxlane::Switches switches;
  };
  mxlane::Modifiers cbsz, blgp, opsel, neg_ab, neg_c;
  cbsz.cbsz = 2;
  cbsz.abid = 1;
  blgp.blgp = 3;
  opsel.opsel = 4;
  neg_ab.neg = neg_ab.neg_hi = 3;
  neg_c.neg = neg_c.neg_hi = 4;
  mxlane::Switches calculator;
  mxlane::set_switch(calculator, "cbsz_model", "calculator");
  const std::vector<Case> cases = {
      {{"--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "A"},
       "gfx90a",
       "v_mfma_f32_32x32x8f16",
       0,
       Operand::A,
       {},
       {}},
      {{"--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "D"},
       "gfx90a",
       "v_mfma_f32_32x32x8f16",
       0,
       Operand::D,
       {},
       {}},
      {{"--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--cbsz", "2", "--abid", "1"},
       "gfx90a",
       "v_mfma_f32_4x4x4f16",
       0,
       Operand::A,
       cbsz,
       {}},
      {{"--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--cbsz", "2", "--abid", "1", "--option",
        "cbsz_model=calculator"},
       "gfx90a",
       "v_mfma_f32_4x4x4f16",
       0,
       Operand::A,
       cbsz,
       calculator},
      {{"--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f16", "--operand", "B", "--blgp", "3"},
       "gfx90a",
       "v_mfma_f32_16x16x4f16",
       0,
       Operand::B,
       blgp,
       {}},
      {{"--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64", "--operand", "A"},
       "gfx90a",
       "v_mfma_f64_16x16x4f64",
       0,
       Operand::A,
       {},
       {}},
      {{"--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64", "--operand", "D"},
       "gfx90a",
       "v_mfma_f64_16x16x4f64",
       0,
       Operand::D,
       {},
       {}},
      {{"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A"},
       "gfx1100",
       "v_wmma_f32_16x16x16_f16",
       32,
       Operand::A,
       {},
       {}},
      {{"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D"},
       "gfx1100",
       "v_wmma_f32_16x16x16_f16",
       32,
       Operand::D,
       {},
       {}},
      {{"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "B", "--wave", "64"},
       "gfx1100",
       "v_wmma_f32_16x16x16_f16",
       64,
       Operand::B,
       {},
       {}},
      {{"--arch", "gfx1100", "--inst", "wmma_f16_16x16x16_f16_w32", "--operand", "D", "--opsel", "4"},
       "gfx1100",
       "wmma_f16_16x16x16_f16_w32",
       32,
       Operand::D,
       opsel,
       {}},
      {{"--arch", "gfx1100", "--inst", "wmma_f16_16x16x16_f16_w32", "--operand", "A", "--neg", "3", "--neg-hi", "3"},
       "gfx1100",
       "wmma_f16_16x16x16_f16_w32",
       32,
       Operand::A,
       neg_ab,
       {}},
      {{"--arch", "gfx1100", "--inst", "wmma_f16_16x16x16_f16_w32", "--operand", "C", "--neg", "4", "--neg-hi", "4"},
       "gfx1100",
       "wmma_f16_16x16x16_f16_w32",
       32,
       Operand::C,
       neg_c,
       {}},
  };
  int n = 0;
  for (Case c : cases) {
    c.args.push_back("--format");
    c.args.push_back("svg");
    const std::string svg = picture(c.args);
    INFO(c.inst << " " << mxlane::operand_name(c.op) << " " << svg.size() << " bytes");
    CHECK(svg.rfind("<?xml", 0) == 0);
    const XmlDoc doc(svg);
    INFO(doc.error());
    REQUIRE(doc.ok());
    const auto figures = doc.select("/s:svg");
    REQUIRE(figures.size() == 1);
    const OperandLayout l(inst(c.arch, c.inst, c.wave), c.op, c.mods, c.switches);
    check_figure(doc, figures[0], l);
    // The title names architecture, instruction and operand; the layout's caveats are printed.
    const std::string text = node_text(figures[0]);
    CHECK_THAT(text, Catch::Contains(std::string(c.arch)) && Catch::Contains(std::string(l.desc().mnemonic)));
    for (const std::string& note : l.notes()) CHECK_THAT(text, Catch::Contains(note.substr(0, 30)));
    check_raster(svg, &l, dir, fmt::format("svg{}", n++));
  }
}

TEST_CASE("SVG marks broadcasts, negation, |C|, 64-bit pairs and queries", "[pictures][svg]") {
  // 4x4x4f16, cbsz=2 abid=1, ISA model (docs/spec/layouts.md §8.1): lane l reads lane (l mod 16) + 16, so
  // blocks 0, 8, 12 read block 4 (A[b][i][k] lives in lane i + 4b), blocks 4-7 read themselves.
  const XmlDoc cb(picture({"--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--cbsz", "2",
                           "--abid", "1", "--format", "svg"}));
  REQUIRE(cb.ok());
  const std::string captions = [&] {
    std::string all;
    for (xmlNodePtr t : cb.select("//s:text[contains(@class, 'cap')]")) all += node_text(t) + "\n";
    return all;
  }();
  CHECK_THAT(captions, Catch::Contains("block 0 \u00b7 reads block 4\n"));
  CHECK_THAT(captions, Catch::Contains("block 4 \u00b7 source for blocks 0, 8, 12\n"));
  CHECK(cb.select("//s:g[@data-e='0,1,2' and contains(@class, 'rm')]").size() == 1);
  CHECK(cb.select("//s:g[@data-e='4,1,2' and contains(@class, 'rm')]").empty());
  CHECK(cb.select("//s:g[contains(@class, 'rm')]").size() == 12 * 16);  // 12 reading blocks x 16 elements
  CHECK(cb.select("//s:g[@data-e='0,1,2']//s:g[@data-slot='17,1,0,15']").size() == 1);  // A[1][2].B0 in v1{17}.[15:0]

  // NEG=3 NEG_HI=3 negate all of A and B (§8.4): every A cell is marked; NEG[2]/NEG_HI[2] mark C as -|C|.
  const XmlDoc neg(picture({"--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "A", "--neg", "3",
                            "--neg-hi", "3", "--format", "svg"}));
  CHECK(neg.select("//s:g[@data-e and contains(@class, 'neg')]").size() == 256);
  const XmlDoc abs(picture({"--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "C", "--neg", "4",
                            "--neg-hi", "4", "--format", "svg"}));
  const auto c35 = abs.select("//s:g[@data-e='0,3,5']/s:text[@class='rg']");
  REQUIRE(c35.size() == 1);
  CHECK(node_text(c35[0]) == "\u2212|v1|");  // C[3][5] is VGPR 1 (§6), read as -|C|

  // f64 (§5.2): A[6][k] is the pair v[1:0] of lane 6 + 16k.
  const XmlDoc f64(
      picture({"--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64", "--operand", "A", "--format", "svg"}));
  CHECK(f64.select("//s:g[@data-e='0,6,2']//s:g[@data-slot='38,0,0,63']").size() == 1);
  CHECK(node_text(f64.select("//s:g[@data-e='0,6,2']/s:text[@class='rg']").at(0)) == "v[1:0]");

  // Queries outline their cells: A[5][3] of the wave32 WMMA (one cell, two copies), and VGPR 5 of
  // lane 33 in 32x32x8f16's D, which holds exactly one element (§5.3: D[13][1], v = 4*1 + 1, lane 1 + 32).
  const XmlDoc el(picture({"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A", "--element",
                           "5,3", "--format", "svg"}));
  CHECK(el.select("//s:g[@data-e]/s:rect[@class='q']").size() == 1);
  CHECK(el.select("//s:g[@data-e='0,5,3']/s:rect[@class='q']").size() == 1);
  const XmlDoc reg(picture({"--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "D", "--reg", "5",
                            "--lane", "33", "--format", "svg"}));
  CHECK(reg.select("//s:g[@data-e]/s:rect[@class='q']").size() == 1);
  CHECK(reg.select("//s:g[@data-e='0,13,1']/s:rect[@class='q']").size() == 1);
}

TEST_CASE("HTML pages: polyglot XHTML, all four operands, feeds of every D element", "[pictures][html]") {
  const ScratchDir dir;
  {
    // gfx1100 wmma f32 wave32, D[3][5] (docs/spec/layouts.md §6, §8.5; by hand): D[3][5] = v1{21}, lane group
    // 1, so it reads copy 1: A[3][k] from lane 3 + 16 = 19 and B[k][5] from lane 5 + 16 = 21.
    const std::string html = picture({"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--format", "html"});
    const XmlDoc doc(html);
    INFO(doc.error());
    REQUIRE(doc.ok());
    const PageCheck page = check_page(doc, html, inst("gfx1100", "v_wmma_f32_16x16x16_f16"));
    const xmlNodePtr d35 = d_cell(doc, page, "0,3,5");
    CHECK(split_ints(attr(doc.select(".//s:g[@class='slot']", d35).at(0), "data-slot")) ==
          std::vector<int>{21, 1, 0, 31});
    const std::vector<std::string> fa = split_words(attr(d35, "data-fa")), fb = split_words(attr(d35, "data-fb"));
    for (int k = 0; k < 16; ++k) {
      CHECK(fa[static_cast<std::size_t>(k)] == fmt::format("A-0-3-{}-1", k));
      CHECK(fb[static_cast<std::size_t>(k)] == fmt::format("B-0-{}-5-1", k));
      CHECK(lane_of(doc, fa[static_cast<std::size_t>(k)]) == 19);
      CHECK(lane_of(doc, fb[static_cast<std::size_t>(k)]) == 21);
    }
    CHECK(attr(d35, "data-fc") == "C-0-3-5-0");
    CHECK(lane_of(doc, "C-0-3-5-0") == 21);
    for (std::size_t n = 0; n < 4; ++n)
      check_raster(serialize(doc.get(), page.figures[n]), nullptr, dir, fmt::format("html{}", n));
    for (xmlNodePtr legend : doc.select("//s:svg[contains(@class, 'legend')]"))
      check_raster(serialize(doc.get(), legend), nullptr, dir, "legend");
  }
  {
    // 16x16x4f16 with cbsz=2 abid=1 blgp=3 (by hand, §5.2, §8.1, §8.2): D[3][2][4] reads A[3][2][k]
    // from block 1's lane 2 + 16 = 18 and B[3][k][4] (lane 4 + 48 = 52) from lane (52 + 16) mod 64 = 4.
    const std::string html = picture({"--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f16", "--cbsz", "2", "--abid",
                                      "1", "--blgp", "3", "--format", "html"});
    const XmlDoc doc(html);
    REQUIRE(doc.ok());
    mxlane::Modifiers m;
    m.cbsz = 2;
    m.abid = 1;
    m.blgp = 3;
    const PageCheck page = check_page(doc, html, inst("gfx90a", "v_mfma_f32_16x16x4f16"), m);
    const xmlNodePtr d = d_cell(doc, page, "3,2,4");
    const std::vector<std::string> fa = split_words(attr(d, "data-fa")), fb = split_words(attr(d, "data-fb"));
    for (int k = 0; k < 4; ++k) {
      CHECK(fa[static_cast<std::size_t>(k)] == fmt::format("A-3-2-{}-0", k));
      CHECK(lane_of(doc, fa[static_cast<std::size_t>(k)]) == 18);
      CHECK(lane_of(doc, fb[static_cast<std::size_t>(k)]) == 4);
    }
    CHECK_THAT(html, Catch::Contains("cbsz=2 abid=1 blgp=3"));
  }
  {
    // Wave64 f16 output in the high halves, negated even-k A: structure and feeds only.
    mxlane::Modifiers m;
    m.opsel = 4;
    m.neg = 1;
    const std::string html = picture(
        {"--arch", "gfx1100", "--inst", "wmma_f16_16x16x16_f16_w64", "--opsel", "4", "--neg", "1", "--format", "html"});
    const XmlDoc doc(html);
    REQUIRE(doc.ok());
    check_page(doc, html, inst("gfx1100", "wmma_f16_16x16x16_f16_w64"), m);
  }
  {
    // With --operand, a query outlines its cells in that operand's figure only.
    const std::string html = picture({"--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64", "--operand", "B",
                                      "--element", "2,9", "--format", "html"});
    const XmlDoc doc(html);
    REQUIRE(doc.ok());
    CHECK(doc.select("//s:rect[@class='q']").size() == 2);  // the cell and the legend's sample
    CHECK(doc.select("//s:svg[@data-op='B']//s:g[@data-e='0,2,9']/s:rect[@class='q']").size() == 1);
  }
}

TEST_CASE("Pictures reject what they cannot draw", "[pictures][cli]") {
  const Run no_operand =
      run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--format", "svg"});
  CHECK(no_operand.code == mxlane::cli::kExitUsage);
  CHECK_THAT(no_operand.err, Catch::Contains("--operand"));
  const Run grid = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16"});
  CHECK(grid.code == mxlane::cli::kExitUsage);
  const Run html_query = run_mxlane(
      {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--element", "0,0", "--format", "html"});
  CHECK(html_query.code == mxlane::cli::kExitUsage);
  CHECK_THAT(html_query.err, Catch::Contains("--operand"));
  const Run range = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "A",
                                "--element", "0,32,0", "--format", "svg"});
  CHECK(range.code == mxlane::cli::kExitUsage);
  CHECK_THAT(range.err, Catch::Contains("--element"));
  const Run mods =
      run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--cbsz", "1", "--format", "html"});
  CHECK(mods.code == mxlane::cli::kExitUsage);
  CHECK_THAT(mods.err, Catch::Contains("cbsz"));
  CHECK(run_mxlane({"site", "/tmp", "--arch", "gfx1030"}).code == mxlane::cli::kExitUsage);  // VALU builtins only
  // DIR below a regular file cannot be created.
  const ScratchDir dir;
  std::ofstream(dir.path() / "file") << "x";
  const Run unwritable = run_mxlane({"site", (dir.path() / "file" / "site").string()});
  CHECK(unwritable.code == mxlane::cli::kExitUsage);
  CHECK_THAT(unwritable.err, Catch::Contains("DIR"));
  CHECK(std::count(unwritable.err.begin(), unwritable.err.end(), '\n') == 1);
}

TEST_CASE("every matrix builtin's page (lanemap --format html) is well-formed and works", "[pictures][site]") {
  // Under the sanitizers one architecture (gfx90a): checking every page took 80 s of the sanitized run
  // when there were 221, and tests/isa/test_gfx1200.cpp checks gfx1200's there (tests/support/sanitized.hpp).
  const char* only_arch = mxlane_test::kSanitized ? "gfx90a" : nullptr;
  std::size_t rows = 0, row = 0;
  for (const mxlane::InstrDesc& d : mxlane::instruction_table()) {
    const std::string arch(mxlane::arch_info(d.arch).name);
    if (only_arch != nullptr && arch != only_arch) continue;
    ++rows;
    // The unscaled f8f6f4 form shares its builtin with the scaled one: its mnemonic names it.
    const Run r = run_mxlane(
        {"lanemap", "--arch", arch, "--inst", std::string(d.zero_scale_form ? d.mnemonic : d.builtin), "--format", "html"});
    INFO(arch << " " << d.builtin << ": " << r.err);
    REQUIRE(r.code == 0);
    const XmlDoc page(r.out);
    INFO(page.error());
    REQUIRE(page.ok());
    // Every page is parsed; under the sanitizers one page in two gets the full check, in turn.
    if (mxlane_test::kSanitized && row++ % 2 != 0) continue;
    check_page(page, r.out, d);
  }
  // One page per row of the instruction table: gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1200, gfx1250, gfx1251.
  CHECK(rows == (only_arch ? 27u : 20u + 27 + 46 + 68 + 16 + 22 + 22 + 43 + 44));
}

TEST_CASE("mxlane site writes the browser application, or says it is not built", "[pictures][site]") {
  const ScratchDir dir;
  const Run r = run_mxlane({"site", dir.path().string(), "--arch", "cdna3", "--option", "cbsz_model=isa"});
#ifdef MXLANE_TEST_WEB_BUILT
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("index.html"));
  const auto read = [](const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  // The page opens on the --arch and --option given (resolved: the alias cdna3 is gfx942).
  const std::string page = read(dir.path() / "index.html");
  CHECK_THAT(page, Catch::Contains(
                       "<script id=\"mxlane-site-defaults\" type=\"application/json\">"
                       "{\"arch\":\"gfx942\",\"options\":[\"cbsz_model=isa\"]}</script>"));
  CHECK_THAT(page, Catch::Contains("src=\"mxlane.js\""));
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) bytes += entry.file_size();
  CHECK(bytes <= 20'000'000u);  // the whole site, a limit of the browser application's design (docs/web.md)
  // The module is inlined (SINGLE_FILE): no .wasm to fetch, so the page works from file://.
  const std::string script = read(dir.path() / "mxlane.js");
  CHECK_THAT(script, Catch::Contains("createMxlaneModule"));
  CHECK_THAT(script, Catch::Contains("data:application/octet-stream;base64,"));
  CHECK(!std::filesystem::exists(dir.path() / "mxlane-module.wasm"));
#else
  WARN("this build has no browser application (MXLANE_WEB off): only the refusal of mxlane site is checked here");
  CHECK(r.code == mxlane::cli::kExitUsage);
  CHECK_THAT(r.err, Catch::Contains("the browser application is not built"));
  CHECK_THAT(r.err, Catch::Contains("MXLANE_WEB=ON"));
#endif
  // Refused before anything is written: an architecture without matrix instructions, a switch it lacks.
  CHECK(run_mxlane({"site", dir.path().string(), "--arch", "gfx1030"}).code == mxlane::cli::kExitUsage);
  const Run bad_switch = run_mxlane({"site", dir.path().string(), "--option", "no_such_switch=1"});
  CHECK(bad_switch.code == mxlane::cli::kExitUsage);
  CHECK_THAT(bad_switch.err, Catch::Contains("--option"));
}

TEST_CASE(
    "HTML pages: replicated cells keep each text in its stripe or the shared band, the legend draws the "
    "figures' copies, every cell is a tab stop",
    "[pictures][html]") {
  for (const auto& [inst, copies] :
       {std::pair{"wmma_f32_16x16x16_f16_w32", 2}, std::pair{"wmma_f32_16x16x16_f16_w64", 4}}) {
    INFO(inst);
    const XmlDoc doc(picture({"--arch", "gfx1100", "--inst", inst, "--format", "html"}));
    REQUIRE(doc.ok());
    // docs/spec/layouts.md §6: A and B hold `copies` copies of each element; the legend's sample of a
    // replicated cell shows that many stripes (lanes 5, 21[, 37, 53]).
    const auto sample = doc.select("//s:svg[contains(@class, 'legend')]//s:g[s:rect[@class='band']]");
    REQUIRE(sample.size() == 1);
    CHECK(doc.select("./s:rect[starts-with(@class, 'c')]", sample[0]).size() == static_cast<std::size_t>(copies));
    CHECK_THAT(node_text(sample[0]), Catch::Contains(fmt::format("L{}", 5 + 16 * (copies - 1))));
    // In A: the register and bits lines lie in the band above the stripes; each lane number lies
    // inside its own stripe.
    Mismatches bad;
    std::size_t cells = 0;
    for (xmlNodePtr el : doc.select("//s:svg[@data-op='A']//s:g[@data-e]")) {
      ++cells;
      const auto band = doc.select("./s:rect[@class='band']", el);
      if (band.size() != 1) {
        bad.add(attr(el, "data-e") + ": no band");
        continue;
      }
      const double band_h = std::stod(attr(band[0], "height"));
      for (xmlNodePtr text : doc.select("./s:text", el))
        if (std::stod(attr(text, "y")) > band_h) bad.add(attr(el, "data-e") + ": shared text below the band");
      const auto slots = doc.select("./s:g[@class='slot']", el);
      if (slots.size() != static_cast<std::size_t>(copies)) bad.add(attr(el, "data-e") + ": wrong number of stripes");
      for (xmlNodePtr slot : slots) {
        const auto rect = doc.select("./s:rect", slot);
        const auto text = doc.select("./s:text", slot);
        if (rect.size() != 1 || text.size() != 1) {
          bad.add(attr(slot, "id") + ": malformed stripe");
          continue;
        }
        const double x = std::stod(attr(rect[0], "x")), w = std::stod(attr(rect[0], "width"));
        const double tx = std::stod(attr(text[0], "x")), ty = std::stod(attr(text[0], "y"));
        // 3 characters of 11px monospace (6.6px each) centred at tx stay inside the stripe.
        if (tx - 10 < x || tx + 10 > x + w || ty < band_h + 10)
          bad.add(attr(slot, "id") + ": lane text outside its stripe");
      }
    }
    INFO("first misplaced text: " << bad.first);
    CHECK(bad.count == 0);
    CHECK(cells == 256);
    // Keyboard: every cell of the four figures is a tab stop.
    CHECK(doc.select("//s:g[@data-e]").size() == doc.select("//s:g[@data-e and @tabindex='0']").size());
  }
}

TEST_CASE("elements no register holds (gfx1250 IDX under index_key 1) are drawn as reading 0, in every format",
          "[pictures][lanemap]") {
  // Rows 8-15 of a 16-row SWMMAC index operand have no register under index_key 1 (docs/cdna5.md §2.5):
  // they once took the next element's slot in the tables and read past the end of the list in the figures.
  int checked = 0;
  for (const mxlane::InstrDesc* d : mxlane::instructions_for_arch(mxlane::ArchId::gfx1250)) {
    if (!d->has(mxlane::Operand::IDX) || d->m != 16) continue;
    const std::vector<std::string> base{"lanemap", "--arch", "gfx1250", "--inst", std::string(d->mnemonic),
                                        "--operand", "IDX", "--index-key", "1"};
    const auto with = [&](std::vector<std::string> extra) {
      std::vector<std::string> args = base;
      args.insert(args.end(), extra.begin(), extra.end());
      return run_mxlane(args);
    };
    const Run grid = with({"--format", "grid"});
    INFO(d->mnemonic << ": " << grid.err);
    REQUIRE(grid.code == 0);
    const int cols = d->cols(mxlane::Operand::IDX);
    std::size_t none = 0;
    for (std::size_t at = grid.out.find("0 (no slot)"); at != std::string::npos; at = grid.out.find("0 (no slot)", at + 1))
      ++none;
    CHECK(none == static_cast<std::size_t>(8 * cols));
    CHECK(grid.out.find("[0:0]") == std::string::npos);  // no made-up slot
    const Run svg = with({"--format", "svg"});
    REQUIRE(svg.code == 0);
    const XmlDoc figure(svg.out);
    REQUIRE(figure.ok());
    CHECK(figure.select("//s:g[@class='nil']").size() == static_cast<std::size_t>(8 * cols));
    CHECK(with({"--format", "html"}).code == 0);
    ++checked;
  }
  CHECK(checked >= 8);
}
