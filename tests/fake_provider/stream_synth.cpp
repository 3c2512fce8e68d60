// fake_provider/stream_synth.cpp -- see stream_synth.hpp.
#include "stream_synth.hpp"
#include <rapidjson/document.h>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::test {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void str(Writer& w, std::string_view s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }

std::string sse(std::string_view event, const rapidjson::StringBuffer& data) {
  std::string out;
  if (!event.empty()) out.append("event: ").append(event).append("\n");
  return out.append("data: ").append(data.GetString()).append("\n\n");
}

void openai_usage(Writer& w, const SynthUsage& u) {
  w.Key("usage");
  w.StartObject();
  w.Key("prompt_tokens"); w.Int64(u.input_tokens + u.cache_read_tokens + u.cache_write_tokens);
  w.Key("completion_tokens"); w.Int64(u.output_tokens);
  w.Key("total_tokens");
  w.Int64(u.input_tokens + u.cache_read_tokens + u.cache_write_tokens + u.output_tokens);
  w.Key("prompt_tokens_details");
  w.StartObject();
  w.Key("cached_tokens"); w.Int64(u.cache_read_tokens);
  w.Key("cache_write_tokens"); w.Int64(u.cache_write_tokens);
  w.EndObject();
  w.EndObject();
}

void anthropic_usage(Writer& w, const SynthUsage& u) {
  w.Key("usage");
  w.StartObject();
  w.Key("input_tokens"); w.Int64(u.input_tokens);
  w.Key("cache_creation_input_tokens"); w.Int64(u.cache_write_tokens);
  w.Key("cache_read_input_tokens"); w.Int64(u.cache_read_tokens);
  w.Key("output_tokens"); w.Int64(u.output_tokens);
  w.EndObject();
}

// One OpenAI chunk around a delta object `delta` writes (or the finish when
// `finish` is set, or only the usage when `usage` is set).
template <typename Delta>
std::string openai_chunk(Delta&& delta, const char* finish, const SynthUsage* usage) {
  rapidjson::StringBuffer b;
  Writer w(b);
  w.StartObject();
  w.Key("id"); w.String("chatcmpl-fake");
  w.Key("object"); w.String("chat.completion.chunk");
  w.Key("created"); w.Int(0);
  w.Key("model"); w.String("fake-model");
  w.Key("choices");
  w.StartArray();
  if (!usage) {
    w.StartObject();
    w.Key("index"); w.Int(0);
    w.Key("delta"); w.StartObject();
    delta(w);
    w.EndObject();
    w.Key("finish_reason"); finish ? w.String(finish) : w.Null();
    w.EndObject();
  }
  w.EndArray();
  if (usage) openai_usage(w, *usage);
  w.EndObject();
  return sse("", b);
}

auto field_delta(const char* key, std::string_view value) {
  return [key, value](Writer& w) { w.Key(key); str(w, value); };
}
void no_delta(Writer&) {}

std::vector<std::string> openai_stream(const std::vector<std::string>& pieces, int chunk_chars, const SynthUsage& u,
                                       const SynthExtras& extras) {
  std::vector<std::string> out{openai_chunk(
      [](Writer& w) {
        w.Key("role"); w.String("assistant");
        w.Key("content"); w.String("");
      },
      nullptr, nullptr)};
  for (const auto& p : split_chars(extras.reasoning, chunk_chars))
    out.push_back(openai_chunk(field_delta("reasoning", p), nullptr, nullptr));
  for (const auto& p : pieces) out.push_back(openai_chunk(field_delta("content", p), nullptr, nullptr));
  for (std::size_t i = 0; i < extras.tool_calls.size(); ++i) {
    const auto& call = extras.tool_calls[i];
    // The first piece names the call; the arguments follow in pieces, as
    // the OpenAI API streams them.
    auto piece = [&](bool first, std::string_view arguments) {
      return [&, first, arguments](Writer& w) {
        w.Key("tool_calls"); w.StartArray(); w.StartObject();
        w.Key("index"); w.Int(static_cast<int>(i));
        if (first) { w.Key("id"); str(w, call.id); w.Key("type"); w.String("function"); }
        w.Key("function"); w.StartObject();
        if (first) { w.Key("name"); str(w, call.name); }
        w.Key("arguments"); str(w, arguments);
        w.EndObject();
        w.EndObject(); w.EndArray();
      };
    };
    out.push_back(openai_chunk(piece(true, ""), nullptr, nullptr));
    for (const auto& p : split_chars(call.arguments, chunk_chars)) out.push_back(openai_chunk(piece(false, p), nullptr, nullptr));
  }
  out.push_back(openai_chunk(no_delta, extras.tool_calls.empty() ? "stop" : "tool_calls", nullptr));
  out.push_back(openai_chunk(no_delta, nullptr, &u));
  out.push_back("data: [DONE]\n\n");
  return out;
}

template <typename Body>
std::string anthropic_event(std::string_view type, Body&& body) {
  rapidjson::StringBuffer b;
  Writer w(b);
  w.StartObject();
  w.Key("type"); str(w, type);
  body(w);
  w.EndObject();
  return sse(type, b);
}

