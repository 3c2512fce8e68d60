// import/target_file.hpp -- writing one of acdc's files from an import,
// never silently over something of the user's.
//
//   WriteRules rules{.force = false, .dry_run = false};
//   std::string said = place_file(user_dir / "llm.yaml", text, bundled_dir / "llm.yaml", rules);
//   report.written.push_back(said);   // "wrote ...", "... exists and differs: not overwritten; ..."
//
// A target is written when it is absent, holds acdc's bundled default
// unchanged (nothing of the user's is lost), or with --force after its old
// content went to <file>.bak. A target that already holds exactly this
// content is left alone, so a second import changes nothing. Every write is
// atomic (acdc/util/atomic_file.hpp); errors throw acdc::Error naming the path.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::app::importer {

struct WriteRules {
  bool force = false;
  bool dry_run = false;
};

// `bundled_default`: acdc's own copy of this file, or empty when it has none.
// Returns the sentence for the report.
std::string place_file(const std::filesystem::path& target, std::string_view content,
                       const std::filesystem::path& bundled_default, const WriteRules& rules);

// The file's bytes; nullopt when it is missing or cannot be read.
std::optional<std::string> read_bytes(const std::filesystem::path& file);

}  // namespace acdc::app::importer
