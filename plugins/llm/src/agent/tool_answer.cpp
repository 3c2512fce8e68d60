#include "agent/tool_answer.hpp"

#include "provider/json_fields.hpp"

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

// An image block: kept for the model, or put in words; either way the text
// says where it was, for the model and for the user's step card.
void read_image(const acdc::JsonValue& block, bool sees_images, ToolAnswer& a) {
  const std::string mime(str(block, "mimeType"));
  const std::string_view data = str(block, "data");
  const std::size_t bytes = data.size() * 3 / 4;  // base64's
  const std::string what = "an image (" + mime + ", " +
                           (bytes >= 1024 ? std::to_string(bytes / 1024) + " KiB)" : std::to_string(bytes) + " bytes)");
  if (!a.text.empty() && a.text.back() != '\n') a.text += '\n';
  if (!mime.starts_with("image/") || data.empty()) {
    a.text += "[" + what + " with no data]\n";
  } else if (!sees_images) {
    a.text += "[" + what + " the tool returned; not shown to you: the model in use does not take images]\n";
  } else if (a.images.size() >= kMaxImagesPerResult) {
    a.text += "[" + what + " the tool returned; not shown to you: over " + std::to_string(kMaxImagesPerResult) +
              " images in one result]\n";
  } else {
    a.images.push_back("data:" + mime + ";base64," + std::string(data));
    a.text += "[" + what + ", image " + std::to_string(a.images.size()) + " of this result, shown to you]\n";
  }
}

}  // namespace

std::string first_line(std::string_view text, std::size_t max) {
  std::string line(text.substr(0, text.find('\n')));
  if (line.size() > max) line = line.substr(0, max) + "…";
  return line;
}

ToolAnswer read_tool_answer(const std::string& tool, const acdc::Result& r, bool sees_images) {
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
      for (const auto& block : c->value.GetArray()) {
        if (!block.IsObject()) continue;
        if (str(block, "type") == "image") read_image(block, sees_images, a);
        else if (block.HasMember("text") && block["text"].IsString())
          a.text.append(block["text"].GetString(), block["text"].GetStringLength());
      }
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
