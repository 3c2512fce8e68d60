#include "mcp/prompts.hpp"

#include "mcp/json_read.hpp"

#include <acdc/host/errors.hpp>

#include <algorithm>
#include <cctype>

namespace acdc::adapters::mcp {
namespace {

constexpr const char* kModes[] = {"code", "doc", "review"};
constexpr const char* kSnippets = "Settings.get_mode_snippets";

}  // namespace

std::string prompt_name(std::string_view mode, std::string_view tooltip) {
  std::string name(mode);
  bool dash = true;
  for (unsigned char c : tooltip) {
    if (std::isalnum(c)) {
      if (dash) name += '-';
      name += static_cast<char>(std::tolower(c));
      dash = false;
    } else {
      dash = true;
    }
  }
  return name;
}

void Prompts::collect(size_t mode, std::vector<Prompt> so_far, Collected done) {
  if (mode == std::size(kModes)) return done(0, {}, std::move(so_far));
  engine_.call(kSnippets, "[" + json_string(kModes[mode]) + "]",
               [this, mode, so_far = std::move(so_far), done = std::move(done)](acdc_status status,
                                                                                std::string_view result) mutable {
                 if (status != ACDC_OK)
                   return done(rpc::kInternalError, "reading the snippets failed: " + std::string(result), {});
                 rapidjson::Document doc;
                 if (parse(result, doc) && doc.IsArray())
                   for (const auto& item : doc.GetArray()) {
                     Prompt p{prompt_name(kModes[mode], str(item, "tooltip")), kModes[mode], str(item, "tooltip"),
                              str(item, "message")};
                     if (p.message.empty()) continue;
                     // Two snippets with one tooltip still get two names.
                     const std::string base = p.name;
                     for (int n = 2; std::any_of(so_far.begin(), so_far.end(), [&](const Prompt& q) { return q.name == p.name; });
                          ++n)
                       p.name = base + "-" + std::to_string(n);
                     so_far.push_back(std::move(p));
                   }
                 collect(mode + 1, std::move(so_far), std::move(done));
               });
}

void Prompts::list(Reply reply) {
  // A build without the settings plugin has no snippets: an empty list.
  if (!engine_.serves(kSnippets)) return reply(0, R"({"prompts":[]})");
  collect(0, {}, [reply](int code, std::string error, std::vector<Prompt> prompts) {
    if (code != 0) return reply(code, std::move(error));
    JsonOut o;
    o.w.StartObject();
    o.key("prompts");
    o.w.StartArray();
    for (const Prompt& p : prompts) {
      o.w.StartObject();
      o.key("name"), o.string(p.name);
      o.key("title"), o.string(p.tooltip);
      o.key("description"), o.string(p.message);
      o.key("arguments");
      o.w.StartArray();
      o.w.StartObject();
      o.key("name"), o.string("details");
      o.key("description"), o.string("text added after the prompt, for example the bug to find or the files to look at");
      o.key("required"), o.w.Bool(false);
      o.w.EndObject();
      o.w.EndArray();
      o.w.EndObject();
    }
    o.w.EndArray();
    o.w.EndObject();
    reply(0, o.text());
  });
}

void Prompts::get(const std::string& name, const rapidjson::Value* arguments, Reply reply) {
  std::string details;
  if (arguments && !arguments->IsNull()) {
    if (!arguments->IsObject()) return reply(rpc::kInvalidParams, "prompts/get's \"arguments\" must be an object");
    if (auto it = arguments->FindMember("details"); it != arguments->MemberEnd()) {
      if (!it->value.IsString())
        return reply(rpc::kInvalidParams, "the prompt argument \"details\" must be a string");
      details = it->value.GetString();
    }
  }
  auto unknown = [name] {
    return "unknown prompt '" + name + "': prompts/list names the prompts acdc serves";
  };
  if (!engine_.serves(kSnippets)) return reply(rpc::kInvalidParams, unknown());
  collect(0, {}, [name, details, reply, unknown](int code, std::string error, std::vector<Prompt> prompts) {
    if (code != 0) return reply(code, std::move(error));
    auto it = std::find_if(prompts.begin(), prompts.end(), [&](const Prompt& p) { return p.name == name; });
    if (it == prompts.end()) return reply(rpc::kInvalidParams, unknown());
    JsonOut o;
    o.w.StartObject();
    o.key("description"), o.string(it->tooltip + " (acdc's " + it->mode + " mode)");
    o.key("messages");
    o.w.StartArray();
    o.w.StartObject();
    o.key("role"), o.string("user");
    o.key("content");
    o.w.StartObject();
    o.key("type"), o.string("text");
    o.key("text"), o.string(details.empty() ? it->message : it->message + "\n\n" + details);
    o.w.EndObject();
    o.w.EndObject();
    o.w.EndArray();
    o.w.EndObject();
    reply(0, o.text());
  });
}

}  // namespace acdc::adapters::mcp
