#include "config/config_files.hpp"

#include "config/yaml_json.hpp"
#include "util/log.hpp"
#include "util/status.hpp"

#include <yaml-cpp/yaml.h>

namespace acdc::config {
namespace {

namespace fs = std::filesystem;

// Sets `json` to the file as JSON, or says why not: NOT_FOUND when it is
// missing (not a fault: the next file serves), FAILED_PRECONDITION with the
// path and line when it is broken.
Status load(const fs::path& file, std::string& json) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return Status(ACDC_E_NOT_FOUND, file.string() + ": no such file");
  auto broken = [&](const std::string& why) { return Status(ACDC_E_FAILED_PRECONDITION, file.string() + why); };
  try {
    YAML::Node node = YAML::LoadFile(file.string());
    // An emptied or truncated file: the bundled one serves.
    if (node.IsNull()) return broken(": the file is empty");
    if (!node.IsMap()) return broken(": the top level must be a map of settings");
    json = yaml_to_json(node);
    return {};
  } catch (const YAML::ParserException& e) {
    return broken(":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  } catch (const YAML::Exception& e) {
    return broken(": " + std::string(e.what()));
  }
}

}  // namespace

std::string ConfigFiles::read(const std::string& name) const {
  std::string json;
  Status user = load(user_dir_ / name, json);
  if (user.ok()) return json;
  if (user.code() != ACDC_E_NOT_FOUND)
    log::error(user.message() + " -- using the bundled default instead; fix the file (or delete it to "
                                "start again from the default)");
  Status bundled = load(bundled_dir_ / name, json);
  if (bundled.ok()) return json;
  if (bundled.code() != ACDC_E_NOT_FOUND) log::error(bundled.message());
  return "{}";
}

}  // namespace acdc::config
