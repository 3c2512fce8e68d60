// chat/turn_options.cpp -- see turn_options.hpp.
#include "chat/turn_options.hpp"

namespace acdc::llm {
namespace {

bool flag(const acdc::JsonValue& options, const char* key) {
  auto it = options.FindMember(key);
  if (it == options.MemberEnd() || it->value.IsNull()) return false;
  if (!it->value.IsBool()) throw acdc::invalid_params(std::string("chat_streaming options.") + key + " must be true or false");
  return it->value.GetBool();
}

ContextItem context_item(const acdc::JsonValue& item) {
  const char* what = "chat_streaming options.context items must be {path, text?} with a non-empty path";
  if (!item.IsObject()) throw acdc::invalid_params(what);
  auto path = item.FindMember("path");
  if (path == item.MemberEnd() || !path->value.IsString() || path->value.GetStringLength() == 0)
    throw acdc::invalid_params(what);
  ContextItem out{std::string(path->value.GetString(), path->value.GetStringLength()), std::nullopt};
  if (auto text = item.FindMember("text"); text != item.MemberEnd() && !text->value.IsNull()) {
    if (!text->value.IsString()) throw acdc::invalid_params("chat_streaming options.context[].text must be a string");
    out.text = std::string(text->value.GetString(), text->value.GetStringLength());
  }
  return out;
}

}  // namespace

TurnOptions parse_turn_options(const std::optional<acdc::Json>& options) {
  TurnOptions out;
  if (!options || options->IsNull()) return out;
  if (!options->IsObject()) throw acdc::invalid_params("chat_streaming's options must be an object or null");
  if (auto ctx = options->FindMember("context"); ctx != options->MemberEnd() && !ctx->value.IsNull()) {
    if (!ctx->value.IsArray()) throw acdc::invalid_params("chat_streaming options.context must be an array");
    for (const auto& item : ctx->value.GetArray()) out.context.push_back(context_item(item));
  }
  out.caller_reads = flag(*options, "caller_reads");
  out.caller_writes = flag(*options, "caller_writes");
  out.caller_runs = flag(*options, "caller_runs");
  if (auto agent = options->FindMember("agent"); agent != options->MemberEnd() && !agent->value.IsNull())
    out.agent = flag(*options, "agent");
  return out;
}

}  // namespace acdc::llm
