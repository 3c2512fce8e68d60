// import/llm_import.hpp -- AC-DC's llm.json (acdc-features.md §3.3, §8) as
// acdc's llm.yaml (config/llm.yaml, plugins/settings/src/llm_schema.cpp).
//
//   Converted c = convert_llm(parse_json(text), "/home/u/.config/ac-dc/llm.json");
//   if (!c.text.empty()) place_file(user_dir / "llm.yaml", c.text, ...);
//   c.report.print(std::cout);
//
// The litellm model strings become provider and model; the `env` map becomes
// variable NAMES (api_key_env), a region and a profile. A key's value is never
// read into the result: the report says which variables to export instead.
#pragma once

#include "import/file_report.hpp"

#include <acdc/sdk/json.hpp>

#include <string>

namespace acdc::app::importer {

struct Converted {
  std::string text;  // the file to write; empty when there is nothing to write
  FileReport report;
};

Converted convert_llm(const JsonValue& llm, const std::string& source_name);

}  // namespace acdc::app::importer
