// provider/ollama_decoder.hpp -- Ollama's native /api/chat stream: NDJSON,
// one JSON object per line, the last with "done": true, prompt_eval_count and
// eval_count (llm-wire.md §3). A line {"error": "..."} is a mid-stream error.
//
//   OllamaDecoder d(result, callbacks);
//   d.feed("{\"message\":{\"content\":\"Hi\"},\"done\":false}\n");
#pragma once

#include "provider/line_splitter.hpp"
#include "provider/stream_decoder.hpp"

#include <rapidjson/document.h>

namespace acdc::llm {

class OllamaDecoder : public StreamDecoder {
 public:
  using StreamDecoder::StreamDecoder;

  void feed(std::string_view bytes) override;
  void parse_complete(std::string_view body) override;
  long progress() const override { return lines_seen_; }

 private:
  void on_line(std::string_view line);
  void on_object(const rapidjson::Value& obj);

  LineSplitter lines_;
  long lines_seen_ = 0;
};

}  // namespace acdc::llm
