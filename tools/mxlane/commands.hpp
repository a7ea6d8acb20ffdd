// The subcommands of mxlane: each registers its options on CLI11 and runs on the parsed values.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "tools/mxlane/layout_options.hpp"

namespace mxlane::cli {

struct ListOptions {
  std::string arch;
  std::string format = "text";
};
CLI::App* register_list(CLI::App& app, ListOptions& options);
int run_list(const ListOptions& options, std::ostream& out);

struct LanemapOptions : LayoutSelection {
  std::string format = "grid";
  std::string element;  // "b,i,j" or "i,j"
  std::optional<int> reg;
  std::optional<int> lane;
  // --trace: the dot-product trace of one D element, optionally evaluated (lanemap_trace.hpp)
  std::string trace;        // "b,i,j" or "i,j"
  std::string values_file;  // --values: one `mxlane eval` line
  std::string a_values, b_values, c_value;  // --a, --b, --c
};
CLI::App* register_lanemap(CLI::App& app, LanemapOptions& options);
int run_lanemap(const LanemapOptions& options, std::ostream& out);

// `mxlane check`: exactly one mode's expressions are set (README "Checking your own index formulas").
struct CheckOptions : LayoutSelection {
  std::optional<std::string> lane, vgpr, bits;  // forward, in the element's coordinates
  std::optional<std::string> row, col, block;   // inverse, in L and G
  std::optional<std::string> load;              // load pattern, in L and G
  std::optional<std::int64_t> ld;
  std::optional<std::string> order;             // "row" (default) or "col"
  int max_mismatches = 8;
  std::string format = "text";
  std::optional<std::int64_t> block_stride;     // load pattern: elements from one block to the next
  std::vector<std::string> vars;                // NAME=LO..HI or NAME=VALUE, swept
  std::optional<std::string> block_dim;         // X,Y: threadIdx.x = L % X, threadIdx.y = L / X
  bool pair = false;                            // pair mode: A and B loaded together
  std::optional<std::string> load_a, load_b;
  std::optional<std::int64_t> ld_a, ld_b;
  std::optional<std::string> order_a, order_b;
  std::optional<int> steps;
  std::optional<std::int64_t> k;
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
  std::string arch;  // empty: every architecture with matrix instructions
  std::vector<std::string> switch_settings;  // NAME=VALUE
};
CLI::App* register_site(CLI::App& app, SiteOptions& options);
int run_site(const SiteOptions& options, std::ostream& out);

struct DeviceOptions {
  std::string arch = "auto";
  std::string device_dir;
  std::string capture;
  int cases = 16;
  std::uint64_t seed = 1;
  std::string filter = "*";
  bool list = false;
  CLI::App* run = nullptr;
  CLI::App* probe = nullptr;
  CLI::App* list_cmd = nullptr;
};
CLI::App* register_device(CLI::App& app, DeviceOptions& options);
int run_device(const DeviceOptions& options, std::ostream& out, std::ostream& err);

// Shared argument resolution; each throws InvalidArgument naming the option.
const ArchInfo& resolve_arch_option(const std::string& value);
const InstrDesc& resolve_inst_option(const ArchInfo& arch, const std::string& value,
                                     std::optional<int> wave);
Switches parse_switch_settings(const std::vector<std::string>& settings);

}  // namespace mxlane::cli
