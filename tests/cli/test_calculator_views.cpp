// The calculator's views in mxlane: `list --inst` (its --detail-instruction) with formulas that pass
// `mxlane check`, `lanemap --view registers` (its --matrix-layout) in every format, --transpose,
// --format asciidoc, and --trace from a D slot with the one-line summary (its --matrix-entry -o).
// Expectations are the calculator's own output for a few instructions (written here as data) and the
// layout formulas of docs/spec/layouts.md §5.2, §5.3 and §6, evaluated here independently.
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "pictures/picture_support.hpp"
#include "support/cli_run.hpp"
#include "tests/support/sanitized.hpp"
#include "tests/support/text.hpp"

using mxlane_test::lines_of;

using SortedJson = nlohmann::json;  // keys in sorted order
using mxlane_test::Run;
using mxlane_test::run_mxlane;

namespace {

// "--lane 'i+b*4' --vgpr 'k/2'" -> {"--lane", "i+b*4", "--vgpr", "k/2"}
std::vector<std::string> quoted_options(const std::string& text) {
  std::vector<std::string> args;
  const std::regex option("(--[a-z]+) '([^']*)'");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) {
    args.push_back((*it)[1]);
    args.push_back((*it)[2]);
  }
  return args;
}

// CSV cells of one line (no quoting needed by these tables' cells).
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.push_back("");
  return cells;
}

void require_usage_error(const std::vector<std::string>& args, const std::string& names) {
  const Run r = run_mxlane(args);
  INFO(r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.err, Catch::Contains(names));
}

}  // namespace

