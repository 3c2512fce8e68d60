// bb7/chat_files.cpp -- see chat_files.hpp.
#include "bb7/chat_files.hpp"

#include "bb7/edit/lines.hpp"
#include "bb7/files.hpp"
#include "bb7/safe_path.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <algorithm>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

fs::path ChatFiles::snapshot_path(const ContextFile& e) const {
  return snapshot_file(dir_ / "context", e.path, e.external, e.start_line, e.end_line);
}

std::optional<std::string> ChatFiles::read_snapshot(const ContextFile& e) const {
  return read_file(snapshot_path(e));
}

void ChatFiles::write_snapshot(const ContextFile& e, std::string_view content) const {
  acdc::util::replace_file(snapshot_path(e), content);
}

fs::path ChatFiles::output_path(const std::string& path) const { return join_under(dir_ / "output", path); }

std::optional<std::string> ChatFiles::read_output(const std::string& path) const {
  std::error_code ec;
  fs::path p = output_path(path);
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  return read_file(p);
}

void ChatFiles::write_output(const std::string& path, std::string_view content) const {
  fs::path p = output_path(path);
  if (!root_.empty()) ensure_inside(root_, p);
  ensure_inside(dir_ / "output", p);
  acdc::util::replace_file(p, content);
}

bool ChatFiles::remove_output(const std::string& path) const {
  std::error_code ec;
  fs::path p = output_path(path);
  bool removed = fs::remove(p, ec);
  // Empty directories left behind would make the chat look non-empty.
  for (fs::path d = p.parent_path(); removed && d != dir_ / "output" && fs::is_empty(d, ec); d = d.parent_path())
    fs::remove(d, ec);
  return removed;
}

std::vector<std::string> ChatFiles::output_files() const {
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path base = dir_ / "output";
  for (auto it = fs::recursive_directory_iterator(base, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_regular_file(ec) && name.find(".tmp-") == std::string::npos)
      out.push_back(it->path().lexically_relative(base).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

fs::path ChatFiles::local_path(const std::string& path) const {
  if (!path.empty() && path.front() == '/') return path;
  return root_ / path;
}

bool same_text(std::string_view a, std::string_view b) {
  return a == b || normalize_newlines(a) == normalize_newlines(b);
}

}  // namespace acdc::adapters::bb7
