// support/temp_dir.hpp -- a fresh directory for one test, removed afterwards.
//
//   acdc::test::TempDir dir;
//   write_file(dir.path() / "a.txt", "hello");
#pragma once

#include <filesystem>
#include <string>

namespace acdc::test {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

void write_file(const std::filesystem::path& path, const std::string& content);
std::string read_file(const std::filesystem::path& path);

}  // namespace acdc::test
