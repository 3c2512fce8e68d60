// import/json_text.hpp -- reading AC-DC's JSON files for the import: a
// member's text, and a number written as JSON writes it ("1.1", never
// "1.1000000000000001"), for a YAML scalar.
//
//   std::string model = string_member(llm, "model");   // "" when absent or not a string
//   std::string t = number_text(llm["num_retries"]);     // "10"
#pragma once

#include <acdc/sdk/json.hpp>

#include <string>

namespace acdc::app::importer {

std::string string_member(const JsonValue& object, const char* key);
std::string number_text(const JsonValue& number);

}  // namespace acdc::app::importer
