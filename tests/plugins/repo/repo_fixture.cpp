#include "repo_fixture.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>
#include <stdexcept>

namespace fs = std::filesystem;

namespace acdc::test {

GitFixture::GitFixture() : root_(dir_.path() / "proj") {
  fs::create_directories(root_);
  git("init -q -b main && git config user.name Tester && git config user.email t@example.com"
      " && git config commit.gpgsign false");
}

std::string GitFixture::git(const std::string& args) const {
  std::string cmd = "cd '" + root_.string() + "' && git " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("popen failed");
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  int status = pclose(p);
  if (status != 0) throw std::runtime_error("git " + args + " failed:\n" + out);
  return out;
}

void GitFixture::write(const std::string& rel, const std::string& content) const {
  fs::create_directories((root_ / rel).parent_path());
  write_file(root_ / rel, content);
}

std::string GitFixture::read(const std::string& rel) const { return read_file(root_ / rel); }

void GitFixture::commit_file(const std::string& rel, const std::string& content, const std::string& message) const {
  write(rel, content);
  git("add -- '" + rel + "' && git commit -qm '" + message + "'");
}

RepoHost::RepoHost(const GitFixture& repo, const std::string& plugin_block)
    : host_({.config_yaml = "plugins:\n  - name: repo\n" + plugin_block, .repo = repo.root().string()}),
      client_(std::make_unique<WsClient>(host_.port(), host_.token())) {}

std::unique_ptr<WsClient> RepoHost::listener() {
  auto c = std::make_unique<WsClient>(host_.port(), WsClient::Connect{.token = host_.token(), .handshake = false});
  c->on("AcApp.filesModified", [](const rapidjson::Value&) { return std::string("true"); });
  // The jrpc-oo handshake by hand, now that the method map is complete.
  c->send_text(R"({"jsonrpc":"2.0","method":"system.listComponents","params":)" + c->methods_json() + R"(,"id":1})");
  c->send_text(R"({"jsonrpc":"2.0","method":"system.listComponents","params":[],"id":2})");
  for (int i = 0; i < 2; ++i) REQUIRE_FALSE(c->read_text(std::chrono::seconds(10)).empty());
  return c;
}

rapidjson::Document RepoHost::ok(const std::string& method, const std::string& args) {
  rapidjson::Document r = client_->call(method, args);
  INFO(method << " " << args << " -> " << to_text(r));
  REQUIRE(r.HasMember("result"));
  rapidjson::Document out;
  out.CopyFrom(r["result"], out.GetAllocator());
  return out;
}

std::string RepoHost::error(const std::string& method, const std::string& args) {
  rapidjson::Document r = client_->call(method, args);
  INFO(method << " " << args << " -> " << to_text(r));
  REQUIRE(r.HasMember("error"));
  return r["error"]["message"].GetString();
}

int RepoHost::error_code(const std::string& method, const std::string& args) {
  rapidjson::Document r = client_->call(method, args);
  INFO(method << " " << args << " -> " << to_text(r));
  REQUIRE(r.HasMember("error"));
  return r["error"]["code"].GetInt();
}

std::string jstr(const std::string& s) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  return buf.GetString();
}

std::string to_text(const rapidjson::Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  v.Accept(w);
  return buf.GetString();
}

std::vector<std::string> strings(const rapidjson::Value& v) {
  std::vector<std::string> out;
  for (const auto& s : v.GetArray()) out.push_back(s.GetString());
  return out;
}

const rapidjson::Value* find_child(const rapidjson::Value& dir, const std::string& name) {
  for (const auto& c : dir["children"].GetArray())
    if (name == c["name"].GetString()) return &c;
  return nullptr;
}

}  // namespace acdc::test
