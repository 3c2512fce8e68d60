// bb7/tool_calls.hpp -- what the model's write_file / edit_file calls do to
// one response's pending writes (bb7.md §7.4), in the provider's index
// order (§15 Q5). Nothing touches the disk here: the send pipeline commits
// the pending writes when the response has no diff errors (§7.5).
//
//   ToolCalls tools(chat, files, root, "search_replace_multi");
//   for (const auto& call : result.tool_calls) tools.apply(call.name, call.arguments);
//   if (tools.terminal) ...; else if (!tools.diff_errors.empty()) ...; else commit(tools.writes)
#pragma once

#include "bb7/chat.hpp"
#include "bb7/chat_files.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace acdc::adapters::bb7 {

struct PendingWrite {
  std::string content;
  bool added = false;  // the path was not in context
};

class ToolCalls {
 public:
  ToolCalls(const Chat& chat, const ChatFiles& files, std::filesystem::path root, std::string diff_mode);

  // Applies one call; the outcome accumulates in the members below.
  void apply(const std::string& name, const std::string& arguments);

  std::vector<std::string> chunks;          // "\n[Assistant added: P]\n", ... to stream
  std::vector<std::string> diff_errors;
  std::optional<std::string> terminal;      // the first terminal error
  std::map<std::string, PendingWrite> writes;
  std::vector<std::string> order;           // paths, first write first
  std::string calls_json() const;           // [{tool, args|args_raw, path?}]
  // The repair retry (§7.7) starts from these writes with no errors; the
  // calls of round one stay in calls_json(), before the retry's (§7.7: a
  // failed retry reports the calls of both rounds, as the reference does).
  void reset_for_retry();

 private:
  struct Base {
    std::string content, source, version;
  };
  std::optional<Base> base_of(const std::string& path) const;
  std::string normalize(const std::string& path) const;  // throws the §12 texts
  void check_writable(const std::string& path) const;
  // normalize() and check_writable(), failing as a diff error of `tool`.
  std::string writable_path(const char* tool, const std::string& raw) const;
  // The base a single or anchored edit of `path` applies to, its file_id
  // checked (a mismatch is a diff error); nullopt, with `terminal` set, when
  // the path is in neither context nor output.
  std::optional<Base> id_checked_base(const std::string& path, const rapidjson::Value& args);
  void put(const std::string& path, std::string content);
  void write_file(const rapidjson::Value& args);
  void edit_multi(const rapidjson::Value& args);
  void edit_single(const rapidjson::Value& args);
  void edit_anchored(const rapidjson::Value& args);
  void record(const std::string& name, const std::string& arguments, const rapidjson::Value* args,
              const std::string& path);

  const Chat& chat_;
  const ChatFiles& files_;
  std::filesystem::path root_;
  std::string mode_;
  std::set<std::string> written_;   // write_file paths (duplicates are terminal)
  std::set<std::string> anchored_;  // anchored outputs (duplicates are terminal)
  std::vector<std::string> records_;
};

}  // namespace acdc::adapters::bb7
