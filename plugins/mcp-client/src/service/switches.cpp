// service/switches.cpp -- see switches.hpp.
#include "service/switches.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/atomic_file.hpp>

#include <fstream>
#include <sstream>

namespace acdc::mcp_client {
namespace {

void read_names(const acdc::JsonValue& doc, const char* key, std::set<std::string>& out) {
  auto m = doc.FindMember(key);
  if (m == doc.MemberEnd() || !m->value.IsArray()) return;
  for (const auto& v : m->value.GetArray())
    if (v.IsString()) out.insert(v.GetString());
}

}  // namespace

Switches::Switches(std::filesystem::path file) : file_(std::move(file)) {
  std::ifstream in(file_);
  std::stringstream text;
  text << in.rdbuf();
  acdc::Json doc;
  doc.Parse(text.str().c_str());
  if (doc.HasParseError() || !doc.IsObject()) return;
  read_names(doc, "disabled_servers", servers_off_);
  read_names(doc, "disabled_tools", tools_off_);
}

bool Switches::server_on(const std::string& server) const {
  std::lock_guard lock(mu_);
  return !servers_off_.contains(server);
}

bool Switches::tool_on(const std::string& qualified) const {
  std::lock_guard lock(mu_);
  return !tools_off_.contains(qualified);
}

void Switches::set_server(const std::string& server, bool on) {
  std::lock_guard lock(mu_);
  if (on) servers_off_.erase(server);
  else servers_off_.insert(server);
  save();
}

void Switches::set_tool(const std::string& qualified, bool on) {
  std::lock_guard lock(mu_);
  if (on) tools_off_.erase(qualified);
  else tools_off_.insert(qualified);
  save();
}

void Switches::save() const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("disabled_servers"), acdc::to_json(w, std::vector<std::string>(servers_off_.begin(), servers_off_.end()));
  w.Key("disabled_tools"), acdc::to_json(w, std::vector<std::string>(tools_off_.begin(), tools_off_.end()));
  w.EndObject();
  util::replace_file(file_, std::string(buf.GetString(), buf.GetSize()) + "\n");
}

}  // namespace acdc::mcp_client
