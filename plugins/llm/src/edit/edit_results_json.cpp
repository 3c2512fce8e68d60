#include "edit/edit_results_json.hpp"

#include <acdc/util/json_writer.hpp>

namespace acdc::llm {
namespace {

std::string text(const acdc::JsonValue& o, const char* key) {
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

}  // namespace

void write_edit_results(acdc::JsonWriter& w, const std::vector<EditResult>& results) {
  w.Key("edit_results");
  w.StartArray();
  for (const auto& r : results) {
    w.StartObject();
    util::write_member(w, "file", r.file);
    util::write_member(w, "status", r.status);
    util::write_member(w, "message", r.message);
    util::write_member(w, "error_type", r.error_type);
    util::write_member(w, "old_preview", r.old_preview);
    util::write_member(w, "new_preview", r.new_preview);
    w.EndObject();
  }
  w.EndArray();
}

void write_edit_counts(acdc::JsonWriter& w, const std::vector<EditResult>& results) {
  long passed = 0, already = 0, failed = 0, skipped = 0, not_in_context = 0;
  for (const auto& r : results) {
    if (r.status == "applied") ++passed;  // as the applier counts (edit_applier.cpp)
    else if (r.status == "already_applied") ++already;
    else if (r.status == "failed") ++failed;
    else if (r.status == "skipped") ++skipped;
    else if (r.status == "not_in_context") ++not_in_context;
  }
  util::write_member(w, "passed", passed);
  util::write_member(w, "already_applied", already);
  util::write_member(w, "failed", failed);
  util::write_member(w, "skipped", skipped);
  util::write_member(w, "not_in_context", not_in_context);
}

std::vector<EditResult> read_edit_results(const acdc::JsonValue& object) {
  std::vector<EditResult> out;
  auto it = object.FindMember("edit_results");
  if (it == object.MemberEnd() || !it->value.IsArray()) return out;
  for (const auto& r : it->value.GetArray()) {
    if (!r.IsObject()) continue;
    out.push_back({text(r, "file"), text(r, "status"), text(r, "message"), text(r, "error_type"), text(r, "old_preview"),
                   text(r, "new_preview")});
  }
  return out;
}

}  // namespace acdc::llm
