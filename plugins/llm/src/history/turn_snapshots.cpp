#include "history/turn_snapshots.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/atomic_file.hpp>
#include <acdc/util/json_writer.hpp>
#include <acdc/util/sha256.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace acdc::llm {

std::optional<std::filesystem::path> TurnSnapshots::file_of(const std::string& turn_id) const {
  const bool plain = turn_id.starts_with("turn_") && turn_id.size() < 64 &&
                     std::all_of(turn_id.begin(), turn_id.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  if (!plain) return std::nullopt;
  return dir_ / (turn_id + ".json");
}

void TurnSnapshots::save(const std::string& turn_id, const std::vector<FileChange>& changes) const {
  const auto file = file_of(turn_id);
  if (!file || changes.empty()) return;
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "turn_id", turn_id);
  w.Key("files");
  w.StartArray();
  for (const FileChange& c : changes) {
    w.StartObject();
    util::write_member(w, "path", c.path);
    w.Key("before");
    if (c.before) acdc::to_json(w, *c.before);
    else w.Null();
    util::write_member(w, "after_sha256", util::sha256_hex(c.after));
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  util::replace_file(*file, std::string_view(buf.GetString(), buf.GetSize()));
  // The oldest go: turn ids sort by their time.
  std::vector<std::filesystem::path> all;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec))
    if (e.path().extension() == ".json") all.push_back(e.path());
  if (all.size() <= kKept) return;
  std::sort(all.begin(), all.end());
  for (std::size_t i = 0; i + kKept < all.size(); ++i) std::filesystem::remove(all[i], ec);
}

std::optional<std::vector<FileSnapshot>> TurnSnapshots::load(const std::string& turn_id) const {
  const auto file = file_of(turn_id);
  if (!file) return std::nullopt;
  std::ifstream in(*file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  acdc::Json doc;
  doc.Parse(text.str().c_str());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("files") || !doc["files"].IsArray()) return std::nullopt;
  std::vector<FileSnapshot> out;
  for (const auto& f : doc["files"].GetArray()) {
    if (!f.IsObject() || !f.HasMember("path") || !f["path"].IsString() || !f.HasMember("after_sha256") ||
        !f["after_sha256"].IsString() || !f.HasMember("before"))
      return std::nullopt;
    FileSnapshot s{f["path"].GetString(), std::nullopt, f["after_sha256"].GetString()};
    if (f["before"].IsString()) s.before = std::string(f["before"].GetString(), f["before"].GetStringLength());
    out.push_back(std::move(s));
  }
  return out;
}

bool TurnSnapshots::has(const std::string& turn_id) const {
  const auto file = file_of(turn_id);
  std::error_code ec;
  return file && std::filesystem::exists(*file, ec);
}

void TurnSnapshots::remove(const std::string& turn_id) const {
  if (const auto file = file_of(turn_id)) {
    std::error_code ec;
    std::filesystem::remove(*file, ec);
  }
}

}  // namespace acdc::llm
