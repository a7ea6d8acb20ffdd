// For the picture tests: strict XML parsing and XPath (libxml2), rasterizing an SVG with
// rsvg-convert (librsvg2-bin) and decoding the PNG (libpng), and a scratch directory.
#pragma once

#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <png.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace picture_test {

// A parsed document; `error` is libxml2's message when the text is not well-formed XML.
class XmlDoc {
 public:
  explicit XmlDoc(const std::string& text) {
    doc_ = xmlReadMemory(text.data(), static_cast<int>(text.size()), "picture.xml", "UTF-8",
                         XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (doc_ == nullptr) {
      const xmlError* e = xmlGetLastError();
      error_ = e && e->message ? std::string(e->message) + " at line " + std::to_string(e->line) : "unknown error";
    }
  }
  ~XmlDoc() {
    if (doc_) xmlFreeDoc(doc_);
  }
  XmlDoc(const XmlDoc&) = delete;
  XmlDoc& operator=(const XmlDoc&) = delete;

  bool ok() const { return doc_ != nullptr; }
  const std::string& error() const { return error_; }
  xmlNodePtr root() const { return xmlDocGetRootElement(doc_); }
  xmlDocPtr get() const { return doc_; }

  // Nodes matching `expr`; prefixes s: (SVG) and h: (XHTML) are bound. `context` is the root when null.
  std::vector<xmlNodePtr> select(const std::string& expr, xmlNodePtr context = nullptr) const {
    std::vector<xmlNodePtr> nodes;
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc_);
    xmlXPathRegisterNs(ctx, BAD_CAST "s", BAD_CAST "http://www.w3.org/2000/svg");
    xmlXPathRegisterNs(ctx, BAD_CAST "h", BAD_CAST "http://www.w3.org/1999/xhtml");
    if (context) ctx->node = context;
    xmlXPathObjectPtr result = xmlXPathEvalExpression(BAD_CAST expr.c_str(), ctx);
    if (result && result->nodesetval)
      for (int n = 0; n < result->nodesetval->nodeNr; ++n) nodes.push_back(result->nodesetval->nodeTab[n]);
    xmlXPathFreeObject(result);
    xmlXPathFreeContext(ctx);
    return nodes;
  }

 private:
  xmlDocPtr doc_ = nullptr;
  std::string error_;
};

inline std::string attr(xmlNodePtr node, const char* name) {
  xmlChar* value = xmlGetProp(node, BAD_CAST name);
  std::string out = value ? reinterpret_cast<const char*>(value) : "";
  xmlFree(value);
  return out;
}

inline std::string node_text(xmlNodePtr node) {
  xmlChar* value = xmlNodeGetContent(node);
  std::string out = value ? reinterpret_cast<const char*>(value) : "";
  xmlFree(value);
  return out;
}

// The XML text of one element (an inline <svg> of a page), as a standalone document.
inline std::string serialize(xmlDocPtr doc, xmlNodePtr node) {
  xmlBufferPtr buffer = xmlBufferCreate();
  xmlNodeDump(buffer, doc, node, 0, 0);
  std::string out(reinterpret_cast<const char*>(xmlBufferContent(buffer)),
                  static_cast<std::size_t>(xmlBufferLength(buffer)));
  xmlBufferFree(buffer);
  return out;
}

inline std::vector<int> split_ints(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(std::stoi(item));
  return out;
}

inline std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

// A directory under the system's temporary directory, removed with everything in it.
class ScratchDir {
 public:
  ScratchDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("mxlane-pictures-" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline bool have_rsvg_convert() { return std::system("command -v rsvg-convert >/dev/null 2>&1") == 0; }

struct Raster {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;  // 3 bytes per pixel, rows top to bottom
  std::string error;
};

// Renders `svg` on white with rsvg-convert and decodes the PNG.
inline Raster rasterize(const std::string& svg, const ScratchDir& dir, const std::string& name) {
  Raster r;
  const auto svg_path = dir.path() / (name + ".svg");
  const auto png_path = dir.path() / (name + ".png");
  std::ofstream(svg_path, std::ios::binary) << svg;
  const std::string command = "rsvg-convert -b white -o '" + png_path.string() + "' '" + svg_path.string() + "' 2>&1";
  if (std::system(command.c_str()) != 0) {
    r.error = "rsvg-convert failed on " + svg_path.string();
    return r;
  }
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&image, png_path.c_str())) {
    r.error = std::string("libpng: ") + image.message;
    return r;
  }
  image.format = PNG_FORMAT_RGB;
  r.rgb.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, r.rgb.data(), 0, nullptr)) {
    r.error = std::string("libpng: ") + image.message;
    return r;
  }
  r.width = static_cast<int>(image.width);
  r.height = static_cast<int>(image.height);
  return r;
}

// How many pixels have exactly the colour "#rrggbb".
inline std::size_t count_colour(const Raster& r, const std::string& hex) {
  const unsigned long value = std::stoul(hex.substr(1), nullptr, 16);
  const unsigned char red = static_cast<unsigned char>(value >> 16), green = static_cast<unsigned char>(value >> 8),
                      blue = static_cast<unsigned char>(value);
  std::size_t n = 0;
  for (std::size_t p = 0; p + 2 < r.rgb.size(); p += 3)
    n += r.rgb[p] == red && r.rgb[p + 1] == green && r.rgb[p + 2] == blue ? 1 : 0;
  return n;
}

inline std::size_t count_non_white(const Raster& r) {
  std::size_t n = 0;
  for (std::size_t p = 0; p + 2 < r.rgb.size(); p += 3) n += (r.rgb[p] & r.rgb[p + 1] & r.rgb[p + 2]) != 255 ? 1 : 0;
  return n;
}

// The fill colours the figure's CSS gives each class: ".c0e{fill:#d6e4f2}" -> {"c0e": "#d6e4f2"}.
inline std::map<std::string, std::string> css_fills(const std::string& svg) {
  std::map<std::string, std::string> fills;
  const std::regex rule(R"(\.(c\d[eo])\{fill:(#[0-9a-f]{6})\})");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rule); it != std::sregex_iterator(); ++it)
    fills[(*it)[1]] = (*it)[2];
  return fills;
}

}  // namespace picture_test
