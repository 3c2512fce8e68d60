#include "edit/edit_applier.hpp"

#include "edit/edit_parser.hpp"
#include "edit/line_ends.hpp"

#include <algorithm>

namespace acdc::llm {
namespace {

// Non-overlapping, as Python's str.count: "x\nx" occurs once in "x\nx\nx\n".
size_t count_occurrences(const std::string& haystack, const std::string& needle) {
  if (needle.empty()) return 0;
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + needle.size())) ++n;
  return n;
}

std::string strip_trailing_newlines(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// Every run of whitespace becomes one space, ends trimmed.
std::string collapse_whitespace(const std::string& s) {
  std::string out;
  bool in_space = false;
  for (char c : s) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    if (space) in_space = !out.empty();
    else {
      if (in_space) out += ' ';
      in_space = false;
      out += c;
    }
  }
  return out;
}

void add_unique(std::vector<std::string>& list, const std::string& path) {
  if (std::find(list.begin(), list.end(), path) == list.end()) list.push_back(path);
}

EditResult failed(EditResult r, std::string error_type, std::string message) {
  r.status = "failed";
  r.error_type = std::move(error_type);
  r.message = std::move(message);
  return r;
}

bool mentions_missing(const std::string& error) {
  std::string lower = error;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.find("not found") != std::string::npos || lower.find("missing") != std::string::npos ||
         lower.find("no such file") != std::string::npos;
}

}  // namespace

std::string EditApplier::preview(const std::string& text) {
  size_t chars = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (chars++ == 200) return text.substr(0, i) + "...";
  }
  return text;
}

ApplyOutcome EditApplier::apply(const std::vector<EditBlock>& blocks,
                                const std::set<std::string>& in_context, bool dry_run) {
  ApplyOutcome out;
  for (const auto& block : blocks) {
    if (!block.completed) continue;
    EditResult r;
    if (block.is_create) {
      r = apply_create(block, dry_run, out);
    } else if (!in_context.contains(block.file_path)) {
      r = EditResult{block.file_path, "not_in_context",
                     "File is not in active context. Added to selection for retry on next request.",
                     "", preview(block.old_text), preview(block.new_text)};
      add_unique(out.files_auto_added, block.file_path);
    } else {
      r = apply_edit(block, dry_run, out);
    }
    if (r.status == "applied") ++out.passed;
    else if (r.status == "already_applied") ++out.already_applied;
    else if (r.status == "failed") ++out.failed;
    else if (r.status == "skipped") ++out.skipped;
    else if (r.status == "not_in_context") ++out.not_in_context;
    out.results.push_back(std::move(r));
  }
  return out;
}

EditResult EditApplier::apply_create(const EditBlock& block, bool dry_run, ApplyOutcome& out) {
  EditResult r{block.file_path, "", "", "", "", preview(block.new_text)};
  try {
    if (files_.exists(block.file_path)) {
      std::string current;
      try {
        current = to_lf(files_.read(block.file_path));
      } catch (const FileAccessError& e) {
        return read_failure(r, e.what());  // there, but binary or unreadable
      }
      if (strip_trailing_newlines(current) == strip_trailing_newlines(block.new_text)) {
        r.status = "already_applied";
        r.message = "File already has the target content.";
        return r;
      }
      return failed(r, "validation_error", "Cannot create: file already exists with different content.");
    }
    if (dry_run) {
      r.status = "validated";
      r.message = "Create validated.";
      return r;
    }
    files_.create(block.file_path, block.new_text);
  } catch (const FileAccessError& e) {
    return failed(r, "write_error", std::string("Failed to create file: ") + e.what());
  }
  r.status = "applied";
  r.message = "File created.";
  add_unique(out.files_created, block.file_path);
  add_unique(out.files_modified, block.file_path);  // staged with the edits (§4.3 step 6)
  return r;
}

EditResult EditApplier::apply_edit(const EditBlock& block, bool dry_run, ApplyOutcome& out) {
  EditResult r{block.file_path, "", "", "", preview(block.old_text), preview(block.new_text)};
  std::string content;
  try {
    content = files_.read(block.file_path);
  } catch (const FileAccessError& e) {
    return read_failure(r, e.what());
  }
  const bool crlf = only_crlf(content);
  if (crlf) content = to_lf(content);  // matched with the model's LF text, written back with CRLF
  size_t count = count_occurrences(content, block.old_text);
  if (count > 1)
    return failed(r, "ambiguous_anchor",
                  "Ambiguous anchor: matches " + std::to_string(count) +
                      " locations. Include more surrounding context lines for a unique match.");
  if (count == 0) {
    if (!block.new_text.empty() && content.find(block.new_text) != std::string::npos) {
      r.status = "already_applied";
      r.message = "New content already present in file.";
      return r;
    }
    return anchor_not_found(r, content, block);
  }
  if (dry_run) {
    r.status = "validated";
    r.message = "Edit validated.";
    return r;
  }
  content.replace(content.find(block.old_text), block.old_text.size(), block.new_text);
  if (crlf) content = to_crlf(content);
  try {
    files_.write(block.file_path, content);
  } catch (const FileAccessError& e) {
    return failed(r, "write_error", std::string("Failed to write file: ") + e.what());
  }
  r.status = "applied";
  r.message = "Edit applied.";
  add_unique(out.files_modified, block.file_path);
  return r;
}

EditResult EditApplier::read_failure(EditResult r, const std::string& error) {
  if (mentions_missing(error)) return failed(r, "file_not_found", error);
  r.status = "skipped";
  r.error_type = "validation_error";
  r.message = error;
  return r;
}

EditResult EditApplier::anchor_not_found(EditResult r, const std::string& content, const EditBlock& b) {
  std::string collapsed_old = collapse_whitespace(b.old_text);
  if (!collapsed_old.empty() && collapse_whitespace(content).find(collapsed_old) != std::string::npos)
    return failed(r, "anchor_not_found",
                  "Old text not found — whitespace mismatch likely. Check for tabs vs spaces or "
                  "trailing whitespace.");
  const std::string first_line = b.old_text.substr(0, b.old_text.find('\n'));
  if (!first_line.empty() && content.find(first_line) != std::string::npos)
    return failed(r, "anchor_not_found",
                  "Old text not found — first line matches but subsequent lines differ. Re-read the "
                  "file and copy the exact current content. Don't rely on chat history.");
  return failed(r, "anchor_not_found",
                "Old text not found in file. Re-read the file content from context and copy the "
                "exact text. Don't rely on chat history.");
}

}  // namespace acdc::llm
