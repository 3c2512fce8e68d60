// bb7/tool_calls.cpp -- see tool_calls.hpp.
#include "bb7/tool_calls.hpp"

#include "bb7/edit/anchored.hpp"
#include "bb7/edit/replace.hpp"
#include "bb7/files.hpp"
#include "bb7/safe_path.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <acdc/sdk/error.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;
using rapidjson::Value;

namespace {

// A failure that abandons the rest of one call (a diff error, §7.4).
struct DiffError {
  std::string message;
};

bool bool_member(const Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}

std::vector<std::string> string_list(const Value& v, const char* key) {
  std::vector<std::string> out;
  auto it = v.FindMember(key);
  if (it == v.MemberEnd() || !it->value.IsArray()) return out;
  for (const auto& s : it->value.GetArray()) out.emplace_back(s.IsString() ? s.GetString() : "");
  return out;
}

std::string id_error(const std::string& got, const std::string& expected, const std::string& path,
                     const std::string& source) {
  if (got.empty())
    return "file_id missing: expected " + expected + " for " + path + " (base=" + source +
           "). Include file_id from the current writable @file id.";
  return "file_id mismatch: got " + got + ", expected " + expected + " (base=" + source +
         "). Use the writable @file id for this path.";
}

}  // namespace

ToolCalls::ToolCalls(const Chat& chat, const ChatFiles& files, fs::path root, std::string diff_mode)
    : chat_(chat), files_(files), root_(std::move(root)), mode_(std::move(diff_mode)) {}

std::string ToolCalls::normalize(const std::string& path) const {
  if (path.find('\0') != std::string::npos) throw Error(ACDC_E_INVALID_PARAMS, "invalid path");
  std::string rel = path;
  if (!path.empty() && path.front() == '/') {
    ContextPath cp = classify_context_path(root_, path);
    if (cp.external) throw Error(ACDC_E_PERMISSION_DENIED, "path escapes base directory");
    rel = cp.path;
  }
  files_.output_path(rel);  // the join-and-check of §12
  return fs::path(rel).lexically_normal().generic_string();
}

void ToolCalls::check_writable(const std::string& path) const {
  for (const auto& f : chat_.context_files)
    if (f.path == path && !f.is_section() && (f.readonly || f.external))
      throw Error(ACDC_E_PERMISSION_DENIED, "file is read-only");
}

std::optional<ToolCalls::Base> ToolCalls::base_of(const std::string& path) const {
  if (auto it = writes.find(path); it != writes.end())
    return Base{it->second.content, "pending_write", content_version(path, it->second.content)};
  if (auto out = files_.read_output(path)) return Base{*out, "output", content_version(path, *out)};
  for (const auto& f : chat_.context_files)
    if (f.path == path && !f.is_section())
      if (auto snap = files_.read_snapshot(f)) return Base{*snap, "context", content_version(path, *snap)};
  return std::nullopt;
}

void ToolCalls::put(const std::string& path, std::string content) {
  auto [it, fresh] = writes.try_emplace(path);
  if (fresh) {
    order.push_back(path);
    bool in_context = false;
    for (const auto& f : chat_.context_files) in_context = in_context || (f.path == path && !f.is_section());
    it->second.added = !in_context;
  }
  it->second.content = std::move(content);
}

void ToolCalls::record(const std::string& name, const std::string& arguments, const Value* args,
                       const std::string& path) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("tool"); w.String(name.c_str());
  if (args) { w.Key("args"); args->Accept(w); }
  else { w.Key("args_raw"); w.String(arguments.c_str(), static_cast<rapidjson::SizeType>(arguments.size())); }
  if (!path.empty()) { w.Key("path"); w.String(path.c_str()); }
  w.EndObject();
  records_.emplace_back(buf.GetString(), buf.GetSize());
}

std::string ToolCalls::calls_json() const {
  std::string out = "[";
  for (std::size_t i = 0; i < records_.size(); ++i) out += (i ? "," : "") + records_[i];
  return out + "]";
}

