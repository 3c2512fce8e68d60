#include "prompt/prompt_store.hpp"

#include "edit/edit_parser.hpp"

#include <fstream>
#include <sstream>

namespace acdc::llm {
namespace {

std::string member(const acdc::JsonValue& o, const char* key) {
  if (!o.IsObject()) return {};
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? it->value.GetString() : std::string();
}

}  // namespace

PromptStore::PromptStore(const acdc::JsonValue& host_block) {
  for (const char* key : {"config_dir", "bundled_config_dir"})
    if (auto dir = member(host_block, key); !dir.empty()) dirs_.emplace_back(dir);
}

std::optional<std::filesystem::path> PromptStore::find(const std::string& name) const {
  for (const auto& dir : dirs_) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(dir / name, ec)) return dir / name;
  }
  return std::nullopt;
}

std::optional<std::string> PromptStore::optional(const std::string& name) const {
  auto path = find("prompts/" + name);
  if (!path) return std::nullopt;
  std::ifstream in(*path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string PromptStore::required(const std::string& name) const {
  if (auto text = optional(name)) return *text;
  std::string where;
  for (const auto& dir : dirs_) where += (where.empty() ? "" : ", ") + (dir / "prompts").string();
  throw acdc::Error(ACDC_E_FAILED_PRECONDITION,
                    "prompt file '" + name + "' is missing (looked in: " + (where.empty() ? "no config directory" : where) +
                        "): restore it from the bundled config/prompts/ or reinstall acdc");
}

std::string PromptStore::system_prompt() const { return with_extra(required("system.md")); }
std::string PromptStore::doc_system_prompt() const { return with_extra(required("system_doc.md")); }
std::string PromptStore::compact_system_prompt() const {
  std::optional<std::string> compact = optional("system_compact.md");
  return compact ? with_extra(*compact) : std::string();
}

std::string PromptStore::with_extra(std::string system) const {
  std::string extra(trim(optional("system_extra.md").value_or("")));
  if (extra.empty()) return system;
  return system.empty() ? extra : system + "\n\n" + extra;
}

std::string PromptStore::system_reminder() const {
  std::string reminder(trim(required("system_reminder.md")));
  return reminder.empty() ? std::string() : "\n\n" + reminder;
}

std::string PromptStore::review_prompt() const {
  std::string review = required("review.md");
  std::string extra(trim(optional("system_extra.md").value_or("")));
  return extra.empty() ? review : review + "\n\n" + extra;
}

std::string PromptStore::commit_prompt() const { return required("commit.md"); }
std::string PromptStore::compaction_prompt() const { return required("compaction.md"); }

}  // namespace acdc::llm