std::vector<std::string> anthropic_stream(const std::vector<std::string>& pieces, const SynthUsage& u) {
  std::vector<std::string> out;
  out.push_back(anthropic_event("message_start", [&](Writer& w) {
    w.Key("message"); w.StartObject();
    w.Key("id"); w.String("msg_fake"); w.Key("type"); w.String("message");
    w.Key("role"); w.String("assistant"); w.Key("model"); w.String("fake-model");
    w.Key("content"); w.StartArray(); w.EndArray();
    SynthUsage start = u;
    start.output_tokens = 1;
    anthropic_usage(w, start);
    w.EndObject();
  }));
  out.push_back(anthropic_event("content_block_start", [](Writer& w) {
    w.Key("index"); w.Int(0);
    w.Key("content_block"); w.StartObject();
    w.Key("type"); w.String("text"); w.Key("text"); w.String("");
    w.EndObject();
  }));
  out.push_back("event: ping\ndata: {\"type\": \"ping\"}\n\n");
  for (const auto& p : pieces)
    out.push_back(anthropic_event("content_block_delta", [&](Writer& w) {
      w.Key("index"); w.Int(0);
      w.Key("delta"); w.StartObject();
      w.Key("type"); w.String("text_delta"); w.Key("text"); str(w, p);
      w.EndObject();
    }));
  out.push_back(anthropic_event("content_block_stop", [](Writer& w) { w.Key("index"); w.Int(0); }));
  out.push_back(anthropic_event("message_delta", [&](Writer& w) {
    w.Key("delta"); w.StartObject();
    w.Key("stop_reason"); w.String("end_turn"); w.Key("stop_sequence"); w.Null();
    w.EndObject();
    anthropic_usage(w, u);
  }));
  out.push_back(anthropic_event("message_stop", [](Writer&) {}));
  return out;
}

// One line of Ollama's /api/chat stream; the last (`final_usage` set)
// carries the tool calls, their arguments an object as Ollama sends them.
std::string ollama_line(const std::string* content, const SynthUsage* final_usage, const SynthExtras* extras = nullptr) {
  rapidjson::StringBuffer b;
  Writer w(b);
  w.StartObject();
  w.Key("model"); w.String("fake-model");
  w.Key("message"); w.StartObject();
  w.Key("role"); w.String("assistant");
  w.Key("content");
  str(w, content ? std::string_view(*content) : std::string_view());
  if (extras && !extras->tool_calls.empty()) {
    w.Key("tool_calls"); w.StartArray();
    for (const auto& call : extras->tool_calls) {
      rapidjson::Document args;
      args.Parse(call.arguments.c_str());
      w.StartObject();
      w.Key("function"); w.StartObject();
      w.Key("name"); str(w, call.name);
      w.Key("arguments");
      if (args.HasParseError()) w.StartObject(), w.EndObject();
      else args.Accept(w);
      w.EndObject();
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  w.Key("done"); w.Bool(final_usage != nullptr);
  if (final_usage) {
    w.Key("done_reason"); w.String("stop");
    w.Key("prompt_eval_count"); w.Int64(final_usage->input_tokens);
    w.Key("eval_count"); w.Int64(final_usage->output_tokens);
  }
  w.EndObject();
  return std::string(b.GetString()) + "\n";
}

}  // namespace

WireFormat format_for_path(std::string_view path) {
  if (path.ends_with("/messages")) return WireFormat::anthropic;
  if (path.ends_with("/api/chat")) return WireFormat::ollama;
  return WireFormat::openai;
}

std::vector<std::string> split_chars(std::string_view text, int chars) {
  std::vector<std::string> out;
  int limit = chars > 0 ? chars : 16;
  std::size_t start = 0;
  int count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    bool lead = (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    if (lead && count == limit) {
      out.emplace_back(text.substr(start, i - start));
      start = i;
      count = 0;
    }
    if (lead) ++count;
  }
  if (start < text.size()) out.emplace_back(text.substr(start));
  return out;
}

std::vector<std::string> synth_stream(WireFormat format, std::string_view text, int chunk_chars,
                                      const SynthUsage& usage, const SynthExtras& extras) {
  auto pieces = split_chars(text, chunk_chars);
  if (format == WireFormat::anthropic) return anthropic_stream(pieces, usage);
  if (format == WireFormat::openai) return openai_stream(pieces, chunk_chars, usage, extras);
  std::vector<std::string> out;
  for (const auto& p : pieces) out.push_back(ollama_line(&p, nullptr));
  out.push_back(ollama_line(nullptr, &usage, &extras));
  return out;
}

std::string synth_complete(WireFormat format, std::string_view text, const SynthUsage& usage) {
  rapidjson::StringBuffer b;
  Writer w(b);
  if (format == WireFormat::ollama) {
    std::string t(text);
    std::string line = ollama_line(&t, &usage);
    return line;
  }
  w.StartObject();
  if (format == WireFormat::anthropic) {
    w.Key("id"); w.String("msg_fake"); w.Key("type"); w.String("message");
    w.Key("role"); w.String("assistant"); w.Key("model"); w.String("fake-model");
    w.Key("content"); w.StartArray(); w.StartObject();
    w.Key("type"); w.String("text"); w.Key("text"); str(w, text);
    w.EndObject(); w.EndArray();
    w.Key("stop_reason"); w.String("end_turn");
    anthropic_usage(w, usage);
  } else {
    w.Key("id"); w.String("chatcmpl-fake"); w.Key("object"); w.String("chat.completion");
    w.Key("model"); w.String("fake-model");
    w.Key("choices"); w.StartArray(); w.StartObject();
    w.Key("index"); w.Int(0);
    w.Key("message"); w.StartObject();
    w.Key("role"); w.String("assistant"); w.Key("content"); str(w, text);
    w.EndObject();
    w.Key("finish_reason"); w.String("stop");
    w.EndObject(); w.EndArray();
    openai_usage(w, usage);
  }
  w.EndObject();
  return b.GetString();
}

std::string_view stream_content_type(WireFormat format) {
  return format == WireFormat::ollama ? "application/x-ndjson" : "text/event-stream";
}

}  // namespace acdc::test
