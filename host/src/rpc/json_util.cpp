#include <acdc/host/json.hpp>

#include "util/reused_buffer.hpp"

#include <acdc/sdk/utf8.hpp>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstring>

namespace acdc::rpc {
namespace {

// Forwards SAX events to the document while counting nesting depth.
template <class Document>
struct DepthLimiter {
  Document& doc;
  unsigned max_depth;
  unsigned depth = 0;
  bool too_deep = false;

  bool Null() { return doc.Null(); }
  bool Bool(bool b) { return doc.Bool(b); }
  bool Int(int i) { return doc.Int(i); }
  bool Uint(unsigned u) { return doc.Uint(u); }
  bool Int64(int64_t i) { return doc.Int64(i); }
  bool Uint64(uint64_t u) { return doc.Uint64(u); }
  bool Double(double d) { return doc.Double(d); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) { return doc.RawNumber(s, n, copy); }
  bool String(const char* s, rapidjson::SizeType n, bool copy) { return whole_text(s, n) && doc.String(s, n, copy); }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) { return whole_text(s, n) && doc.Key(s, n, copy); }
  bool StartObject() { return enter() && doc.StartObject(); }
  bool EndObject(rapidjson::SizeType n) { --depth; return doc.EndObject(n); }
  bool StartArray() { return enter() && doc.StartArray(); }
  bool EndArray(rapidjson::SizeType n) { --depth; return doc.EndArray(n); }

  // RapidJSON 1.1 decodes a lone low surrogate escape ("\ude00") into the
  // bytes of a surrogate, which is not UTF-8, and every frame the host sends
  // must be (found by fuzz/rpc_message). Such a string refuses the message.
  // A surrogate's bytes start with 0xED: strings without one are not scanned.
  static bool whole_text(const char* s, rapidjson::SizeType n) {
    return std::memchr(s, 0xED, n) == nullptr || is_valid_utf8(std::string_view(s, n));
  }

  bool enter() {
    if (++depth <= max_depth) return true;
    too_deep = true;
    return false;
  }
};

constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag;

// A reader keeps its parse stack between documents; one per thread saves an
// allocation per message. Parses never nest: no handler here parses.
rapidjson::Reader& thread_reader() {
  thread_local rapidjson::Reader reader;
  return reader;
}

template <unsigned kExtraFlags, class Stream, class Document>
ParseOutcome parse_stream(Stream& stream, std::string_view text, Document& doc, unsigned max_depth) {
  DepthLimiter<Document> limiter{doc, max_depth};
  bool ok = false;
  size_t end = 0;
  auto generator = [&](Document&) {
    ok = !thread_reader().Parse<kFlags | kExtraFlags>(stream, limiter).IsError();
    end = stream.Tell();
    return ok;
  };
  doc.Populate(generator);
  if (limiter.too_deep) return ParseOutcome::too_deep;
  if (!ok) return ParseOutcome::invalid_json;
  // kParseStopWhenDoneFlag stops after one value: anything but whitespace
  // after it makes the frame invalid (a raw NUL included).
  for (size_t i = end; i < text.size(); ++i)
    if (text[i] != ' ' && text[i] != '\n' && text[i] != '\r' && text[i] != '\t')
      return ParseOutcome::invalid_json;
  return ParseOutcome::ok;
}

}  // namespace

ParseOutcome parse_limited(std::string_view text, rapidjson::Document& doc, unsigned max_depth) {
  rapidjson::MemoryStream stream(text.data(), text.size());
  return parse_stream<0>(stream, text, doc, max_depth);
}

ParseOutcome parse_limited_in_place(char* text, size_t size, rapidjson::Document& doc, unsigned max_depth) {
  rapidjson::InsituStringStream stream(text);
  return parse_stream<rapidjson::kParseInsituFlag>(stream, std::string_view(text, size), doc, max_depth);
}

ParseOutcome parse_limited_in_place(char* text, size_t size, PooledDocument& doc, unsigned max_depth) {
  rapidjson::InsituStringStream stream(text);
  return parse_stream<rapidjson::kParseInsituFlag>(stream, std::string_view(text, size), doc, max_depth);
}

bool is_valid_json(std::string_view text) {
  // Two passes, each at memory speed, rather than RapidJSON's own encoding
  // check, which decodes every character and cost a fifth of the host's time
  // on a stream of 1 KiB callbacks (bench/host). JSON's structure is ASCII,
  // so valid UTF-8 over the whole text is valid UTF-8 in its strings. A raw
  // NUL is never valid JSON, and refusing it up front lets the parse run over
  // a NUL-terminated copy: the only input RapidJSON scans with SSE2.
  //
  // The copy is parsed in place, so strings are only scanned, not copied to
  // the reader's stack, and it lives in a per-thread buffer that keeps its
  // capacity: a plugin's results and calls pay no allocation here.
  if (text.find('\0') != std::string_view::npos || !is_valid_utf8(text)) return false;
  thread_local std::string terminated;
  terminated.assign(text);
  rapidjson::InsituStringStream stream(terminated.data());
  rapidjson::BaseReaderHandler<> ignore;
  const bool ok = !thread_reader().Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseInsituFlag>(stream, ignore).IsError();
  release_if_large(terminated);
  return ok;
}

std::string to_text(const rapidjson::Value& value) {
  // Request ids are mostly such numbers, and need no writer.
  if (value.IsUint64()) return std::to_string(value.GetUint64());
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buf);
  value.Accept(writer);
  return std::string(buf.GetString(), buf.GetSize());
}

void append_quoted(std::string& out, std::string_view s) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buf);
  writer.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  out.append(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::rpc
