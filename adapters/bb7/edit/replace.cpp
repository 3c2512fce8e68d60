// bb7/edit/replace.cpp -- see replace.hpp.
#include "bb7/edit/replace.hpp"

#include "bb7/edit/lines.hpp"

#include <acdc/sdk/error.hpp>

#include <optional>

namespace acdc::adapters::bb7 {
namespace {

[[noreturn]] void fail(const std::string& message) { throw Error(ACDC_E_INVALID_PARAMS, message); }

constexpr std::size_t kMinPrefix = 8;

struct Match {
  std::vector<std::size_t> starts;
  MatchPass pass = MatchPass::exact;
  bool prefix = false;  // pass 4
};

bool is_boundary_prefix(std::string_view file_line, std::string_view old_line) {
  std::string_view f = trim(file_line), o = trim(old_line);
  return o.size() >= kMinPrefix && o.size() < f.size() && f.substr(0, o.size()) == o;
}

// Pass 4: interior lines equal when trimmed; the first and/or last line may
// be a long enough prefix of the file line, and at least one of them is.
std::vector<std::size_t> find_prefix_block(const std::vector<std::string>& file, const std::vector<std::string>& old) {
  std::vector<std::size_t> hits;
  const std::size_t n = old.size();
  if (n < 2 || n > file.size()) return hits;
  for (std::size_t i = 0; i + n <= file.size();) {
    bool ok = true, any_prefix = false;
    for (std::size_t j = 0; j < n && ok; ++j) {
      if (lines_equal(file[i + j], old[j], MatchPass::trimmed)) continue;
      if ((j == 0 || j == n - 1) && is_boundary_prefix(file[i + j], old[j])) any_prefix = true;
      else ok = false;
    }
    if (ok && any_prefix) {
      hits.push_back(i);
      i += n;
    } else {
      ++i;
    }
  }
  return hits;
}

std::optional<Match> find_lines(const std::vector<std::string>& file, const std::vector<std::string>& old) {
  for (MatchPass pass : {MatchPass::exact, MatchPass::trailing_ws, MatchPass::trimmed}) {
    auto hits = find_block(file, old, pass);
    if (!hits.empty()) return Match{std::move(hits), pass, false};
  }
  auto hits = find_prefix_block(file, old);
  if (!hits.empty()) return Match{std::move(hits), MatchPass::trimmed, true};
  return std::nullopt;
}

// What replaces file[at, at+old.size()) for one match.
std::vector<std::string> replacement(const std::vector<std::string>& file, std::size_t at,
                                     const std::vector<std::string>& old, std::vector<std::string> repl,
                                     const Match& m) {
  std::vector<std::string> block(file.begin() + at, file.begin() + at + old.size());
  if (m.prefix) {  // a repeated truncated boundary line comes back whole
    for (auto& line : repl)
      for (std::size_t j : {std::size_t{0}, old.size() - 1})
        if (trim(line) == trim(old[j]) && is_boundary_prefix(block[j], old[j])) line = block[j];
  }
  if (m.pass == MatchPass::trimmed && !old.empty() && !repl.empty() &&
      leading_ws(block[0]) != leading_ws(old[0]) && leading_ws(old[0]) == leading_ws(repl[0]))
    repl = reindent(repl, old, block);
  return repl;
}

std::string lines_list(const std::vector<std::size_t>& starts) {
  std::string out;
  for (std::size_t i = 0; i < starts.size(); ++i) out += (i ? ", " : "") + std::to_string(starts[i] + 1);
  return out;
}

std::string replace_substring(std::string_view content, std::string_view old_string, std::string_view new_string,
                              bool replace_all) {
  std::string text = normalize_newlines(content);
  std::string old = normalize_newlines(old_string), repl = normalize_newlines(new_string);
  std::size_t first = text.find(old);
  if (first == std::string::npos) fail("old_string not found in file");
  if (!replace_all && text.find(old, first + old.size()) != std::string::npos)
    fail("old_string not unique (multiple substring matches)");
  std::string out;
  std::size_t pos = 0;
  for (std::size_t at = first; at != std::string::npos; at = replace_all ? text.find(old, pos) : std::string::npos) {
    out.append(text, pos, at - pos);
    out += repl;
    pos = at + old.size();
  }
  out.append(text, pos);
  return out;
}

}  // namespace

std::string replace_text(std::string_view content, std::string_view old_string, std::string_view new_string,
                         bool replace_all) {
  if (old_string == new_string) fail("old_string and new_string are identical (no-op)");
  if (old_string.empty()) {
    if (content.find_first_not_of(" \t\r\n") != std::string_view::npos)
      fail("old_string is empty but file has content");
    return std::string(new_string);
  }
  std::vector<std::string> file = split_lines(content);
  std::vector<std::string> old = split_lines(old_string);
  std::vector<std::string> repl = split_lines(new_string);
  auto match = old.empty() ? std::nullopt : find_lines(file, old);
  if (!match) return replace_substring(content, old_string, new_string, replace_all);
  if (match->starts.size() > 1 && !replace_all)
    fail("old_string not unique (" + std::to_string(match->starts.size()) + " matches at lines " +
         lines_list(match->starts) + ")");
  // Bottom-up so earlier indices stay valid.
  for (auto it = match->starts.rbegin(); it != match->starts.rend(); ++it) {
    std::vector<std::string> with = replacement(file, *it, old, repl, *match);
    file.erase(file.begin() + static_cast<std::ptrdiff_t>(*it),
               file.begin() + static_cast<std::ptrdiff_t>(*it + old.size()));
    file.insert(file.begin() + static_cast<std::ptrdiff_t>(*it), with.begin(), with.end());
  }
  return join_lines(file);
}

}  // namespace acdc::adapters::bb7
