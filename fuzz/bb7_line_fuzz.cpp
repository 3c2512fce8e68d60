// fuzz/bb7_line_fuzz.cpp -- lines a bb7.nvim client sends, into the BB-7
// adapter's session (adapters/bb7, bb7.md): no crash, and every
// line it answers with is one valid JSON object (the Lua client decodes
// each with vim.json.decode and has no way to resync).
//
// The input is lines. A line that is a JSON object has its project_root
// pointed at this run's own project, so the session's files stay in a
// temporary directory; the actions that reach the network (get_models,
// get_balance) are left out. Other lines go in as they are: the session
// must answer what it cannot read.
#include "bb7/session.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

// One home and one project for the whole run, removed when it ends.
struct Dirs {
  fs::path root, home, project;
  Dirs() {
    char tmpl[] = "/tmp/acdc-fuzz-bb7-XXXXXX";
    root = ::mkdtemp(tmpl);
    home = root / "home";
    project = root / "project";
    fs::create_directories(home);
    fs::create_directories(project / ".bb7" / "chats");
  }
  ~Dirs() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }
};

// The line to feed, or "" to leave it out.
std::string confined(std::string_view line, const Dirs& dirs) {
  rapidjson::Document d;
  d.Parse(line.data(), line.size());
  if (d.HasParseError() || !d.IsObject()) return std::string(line);
  if (auto a = d.FindMember("action"); a != d.MemberEnd() && a->value.IsString()) {
    const std::string_view action(a->value.GetString(), a->value.GetStringLength());
    if (action == "get_models" || action == "get_balance") return {};
  }
  if (auto r = d.FindMember("project_root"); r != d.MemberEnd())
    r->value.SetString(dirs.project.c_str(), static_cast<rapidjson::SizeType>(dirs.project.string().size()),
                       d.GetAllocator());
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  d.Accept(w);
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Dirs dirs;
  std::vector<std::string> replies;
  acdc::adapters::bb7::Session session({.home = dirs.home, .emit = [&](const std::string& l) { replies.push_back(l); }});
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty()) {
    const size_t nl = input.find('\n');
    const std::string line = confined(input.substr(0, nl), dirs);
    input.remove_prefix(nl == std::string_view::npos ? input.size() : nl + 1);
    if (!line.empty() && !session.handle_line(line)) break;
  }
  session.close();
  for (const auto& reply : replies) {
    rapidjson::Document d;
    d.Parse(reply.data(), reply.size());
    if (d.HasParseError() || !d.IsObject() || reply.find('\n') != std::string::npos) {
      std::fprintf(stderr, "not one JSON object: %s\n", reply.c_str());
      std::abort();
    }
  }
  return 0;
}
