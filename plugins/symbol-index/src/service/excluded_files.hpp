// service/excluded_files.hpp -- the files the user took out of the index
// (the file picker's third checkbox state), kept per repository in
// <repo>/.acdc/symbol-index-excluded.json and written atomically.
//
//   ExcludedFiles ex(state_dir / "symbol-index-excluded.json");
//   ex.load();                        // a missing file is an empty list
//   ex.set({"vendor/big.js"});        // throws std::runtime_error when it cannot write
//   if (ex.contains(path)) skip();
#pragma once

#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace acdc::symbols {

class ExcludedFiles {
 public:
  explicit ExcludedFiles(std::filesystem::path file) : file_(std::move(file)) {}

  // Returns why the file could not be read, or "" (read, or absent).
  std::string load();
  void set(const std::vector<std::string>& files);
  std::vector<std::string> list() const;
  std::set<std::string> snapshot() const;

 private:
  std::filesystem::path file_;
  mutable std::mutex mu_;
  std::set<std::string> files_;
};

}  // namespace acdc::symbols
