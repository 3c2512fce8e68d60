// fake_provider/fixture_set.cpp -- see fixture_set.hpp.
#include "fixture_set.hpp"

#include <rapidjson/document.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace acdc::test {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("fake provider: cannot read fixture file " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace

FixtureSet::FixtureSet(const std::string& dir) : dir_(dir) {
  rapidjson::Document manifest;
  std::string text = read_file(dir + "/manifest.json");
  manifest.Parse(text.data(), text.size());
  if (manifest.HasParseError() || !manifest.IsObject())
    throw std::runtime_error("fake provider: " + dir + "/manifest.json is not a JSON object");
  for (auto& entry : manifest.GetObject()) {
    std::string name = entry.name.GetString();
    if (name.ends_with(".request.json")) continue;  // example requests, not responses
    Fixture f;
    f.bytes = read_file(dir + "/" + name);
    f.raw_http = name.ends_with(".http");
    if (auto s = entry.value.FindMember("status"); s != entry.value.MemberEnd() && s->value.IsInt())
      f.status = s->value.GetInt();
    if (auto h = entry.value.FindMember("headers"); h != entry.value.MemberEnd() && h->value.IsArray())
      for (auto& pair : h->value.GetArray())
        f.headers.emplace_back(pair[0].GetString(), pair[1].GetString());
    fixtures_.emplace(std::move(name), std::move(f));
  }
}

const Fixture* FixtureSet::find(const std::string& name) const {
  auto it = fixtures_.find(name);
  return it == fixtures_.end() ? nullptr : &it->second;
}

}  // namespace acdc::test
