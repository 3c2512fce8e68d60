// bb7/session_provider.cpp -- get_balance and get_models (bb7.md §3.1):
// answered asynchronously, so a ping sent after them can be answered first.
#include "bb7/session.hpp"

#include "bb7/provider_get.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/error.hpp>

#include <thread>

namespace acdc::adapters::bb7 {

namespace {

double number_of(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  if (it == v.MemberEnd()) return 0;
  if (it->value.IsNumber()) return it->value.GetDouble();
  if (it->value.IsString()) return std::atof(it->value.GetString());
  return 0;
}

bool lists(const rapidjson::Value& m, const char* param) {
  auto it = m.FindMember("supported_parameters");
  if (it == m.MemberEnd() || !it->value.IsArray()) return false;
  for (const auto& p : it->value.GetArray())
    if (p.IsString() && std::string_view(p.GetString()) == param) return true;
  return false;
}

// The prices are strings on the wire, as OpenRouter sends them and the
// reference passes them on ("0.000003"; "" when missing): the client reads
// them with tonumber() and hides a row whose price is "". Only the discount
// is a number.
void write_pricing(Writer& w, const rapidjson::Value& p) {
  w.StartObject();
  for (const char* key : {"prompt", "completion", "input_cache_read", "input_cache_write", "internal_reasoning"}) {
    w.Key(key);
    auto it = p.FindMember(key);
    std::string price;
    if (it != p.MemberEnd() && it->value.IsString()) price = it->value.GetString();
    else if (it != p.MemberEnd() && it->value.IsNumber()) price = rpc::to_text(it->value);
    w.String(price.c_str(), static_cast<rapidjson::SizeType>(price.size()));
  }
  w.Key("discount"); w.Double(number_of(p, "discount"));
  w.EndObject();
}

void write_model(Writer& w, const rapidjson::Value& m) {
  w.StartObject();
  for (const char* key : {"id", "name", "description"}) {
    w.Key(key);
    std::string s = string_member(m, key);
    w.String(s.c_str(), static_cast<rapidjson::SizeType>(s.size()));
  }
  w.Key("created"); w.Int64(static_cast<long long>(number_of(m, "created")));
  w.Key("expiration_date");
  if (auto e = m.FindMember("expiration_date"); e != m.MemberEnd() && e->value.IsString()) w.String(e->value.GetString());
  else w.Null();
  auto top = m.FindMember("top_provider");
  const bool has_top = top != m.MemberEnd() && top->value.IsObject();
  w.Key("context_length"); w.Int64(static_cast<long long>(number_of(m, "context_length")));
  w.Key("max_completion_tokens");
  w.Int64(has_top ? static_cast<long long>(number_of(top->value, "max_completion_tokens")) : 0);
  w.Key("supports_reasoning"); w.Bool(lists(m, "reasoning"));
  w.Key("supports_tools"); w.Bool(lists(m, "tools"));
  w.Key("pricing");
  const rapidjson::Value none(rapidjson::kObjectType);
  auto p = m.FindMember("pricing");
  write_pricing(w, p != m.MemberEnd() && p->value.IsObject() ? p->value : none);
  w.EndObject();
}

std::string fetch(const Bb7Config& c, const char* path, rapidjson::Document& doc) {
  HttpReply r = provider_get(c.base_url + path, c.api_key);
  if (r.status != 200) throw Error(ACDC_E_UNAVAILABLE, "API request failed: " + std::to_string(r.status) + " - " + r.body);
  if (rpc::parse_limited(r.body, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject())
    throw Error(ACDC_E_INTERNAL, std::string("failed to parse ") + path + " response");
  return r.body;
}

}  // namespace

void Session::run_async(const std::optional<std::string>& request_id, std::function<std::string()> work) {
  std::thread([this, request_id, work = std::move(work)] {
    std::string line;
    try {
      line = work();
    } catch (const std::exception& e) {
      line = error_line(e.what(), request_id);
    }
    emit(line);
  }).detach();
}

std::string Session::get_balance(const Request& req) {
  const Bb7Config c = config();
  run_async(req.request_id, [c, id = req.request_id] {
    rapidjson::Document doc;
    fetch(c, "/credits", doc);
    auto data = doc.FindMember("data");
    const rapidjson::Value empty(rapidjson::kObjectType);
    const rapidjson::Value& d = data != doc.MemberEnd() && data->value.IsObject() ? data->value : empty;
    return Reply("balance", id).field("total_credits", number_of(d, "total_credits"))
        .field("total_usage", number_of(d, "total_usage")).line();
  });
  return "";
}

std::string Session::get_models(const Request& req) {
  const Bb7Config c = config();
  run_async(req.request_id, [c, id = req.request_id] {
    rapidjson::Document doc;
    fetch(c, "/models", doc);
    Reply reply("models", id);
    auto& w = reply.raw("models");
    w.StartArray();
    if (auto data = doc.FindMember("data"); data != doc.MemberEnd() && data->value.IsArray())
      for (const auto& m : data->value.GetArray())
        if (m.IsObject()) write_model(w, m);
    w.EndArray();
    return reply.line();
  });
  return "";
}

}  // namespace acdc::adapters::bb7
