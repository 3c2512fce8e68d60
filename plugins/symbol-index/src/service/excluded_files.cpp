#include "service/excluded_files.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/atomic_file.hpp>


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
  acdc::util::replace_file(file_, text + "\n");
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
