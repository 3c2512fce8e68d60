#include "prompt/warmup_prompt.hpp"

#include <acdc/sdk/json.hpp>

#include <stdexcept>

namespace acdc::llm {

std::string warmup_messages(const std::string& messages_json) {
  rapidjson::Document doc;
  doc.Parse(messages_json.c_str());
  if (doc.HasParseError() || !doc.IsArray() || doc.Empty() || !doc[doc.Size() - 1].IsObject())
    throw std::runtime_error("the request to warm is not a message array");
  rapidjson::Value& last = doc[doc.Size() - 1];
  last.RemoveMember("content");
  last.AddMember("content", rapidjson::Value(kWarmupPing, doc.GetAllocator()), doc.GetAllocator());
  return acdc::to_json_text(doc);
}

}  // namespace acdc::llm
