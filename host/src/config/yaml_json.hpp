// config/yaml_json.hpp -- a YAML node as JSON text, for plugin config blocks.
//
//   std::string json = yaml_to_json(node["config"]);   // {"max_file_bytes":4194304}
//
// Plain scalars that read as booleans, null or numbers become those JSON
// types; quoted scalars always stay strings, as YAML means them.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace acdc::config {

std::string yaml_to_json(const YAML::Node& node);

}  // namespace acdc::config
