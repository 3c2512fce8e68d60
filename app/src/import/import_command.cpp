// import/import_command.cpp -- see import_command.hpp.
#include "import/import_command.hpp"

#include "import/app_import.hpp"
#include "import/history_import.hpp"
#include "import/import_sources.hpp"
#include "import/llm_import.hpp"
#include "import/snippets_import.hpp"
#include "import/target_file.hpp"
#include "paths.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <set>

namespace acdc::app::importer {

namespace fs = std::filesystem;

namespace {

struct Targets {
  fs::path user_dir;     // acdc's config directory
  fs::path bundled_dir;  // acdc's bundled defaults
  WriteRules rules;
};

void place(const Converted& c, const fs::path& target, const fs::path& bundled, const Targets& t, std::ostream& out) {
  FileReport report = c.report;
  if (!c.text.empty()) report.written.push_back(place_file(target, c.text, bundled, t.rules));
  report.print(out);
}

void import_prompts(const Sources& s, const Targets& t, std::ostream& out) {
  FileReport r{(s.config_dir / "*.md").string() + " -> prompts/"};
  if (s.system_extra) {
    // The user's own addition to every system prompt (§3.5), which acdc's prompt store reads the same way.
    r.mapped.push_back("system_extra.md -> prompts/system_extra.md");
    r.written.push_back(place_file(t.user_dir / "prompts" / "system_extra.md", *s.system_extra,
                                   t.bundled_dir / "prompts" / "system_extra.md", t.rules));
  }
  for (const auto& managed : s.managed_prompts)
    r.not_mapped.push_back(managed + ": AC-DC's own default, which it replaces on upgrade; acdc has its own");
  if (!r.mapped.empty() || !r.not_mapped.empty()) r.print(out);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + '\n';
  return out;
}

// The new records go before acdc's own, so the session acdc restores
// (the last one in the file) stays the one the user was in. False when the
// file was left as it was.
bool place_history(const HistoryImport& h, const std::optional<std::string>& existing, const fs::path& target,
                   const WriteRules& rules, FileReport& r) {
  const std::string name = target.string();
  const std::string verb = rules.dry_run ? "would write " : "wrote ";
  const bool empty = !existing || existing->find_first_not_of(" \t\r\n") == std::string::npos;
  if (empty) {
    if (!rules.dry_run) util::replace_file(target, joined(h.lines));
    r.written.push_back(verb + name);
    return true;
  }
  if (!rules.force) {
    r.written.push_back(name + " holds acdc's own sessions: not changed; run again with --force to add the " +
                        std::to_string(h.lines.size()) + " new records before them (the old file is kept as " + name +
                        ".bak)");
    return false;
  }
  std::string merged = joined(h.lines) + *existing;
  if (!existing->ends_with('\n')) merged += '\n';
  if (!rules.dry_run) {
    util::replace_file(fs::path(name + ".bak"), *existing);
    util::replace_file(target, merged);
  }
  r.written.push_back(verb + name + ", the new records before acdc's own (the old file " +
                      (rules.dry_run ? "would be" : "is") + " kept as " + name + ".bak)");
  return true;
}

// Images are named by their content (§4.8, the same in both), so one of
// the same name already there is this image.
void copy_images(const HistoryImport& h, const fs::path& from, const fs::path& to, const WriteRules& rules,
                 FileReport& r) {
  size_t copied = 0, present = 0;
  std::error_code ec;
  for (const auto& name : std::set<std::string>(h.images.begin(), h.images.end())) {
    std::optional<std::string> bytes = read_bytes(from / name);
    if (!bytes) {
      r.skipped.push_back("image " + name + ": missing from " + from.string() + " (acdc shows the message without it)");
    } else if (fs::exists(to / name, ec)) {
      ++present;
    } else {
      if (!rules.dry_run) util::replace_file(to / name, *bytes);
      ++copied;
    }
  }
  if (copied || present)
    r.written.push_back(std::string(rules.dry_run ? "would copy " : "copied ") + std::to_string(copied) +
                        " images to " + to.string() + (present ? " (" + std::to_string(present) + " there already)" : ""));
}

void import_history(const Sources& s, const Targets& t, std::ostream& out) {
  const fs::path target = s.repo / ".acdc" / "history.jsonl";
  std::optional<std::string> existing = read_bytes(target);
  HistoryImport h = convert_history(*s.history, record_ids(existing.value_or("")),
                                    (s.repo / kStateDir / "history.jsonl").string());
  if (h.lines.empty()) {
    h.report.written.push_back("nothing new for " + target.string());
  } else if (place_history(h, existing, target, t.rules, h.report)) {
    copy_images(h, s.repo / kStateDir / "images", s.repo / ".acdc" / "images", t.rules, h.report);
    h.report.next.push_back("start acdc in " + s.repo.string() +
                            ": it restores the newest session and lists .acdc/ in .git/info/exclude");
  }
  h.report.print(out);
}

void import_all(const Sources& s, const Targets& t, std::ostream& out) {
  if (s.llm) place(convert_llm(*s.llm, (s.config_dir / "llm.json").string()), t.user_dir / "llm.yaml",
                   t.bundled_dir / "llm.yaml", t, out);
  if (s.app) {
    std::string bundled = read_bytes(t.bundled_dir / "app.yaml").value_or("");
    place(convert_app(*s.app, bundled, (s.config_dir / "app.json").string()), t.user_dir / "app.yaml",
          t.bundled_dir / "app.yaml", t, out);
  }
  if (s.snippets) place(convert_snippets(*s.snippets, (s.config_dir / "snippets.json").string()),
                        t.user_dir / "snippets.yaml", t.bundled_dir / "snippets.yaml", t, out);
  import_prompts(s, t, out);
  if (s.repo_snippets)
    place(convert_snippets(*s.repo_snippets, (s.repo / kStateDir / "snippets.json").string()),
          s.repo / ".acdc" / "snippets.yaml", {}, t, out);
  if (s.history) import_history(s, t, out);
}

}  // namespace

int run_import(const ImportOptions& options, std::ostream& out, std::ostream& err) {
  Sources sources = read_sources(options.from, options.repo);
  if (!sources.problems.empty()) {
    for (const auto& p : sources.problems) err << "acdc import-acdc: " << p << '\n';
    err << "nothing was written\n";
    return 2;
  }
  Paths paths = Paths::discover();
  Targets targets{paths.user_config_dir, paths.bundled_config_dir, {.force = options.force, .dry_run = options.dry_run}};
  out << (options.dry_run ? "Dry run: nothing is written. " : "") << "Importing AC-DC's "
      << sources.config_dir.string() << (sources.repo.empty() ? "" : " and " + (sources.repo / kStateDir).string())
      << " into " << targets.user_dir.string() << (sources.repo.empty() ? "" : " and " + (sources.repo / ".acdc").string())
      << "\n";
  for (const auto& note : sources.notes) out << "  (" << note << ")\n";
  try {
    import_all(sources, targets, out);
  } catch (const Error& e) {
    err << "acdc import-acdc: " << e.what() << "\n";
    return 1;
  }
  out << "Then: restart acdc, or reload its config (Settings -> reload), to use what was imported. "
         "Nothing in AC-DC's files was changed.\n";
  return 0;
}

}  // namespace acdc::app::importer
