// The subcommands of mxlane: each registers its options on CLI11 and runs on the parsed values.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "emu/protocol/name_resolution.hpp"
#include "tools/mxlane/layout_options.hpp"

namespace mxlane::cli {

struct ListOptions {
  std::string arch;
  std::string format = "text";
  std::string inst;         // --inst: the detail view of one instruction (needs --arch)
  std::optional<int> wave;  // with --inst: which wave size's builtin
  bool switches = false;    // --options: the behaviour switches alone
};
CLI::App* register_list(CLI::App& app, ListOptions& options);
int run_list(const ListOptions& options, std::ostream& out);

struct LanemapOptions : LayoutSelection {
  std::string format = "grid";
  std::string element;  // "b,i,j" or "i,j"
  std::optional<int> reg;
  std::optional<int> lane;
  // --trace: the dot-product trace of one D element, optionally evaluated (emu/protocol/trace.hpp)
  std::string trace;                          // "b,i,j" or "i,j"
  std::string values_file;                    // --values: one `mxlane eval` line
  std::string a_values, b_values, c_value;    // --a, --b, --c
  const CLI::Option* trace_option = nullptr;  // --trace may come without a value (with --reg/--lane)
  std::string view = "elements";              // --view: elements (element -> slot) or registers (slot -> element)
  bool transpose = false;                     // --transpose: swap a table's rows and columns
};
CLI::App* register_lanemap(CLI::App& app, LanemapOptions& options);
// `mxlane lanemap -a ARCH` as --arch ARCH: lanemap cannot register -a beside its --a option
// (CLI11 2.4 refuses the pair; layout_options.hpp), so the command line is rewritten before parsing.
std::vector<std::string> lanemap_short_arch(std::vector<std::string> args);
int run_lanemap(const LanemapOptions& options, std::ostream& out);

// `mxlane check`: exactly one mode's expressions are set (README "Checking your own index formulas").
struct CheckOptions : LayoutSelection {
  std::optional<std::string> lane, vgpr, bits;  // forward, in the element's coordinates
  std::optional<std::string> row, col, block;   // inverse, in L and G
  std::optional<std::string> load;              // load pattern, in L and G
  std::optional<std::int64_t> ld;
  std::optional<std::string> order;  // "row" (default) or "col"
  int max_mismatches = 8;
  std::string format = "text";
  std::optional<std::int64_t> block_stride;  // load pattern: elements from one block to the next
  std::vector<std::string> vars;             // NAME=LO..HI or NAME=VALUE, swept
  std::optional<std::string> block_dim;      // X,Y: threadIdx.x = L % X, threadIdx.y = L / X
  bool pair = false;                         // pair mode: A and B loaded together
  std::optional<std::string> load_a, load_b;
  std::optional<std::int64_t> ld_a, ld_b;
  std::optional<std::string> order_a, order_b;
  std::optional<int> steps;
  std::optional<std::int64_t> k;
  std::optional<std::string> linear_layout;  // FILE or "-": a linear layout, judged like --row/--col
  bool transposed = false;                   // for the instruction issued with A and B swapped
};
CLI::App* register_check(CLI::App& app, CheckOptions& options);
int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);

struct EvalOptions {
  std::string file;  // empty or "-": standard input
  int threads = 1;
  bool all_diffs = false;  // replay: every differing word, not the first 8
};
CLI::App* register_eval(CLI::App& app, EvalOptions& options);
int run_eval(const EvalOptions& options, std::ostream& out, std::ostream& err);
CLI::App* register_replay(CLI::App& app, EvalOptions& options);
int run_replay(const EvalOptions& options, std::ostream& out, std::ostream& err);

struct SiteOptions {
  std::string dir;
  std::string arch;                          // empty: every architecture with matrix instructions
  std::vector<std::string> switch_settings;  // NAME=VALUE
};
CLI::App* register_site(CLI::App& app, SiteOptions& options);
int run_site(const SiteOptions& options, std::ostream& out);

struct DeviceOptions {
  std::string arch = "auto";
  std::string device_dir;
  std::string capture;
  std::string backend = "hip";                // hip (a real GPU) or loopback (the emulator behind the launch path)
  std::vector<std::string> loopback_options;  // NAME=VALUE: how the loopback's GPU behaves
  int cases = 16;
  std::uint64_t seed = 1;
  std::vector<std::string> filters, excludes;  // device run: kernel globs
  std::vector<std::string> only, skip;         // device probe: probe id globs
  int max_details = 8;
  std::string shard;                  // "I/N"
  std::vector<std::string> captures;  // device report
  bool list = false;
  CLI::App* run = nullptr;
  CLI::App* probe = nullptr;
  CLI::App* list_cmd = nullptr;
  CLI::App* report = nullptr;
};
CLI::App* register_device(CLI::App& app, DeviceOptions& options);
int run_device(const DeviceOptions& options, std::ostream& out, std::ostream& err);

// A check for a string option whose empty value would otherwise read as "not given" (--element ''
// silently dumping the whole operand); `why` is the one-line refusal after the option's name.
inline CLI::Validator non_empty(std::string why = "an empty value is not allowed") {
  return CLI::Validator([why](std::string& value) { return value.empty() ? why : std::string(); }, "");
}

// A check that a numeric option is an integer in lo..hi, run on its text before CLI11 converts
// it, so that 99999999999999999999 or -1 gets one line with the range instead of a conversion
// error or a 300-digit bound.
inline CLI::Validator integer_in(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) {
        long long value = 0;
        const char* end = text.data() + text.size();
        const auto [next, ec] = std::from_chars(text.data(), end, value);
        if (ec == std::errc() && next == end && value >= lo && value <= hi) return std::string();
        return "'" + text + "' is not an integer in " + std::to_string(lo) + ".." + std::to_string(hi);
      },
      "");
}

// "gfx908, gfx90a, ..., gfx1200": every architecture of the table, for help texts.
inline std::string architecture_names() { return arch_names(every_arch()); }

using protocol::parse_switch_settings;
using protocol::resolve_arch_option;
using protocol::resolve_inst_option;

}  // namespace mxlane::cli