void ToolCalls::reset_for_retry() {
  chunks.clear();
  diff_errors.clear();
  terminal.reset();
  written_.clear();
  anchored_.clear();
}

void ToolCalls::apply(const std::string& name, const std::string& arguments) {
  rapidjson::Document args;
  const bool parsed = rpc::parse_limited(arguments, args, rpc::kMaxDepth) == rpc::ParseOutcome::ok && args.IsObject();
  std::string path = parsed ? string_member(args, "path") : "";
  if (parsed && name == "edit_file" && mode_ == "search_replace_multi") {
    std::string joined;
    if (auto edits = args.FindMember("edits"); edits != args.MemberEnd() && edits->value.IsArray())
      for (const auto& e : edits->value.GetArray())
        if (std::string p = string_member(e, "path"); !p.empty() && (","+joined+",").find(","+p+",") == std::string::npos)
          joined += (joined.empty() ? "" : ",") + p;
    path = joined;
  }
  record(name, arguments, parsed ? &args : nullptr, path);
  if (terminal) return;
  try {
    if (name == "write_file") {
      if (parsed) write_file(args);
      else log::warn("bb7: write_file arguments are not JSON; ignored (§7.4)");
    } else if (name == "edit_file") {
      if (!parsed) {
        terminal = "edit_file parse error: arguments are not a JSON object";
        return;
      }
      if (mode_ == "search_replace_multi") edit_multi(args);
      else if (mode_ == "search_replace") edit_single(args);
      else if (mode_ == "anchored") edit_anchored(args);
      else diff_errors.push_back("edit_file is not available in diff_mode " + mode_);
    } else {
      diff_errors.push_back("unknown tool: " + name);
    }
  } catch (const DiffError& e) {
    diff_errors.push_back(e.message);
  }
}

std::string ToolCalls::writable_path(const char* tool, const std::string& raw) const {
  try {
    std::string path = normalize(raw);
    check_writable(path);
    return path;
  } catch (const Error& e) {
    // §15 Q6: the reference claims such a write and drops it; we say so.
    throw DiffError{std::string(tool) + " " + raw + ": " + e.what()};
  }
}

std::optional<ToolCalls::Base> ToolCalls::id_checked_base(const std::string& path, const Value& args) {
  auto base = base_of(path);
  if (!base) {
    terminal = "edit_file: " + path + " not in context or output";
    return std::nullopt;
  }
  const std::string id = string_member(args, "file_id");
  if (id != base->version) throw DiffError{"edit_file " + path + ": " + id_error(id, base->version, path, base->source)};
  return base;
}

void ToolCalls::write_file(const Value& args) {
  const std::string raw = string_member(args, "path");
  if (raw.empty()) return log::warn("bb7: write_file without a path; ignored (§7.4)");
  const std::string path = writable_path("write_file", raw);
  if (!written_.insert(path).second) {
    terminal = "Duplicate write_file for path in single response: " + path;
    return;
  }
  put(path, string_member(args, "content"));
  chunks.push_back(std::string("\n[Assistant ") + (writes[path].added ? "added" : "modified") + ": " + path + "]\n");
}