TEST_CASE(
    "list --inst: the calculator's --detail-instruction figures for v_mfma_f32_4x4x4f16 and v_wmma_f32_16x16x16_f16",
    "[cli][views][list]") {
  // The calculator's output for these two instructions (matrix_calculator.py -d), as data.
  const Run mfma = run_mxlane({"list", "--arch", "cdna2", "--inst", "v_mfma_f32_4x4x4f16"});
  REQUIRE(mfma.code == 0);
  for (const char* expected :
       {"Encoding: VOP3P-MAI, opcode 0x4a (VOP3P-MAI opcode 0xa)", "M = 4, N = 4, K = 4, 16 blocks", "FLOPs: 2048",
        "Cycles: 8; FLOPs/CU/clock: 1024", "VALU co-execution: yes, 4 cycles", "VGPRs per lane: A 2, B 2, C 4, D 4",
        "8-byte aligned", "ArchVGPRs or AccVGPRs", "A (Src0) f16, B (Src1) f16, C (Src2) f32, D (Vdst) f32"})
    CHECK_THAT(mfma.out, Catch::Contains(expected));
  // docs/spec/layouts.md §5.2: A[b][i][k] in lane i + M*b (+ M*B*floor(k/Kl), Kl = K here), item k;
  // §5.1: 16-bit item t in VGPR t/2, bits 16*(t%2). §5.3: C/D row i in VGPR i, lane j + 4b.
  CHECK_THAT(mfma.out, Catch::Contains("A forward: --lane 'i+b*4' --vgpr 'k/2' --bits 'k%2*16'"));
  CHECK_THAT(mfma.out, Catch::Contains("A inverse: --row 'L%4' --col 'G' --block 'L/4'"));
  CHECK_THAT(mfma.out, Catch::Contains("D forward: --lane 'j+b*4' --vgpr 'i'"));

  const Run wmma = run_mxlane({"list", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16"});
  REQUIRE(wmma.code == 0);
  for (const char* expected :
       {"Encoding: VOP3P, opcode 0x40", "FLOPs: 8192", "Cycles: 32; FLOPs/WGP/clock: 1024", "VALU co-execution: no",
        "VGPRs per lane: A 8, B 8, C 8, D 8", "4-byte aligned", "ArchVGPRs only"})
    CHECK_THAT(wmma.out, Catch::Contains(expected));
  CHECK_THAT(wmma.out, !Catch::Contains("VOP3P-MAI"));
  // Seed 000: D row = 2G + L/16, col = L%16; A[i][k] in lanes i + 16r, item k.
  CHECK_THAT(wmma.out, Catch::Contains("D inverse: --row 'L/16+G*2' --col 'L%16'"));
  CHECK_THAT(wmma.out, Catch::Contains("A forward: --lane 'i+r*16' --vgpr 'k/2' --bits 'k%2*16'"));
  // Wave64 has no published cycle count; its C/D take 4 VGPRs (docs/spec/layouts.md §4.2).
  const Run w64 = run_mxlane({"list", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--wave", "64"});
  REQUIRE(w64.code == 0);
  CHECK_THAT(w64.out, Catch::Contains("not published"));
  CHECK_THAT(w64.out, Catch::Contains("VGPRs per lane: A 8, B 8, C 4, D 4"));

  const Run json = run_mxlane({"list", "--arch", "gfx90a", "--inst", "v_mfma_i32_4x4x4i8", "--format", "json"});
  REQUIRE(json.code == 0);
  const SortedJson doc = SortedJson::parse(json.out);
  CHECK(doc["format"] == "mxlane.instruction/1");
  CHECK(doc["mai_opcode"] == 0x12);  // 0x52 & 0x3f
  CHECK(doc["alignment_bytes"] == 8);
  CHECK(doc["formulas"]["A"]["forward"]["bits"] == "k*8");  // four i8 per VGPR, item k (Kl = 4)
}

TEST_CASE("list --inst: the printed formulas of every operand of every instruction pass mxlane check",
          "[cli][views][list][formulas]") {
  const SortedJson table = SortedJson::parse(run_mxlane({"list", "--format", "json"}).out);
  int instructions = 0;
  // gfx1251's inherited rows print gfx1250's formulas: the same builtin with the same formula lines is checked
  // once (tests/isa/test_gfx1251.cpp checks the rows are the same), which keeps the sanitized run short.
  std::set<std::string> checked_formulas;
  for (const SortedJson& inst : table["instructions"]) {
    if (inst["kind"] == "valu") continue;
    ++instructions;
    const std::string arch = inst["arch"], builtin = inst["builtin"], wave = std::to_string(inst["wave"].get<int>());
    const Run detail = run_mxlane({"list", "--arch", arch, "--inst", builtin, "--wave", wave});
    REQUIRE(detail.code == 0);
    std::string formula_lines = builtin + " " + wave;
    for (const std::string& line : lines_of(detail.out))
      if (line.find(" forward: ") != std::string::npos || line.find(" inverse: ") != std::string::npos)
        formula_lines += "\n" + line;
    if (!checked_formulas.insert(formula_lines).second) continue;
    // Under the sanitizers every third instruction (each `check` runs the same code whatever the formulas;
    // the optimised run checks them all, tests/support/sanitized.hpp).
    if (mxlane_test::kSanitized && checked_formulas.size() % 3 != 1) continue;
    int checked = 0;
    for (const std::string& line : lines_of(detail.out)) {
      const std::smatch m = [&] {
        std::smatch match;
        std::regex_search(line, match, std::regex("^  ([ABCD]) (forward|inverse): (.*)$"));
        return match;
      }();
      if (m.empty()) continue;
      std::vector<std::string> args{"check", "--arch", arch, "--inst", builtin, "--wave", wave, "--operand", m[1]};
      const std::vector<std::string> formulas = quoted_options(m[3]);
      REQUIRE(!formulas.empty());
      args.insert(args.end(), formulas.begin(), formulas.end());
      const Run check = run_mxlane(args);
      INFO(builtin << " wave" << wave << ": " << line << "\n" << check.out << check.err);
      CHECK(check.code == 0);
      CHECK_THAT(check.out, Catch::Contains("OK: all"));
      ++checked;
    }
    CHECK(checked == 8);  // forward and inverse of A, B, C, D
  }
  CHECK(
      instructions ==
      20 + 27 + 46 + 68 + 16 + 22 + 22 + 43 +
          44);  // gfx1251 (gfx1250's and its f64 WMMA); gfx908, gfx90a, gfx942, gfx950 (docs/cdna4.md §0, with the 2 unscaled f8f6f4 forms), gfx1100, gfx1200 (dense and SWMMAC), gfx1250 (dense, SWMMAC, block-scaled)
}

TEST_CASE("list --inst: bad arguments get one line naming the option and exit 2", "[cli][views][list]") {
  require_usage_error({"list", "--inst", "v_mfma_f32_4x4x4f16"}, "--inst");
  require_usage_error({"list", "--arch", "gfx90a", "--inst", "v_mfma_nonsense"}, "--inst");
  require_usage_error({"list", "--arch", "gfx90a", "--wave", "64"}, "--wave");
  require_usage_error({"list", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--wave", "48"}, "--wave");
}

TEST_CASE("lanemap --view registers: v_mfma_f32_16x16x4f16 A as CSV, every cell from docs/spec/layouts.md §5.2",
          "[cli][views][registers]") {
  const Run r = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f16", "--operand", "A",
                            "--view", "registers", "--format", "csv"});
  REQUIRE(r.code == 0);
  const std::vector<std::string> lines = lines_of(r.out);
  REQUIRE(lines.size() == 65);
  CHECK(lines[0] == "lane,v0.[15:0],v0.[31:16],v1.[15:0],v1.[31:16]");
  // M = 16, B = 4, K = 4: Kl = K*M*B/64 = 4, so lane L holds A[L%16][t].B(L/16) as item t = k.
  for (int lane = 0; lane < 64; ++lane) {
    const std::vector<std::string> cells = csv_cells(lines[static_cast<std::size_t>(lane + 1)]);
    REQUIRE(cells.size() == 5);
    CHECK(cells[0] == std::to_string(lane));
    for (int k = 0; k < 4; ++k)
      CHECK(cells[static_cast<std::size_t>(k + 1)] ==
            "A[" + std::to_string(lane % 16) + "][" + std::to_string(k) + "].B" + std::to_string(lane / 16));
  }
}

TEST_CASE("lanemap --view registers: the calculator's --matrix-layout rows", "[cli][views][registers]") {
  // matrix_calculator.py -a cdna2 -i v_mfma_f32_4x4x4f16 -A -M, lanes 16 and 62.
  const Run a = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--view",
                            "registers", "--format", "markdown"});
  REQUIRE(a.code == 0);
  CHECK_THAT(a.out, Catch::Contains("| lane | v0.[15:0] | v0.[31:16] | v1.[15:0] | v1.[31:16] |"));
  CHECK_THAT(a.out, Catch::Contains("| 16 | A[0][0].B4 | A[0][1].B4 | A[0][2].B4 | A[0][3].B4 |"));
  CHECK_THAT(a.out, Catch::Contains("| 62 | A[2][0].B15 | A[2][1].B15 | A[2][2].B15 | A[2][3].B15 |"));
  // -a rdna3 -i v_wmma_f16_16x16x16_f16 -D -M --opsel 4: only the high halves are columns.
  const Run d = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D",
                            "--opsel", "4", "--view", "registers", "--format", "csv"});
  REQUIRE(d.code == 0);
  const std::vector<std::string> lines = lines_of(d.out);
  REQUIRE(lines.size() == 33);
  CHECK(lines[0] == "lane,v0.[31:16],v1.[31:16],v2.[31:16],v3.[31:16],v4.[31:16],v5.[31:16],v6.[31:16],v7.[31:16]");
  CHECK(lines[1] == "0,D[0][0],D[2][0],D[4][0],D[6][0],D[8][0],D[10][0],D[12][0],D[14][0]");
  CHECK(lines[21] == "20,D[1][4],D[3][4],D[5][4],D[7][4],D[9][4],D[11][4],D[13][4],D[15][4]");
  // -a cdna2 -i v_mfma_f64_16x16x4f64 -D -M: pairs.
  const Run f64 = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64", "--operand", "D",
                              "--view", "registers", "--format", "csv"});
  REQUIRE(f64.code == 0);
  CHECK(lines_of(f64.out)[0] == "lane,v[1:0],v[3:2],v[5:4],v[7:6]");
  CHECK(lines_of(f64.out)[37] == "36,D[2][4],D[6][4],D[10][4],D[14][4]");
  // -a cdna2 -i v_mfma_f32_16x16x4f16 -A -M --cbsz 2 --abid 1 (a full broadcast: every block reads
  // block 1's lanes 16..31); the calculator prints lane 16 slot [15:0] holding the four elements below.
  const Run cb = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f16", "--operand", "A",
                             "--cbsz", "2", "--abid", "1", "--view", "registers", "--format", "csv"});
  REQUIRE(cb.code == 0);
  CHECK(csv_cells(lines_of(cb.out)[17])[1] == "A[0][0].B0 A[0][0].B1 A[0][0].B2 A[0][0].B3");
  CHECK(csv_cells(lines_of(cb.out)[1])[1].empty());  // block 0's lanes are read by nobody
}

