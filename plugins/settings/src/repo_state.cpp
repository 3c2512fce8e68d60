#include "repo_state.hpp"

#include "file_store.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <sstream>

namespace acdc::settings {

namespace fs = std::filesystem;

namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find_first_of("\r\n")); }

// The directory holding info/exclude, or empty when this is no git repository.
fs::path git_common_dir(const fs::path& repo_root) {
  const fs::path dot_git = repo_root / ".git";
  std::error_code ec;
  if (fs::is_directory(dot_git, ec)) return dot_git;
  auto pointer = FileStore::read(dot_git);
  if (!pointer || !pointer->starts_with("gitdir:")) return {};
  std::string where = first_line(pointer->substr(7));
  where.erase(0, where.find_first_not_of(' '));
  fs::path git_dir = fs::path(where).is_absolute() ? fs::path(where) : repo_root / where;
  if (auto common = FileStore::read(git_dir / "commondir")) {
    fs::path c = first_line(*common);
    return c.is_absolute() ? c : git_dir / c;
  }
  return git_dir;
}

bool lists(const std::string& exclude, const std::string& name) {
  std::istringstream lines(exclude);
  for (std::string line; std::getline(lines, line);)
    if (line == name || line == "/" + name || line == name + "/" || line == "/" + name + "/") return true;
  return false;
}

}  // namespace

void RepoState::prepare(const fs::path& repo_root, const fs::path& state_dir) {
  std::error_code ec;
  fs::create_directories(state_dir, ec);
  if (ec) throw Error(ACDC_E_APPLICATION, "cannot create " + state_dir.string() + ": " + ec.message());
  acdc::util::remove_stale_temporaries(state_dir);  // what writes cut short by a crash left
  const fs::path common = git_common_dir(repo_root);
  if (common.empty()) return;
  const fs::path exclude = common / "info" / "exclude";
  std::string text = FileStore::read(exclude).value_or("");
  const std::string name = state_dir.filename().string();
  if (lists(text, name)) return;
  if (!text.empty() && !text.ends_with('\n')) text += '\n';
  FileStore::write_atomic(exclude, text + "/" + name + "/\n");
}

}  // namespace acdc::settings
