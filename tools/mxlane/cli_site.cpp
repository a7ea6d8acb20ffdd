// `mxlane site DIR`: the browser application (docs/web.md): the page, its script and the emulator
// compiled to WebAssembly, copied from the folder the build wrote (web/CMakeLists.txt) into DIR.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "emu/isa/errors.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "nlohmann/json.hpp"
#include "tools/mxlane/commands.hpp"

#ifndef MXLANE_WEB_BUILD_DIR
#define MXLANE_WEB_BUILD_DIR ""  // a build without MXLANE_WEB: only an installed copy can be found
#endif

namespace mxlane::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kDefaultsElement = "<script id=\"mxlane-site-defaults\" type=\"application/json\">{}</script>";

// Where the build's site folder may be: next to the executable (the build tree: build/mxlane and
// build/web), where an installation puts it (PREFIX/bin/mxlane and PREFIX/share/mxlane/web), and the
// build folder this binary was compiled in (the tests run the CLI in-process from build/tests).
std::vector<fs::path> site_folders() {
  std::vector<fs::path> folders;
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    folders.push_back(exe.parent_path() / "web");
    folders.push_back(exe.parent_path().parent_path() / "share" / "mxlane" / "web");
  }
  if (std::string_view(MXLANE_WEB_BUILD_DIR).size() > 0) folders.emplace_back(MXLANE_WEB_BUILD_DIR);
  return folders;
}

fs::path find_site_folder() {
  const std::vector<fs::path> folders = site_folders();
  for (const fs::path& folder : folders) {
    std::error_code error;
    if (fs::is_regular_file(folder / "index.html", error) && fs::is_regular_file(folder / "mxlane.js", error))
      return folder;
  }
  std::string looked;
  for (const fs::path& folder : folders) append_item(looked, folder.string());
  throw InvalidArgument(fmt::format(
      "the browser application is not built (looked for index.html and mxlane.js in {}): configure with "
      "-DMXLANE_WEB=ON, which needs emscripten (scripts/setup-debian.sh installs it)",
      looked.empty() ? "no folder" : looked));
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw InvalidArgument(fmt::format("cannot read {} of the built site", path.string()));
  return text.str();
}

void write_file(const fs::path& path, const std::string& text, const std::string& dir) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) throw InvalidArgument(fmt::format("DIR '{}': cannot write output file {}", dir, path.string()));
}

// The page's first view when its URL names none: --arch and --option as the page's JSON defaults.
std::string defaults_json(const std::string& arch, const std::vector<std::string>& settings) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (!arch.empty()) j["arch"] = arch;
  if (!settings.empty()) j["options"] = settings;
  // "</" must not end the script element early; JSON allows "<\/".
  std::string text = j.dump();
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3)) text.insert(at + 1, "\\");
  return text;
}

}  // namespace

CLI::App* register_site(CLI::App& app, SiteOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "site",
      "Write the browser application to DIR: index.html, which computes lane maps, results, traces and checks "
      "with the emulator compiled to WebAssembly, and its scripts. Open DIR/index.html; it works from the file "
      "system, with no server and no network, and can be published on any static host (docs/web.md).");
  cmd->add_option("DIR", o.dir, "Output directory, created if needed; existing files are overwritten. Example: lanemaps")
      ->required()
      ->check(non_empty("an empty directory name"));
  cmd->add_option("-a,--arch", o.arch,
                  "The architecture the page opens with when its link names none (" + architecture_names() +
                      ") or an alias (cdna2, rdna3, ...). Example: --arch rdna3")
      ->check(non_empty("an empty architecture name (omit --arch for the page's default)"));
  cmd->add_option("--option", o.switch_settings,
                  "A behaviour switch NAME=VALUE the page starts with (the switches: `mxlane list --options`). "
                  "Example: --option f64_4x4x4_cd_order=isa-general");
  cmd->footer(
      "Examples:\n"
      "  mxlane site lanemaps                  then open lanemaps/index.html\n"
      "  mxlane site rdna3-maps --arch rdna3   opening on gfx1100\n"
      "One instruction as a static page instead:\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_4x4x4f16 --cbsz 2 --abid 1 --format html > page.html");
  return cmd;
}

int run_site(const SiteOptions& o, std::ostream& out) {
  std::string arch;
  ArchMask drawn = 0;
  if (!o.arch.empty()) {
    const ArchInfo& a = resolve_arch_option(o.arch);
    if (instructions_for_arch(a.id).empty())
      throw InvalidArgument(fmt::format("--arch: mxlane models no matrix instructions of {}", a.name));
    arch = a.name;
    drawn = arch_bit(a.id);
  } else {
    for (const ArchInfo& a : all_archs())
      if (!instructions_for_arch(a.id).empty()) drawn |= arch_bit(a.id);
  }
  (void)parse_switch_settings(o.switch_settings, drawn);  // refused here, naming --option, not in the page
  const fs::path root(o.dir);
  std::error_code error;
  fs::create_directories(root, error);
  if (error) throw InvalidArgument(fmt::format("DIR '{}': cannot create it: {}", o.dir, error.message()));
  const fs::path from = find_site_folder();
  std::string page = read_file(from / "index.html");
  const std::size_t at = page.find(kDefaultsElement);
  if (at == std::string::npos)
    throw InvalidArgument(fmt::format("{} has no defaults element (a broken build of the site)", (from / "index.html").string()));
  page.replace(at, kDefaultsElement.size(),
               fmt::format("<script id=\"mxlane-site-defaults\" type=\"application/json\">{}</script>",
                           defaults_json(arch, o.switch_settings)));
  // Every file the build wrote (web/CMakeLists.txt lists them), index.html with the defaults filled in.
  std::uintmax_t bytes = page.size();
  for (const fs::directory_entry& entry : fs::directory_iterator(from)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name == "index.html") continue;
    const std::string text = read_file(entry.path());
    write_file(root / name, text, o.dir);
    bytes += text.size();
  }
  write_file(root / "index.html", page, o.dir);
  out << fmt::format("mxlane site: wrote {} ({:.1f} MB with its scripts); open it in a browser\n",
                     (root / "index.html").string(), static_cast<double>(bytes) / 1e6);
  return 0;
}

}  // namespace mxlane::cli
