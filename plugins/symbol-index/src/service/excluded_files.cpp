#include "service/excluded_files.hpp"

#include <acdc/sdk/json.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace acdc::symbols {

std::string ExcludedFiles::load() {
  std::ifstream in(file_);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<std::string> files;
  try {
    acdc::Json doc = acdc::parse_json(text.str());
    acdc::from_json(doc, files);
  } catch (const std::exception& e) {
    return file_.string() + " is not a JSON list of paths (" + e.what() + "); no file is excluded until it is set again";
  }
  std::lock_guard lock(mu_);
  files_ = std::set<std::string>(files.begin(), files.end());
  return {};
}

void ExcludedFiles::set(const std::vector<std::string>& files) {
  std::set<std::string> next(files.begin(), files.end());
  std::string text = acdc::to_json_text(std::vector<std::string>(next.begin(), next.end()));
  std::filesystem::create_directories(file_.parent_path());
  std::filesystem::path temp = file_;
  temp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::trunc);
    out << text << "\n";
    if (!out.flush()) throw std::runtime_error("cannot write " + temp.string());
  }
  std::error_code ec;
  std::filesystem::rename(temp, file_, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    throw std::runtime_error("cannot save the excluded files to " + file_.string() + ": " + ec.message());
  }
  std::lock_guard lock(mu_);
  files_ = std::move(next);
}

std::vector<std::string> ExcludedFiles::list() const {
  std::lock_guard lock(mu_);
  return {files_.begin(), files_.end()};
}

std::set<std::string> ExcludedFiles::snapshot() const {
  std::lock_guard lock(mu_);
  return files_;
}

}  // namespace acdc::symbols