TEST_CASE("lanemap --view registers: grid, asciidoc, json and svg carry the same cells", "[cli][views][registers]") {
  const std::vector<std::string> base{"lanemap",   "--arch", "gfx90a", "--inst",   "v_mfma_f32_4x4x4f16",
                                      "--operand", "A",      "--view", "registers"};
  auto with = [&](const std::vector<std::string>& extra) {
    const Run r = run_mxlane(base, extra);
    REQUIRE(r.code == 0);
    return r.out;
  };
  const std::string grid = with({});
  CHECK_THAT(grid, Catch::Contains("Operand: A, 4 x 4"));
  CHECK_THAT(grid, Catch::Contains("17 | A[1][0].B4 "));
  const std::string adoc = with({"--format", "asciidoc"});
  CHECK_THAT(adoc, Catch::Contains("|===\n|lane |v0.[15:0] |v0.[31:16] |v1.[15:0] |v1.[31:16]\n|0 |A[0][0].B0 |"));
  CHECK_THAT(adoc, Catch::EndsWith("|===\n"));

  const SortedJson doc = SortedJson::parse(with({"--format", "json"}));
  CHECK(doc["format"] == "mxlane.lanemap.registers/1");
  REQUIRE(doc["columns"].size() == 4);
  CHECK(doc["columns"][3]["bit_lo"] == 16);
  CHECK(doc["lanes"][17]["cells"][3] == SortedJson::parse(R"([{"block": 4, "row": 1, "col": 3}])"));

  // The SVG: well-formed, a label row, then per lane its number and the four cells of §5.2.
  const std::string svg = with({"--format", "svg"});
  picture_test::XmlDoc xml(svg);
  REQUIRE(xml.ok());
  const auto texts = xml.select("//s:g[@class='label' or @class='cell']/s:text");
  REQUIRE(texts.size() == 5 * 65);
  CHECK(picture_test::node_text(texts[1]) == "v0.[15:0]");
  for (int lane = 0; lane < 64; ++lane) {
    const std::size_t row = 5 * static_cast<std::size_t>(lane + 1);
    CHECK(picture_test::node_text(texts[row]) == std::to_string(lane));
    for (int k = 0; k < 4; ++k)
      CHECK(picture_test::node_text(texts[row + 1 + static_cast<std::size_t>(k)]) ==
            "A[" + std::to_string(lane % 4) + "][" + std::to_string(k) + "].B" + std::to_string(lane / 4));
  }
  // Transposed: the lanes become columns.
  const std::string svg_t = with({"--format", "svg", "--transpose"});
  picture_test::XmlDoc xml_t(svg_t);
  REQUIRE(xml_t.ok());
  const auto texts_t = xml_t.select("//s:g[@class='label' or @class='cell']/s:text");
  REQUIRE(texts_t.size() == 5 * 65);
  CHECK(picture_test::node_text(texts_t[1]) == "0");
  CHECK(picture_test::node_text(texts_t[65]) == "v0.[15:0]");
  CHECK(picture_test::node_text(texts_t[65 + 18]) == "A[1][0].B4");  // lane 17
}

