// provider/ollama_decoder.cpp -- see ollama_decoder.hpp.
#include "provider/ollama_decoder.hpp"

#include "provider/json_fields.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::llm {

void OllamaDecoder::feed(std::string_view bytes) {
  lines_.feed(bytes, [this](std::string_view line) { on_line(line); });
}

void OllamaDecoder::parse_complete(std::string_view body) {
  feed(body);
  lines_.finish([this](std::string_view line) { on_line(line); });
}

void OllamaDecoder::on_line(std::string_view line) {
  if (line.find_first_not_of(" \t") == std::string_view::npos) return;
  ++lines_seen_;
  rapidjson::Document doc;
  doc.Parse(line.data(), line.size());
  if (!doc.HasParseError() && doc.IsObject()) on_object(doc);
}

void OllamaDecoder::on_object(const rapidjson::Value& obj) {
  if (auto error = str(obj, "error"); !error.empty()) return fail_midstream("api_error", error);
  if (const auto* message = field(obj, "message")) {
    reasoning(str(*message, "thinking"));
    text(str(*message, "content"));
    if (const auto* calls = field(*message, "tool_calls"); calls && calls->IsArray()) {
      for (const auto& call : calls->GetArray()) {
        ChatResult::ToolCall& t = tool(static_cast<int>(result_.tool_calls.size()));
        const auto* fn = field(call, "function");
        if (!fn) continue;
        t.name = str(*fn, "name");
        rapidjson::StringBuffer b;  // native arguments are an object, not a string
        rapidjson::Writer<rapidjson::StringBuffer> w(b);
        if (const auto* args = field(*fn, "arguments")) args->Accept(w);
        t.arguments = b.GetSize() ? b.GetString() : "{}";
      }
    }
  }
  const auto* done = field(obj, "done");
  if (!done || !done->IsTrue()) return;
  result_.completed = true;
  std::string_view reason = str(obj, "done_reason");
  result_.finish_reason = !result_.tool_calls.empty() && reason == "stop" ? "tool_calls"
                          : reason.empty()                               ? "stop"
                                                                         : std::string(reason);
  result_.usage.input_tokens = num(obj, "prompt_eval_count").value_or(0);
  result_.usage.output_tokens = num(obj, "eval_count").value_or(0);
}

}  // namespace acdc::llm
