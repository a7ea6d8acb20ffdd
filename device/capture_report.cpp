// Merging capture files into one report: each line back into the kernel's input and output buffers,
// then the same comparison as `device run`.
#include "device/capture_report.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

using Json = nlohmann::json;

// A capture's VGPR list ([vgpr][lane] of "0x..." words) into a lane-major buffer.
void unpack_words(const Json& regs, const Kernel& k, int stride, int offset, int count, std::vector<std::uint32_t>& buf,
                  const std::string& field) {
  if (!regs.is_array() || static_cast<int>(regs.size()) != count)
    throw InvalidArgument(fmt::format("{}: expected {} VGPRs", field, count));
  for (int r = 0; r < count; ++r) {
    const Json& lanes = regs[static_cast<std::size_t>(r)];
    if (!lanes.is_array() || static_cast<int>(lanes.size()) != k.target.wave)
      throw InvalidArgument(fmt::format("{}[{}]: expected {} lane words", field, r, k.target.wave));
    for (int l = 0; l < k.target.wave; ++l) {
      const Json& w = lanes[static_cast<std::size_t>(l)];
      if (!w.is_string()) throw InvalidArgument(fmt::format("{}[{}][{}]: expected a hex string", field, r, l));
      std::size_t used = 0;
      unsigned long value = 0;
      try {
        value = std::stoul(w.get<std::string>(), &used, 16);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != w.get<std::string>().size() || value > 0xFFFFFFFFUL)
        throw InvalidArgument(
            fmt::format("{}[{}][{}]: '{}' is not a 32-bit hex word", field, r, l, w.get<std::string>()));
      buf[static_cast<std::size_t>(l * stride + offset + r)] = static_cast<std::uint32_t>(value);
    }
  }
}

}  // namespace

RunReport report_from_captures(const std::vector<std::string>& paths, const std::vector<Kernel>& kernels) {
  std::map<std::string, const Kernel*> by_name;  // "target/name"
  for (const Kernel& k : kernels) by_name[k.target.name() + "/" + k.name] = &k;
  std::map<const Kernel*, RunReport::Row> rows;
  std::map<const Kernel*, std::vector<Mismatch>> found;
  std::map<std::string, std::string> seen;  // "target/name#case" -> where
  for (const std::string& path : paths) {
    std::ifstream in(path);
    if (!in) throw InvalidArgument(fmt::format("cannot read capture '{}'", path));
    int number = 0;
    for (std::string text; std::getline(in, text);) {
      ++number;
      if (text.empty()) continue;
      const std::string where = fmt::format("{}:{}", path, number);
      try {
        const Json line = Json::parse(text);
        std::string target, name;
        int index = 0;
        if (!line.is_object() || !line.contains("id") || !line["id"].is_string() ||
            !parse_capture_id(line["id"].get<std::string>(), target, name, index))
          throw InvalidArgument("id: expected \"<target>/<kernel>#<case> (<kind>)\" as device run writes it");
        const auto k_it = by_name.find(target + "/" + name);
        if (k_it == by_name.end())
          throw InvalidArgument(fmt::format("id: no device kernel {} for target {}", name, target));
        const Kernel& k = *k_it->second;
        const std::string key = fmt::format("{}/{}#{}", target, name, index);
        if (const auto s = seen.find(key); s != seen.end())
          throw InvalidArgument(fmt::format("case {} is also at {} (overlapping shards?)", key, s->second));
        seen[key] = where;
        if (!line.contains("src") || !line["src"].is_object()) throw InvalidArgument("src: expected an object");
        Case c{line["id"].get<std::string>(),
               std::vector<std::uint32_t>(static_cast<std::size_t>(k.target.wave * k.in_dwords))};
        int offset = 0;
        for (std::size_t n = 0; n < k.operand_dwords.size(); ++n) {
          // Matrix operands A, B, C and SMFMAC's IDX, in kernel order.
          const std::string operand = k.matrix != nullptr
                                          ? std::string(operand_name(kernel_source_operands(*k.matrix)[n]))
                                          : "src" + std::to_string(n);
          if (!line["src"].contains(operand)) throw InvalidArgument(fmt::format("src.{}: missing", operand));
          unpack_words(line["src"][operand], k, k.in_dwords, offset, k.operand_dwords[n], c.in, "src." + operand);
          offset += k.operand_dwords[n];
        }
        if (!line.contains("expect")) throw InvalidArgument("expect: missing");
        std::vector<std::uint32_t> actual(static_cast<std::size_t>(k.target.wave * k.out_dwords));
        unpack_words(line["expect"], k, k.out_dwords, 0, k.out_dwords, actual, "expect");
        const std::size_t kind_at = c.kind.find(" (");
        c.kind = kind_at == std::string::npos ? "" : c.kind.substr(kind_at + 2, c.kind.size() - kind_at - 3);
        const std::vector<Mismatch> words = compare_case(k, c, index, emulate(k, c.in, {}, &actual), actual);
        RunReport::Row& row = rows[&k];
        row.kernel = k.target.name() + " " + k.name;
        RunReport::count(row, words);
        auto& list = found[&k];
        list.insert(list.end(), words.begin(), words.end());
      } catch (const Json::exception& e) {
        throw InvalidArgument(fmt::format("{}: not a JSON line ({})", where, e.what()));
      } catch (const InvalidArgument& e) {
        throw InvalidArgument(fmt::format("{}: {}", where, e.what()));
      }
    }
  }
  RunReport report;
  for (const Kernel& k : kernels) {
    const auto r = rows.find(&k);
    if (r == rows.end()) continue;
    report.rows.push_back(r->second);
    auto& words = found[&k];
    // By case, in arrival order within a case: an index sort (std::stable_sort's temporary buffer is
    // deprecated in C++20's libstdc++, which clang-22 reports).
    std::vector<std::size_t> order(words.size());
    for (std::size_t n = 0; n < order.size(); ++n) order[n] = n;
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      return words[x].case_index != words[y].case_index ? words[x].case_index < words[y].case_index : x < y;
    });
    for (const std::size_t n : order) report.mismatches.push_back(words[n]);
  }
  return report;
}

}  // namespace mxlane::device