TEST_CASE("lanemap --transpose: the register table and the element table swap rows and columns",
          "[cli][views][transpose]") {
  const Run r = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--view",
                            "registers", "--format", "csv", "--transpose"});
  REQUIRE(r.code == 0);
  const std::vector<std::string> lines = lines_of(r.out);
  REQUIRE(lines.size() == 5);
  CHECK(csv_cells(lines[0]).size() == 65);
  CHECK(csv_cells(lines[0])[0] == "lane");
  CHECK(csv_cells(lines[0])[64] == "63");
  CHECK(csv_cells(lines[2])[0] == "v0.[31:16]");
  CHECK(csv_cells(lines[2])[18] == "A[1][1].B4");  // lane 17, k = 1

  // The element view of WMMA D (seed 000: D[i][j] in VGPR i/2, lane 16*(i%2) + j), transposed: row j,
  // column i. Markdown row "| 5 | ..." lists D[0..15][5].
  const Run e = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D",
                            "--format", "markdown", "--transpose"});
  REQUIRE(e.code == 0);
  std::string expected = "| 5 |";
  for (int i = 0; i < 16; ++i)
    expected += " v" + std::to_string(i / 2) + "{" + std::to_string(16 * (i % 2) + 5) + "} |";
  CHECK_THAT(e.out, Catch::Contains(expected));
  const Run adoc = run_mxlane(
      {"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--format", "asciidoc"});
  REQUIRE(adoc.code == 0);
  CHECK_THAT(adoc.out, Catch::Contains("|3 |v1{16} |v1{17} |"));  // D[3][j]: VGPR 3/2, lane 16*(3%2) + j
}

