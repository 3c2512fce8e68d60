// import/import_sources.cpp -- see import_sources.hpp.
#include "import/import_sources.hpp"

#include "import/target_file.hpp"

#include <cstdlib>

namespace acdc::app::importer {

namespace fs = std::filesystem;

namespace {

fs::path env_path(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? fs::path(v) : fs::path();
}

fs::path reference_config_dir() {
  if (auto home = env_path("AC_DC_CONFIG_HOME"); !home.empty()) return home;
  if (auto xdg = env_path("XDG_CONFIG_HOME"); !xdg.empty()) return xdg / "ac-dc";
  return env_path("HOME") / ".config" / "ac-dc";
}

// A JSON source: absent is fine, present but unreadable is a problem.
std::optional<Json> read_json(const fs::path& file, Sources& s) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::nullopt;
  std::optional<std::string> text = read_bytes(file);
  if (!text) {
    s.problems.push_back(file.string() + " cannot be read: check its permissions");
    return std::nullopt;
  }
  Json doc;
  doc.Parse(text->data(), text->size());
  if (doc.HasParseError()) {
    s.problems.push_back(file.string() + " is not valid JSON (at byte " + std::to_string(doc.GetErrorOffset()) +
                         "): fix it in AC-DC, or move it aside to import the rest");
    return std::nullopt;
  }
  return doc;
}

std::optional<std::string> read_text(const fs::path& file, Sources& s) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::nullopt;
  std::optional<std::string> text = read_bytes(file);
  if (!text) s.problems.push_back(file.string() + " cannot be read: check its permissions");
  return text;
}

void read_config_dir(Sources& s) {
  s.llm = read_json(s.config_dir / "llm.json", s);
  s.app = read_json(s.config_dir / "app.json", s);
  s.snippets = read_json(s.config_dir / "snippets.json", s);
  // AC-DC keeps its prompts beside its JSON files (§3.5).
  s.system_extra = read_text(s.config_dir / "system_extra.md", s);
  std::error_code ec;
  for (const char* managed : {"system.md", "system_doc.md", "system_agentic_appendix.md", "review.md", "commit.md",
                              "compaction.md", "system_reminder.md"})
    if (fs::exists(s.config_dir / managed, ec)) s.managed_prompts.push_back(managed);
}

void read_repo(Sources& s) {
  const fs::path state = s.repo / kStateDir;
  std::error_code ec;
  if (!fs::is_directory(state, ec)) {
    s.notes.push_back("no " + state.string() + ": no history to import");
    return;
  }
  s.history = read_text(state / "history.jsonl", s);
  s.repo_snippets = read_json(state / "snippets.json", s);
}

}  // namespace

bool Sources::found_anything() const {
  return llm || app || snippets || repo_snippets || system_extra || history;
}

Sources read_sources(const std::string& from, const std::string& repo) {
  Sources s;
  std::error_code ec;
  s.config_dir = from.empty() ? reference_config_dir() : fs::path(from);
  if (fs::is_directory(s.config_dir, ec)) read_config_dir(s);
  else if (!from.empty())
    s.problems.push_back("--from " + from + " is not a directory: pass AC-DC's config directory (the one holding llm.json)");
  else s.notes.push_back("no AC-DC configuration at " + s.config_dir.string() + " (--from names another directory)");

  if (!repo.empty()) {
    s.repo = fs::canonical(repo, ec);
    if (ec || !fs::is_directory(s.repo, ec)) {
      s.problems.push_back("--repo " + repo + " is not a directory: pass the repository AC-DC worked in");
      s.repo.clear();
    }
  } else {
    s.repo = enclosing_repository(".");
    if (s.repo.empty()) s.notes.push_back("not inside a git repository: no history imported (--repo names one)");
  }
  if (!s.repo.empty()) read_repo(s);
  if (s.problems.empty() && !s.found_anything())
    s.problems.push_back("found nothing of AC-DC's to import in " + s.config_dir.string() +
                         (s.repo.empty() ? std::string() : " or " + (s.repo / kStateDir).string()) +
                         ": pass --from with AC-DC's config directory, or --repo with a repository it worked in");
  return s;
}

fs::path enclosing_repository(const fs::path& start) {
  std::error_code ec;
  // Absolute, with "." and ".." gone and no trailing '/': the path the report names.
  const fs::path from = (fs::absolute(start, ec) / "").lexically_normal().parent_path();
  for (fs::path dir = from; !ec && !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return dir;
    if (dir == dir.parent_path()) break;
  }
  return {};
}

}  // namespace acdc::app::importer
