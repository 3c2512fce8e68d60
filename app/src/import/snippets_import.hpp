// import/snippets_import.hpp -- AC-DC's snippets.json (acdc-features.md
// §3.6) as acdc's snippets.yaml (config/snippets.yaml): the same
// {icon, tooltip, message} grouped by mode; the legacy flat
// {"snippets": [{mode, ...}]} is grouped by its mode (default code).
//
//   Converted c = convert_snippets(parse_json(text), "/home/u/.config/ac-dc/snippets.json");
#pragma once

#include "import/llm_import.hpp"

#include <acdc/sdk/json.hpp>

#include <string>

namespace acdc::app::importer {

Converted convert_snippets(const JsonValue& snippets, const std::string& source_name);

}  // namespace acdc::app::importer
