// The jsonrpc work of the loopback floor (loopback_floor.hpp): what any
// server of jrpc-oo over WebSocket must do for one echo call, written as
// directly as it can be, to set the host's user time per call against.
#include "loopback_floor.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>
#include <unordered_map>

namespace acdc::bench {

namespace {

constexpr uint8_t kFinText = 0x81, kMasked = 0x80;
constexpr uint8_t kMask[4] = {0x12, 0x34, 0x56, 0x78};

using Method = std::function<void(const rapidjson::Value& args, rapidjson::Writer<rapidjson::StringBuffer>&)>;

const std::unordered_map<std::string_view, Method>& methods() {
  static const std::unordered_map<std::string_view, Method> table{
      {"Echo.echo", [](const rapidjson::Value& args, rapidjson::Writer<rapidjson::StringBuffer>& w) {
         if (args.Size() > 0) args[0].Accept(w);
         else w.Null();
       }}};
  return table;
}

void append_header(std::string& out, size_t payload, bool masked) {
  out += static_cast<char>(kFinText);
  const uint8_t mask_bit = masked ? kMasked : 0;
  if (payload < 126) {
    out += static_cast<char>(mask_bit | payload);
  } else {  // up to 64 KiB is all either side sends here
    out += static_cast<char>(mask_bit | 126);
    out += static_cast<char>(payload >> 8);
    out += static_cast<char>(payload & 0xFF);
  }
}

// Answers one request whose payload, unmasked and NUL-terminated, is at `text`.
bool answer(char* text, std::string& out) {
  char pool[1024];
  rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
  rapidjson::Document doc(&allocator);
  if (doc.ParseInsitu<rapidjson::kParseStopWhenDoneFlag>(text).HasParseError() || !doc.IsObject()) return false;
  auto version = doc.FindMember("jsonrpc");
  auto method = doc.FindMember("method");
  auto id = doc.FindMember("id");
  auto params = doc.FindMember("params");
  if (version == doc.MemberEnd() || !version->value.IsString() || std::strcmp(version->value.GetString(), "2.0") ||
      method == doc.MemberEnd() || !method->value.IsString() || id == doc.MemberEnd() || params == doc.MemberEnd() ||
      !params->value.IsObject())
    return false;
  auto args = params->value.FindMember("args");
  auto found = methods().find({method->value.GetString(), method->value.GetStringLength()});
  if (args == params->value.MemberEnd() || !args->value.IsArray() || found == methods().end()) return false;

  thread_local rapidjson::StringBuffer reply;
  reply.Clear();
  rapidjson::Writer<rapidjson::StringBuffer> w(reply);
  w.StartObject();
  w.Key("jsonrpc");
  w.String("2.0");
  w.Key("id");
  id->value.Accept(w);
  w.Key("result");
  found->second(args->value, w);
  w.EndObject();
  append_header(out, reply.GetSize(), /*masked=*/false);
  out.append(reply.GetString(), reply.GetSize());
  return true;
}

}  // namespace

std::string echo_request_frame() {
  const std::string text = R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"args":["0123456789abcdef"]},"id":1})";
  std::string frame;
  append_header(frame, text.size(), /*masked=*/true);
  frame.append(reinterpret_cast<const char*>(kMask), 4);
  for (size_t i = 0; i < text.size(); ++i) frame += static_cast<char>(text[i] ^ kMask[i % 4]);
  return frame;
}

bool answer_jsonrpc(std::string& in, std::string& out) {
  size_t at = 0;
  for (;;) {
    const size_t left = in.size() - at;
    if (left < 2) break;
    const auto* p = reinterpret_cast<const uint8_t*>(in.data() + at);
    if (p[0] != kFinText || !(p[1] & kMasked)) return false;
    size_t payload = p[1] & 0x7F, header = 2;
    if (payload == 127) return false;
    if (payload == 126) {
      if (left < 4) break;
      payload = (size_t{p[2]} << 8) | p[3];
      header = 4;
    }
    if (left < header + 4 + payload) break;
    char* text = in.data() + at + header + 4;
    const uint8_t* mask = p + header;
    for (size_t i = 0; i < payload; ++i) text[i] = static_cast<char>(text[i] ^ mask[i % 4]);
    const char kept = text[payload];  // the next frame's first byte, or the string's NUL
    text[payload] = '\0';
    const bool ok = answer(text, out);
    text[payload] = kept;
    if (!ok) return false;
    at += header + 4 + payload;
  }
  in.erase(0, at);
  return true;
}

}  // namespace acdc::bench
