#include "config_types.hpp"

namespace acdc::settings {

namespace {

const std::vector<ConfigType>& types() {
  static const std::vector<ConfigType> all{
      {"llm", "llm.yaml", FileKind::llm},
      {"app", "app.yaml", FileKind::app},
      {"snippets", "snippets.yaml", FileKind::snippets},
      {"host", "acdc.yaml", FileKind::host},
      {"system", "prompts/system.md", FileKind::prompt},
      {"system_extra", "prompts/system_extra.md", FileKind::prompt},
      {"system_doc", "prompts/system_doc.md", FileKind::prompt},
      {"system_compact", "prompts/system_compact.md", FileKind::prompt},
      {"compaction", "prompts/compaction.md", FileKind::prompt},
      {"review", "prompts/review.md", FileKind::prompt},
  };
  return all;
}

}  // namespace

const ConfigType* ConfigTypes::find(std::string_view name) {
  if (name == "litellm") name = "llm";
  for (const auto& t : types())
    if (t.name == name) return &t;
  return nullptr;
}

std::string ConfigTypes::allowed() {
  std::string out;
  for (const auto& t : types()) out += (out.empty() ? "" : ", ") + t.name;
  return out;
}

const std::vector<BundledFile>& ConfigTypes::bundled_files() {
  // acdc.yaml is not copied: the host reads the bundled one until the user
  // saves their own, so new plugins in a release reach everyone who has not.
  static const std::vector<BundledFile> files{
      {"app.yaml", true},
      {"snippets.yaml", true},
      {"prompts/system.md", true},
      {"prompts/system_doc.md", true},
      {"prompts/system_compact.md", true},
      {"prompts/system_reminder.md", true},
      {"prompts/commit.md", true},
      {"prompts/compaction.md", true},
      {"prompts/review.md", true},
      {"llm.yaml", false},
      {"prompts/system_extra.md", false},
  };
  return files;
}

}  // namespace acdc::settings
