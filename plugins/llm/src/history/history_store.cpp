#include "history/history_store.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace acdc::llm {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

void write_all(int fd, const std::string& bytes, const std::filesystem::path& file) {
  // One write(2) per record: O_APPEND makes it land whole at the end. A short
  // write (disk full) is finished off rather than left torn in the middle.
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      throw std::runtime_error("cannot append to history file '" + file.string() + "': " + std::strerror(errno) +
                               ": free disk space or fix its permissions");
    done += static_cast<size_t>(n);
  }
}

}  // namespace

HistoryStore::HistoryStore(std::filesystem::path file) : file_(std::move(file)) {}

HistoryStore::~HistoryStore() {
  if (fd_ >= 0) ::close(fd_);
}

LoadReport HistoryStore::load() {
  std::lock_guard lock(mu_);
  LoadReport report;
  records_.clear();
  std::ifstream in(file_, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  needs_newline_ = !text.empty() && text.back() != '\n';
  std::istringstream lines(text);
  std::string line;
  for (size_t number = 1; std::getline(lines, line); ++number) {
    if (line.empty()) continue;
    if (auto m = HistoryMessage::from_json(line)) records_.push_back(std::move(*m));
    else report.skipped_lines.push_back(number);
  }
  report.records = records_.size();
  return report;
}

void HistoryStore::open_for_append() {
  std::filesystem::create_directories(file_.parent_path());
  fd_ = ::open(file_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::runtime_error("cannot open history file '" + file_.string() + "': " + std::strerror(errno));
}

void HistoryStore::append(const HistoryMessage& message) {
  std::string line = message.to_json() + "\n";
  std::lock_guard lock(mu_);
  if (fd_ < 0) open_for_append();
  // After a crash the file may end inside a torn record; start on a fresh
  // line so the new record is not glued to it.
  if (needs_newline_) line.insert(line.begin(), '\n');
  // A record cut short (the disk filled mid-write) must not swallow the next
  // one either; at worst this leaves a blank line, which load() skips.
  needs_newline_ = true;
  write_all(fd_, line, file_);
  needs_newline_ = false;
  records_.push_back(message);
}

std::vector<SessionSummary> HistoryStore::list_sessions(std::optional<size_t> limit) const {
  std::lock_guard lock(mu_);
  std::map<std::string, SessionSummary> by_id;
  std::map<std::string, size_t> last_index;  // file order: newest session is the latest written
  for (size_t i = 0; i < records_.size(); ++i) {
    const auto& r = records_[i];
    auto& s = by_id[r.session_id];
    if (s.message_count++ == 0) {
      s.session_id = r.session_id;
      s.preview = preview(r.content);
      s.first_role = r.role;
    }
    s.timestamp = r.timestamp;
    last_index[r.session_id] = i;
  }
  std::vector<SessionSummary> out;
  for (auto& [id, s] : by_id) out.push_back(std::move(s));
  std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
    return last_index[a.session_id] > last_index[b.session_id];
  });
  if (limit && out.size() > *limit) out.resize(*limit);
  return out;
}

std::vector<HistoryMessage> HistoryStore::session(const std::string& session_id) const {
  std::lock_guard lock(mu_);
  std::vector<HistoryMessage> out;
  for (const auto& r : records_)
    if (r.session_id == session_id) out.push_back(r);
  return out;
}

std::vector<SearchHit> HistoryStore::search(const std::string& query, const std::string& role,
                                            size_t limit) const {
  std::lock_guard lock(mu_);
  std::vector<SearchHit> out;
  std::string needle = lower(query);
  if (needle.empty()) return out;
  for (auto it = records_.rbegin(); it != records_.rend() && out.size() < limit; ++it) {
    if (!role.empty() && it->role != role) continue;
    if (lower(it->content).find(needle) == std::string::npos) continue;
    out.push_back(SearchHit{it->session_id, it->id, it->role, preview(it->content), it->timestamp});
  }
  return out;
}

std::optional<std::string> HistoryStore::latest_session_id() const {
  std::lock_guard lock(mu_);
  if (records_.empty()) return std::nullopt;
  return records_.back().session_id;
}

size_t HistoryStore::size() const {
  std::lock_guard lock(mu_);
  return records_.size();
}

std::string HistoryStore::preview(const std::string& text) {
  size_t chars = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (chars++ == 100) return text.substr(0, i) + "\xE2\x80\xA6";
  }
  return text;
}

}  // namespace acdc::llm
