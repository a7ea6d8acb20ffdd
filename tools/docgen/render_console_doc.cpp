// mxlane-docgen IN OUT: writes IN (markdown) to OUT with every ```console block's commands run and
// their real output filled in. The build uses it to generate docs/tutorial.md from its template.
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "tools/docgen/console_doc.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: mxlane-docgen TEMPLATE.md.in OUTPUT.md (run from the source directory)\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "mxlane-docgen: error: cannot read " << argv[1] << "\n";
    return 2;
  }
  const std::string markdown((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    const std::string rendered = mxlane::docgen::render_console_blocks(markdown);
    std::ofstream out(argv[2], std::ios::binary);
    out << rendered;
    if (!out) {
      std::cerr << "mxlane-docgen: error: cannot write " << argv[2] << "\n";
      return 2;
    }
  } catch (const std::exception& e) {
    std::cerr << "mxlane-docgen: error: " << argv[1] << ": " << e.what() << "\n";
    return 2;
  }
  return 0;
}
