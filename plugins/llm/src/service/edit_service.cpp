#include "service/edit_service.hpp"

#include "edit/edit_applier.hpp"
#include "edit/edit_parser.hpp"
#include "edit/edit_results_json.hpp"

#include <acdc/util/json_writer.hpp>

#include <set>

namespace acdc::llm {
namespace {

std::vector<EditBlock> blocks_of_pairs(const std::vector<EditService::Pair>& pairs) {
  std::vector<EditBlock> blocks;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto& p = pairs[i];
    auto field = [&](const char* key, bool required) -> std::string {
      auto it = p.find(key);
      if (it == p.end() && required)
        throw acdc::Error(ACDC_E_INVALID_PARAMS, "replacement " + std::to_string(i + 1) + " has no '" + key +
                                                       "': give each one path, search and replace");
      return it == p.end() ? std::string() : it->second;
    };
    EditBlock b{.file_path = field("path", true), .old_text = field("search", true), .new_text = field("replace", true)};
    if (b.file_path.empty())
      throw acdc::Error(ACDC_E_INVALID_PARAMS, "replacement " + std::to_string(i + 1) + " has an empty path");
    b.is_create = b.old_text.find_first_not_of(" \t\r\n") == std::string::npos;
    blocks.push_back(std::move(b));
  }
  return blocks;
}

std::string outcome_json(const ApplyOutcome& out, bool dry_run) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  write_edit_results(w, out.results);
  write_edit_counts(w, out.results);
  util::write_member(w, "files_modified", out.files_modified);
  util::write_member(w, "files_created", out.files_created);
  w.Key("dry_run");
  w.Bool(dry_run);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace

void EditService::apply(acdc::Call call, std::optional<std::string> text, std::optional<std::vector<Pair>> pairs,
                        bool dry_run) {
  if (text.has_value() == pairs.has_value())
    throw acdc::Error(ACDC_E_INVALID_PARAMS,
                      "give either edit-block text or search/replace pairs (one of the two, not both)");
  std::vector<EditBlock> blocks = text ? EditParser::parse(*text) : blocks_of_pairs(*pairs);
  if (blocks.empty())
    throw acdc::Error(ACDC_E_INVALID_PARAMS,
                      text ? "no edit block found in the text: each is a path line, then 🟧🟧🟧 EDIT, the old lines, "
                             "🟨🟨🟨 REPL, the new lines, 🟩🟩🟩 END"
                           : "no replacement given");
  worker_.post([this, call, blocks = std::move(blocks), dry_run]() mutable {
    try {
      std::set<std::string> in_context;
      for (const auto& b : blocks) in_context.insert(b.file_path);
      ApplyOutcome out = EditApplier(repo_).apply(blocks, in_context, dry_run);
      // files_modified names the created files too (edit_applier.cpp).
      if (!out.files_modified.empty())
        host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", acdc::json_array(out.files_modified));
      call.ok_raw(outcome_json(out, dry_run));
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, "applying the edits failed: " + std::string(e.what()));
    }
  });
}

}  // namespace acdc::llm
