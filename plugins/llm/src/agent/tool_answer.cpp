#include "agent/tool_answer.hpp"

#include <algorithm>

namespace acdc::llm {
namespace {

long line_count(std::string_view text) {
  long n = static_cast<long>(std::count(text.begin(), text.end(), '\n'));
  return n + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

long get_long(const acdc::JsonValue& o, const char* key) {
  auto m = o.FindMember(key);
  return m != o.MemberEnd() && m->value.IsInt64() ? static_cast<long>(m->value.GetInt64()) : -1;
}

// A tool that read a file's lines says which of how many (read_file's
// structuredContent: path, start_line, end_line, total_lines): the card says so too.
void read_range(const acdc::JsonValue& structured, ToolAnswer& a) {
  const long from = get_long(structured, "start_line"), to = get_long(structured, "end_line");
  const long total = get_long(structured, "total_lines");
  auto path = structured.FindMember("path");
  if (path == structured.MemberEnd() || !path->value.IsString() || total < 0) return;
  const std::string file = path->value.GetString();
  a.summary = file + ": lines " + std::to_string(from) + "-" + std::to_string(to) + " of " + std::to_string(total);
  if (from == 1 && to == total) a.whole_file = file;
}

}  // namespace

std::string first_line(std::string_view text, std::size_t max) {
  std::string line(text.substr(0, text.find('\n')));
  if (line.size() > max) line = line.substr(0, max) + "…";
  return line;
}

ToolAnswer read_tool_answer(const std::string& tool, const acdc::Result& r) {
  ToolAnswer a;
  if (!r.ok()) {
    a.failed = true;
    a.text = tool + " failed: " + r.payload;
    a.summary = first_line(a.text, 100);
    return a;
  }
  acdc::Json result;
  result.Parse(r.payload.data(), r.payload.size());
  if (result.IsObject()) {
    if (auto c = result.FindMember("content"); c != result.MemberEnd() && c->value.IsArray())
      for (const auto& block : c->value.GetArray())
        if (block.IsObject() && block.HasMember("text") && block["text"].IsString())
          a.text.append(block["text"].GetString(), block["text"].GetStringLength());
    if (auto e = result.FindMember("isError"); e != result.MemberEnd() && e->value.IsBool()) a.failed = e->value.GetBool();
    auto structured = result.FindMember("structuredContent");
    if (!a.failed && structured != result.MemberEnd() && structured->value.IsObject())
      read_range(structured->value, a);
  }
  if (a.summary.empty())
    a.summary = a.failed ? first_line(a.text, 100)
                         : first_line(a.text, 80) + " (" + std::to_string(line_count(a.text)) + " lines)";
  if (a.text.empty()) a.text = "(no output)";
  return a;
}

}  // namespace acdc::llm