TEST_CASE("lanemap --trace --reg R --lane L: the D element in that slot, and the one-line summary",
          "[cli][views][trace]") {
  // matrix_calculator.py -a cdna2 -i v_mfma_f32_4x4x4f16 -D -m -r 1 -l 2 -o: "v1{2} = D[1][2].B0 = ..."
  const Run r = run_mxlane(
      {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "--reg", "1", "--lane", "2"});
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("Trace: D[1][2].B0 = v1{2} (lane 2, vgpr 1, bits [31:0])"));
  // The same element by coordinates gives the same trace.
  const Run by_element =
      run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "0,1,2"});
  CHECK(by_element.out == r.out);

  // The calculator's two -o lines (from -g -I 1 -J 2 and from -m -r 1 -l 2), as data.
  const Run s = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "--reg", "1",
                            "--lane", "2", "--format", "summary"});
  REQUIRE(s.code == 0);
  CHECK(s.out ==
        "D[1][2].B0 = Vdst_v1{2} = Src0_v0{1}.[15:0]*Src1_v0{2}.[15:0] + Src0_v0{1}.[31:16]*Src1_v0{2}.[31:16] + "
        "Src0_v1{1}.[15:0]*Src1_v1{2}.[15:0] + Src0_v1{1}.[31:16]*Src1_v1{2}.[31:16] + Src2_v1{2}\n"
        "D[1][2].B0 = A[1][0].B0*B[0][2].B0 + A[1][1].B0*B[1][2].B0 + A[1][2].B0*B[2][2].B0 + A[1][3].B0*B[3][2].B0 + "
        "C[1][2].B0\n");

  // RDNA3 D[3][5] is in lane 21 (lane group 1), which reads A and B copy 1 (docs/spec/layouts.md §8.5):
  // A row 3 from lane 19, B column 5 from lane 21 (the calculator prints lane 3 for both, its bug B1).
  const Run w = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--trace", "--reg",
                            "1", "--lane", "21", "--format", "summary", "--neg", "1"});
  REQUIRE(w.code == 0);
  CHECK_THAT(w.out, Catch::StartsWith("D[3][5] = Vdst_v1{21} = -Src0_v0{19}.[15:0]*Src1_v0{21}.[15:0] + "
                                      "Src0_v0{19}.[31:16]*Src1_v0{21}.[31:16] + "));
  CHECK_THAT(w.out, Catch::Contains(" + Src2_v1{21}\nD[3][5] = -A[3][0]*B[0][5] + A[3][1]*B[1][5] + "));

  // With values, the summary ends with the result.
  const Run v = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "0,1,2", "--a",
                            "1,2", "--b", "3,4", "--format", "summary"});
  REQUIRE(v.code == 0);
  CHECK_THAT(v.out, Catch::EndsWith(" + C[1][2].B0 = 0x41300000 (11)\n"));
}

TEST_CASE("lanemap: bad --view, --trace, --reg and --transpose arguments get one line and exit 2", "[cli][views]") {
  const std::vector<std::string> mfma{"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = mfma;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  require_usage_error(with({"--operand", "A", "--view", "lanes"}), "--view");
  require_usage_error(with({"--operand", "A", "--view", "registers", "--element", "0,1,2"}), "--view registers");
  require_usage_error(with({"--operand", "A", "--view", "registers", "--format", "html"}), "--view registers");
  require_usage_error(with({"--operand", "A", "--format", "json", "--transpose"}), "--transpose");
  require_usage_error(with({"--operand", "A", "--format", "csv", "--transpose"}), "--transpose");
  require_usage_error(with({"--operand", "A", "--element", "0,1,2", "--transpose"}), "--transpose");
  require_usage_error(with({"--operand", "A", "--element", "0,1,2", "--format", "asciidoc"}), "--format asciidoc");
  require_usage_error(with({"--operand", "A", "--format", "summary"}), "--format summary");
  require_usage_error(with({"--trace"}), "--trace");
  require_usage_error(with({"--trace", "0,1,2", "--reg", "1", "--lane", "2"}), "--trace");
  require_usage_error(with({"--trace", "--reg", "4", "--lane", "2"}), "--reg/--lane");  // D has 4 VGPRs
  require_usage_error(with({"--trace", "--reg", "1", "--lane", "64"}), "--lane");
  require_usage_error(with({"--trace", "0,1,2", "--format", "csv"}), "--format");
  require_usage_error(with({"--trace", "0,1,2", "--transpose"}), "--transpose");
  // The unwritten high half of a 16-bit RDNA3 D VGPR holds no element: v0{0} with opsel 4 holds D[0][0]
  // in bits [31:16], so it is traced; the trace names that slot.
  const Run high = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--opsel", "4",
                               "--trace", "--reg", "0", "--lane", "0"});
  REQUIRE(high.code == 0);
  CHECK_THAT(high.out, Catch::Contains("Trace: D[0][0] = v0{0}.[31:16]"));
}
