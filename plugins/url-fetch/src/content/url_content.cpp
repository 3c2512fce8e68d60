#include "content/url_content.hpp"

#include "detect/url_detector.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>


namespace acdc::urls {
namespace {

struct Field {
  const char* key;
  std::string UrlContent::*member;
};

constexpr Field kFields[] = {
    {"url", &UrlContent::url},           {"url_type", &UrlContent::url_type},
    {"title", &UrlContent::title},       {"description", &UrlContent::description},
    {"content", &UrlContent::content},   {"symbol_map", &UrlContent::symbol_map},
    {"readme", &UrlContent::readme},     {"fetched_at", &UrlContent::fetched_at},
    {"error", &UrlContent::error},       {"summary", &UrlContent::summary},
    {"summary_type", &UrlContent::summary_type}, {"notice", &UrlContent::notice}};

// Empty fields go out as null, as the reference's None.
void write_field(acdc::JsonWriter& w, const char* key, const std::string& value) {
  w.Key(key);
  if (value.empty()) w.Null();
  else acdc::to_json(w, value);
}

}  // namespace

std::string UrlContent::to_json() const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  for (const auto& f : kFields) write_field(w, f.key, this->*f.member);
  w.Key("github_info");
  if (github_info.empty()) w.Null();
  else w.RawValue(github_info.data(), github_info.size(), rapidjson::kObjectType);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

UrlContent UrlContent::from_json(std::string_view json) {
  acdc::Json doc = acdc::parse_json(json);
  if (!doc.IsObject()) throw acdc::invalid_params("a URLContent must be a JSON object");
  UrlContent c;
  for (const auto& f : kFields) {
    auto it = doc.FindMember(f.key);
    if (it != doc.MemberEnd() && it->value.IsString())
      c.*f.member = std::string(it->value.GetString(), it->value.GetStringLength());
  }
  auto info = doc.FindMember("github_info");
  if (info != doc.MemberEnd() && info->value.IsObject()) c.github_info = acdc::to_json_text(info->value);
  return c;
}

std::string UrlContent::prompt_part() const {
  if (!ok()) return {};
  std::string out = "## " + url + "\n\n";
  std::string heading = title;
  if (url_type.starts_with("github_")) heading = display_name(url, url_type);
  if (!heading.empty()) out += "**" + heading + "**\n\n";
  const std::string& body = !summary.empty() ? summary : !readme.empty() ? readme : content;
  if (body.size() > kPromptContentChars) {
    size_t cut = kPromptContentChars;
    while (cut > 0 && (static_cast<unsigned char>(body[cut]) & 0xC0) == 0x80) --cut;
    out += body.substr(0, cut) + "... (truncated)";
  } else {
    out += body;
  }
  if (!symbol_map.empty()) out += "\n\n### Symbol Map\n" + symbol_map;
  return out;
}

}  // namespace acdc::urls
