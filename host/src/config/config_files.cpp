#include "config/config_files.hpp"

#include "config/yaml_json.hpp"

#include <acdc/host/log.hpp>
#include <acdc/util/status.hpp>
#include <yaml-cpp/yaml.h>

#include <map>

namespace acdc::config {
namespace {

namespace fs = std::filesystem;

// yaml-cpp keeps both of two equal keys in a map and a lookup finds the
// first, so `interactive:` written twice had its second block silently
// ignored (issue 27). The first such pair, depth first, as
// ":LINE: 'key' appears twice ...", or "".
std::string duplicate_key(const YAML::Node& node) {
  if (node.IsSequence())
    for (const auto& item : node)
      if (std::string why = duplicate_key(item); !why.empty()) return why;
  if (!node.IsMap()) return {};
  std::map<std::string, int> seen;  // key -> its 1-based line
  for (const auto& kv : node) {
    if (!kv.first.IsScalar()) continue;
    const int line = kv.first.Mark().line + 1;
    auto [it, fresh] = seen.emplace(kv.first.Scalar(), line);
    if (!fresh)
      return ":" + std::to_string(line) + ": '" + it->first + "' appears twice in one map (lines " +
             std::to_string(it->second) + " and " + std::to_string(line) +
             "); only one would be read: merge the two into one";
    if (std::string why = duplicate_key(kv.second); !why.empty()) return why;
  }
  return {};
}

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
    if (std::string why = duplicate_key(node); !why.empty()) return broken(why);
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
