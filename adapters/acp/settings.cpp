// acp/settings.cpp -- see settings.hpp.
#include "acp/settings.hpp"

#include <acdc/sdk/error.hpp>

#include <rapidjson/document.h>

namespace acdc::adapters::acp {

AcpSettings parse_acp_settings(const std::string& app_json) {
  AcpSettings out;
  rapidjson::Document doc;
  doc.Parse(app_json.data(), app_json.size());
  if (doc.HasParseError() || !doc.IsObject()) return out;
  auto block = doc.FindMember("acp");
  if (block == doc.MemberEnd() || block->value.IsNull()) return out;
  if (!block->value.IsObject()) throw acdc::invalid_params("app.yaml: 'acp' must be a map (acp: {edits: ask})");
  for (const auto& m : block->value.GetObject()) {
    const std::string key = m.name.GetString();
    if (key != "edits") throw acdc::invalid_params("app.yaml: unknown key 'acp." + key + "' (known: edits)");
    const std::string value = m.value.IsString() ? m.value.GetString() : "";
    if (value != "ask" && value != "apply")
      throw acdc::invalid_params("app.yaml: 'acp.edits' must be ask (the editor asks before each edit) or apply");
    out.ask_before_edits = value == "ask";
  }
  return out;
}

}  // namespace acdc::adapters::acp
