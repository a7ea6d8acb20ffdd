// A file path private to this test process and call: CTest runs test cases of the same binary in
// parallel, so a fixed name in the working directory would be shared (and overwritten) between them.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <string>

namespace mxlane_test {

// <temp dir>/<stem>.<pid>.<n>.<extension>; the file is removed when the object goes out of scope.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& stem, const std::string& extension = "jsonl") {
    static std::atomic<unsigned> counter{0};
    path_ = (std::filesystem::temp_directory_path() /
             (stem + "." + std::to_string(::getpid()) + "." + std::to_string(counter++) + "." + extension))
                .string();
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile() { std::remove(path_.c_str()); }

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace mxlane_test
