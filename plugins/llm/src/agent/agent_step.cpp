#include "agent/agent_step.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::llm {
namespace {

void write_step(acdc::JsonWriter& w, const AgentStep& s) {
  w.StartObject();
  w.Key("id"), acdc::to_json(w, s.id);
  w.Key("step"), w.Int(s.step);
  w.Key("tool"), acdc::to_json(w, s.tool);
  w.Key("arguments");
  acdc::Json args;
  args.Parse(s.arguments_json.data(), s.arguments_json.size());
  if (!args.HasParseError() && args.IsObject())
    args.Accept(w);
  else
    acdc::to_json(w, s.arguments_json);
  w.Key("status"), acdc::to_json(w, s.status);
  if (s.status != "running") {
    w.Key("summary"), acdc::to_json(w, s.summary);
    w.Key("duration_ms"), w.Int64(s.duration_ms);
    w.Key("result"), acdc::to_json(w, s.result);
  }
  w.EndObject();
}

}  // namespace

std::string AgentStep::to_json() const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  write_step(w, *this);
  return std::string(buf.GetString(), buf.GetSize());
}

std::string steps_json(const std::vector<AgentStep>& steps) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const auto& s : steps) write_step(w, s);
  w.EndArray();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
