// import/app_import.hpp -- AC-DC's app.json (acdc-features.md §3.4) as
// acdc's app.yaml (config/app.yaml, plugins/settings/src/app_schema.cpp).
//
//   Converted c = convert_app(parse_json(text), bundled_app_yaml_text, "/home/u/.config/ac-dc/app.json");
//
// The settings both share (those acdc's bundled app.yaml has: url_cache,
// history_compaction, cache_warmup) are set into that file, so the result is
// whole; the rest are listed as not mapped with the reason. Nothing to write when every value is acdc's default.
#pragma once

#include "import/llm_import.hpp"

#include <acdc/sdk/json.hpp>

#include <string>

namespace acdc::app::importer {

Converted convert_app(const JsonValue& app, const std::string& bundled_app_yaml, const std::string& source_name);

}  // namespace acdc::app::importer