void ToolCalls::edit_multi(const Value& args) {
  auto edits = args.FindMember("edits");
  if (edits == args.MemberEnd() || !edits->value.IsArray() || edits->value.Empty())
    throw DiffError{"edit_file: no edits"};
  struct Edit {
    std::string path, file_id, old_s, new_s;
    bool all;
  };
  std::vector<Edit> list;
  std::size_t i = 0;
  for (const auto& e : edits->value.GetArray()) {
    ++i;
    Edit edit{string_member(e, "path"), string_member(e, "file_id"), string_member(e, "old_string"),
              string_member(e, "new_string"), bool_member(e, "replace_all")};
    if (edit.path.empty()) throw DiffError{"edit_file: edit " + std::to_string(i) + " has no path"};
    if (edit.old_s != edit.new_s) list.push_back(std::move(edit));  // no-ops are dropped quietly
  }
  if (list.empty()) throw DiffError{"edit_file: all edits are no-ops"};
  // One call is all or nothing: edits go to a working copy first.
  std::map<std::string, Base> work;
  std::map<std::string, std::string> first_ids;
  i = 0;
  for (const auto& e : list) {
    const std::string where = "edit_file edit " + std::to_string(++i) + " (" + e.path;
    std::string path;
    try {
      path = normalize(e.path);
      check_writable(path);
    } catch (const Error& err) {
      throw DiffError{where + "): " + err.what()};
    }
    if (!work.count(path)) {
      auto base = base_of(path);
      if (!base) {
        terminal = "edit_file: " + path + " not in context or output";
        return;
      }
      first_ids[path] = base->version;
      work[path] = *base;
    }
    Base& b = work[path];
    if (e.file_id != first_ids[path]) throw DiffError{where + "): " + id_error(e.file_id, first_ids[path], path, b.source)};
    try {
      b.content = replace_text(b.content, e.old_s, e.new_s, e.all);
    } catch (const Error& err) {
      throw DiffError{where + ", base=" + b.source + "): " + err.what()};
    }
  }
  for (auto& [path, b] : work) put(path, b.content);
  chunks.push_back("\n[Assistant modified: " + std::to_string(list.size()) + " edit(s)]\n");
}

void ToolCalls::edit_single(const Value& args) {
  const std::string raw = string_member(args, "path");
  if (raw.empty()) throw DiffError{"edit_file: missing path"};
  const std::string old_s = string_member(args, "old_string"), new_s = string_member(args, "new_string");
  if (old_s == new_s) throw DiffError{"edit_file " + raw + ": old_string and new_string are identical (no-op)"};
  const std::string path = writable_path("edit_file", raw);
  auto base = id_checked_base(path, args);
  if (!base) return;
  try {
    put(path, replace_text(base->content, old_s, new_s, bool_member(args, "replace_all")));
  } catch (const Error& err) {
    throw DiffError{"edit_file " + path + " (base=" + base->source + "): " + err.what()};
  }
  chunks.push_back("\n[Assistant modified: " + path + "]\n");
}

void ToolCalls::edit_anchored(const Value& args) {
  const std::string raw = string_member(args, "path");
  if (raw.empty()) throw DiffError{"edit_file: missing path"};
  auto changes = args.FindMember("changes");
  if (changes == args.MemberEnd() || !changes->value.IsArray() || changes->value.Empty())
    throw DiffError{"edit_file " + raw + ": no changes"};
  std::vector<AnchoredChange> list;
  std::size_t i = 0;
  for (const auto& c : changes->value.GetArray()) {
    ++i;
    AnchoredChange change{string_list(c, "start"), string_list(c, "end"), string_list(c, "content")};
    if (change.start.empty() || change.start.size() > 10)
      throw DiffError{"edit_file " + raw + ": change " + std::to_string(i) + ": start must have 1 to 10 lines"};
    if (change.end.size() > 10)
      throw DiffError{"edit_file " + raw + ": change " + std::to_string(i) + ": end must have at most 10 lines"};
    list.push_back(std::move(change));
  }
  const std::string path = writable_path("edit_file", raw);
  if (!anchored_.insert(path).second) {
    terminal = "Duplicate file output for path in single response: " + path;
    return;
  }
  auto base = id_checked_base(path, args);
  if (!base) return;
  try {
    put(path, apply_anchored(base->content, list));
  } catch (const AnchoredError& err) {
    std::string where = "edit_file " + path + ": ";
    if (err.index == 0) throw DiffError{where + err.what()};
    const auto& start = list[err.index - 1].start;
    throw DiffError{where + "change " + std::to_string(err.index) + ": " + err.what() + " (start: \"" + start[0] +
                    "\"" + (start.size() > 1 ? " [...]" : "") + ")"};
  }
  chunks.push_back("\n[Assistant modified: " + path + "]\n");
}

}  // namespace acdc::adapters::bb7
