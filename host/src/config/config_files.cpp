#include "config/config_files.hpp"

#include "config/yaml_json.hpp"
#include "util/log.hpp"

#include <yaml-cpp/yaml.h>

#include <optional>

namespace acdc::config {
namespace {

namespace fs = std::filesystem;

// The file as JSON, or nothing when it is missing or broken (`problem` says why).
std::optional<std::string> load(const fs::path& file, std::string& problem) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::nullopt;
  try {
    YAML::Node node = YAML::LoadFile(file.string());
    if (node.IsNull()) {  // an emptied or truncated file: the bundled one serves
      problem = file.string() + ": the file is empty";
      return std::nullopt;
    }
    if (!node.IsMap()) {
      problem = file.string() + ": the top level must be a map of settings";
      return std::nullopt;
    }
    return yaml_to_json(node);
  } catch (const YAML::ParserException& e) {
    problem = file.string() + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg;
  } catch (const YAML::Exception& e) {
    problem = file.string() + ": " + e.what();
  }
  return std::nullopt;
}

}  // namespace

std::string ConfigFiles::read(const std::string& name) const {
  std::string problem;
  if (auto user = load(user_dir_ / name, problem)) return *user;
  if (!problem.empty())
    log::error(problem + " -- using the bundled default instead; fix the file (or delete it to "
                         "start again from the default)");
  std::string bundled_problem;
  if (auto bundled = load(bundled_dir_ / name, bundled_problem)) return *bundled;
  if (!bundled_problem.empty()) log::error(bundled_problem);
  return "{}";
}

}  // namespace acdc::config
