// bb7/title.cpp -- see title.hpp.
#include "bb7/title.hpp"

#include "bb7/engine.hpp"
#include "bb7/session.hpp"

#include <acdc/host/log.hpp>
#include <acdc/sdk/error.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <atomic>

namespace acdc::adapters::bb7 {

namespace {

constexpr const char* kTitlePrompt =
    "Write a short title (at most 6 words) for a coding conversation that starts with the user's message "
    "below. Answer with the title only: no quotes, no punctuation at the end.";

std::atomic<unsigned long> next_title_id{1};

std::string title_request(const Bb7Config& config, const std::string& user) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("messages");
  w.StartArray();
  w.StartObject(); w.Key("role"); w.String("system"); w.Key("content"); w.String(kTitlePrompt); w.EndObject();
  w.StartObject(); w.Key("role"); w.String("user"); w.Key("content");
  w.String(user.c_str(), static_cast<rapidjson::SizeType>(user.size())); w.EndObject();
  w.EndArray();
  w.Key("model"); w.String(config.title_model.c_str());
  w.Key("stream"); w.Bool(false);  // as the reference: one whole answer, temperature 0.5
  w.Key("provider");
  w.StartObject();
  w.Key("base_url"); w.String(config.base_url.c_str());
  w.Key("api_key"); w.String(config.api_key.c_str());
  w.Key("extra"); w.StartObject(); w.Key("temperature"); w.Double(0.5); w.EndObject();
  w.EndObject();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace

std::string clean_title(std::string t) {
  auto strip = [&] {
    std::size_t b = t.find_first_not_of(" \t\r\n"), e = t.find_last_not_of(" \t\r\n");
    t = b == std::string::npos ? "" : t.substr(b, e - b + 1);
  };
  strip();
  while (t.size() >= 1 && (t.front() == '"' || t.front() == '\'')) t.erase(0, 1);
  while (!t.empty() && (t.back() == '"' || t.back() == '\'')) t.pop_back();
  strip();
  if (t.size() > 80) {
    std::size_t cut = 77;
    while (cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;  // whole characters
    t = t.substr(0, cut) + "...";
  }
  return t;
}

void start_title(Session& s, const ChatStore& store, const std::string& chat_id, const std::string& content, const Bb7Config& config) {
  if (!s.env_.engine) return;
  std::string user = content;
  try {
    Chat chat = store.load(chat_id);
    std::string names;
    for (const auto& f : chat.context_files) names += (names.empty() ? "" : ", ") + f.path;
    if (!names.empty()) user = "User message: " + content + "\n\nContext files attached: " + names;
  } catch (const std::exception&) {
  }
  s.env_.engine->converse("bb7-title-" + std::to_string(next_title_id++), title_request(config, user),
                          [](const EngineDelta&) {},
                          [&s, store, chat_id](EngineResult r) {
                            if (r.error || r.cancelled) {
                              log::warn("bb7: no title: " + r.error.value_or("cancelled"));
                              return;
                            }
                            const std::string title = clean_title(r.text);
                            if (title.empty()) return;
                            {
                              std::lock_guard lock(s.mu_);
                              try {
                                Chat chat = store.load(chat_id);
                                chat.name = title;
                                store.save(chat);
                              } catch (const std::exception& e) {
                                log::warn(std::string("bb7: could not rename the chat: ") + e.what());
                                return;
                              }
                            }
                            s.emit(Reply("title_updated", std::nullopt)
                                       .field("chat_id", chat_id)
                                       .field("title", title)
                                       .line());
                          });
}

std::string Session::generate_title(const Request& req) {
  const std::string id = req.str("chat_id"), content = req.str("content");
  if (id.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: chat_id");
  if (content.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: content");
  const Bb7Config& c = config();
  if (c.title_model.empty()) throw Error(ACDC_E_FAILED_PRECONDITION, "title_model not configured");
  require_init();
  if (!env_.engine) throw Error(ACDC_E_UNAVAILABLE, "the llm plugin is not loaded: acdc cannot reach a model");
  start_title(*this, store_of(id, req.boolean("global")), id, content, c);
  return ok_line(req.request_id);
}

}  // namespace acdc::adapters::bb7
