// Differential runs: cases through a launcher and the emulator, compared with the specs' NaN rules.
#include "device/runner.hpp"

#include <nlohmann/json.hpp>

#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "layouts/slot_notation.hpp"

namespace mxlane::device {
namespace {

using Json = nlohmann::ordered_json;

// The float format of each result word's fields, for the NaN rule ("" for integer results).
std::string result_format(const Kernel& k) {
  if (k.matrix != nullptr)
    return elem_type_info(k.matrix->d_type).is_integer ? "" : std::string(elem_name(k.matrix->d_type));
  return std::string(valu_signature_traits(k.valu->signature).result_float);
}

// NaN bits are specified exactly where hardware captures pin them down (docs/spec/numerics.md §C.2,
// docs/spec/valu.md §5.2, §6.1); elsewhere (CDNA2 MFMA NaNs [UNKNOWN] E2, the loose and unknown
// float dots, FP8 decodes) only NaN-ness is compared.
bool nan_bits_known(const Kernel& k) {
  if (k.matrix != nullptr) return k.matrix->family().nan_bits_published;
  const std::string b(k.valu->builtin);
  if (b == "cvt_pkrtz") return true;
  if (b == "fdot2" || b == "fdot2_f32_bf16") return arch_info(k.target.arch).fdot2_nan_bits_known;
  return false;
}

bool is_nan_field(std::uint32_t v, int bits) {
  switch (bits) {
    case 32: return (v & 0x7F800000U) == 0x7F800000U && (v & 0x7FFFFFU) != 0;
    default: return (v & 0x7C00U) == 0x7C00U && (v & 0x3FFU) != 0;  // f16
  }
}

// Two differing result words (or, for binary64 results, two 64-bit values), already masked to the
// cared-for bits: are both NaNs of the same format where the specs leave the NaN bits open?
bool nan_class_only(const Kernel& k, std::uint64_t e, std::uint64_t a, const std::string& format) {
  if (format.empty() || nan_bits_known(k)) return false;
  if (format == "f64") {
    const auto nan64 = [](std::uint64_t v) {
      return (v & 0x7FF0000000000000ULL) == 0x7FF0000000000000ULL && (v & 0xFFFFFFFFFFFFFULL) != 0;
    };
    return nan64(e) && nan64(a);
  }
  if (format == "f32")
    return is_nan_field(static_cast<std::uint32_t>(e), 32) && is_nan_field(static_cast<std::uint32_t>(a), 32);
  for (int half = 0; half < 2; ++half) {  // 16-bit fields: each equal, or both NaN
    const auto x = static_cast<std::uint32_t>((e >> (16 * half)) & 0xFFFF),
               y = static_cast<std::uint32_t>((a >> (16 * half)) & 0xFFFF);
    if (x == y) continue;
    const bool nan_x = format == "bf16" ? (x & 0x7F80) == 0x7F80 && (x & 0x7F) != 0 : is_nan_field(x, 16);
    const bool nan_y = format == "bf16" ? (y & 0x7F80) == 0x7F80 && (y & 0x7F) != 0 : is_nan_field(y, 16);
    if (!(nan_x && nan_y)) return false;
  }
  return true;
}

std::string hex_list(const std::vector<std::uint64_t>& v, int digits) {
  std::string s;
  for (std::uint64_t x : v) s += fmt::format("{}{:0{}x}", s.empty() ? "" : " ", x, digits);
  return s;
}

// The elements D's (vgpr, lane) holds and, for the first, the A row, B column and C it reads.
void describe_matrix_word(const Kernel& k, const Case& c, int vgpr, int lane, Mismatch& m) {
  const InstrDesc& d = *k.matrix;
  const OperandLayout ld(d, Operand::D, k.mods);
  for (const SlotContents& s : ld.inverse(vgpr, lane))
    for (const Placement& p : s.elements) {
      if (!m.element.empty()) continue;
      m.element = element_notation(Operand::D, p, d.blocks > 1);
      const OperandLayout la(d, Operand::A, k.mods), lb(d, Operand::B, k.mods), lc(d, Operand::C, k.mods);
      const auto read = [&](const Placement& q, int operand_offset) -> std::uint64_t {
        const auto word = [&](int r) {
          return std::uint64_t{c.in[static_cast<std::size_t>(q.slot.lane * k.in_dwords + operand_offset + r)]};
        };
        if (q.slot.width() == 64) return word(q.slot.vgpr) | (word(q.slot.vgpr + 1) << 32);
        return (word(q.slot.vgpr) >> q.slot.bit_lo) &
               (q.slot.width() == 32 ? 0xFFFFFFFFULL : (1ULL << q.slot.width()) - 1);
      };
      const int replica = la.replicas() > 1 ? (lane / 16) % la.replicas() : 0;
      std::vector<std::uint64_t> a, b;
      for (int kk = 0; kk < la.cols(); ++kk)  // K, or the K/2 stored values of a sparse A
        a.push_back(read(la.forward(p.block, p.row, kk)[static_cast<std::size_t>(replica)], 0));
      for (int kk = 0; kk < d.k; ++kk)
        b.push_back(read(lb.forward(p.block, kk, p.col)[static_cast<std::size_t>(replica)], d.vgprs_a));
      const std::uint64_t cv = read(lc.forward(p.block, p.row, p.col)[0], d.vgprs_a + d.vgprs_b);
      const int digits = elem_bits(d.a_type) / 4, cdigits = elem_bits(d.c_type) / 4;
      m.inputs =
          fmt::format("A row [{}] B column [{}] C {:0{}x}", hex_list(a, digits), hex_list(b, digits), cv, cdigits);
    }
}

Json words(const Kernel& k, const std::vector<std::uint32_t>& buf, int stride, int offset, int count) {
  Json regs = Json::array();
  for (int r = 0; r < count; ++r) {
    Json lanes = Json::array();
    for (int l = 0; l < k.target.wave; ++l)
      lanes.push_back(fmt::format("{:#010x}", buf[static_cast<std::size_t>(l * stride + offset + r)]));
    regs.push_back(std::move(lanes));
  }
  return regs;
}

bool untied_16bit(const Kernel& k) {
  return k.matrix != nullptr && k.matrix->family().cd16_in_half_vgpr && elem_bits(k.matrix->d_type) == 16 &&
         !k.matrix->tied;
}

}  // namespace

bool glob_match(const std::string& glob, const std::string& name) {
  std::size_t g = 0, n = 0, star = std::string::npos, mark = 0;
  while (n < name.size()) {
    if (g < glob.size() && (glob[g] == '?' || glob[g] == name[n])) {
      ++g;
      ++n;
    } else if (g < glob.size() && glob[g] == '*') {
      star = g++;
      mark = n;
    } else if (star != std::string::npos) {
      g = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.size() && glob[g] == '*') ++g;
  return g == glob.size();
}

std::vector<Mismatch> compare_case(const Kernel& k, const Case& c, int case_index,
                                   const std::vector<std::uint32_t>& expected,
                                   const std::vector<std::uint32_t>& actual) {
  std::vector<Mismatch> out;
  const std::string format = result_format(k);
  // The untied 16-bit WMMA builtins leave the other half undefined (LLVM BuiltinsAMDGPUDocs.td).
  const std::uint32_t care = untied_16bit(k) ? ((k.mods.opsel & 4) != 0 ? 0xFFFF0000U : 0x0000FFFFU) : 0xFFFFFFFFU;
  const int step = format == "f64" ? 2 : 1;  // binary64 results are compared as whole values
  for (int lane = 0; lane < k.target.wave; ++lane)
    for (int r = 0; r < k.out_dwords; r += step) {
      const std::size_t i = static_cast<std::size_t>(lane * k.out_dwords + r);
      const std::uint64_t e = step == 2 ? (std::uint64_t{expected[i + 1]} << 32 | expected[i]) : expected[i];
      const std::uint64_t a = step == 2 ? (std::uint64_t{actual[i + 1]} << 32 | actual[i]) : actual[i];
      const std::uint64_t mask = step == 2 ? ~0ULL : care;
      if ((e & mask) == (a & mask)) continue;
      Mismatch m{k.target.name() + " " + k.name,
                 c.kind,
                 case_index,
                 lane,
                 r,
                 e,
                 a,
                 step * 32,
                 "",
                 "",
                 nan_class_only(k, e & mask, a & mask, format)};
      if (k.matrix != nullptr)
        describe_matrix_word(k, c, m.vgpr, lane, m);
      else {
        std::vector<std::uint64_t> in;
        for (int w = 0; w < k.in_dwords; ++w) in.push_back(c.in[static_cast<std::size_t>(lane * k.in_dwords + w)]);
        m.inputs = "src words [" + hex_list(in, 8) + "]";
      }
      out.push_back(std::move(m));
    }
  return out;
}

std::string capture_line(const Kernel& k, const Case& c, int case_index, const std::vector<std::uint32_t>& actual) {
  Json line{{"id", capture_id(k, c, case_index)},
            {"arch", arch_info(k.target.arch).name},
            // The unscaled f8f6f4 form shares the scaled builtin's name: its mnemonic names it in a line.
            {"inst", k.matrix != nullptr && k.matrix->zero_scale_form ? std::string(k.matrix->mnemonic) : k.builtin()}};
  Json mods = Json::object();
  for (std::string_view name : kModifierNames) {
    const int v = modifier_value(k.mods, name);
    if (v != 0) mods[std::string(name)] = v;
  }
  if (!mods.empty()) line["mods"] = mods;
  Json src = Json::object();
  int offset = 0;
  for (std::size_t n = 0; n < k.operand_dwords.size(); ++n) {
    const std::string key = k.matrix != nullptr ? std::string(operand_name(kernel_source_operands(*k.matrix)[n]))
                                                : "src" + std::to_string(n);  // A, B, C and SMFMAC's IDX
    src[key] = words(k, c.in, k.in_dwords, offset, k.operand_dwords[n]);
    offset += k.operand_dwords[n];
  }
  line["src"] = src;
  // The unwritten half of an untied 16-bit WMMA result: give replay the hardware's register contents.
  if (untied_16bit(k)) line["dst"] = words(k, actual, k.out_dwords, 0, k.out_dwords);
  line["expect"] = words(k, actual, k.out_dwords, 0, k.out_dwords);
  return line.dump();
}

bool selected(const Kernel& k, const RunOptions& o) {
  if (k.mode_imm != 0) return false;  // MODE kernels belong to the probes
  bool wanted = false;
  for (const std::string& g : o.filters) wanted = wanted || glob_match(g, k.name);
  for (const std::string& g : o.excludes) wanted = wanted && !glob_match(g, k.name);
  return wanted;
}

bool in_shard(const Kernel& k, int case_index, const RunOptions& o) {
  if (o.shard_count <= 1) return true;
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a: the same on every host and every run
  for (char ch : k.target.name() + "/" + k.name) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ULL;
  return (h + static_cast<std::uint64_t>(case_index)) % static_cast<std::uint64_t>(o.shard_count) ==
         static_cast<std::uint64_t>(o.shard_index - 1);
}

std::string capture_id(const Kernel& k, const Case& c, int case_index) {
  return fmt::format("{}/{}#{} ({})", k.target.name(), k.name, case_index, c.kind);
}

bool parse_capture_id(const std::string& id, std::string& target, std::string& kernel, int& case_index) {
  const std::size_t slash = id.find('/'), hash = id.find('#');
  if (slash == std::string::npos || hash == std::string::npos || hash < slash) return false;
  std::size_t end = hash + 1;
  while (end < id.size() && id[end] >= '0' && id[end] <= '9') ++end;
  if (end == hash + 1 || end - hash > 8) return false;
  target = id.substr(0, slash);
  kernel = id.substr(slash + 1, hash - slash - 1);
  case_index = std::stoi(id.substr(hash + 1, end - hash - 1));
  return true;
}

bool RunReport::clean() const {
  for (const Row& r : rows)
    if (r.mismatches != 0 || r.nan_class_only != 0 || !r.error.empty()) return false;
  return true;
}

void RunReport::count(Row& row, const std::vector<Mismatch>& found) {
  ++row.cases;
  bool other = false;
  for (const Mismatch& m : found) other = other || !m.nan_class_only;
  if (found.empty())
    ++row.exact;
  else if (other)
    ++row.mismatches;
  else
    ++row.nan_class_only;
}

RunReport run_kernels(const std::vector<Kernel>& kernels, Launcher& launcher, const RunOptions& o,
                      std::ostream* capture, std::ostream* live) {
  RunReport report;
  for (const Kernel& k : kernels) {
    if (!selected(k, o)) continue;
    RunReport::Row row;
    row.kernel = k.target.name() + " " + k.name;
    try {
      const std::vector<Case> cases = make_cases(k, o.random_cases, o.seed);
      for (std::size_t n = 0; n < cases.size(); ++n) {
        if (!in_shard(k, static_cast<int>(n), o)) continue;
        const std::vector<std::uint32_t> actual = launcher.run(k, cases[n].in);
        // The hardware's result is captured before anything else can fail.
        if (capture != nullptr) {
          *capture << capture_line(k, cases[n], static_cast<int>(n), actual) << '\n';
          capture->flush();
          if (!*capture) throw WriteError("--capture: writing the capture failed");
        }
        const std::vector<std::uint32_t> expected = emulate(k, cases[n].in, {}, &actual);
        const auto found = compare_case(k, cases[n], static_cast<int>(n), expected, actual);
        RunReport::count(row, found);
        report.mismatches.insert(report.mismatches.end(), found.begin(), found.end());
      }
    } catch (const WriteError&) {
      throw;
    } catch (const std::exception& e) {
      row.error = e.what();  // named in the row; the next kernel still runs
    }
    if (row.cases == 0 && row.error.empty()) continue;  // nothing of this kernel in this shard
    report.rows.push_back(row);
    if (live != nullptr) {
      print_row(row, *live);
      live->flush();
    }
  }
  return report;
}

void print_table_header(std::ostream& out) {
  out << fmt::format("{:<70} {:>6} {:>6} {:>9} {:>10}\n", "target kernel (builtin and modifiers)", "cases", "exact",
                     "NaN-class", "mismatched");
}

void print_row(const RunReport::Row& r, std::ostream& out) {
  out << fmt::format("{:<70} {:>6} {:>6} {:>9} {:>10}\n", r.kernel, r.cases, r.exact, r.nan_class_only, r.mismatches);
  if (!r.error.empty()) out << fmt::format("  ERROR in {} after {} case(s): {}\n", r.kernel, r.cases, r.error);
}

void print_report(const RunReport& report, const RunOptions& o, std::ostream& out, bool with_table) {
  if (with_table) {
    print_table_header(out);
    for (const auto& r : report.rows) print_row(r, out);
  }
  int total_cases = 0, exact = 0, nan_only = 0, bad = 0, errors = 0;
  for (const auto& r : report.rows) {
    total_cases += r.cases;
    exact += r.exact;
    nan_only += r.nan_class_only;
    bad += r.mismatches;
    errors += r.error.empty() ? 0 : 1;
  }
  std::string last;
  int shown = 0;
  for (const Mismatch& m : report.mismatches) {
    if (m.kernel != last) {
      last = m.kernel;
      shown = 0;
      out << fmt::format("\n{}:\n", m.kernel);
    }
    if (shown++ == o.max_details) out << "  ...\n";
    if (shown > o.max_details) continue;
    const int digits = m.bits / 4 + 2;
    out << fmt::format("  case {} ({}): lane {} v{}{}: emulator {:#0{}x}, hardware {:#0{}x}{}\n    {}\n", m.case_index,
                       m.case_kind, m.lane,
                       m.bits == 64 ? fmt::format("[{}:{}]", m.vgpr + 1, m.vgpr) : std::to_string(m.vgpr),
                       m.element.empty() ? "" : " " + m.element, m.expected, digits, m.actual, digits,
                       m.nan_class_only ? " (NaN class only)" : "", m.inputs);
  }
  for (const auto& r : report.rows)
    if (!r.error.empty()) out << fmt::format("\nERROR in {}: {}\n", r.kernel, r.error);
  out << fmt::format(
      "\n{} kernels, {} cases: {} exact, {} NaN class only, {} mismatched; {} kernel(s) stopped by an error\n",
      report.rows.size(), total_cases, exact, nan_only, bad, errors);
  out << "Rule: " << kComparisonRule << '\n';
}

}  // namespace mxlane::device
