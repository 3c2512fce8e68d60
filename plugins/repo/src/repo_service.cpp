#include "repo_service.hpp"

#include "searcher.hpp"
#include "status_scan.hpp"

#include <acdc/sdk/utf8.hpp>

#include <sys/stat.h>

#include <filesystem>

namespace fs = std::filesystem;

namespace acdc::repo {

namespace {

const Outcome kOk{{"status", "ok"}};

}  // namespace

size_t max_file_bytes_from(const Json& config) {
  if (config.IsObject() && config.HasMember("max_file_bytes")) {
    const auto& v = config["max_file_bytes"];
    if (!v.IsUint64() || v.GetUint64() == 0)
      throw invalid_params("repo plugin config: max_file_bytes must be a positive number of bytes");
    return static_cast<size_t>(v.GetUint64());
  }
  return size_t{4} << 20;
}

std::string repo_root_from(const Json& config) {
  if (config.IsObject() && config.HasMember("host") && config["host"].IsObject() &&
      config["host"].HasMember("repo_root") && config["host"]["repo_root"].IsString())
    return config["host"]["repo_root"].GetString();
  throw Error(ACDC_E_FAILED_PRECONDITION, "the host gave the repo plugin no repo_root: start acdc with --repo <path>");
}

fs::path state_dir_from(const Json& config, const fs::path& root) {
  auto host = config.IsObject() ? config.FindMember("host") : config.MemberEnd();
  if (config.IsObject() && host != config.MemberEnd() && host->value.IsObject())
    if (auto dir = host->value.FindMember("state_dir"); dir != host->value.MemberEnd() && dir->value.IsString() &&
                                                         dir->value.GetStringLength() > 0)
      return dir->value.GetString();
  return root / ".acdc";
}

// The host says "git_optional" when a plain directory is a valid project
// (acdc --stdio for bb7.nvim); the web host needs a repository.
static bool git_optional_from(const Json& config) {
  auto host = config.IsObject() ? config.FindMember("host") : config.MemberEnd();
  if (host == config.MemberEnd() || !host->value.IsObject()) return false;
  auto flag = host->value.FindMember("git_optional");
  return flag != host->value.MemberEnd() && flag->value.IsBool() && flag->value.GetBool();
}

RepoService::RepoService(Context& ctx)
    : host_(ctx.host),
      repo_(repo_root_from(ctx.config), git_optional_from(ctx.config)),
      status_(repo_, ChecksFile(state_dir_from(ctx.config, repo_.root()) / "status-checks.bin")),
      guard_(repo_.root()),
      files_(guard_, locks_, max_file_bytes_from(ctx.config)),
      // The line counts a first tree left out are in: clients ask for the tree again.
      tree_(repo_.root(), files_.max_file_bytes(), state_dir_from(ctx.config, repo_.root()) / "tree-facts.bin",
            [this] { host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", "[[]]"); }),
      index_(repo_),
      refs_(repo_),
      history_(repo_),
      review_(repo_) {
  repo_.exclude_state_dir();
}

std::vector<std::string> RepoService::normalize_all(const std::vector<std::string>& paths) const {
  std::vector<std::string> out;
  out.reserve(paths.size());
  for (const auto& p : paths) {
    guard_.resolve(p);
    out.push_back(guard_.normalize(p));
  }
  return out;
}

void RepoService::notify_modified(const std::vector<std::string>& paths) {
  std::vector<std::string> valid;
  for (const auto& p : paths) valid.push_back(to_valid_utf8(p));
  host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", json_array(valid));
}

std::string RepoService::get_file_content(std::string path, std::optional<std::string> version) {
  if (!version || version->empty()) return files_.read_text(path);
  std::string rel = guard_.normalize(path);
  std::string data = refs_.file_at(*version, rel);
  if (looks_binary(data)) throw Error(ACDC_E_FAILED_PRECONDITION, "Binary file cannot be read as text: " + quote_path(rel));
  if (data.size() > files_.max_file_bytes())
    throw Error(ACDC_E_FAILED_PRECONDITION, "File too large to send: " + quote_path(rel) + " at " + *version);
  return to_valid_utf8(data);
}

Outcome RepoService::write_file(std::string path, std::string content) {
  notify_modified({files_.write(path, content)});
  return kOk;
}

Outcome RepoService::create_file(std::string path, std::optional<std::string> content) {
  notify_modified({files_.create(path, content.value_or(""))});
  return kOk;
}

Outcome RepoService::delete_file(std::string path) {
  notify_modified({files_.remove(path)});
  return kOk;
}

bool RepoService::file_exists(std::string path) { return files_.exists(path); }

bool RepoService::is_binary_file(std::string path) { return files_.is_binary(path); }

std::map<std::string, std::string> RepoService::get_file_base64(std::string path) {
  return {{"data_uri", files_.data_uri(path)}};
}

RawJson RepoService::get_file_tree() {
  RepoStatus st;
  {
    auto lock = repo_.lock();
    st = status_.scan(ScanOptions{});
  }
  return RawJson{tree_.build_json(std::move(st))};
}

std::vector<std::string> RepoService::existing_files() {
  RepoStatus st;
  {
    auto lock = repo_.lock();
    st = status_.scan(ScanOptions{.numstat = false});
  }
  // On disk is what counts: a staged deletion (`git rm --cached`) is still a file here.
  std::vector<std::string> present;
  present.reserve(st.files.size());
  for (size_t i = 0; i < st.files.size(); ++i)
    if (st.stats[i].size >= 0 && !S_ISDIR(st.stats[i].mode) && !st.submodules.count(st.files[i]))
      present.push_back(std::move(st.files[i]));
  return present;
}

std::string RepoService::get_flat_file_list() {
  std::string out;
  for (const auto& f : existing_files()) out += (out.empty() ? "" : "\n") + to_valid_utf8(f);
  return out;
}

RawJson RepoService::search_files(std::string query, std::optional<bool> whole_word, std::optional<bool> use_regex,
                                  std::optional<bool> ignore_case, std::optional<int> context_lines) {
  SearchQuery q{query, whole_word.value_or(false), use_regex.value_or(false), ignore_case.value_or(true),
                context_lines.value_or(1)};
  if (q.text.empty()) return RawJson{"[]"};
  SearchLimits limits;
  limits.max_file_bytes = files_.max_file_bytes();
  std::vector<std::string> files;
  {
    auto lock = repo_.lock();
    files = status_.list_files();
  }
  return RawJson{repo::search_files(repo_.root(), files, q, limits)};
}

Outcome RepoService::stage_files(std::vector<std::string> paths) {
  index_.stage(normalize_all(paths));
  return kOk;
}

Outcome RepoService::unstage_files(std::vector<std::string> paths) {
  index_.unstage(normalize_all(paths));
  return kOk;
}

Outcome RepoService::discard_changes(std::vector<std::string> paths) {
  auto rel = normalize_all(paths);
  auto held = locks_.acquire(rel);
  notify_modified(index_.discard(rel));
  return kOk;
}

Outcome RepoService::stage_all() {
  index_.stage_all();
  return kOk;
}

Outcome RepoService::rename(const std::string& from, const std::string& to) {
  auto rel = normalize_all({from, to});
  auto held = locks_.acquire(rel);
  index_.rename(rel[0], rel[1]);
  notify_modified(rel);
  return kOk;
}

Outcome RepoService::rename_file(std::string from, std::string to) { return rename(from, to); }

Outcome RepoService::rename_directory(std::string from, std::string to) { return rename(from, to); }

std::string RepoService::get_staged_diff() { return index_.staged_diff(); }

std::string RepoService::get_unstaged_diff() { return index_.unstaged_diff(); }

std::string RepoService::get_diff_to_branch(std::string branch) { return index_.diff_to(branch); }

RawJson RepoService::commit(std::string message) {
  CommitResult c = index_.commit(message);
  return RawJson{"{\"sha\":" + to_json_text(c.sha) + ",\"message\":" + to_json_text(to_valid_utf8(c.message)) + "}"};
}

Outcome RepoService::reset_hard() {
  RepoStatus before;
  {
    auto lock = repo_.lock();
    before = status_.scan(ScanOptions{.numstat = false, .untracked = false});
  }
  index_.reset_hard();
  std::vector<std::string> touched = before.modified;
  touched.insert(touched.end(), before.staged.begin(), before.staged.end());
  touched.insert(touched.end(), before.deleted.begin(), before.deleted.end());
  if (!touched.empty()) notify_modified(touched);
  return kOk;
}

bool RepoService::is_clean() { return index_.is_clean(); }

}  // namespace acdc::repo
