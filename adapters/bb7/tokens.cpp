// bb7/tokens.cpp -- see tokens.hpp.
#include "bb7/tokens.hpp"

#include "bb7/chat_files.hpp"
#include "bb7/chat_text.hpp"
#include "bb7/engine.hpp"
#include "bb7/instructions.hpp"
#include "bb7/prompt.hpp"

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

std::vector<long long> count_tokens(Engine* engine, const std::vector<std::string>& texts) {
  if (engine) {
    try {
      auto counts = engine->count_tokens(texts);
      if (counts.size() == texts.size()) return counts;
    } catch (const std::exception&) {
      // §11: a count that fails is an estimate anyway; fall through.
    }
  }
  std::vector<long long> out;
  for (const auto& t : texts) out.push_back(t.empty() ? 0 : std::max<long long>(1, static_cast<long long>(t.size() / 4)));
  return out;
}

std::string token_estimate_line(Session& s, Chat& chat, const Session::Active& a, const Request& req) {
  ChatFiles files(s.chat_root(a), s.root_);
  std::vector<std::string> texts;
  texts.emplace_back(builtin_system_prompt());
  try {
    texts.push_back(instructions_block(s.env_.home, s.root_, a.global));
  } catch (const std::exception&) {
    texts.emplace_back();  // §11: parse errors are ignored here
  }
  std::string history;
  for (const auto& m : chat.messages.GetArray()) history += flat_message_text(m) + "\n";
  texts.push_back(history);
  texts.push_back(req.str("input_text"));
  const std::size_t first_file = texts.size();
  std::vector<bool> has_output;
  for (const auto& f : chat.context_files) {
    texts.push_back(files.read_snapshot(f).value_or(""));
    std::string out = f.external || f.is_section() ? "" : files.read_output(f.path).value_or("");
    has_output.push_back(!out.empty());
    texts.push_back(out);
  }
  auto n = count_tokens(s.env_.engine, texts);
  long long context_total = 0, savings = 0;
  Reply reply("token_estimate", req.request_id);
  auto& w = reply.raw("files");
  w.StartArray();
  for (std::size_t i = 0; i < chat.context_files.size(); ++i) {
    long long original = n[first_file + 2 * i], output = n[first_file + 2 * i + 1];
    long long tokens = has_output[i] ? original + output : original;
    if (has_output[i]) savings += original;
    context_total += tokens;
    w.StartObject();
    w.Key("path"); w.String(chat.context_files[i].path.c_str());
    w.Key("tokens"); w.Int64(tokens);
    w.Key("has_output"); w.Bool(has_output[i]);
    w.Key("original_tokens"); w.Int64(original);
    w.Key("output_tokens"); w.Int64(has_output[i] ? output : 0);
    w.EndObject();
  }
  w.EndArray();
  reply.field("system_prompt", n[0]).field("instructions", n[1]).field("history", n[2]).field("input_text", n[3]);
  reply.field("context_files", context_total).field("potential_savings", savings);
  reply.field("total", n[0] + n[1] + n[2] + n[3] + context_total);
  return reply.line();
}

namespace {

struct StatusRow {
  std::string path, status;
  bool in_context = false, has_output = false, readonly = false, external = false;
  std::optional<std::string> context, output;
  int start_line = 0, end_line = 0;
};

}  // namespace

std::string file_statuses_line(Session& s, Chat& chat, const Session::Active& a, const Request& req) {
  ChatFiles files(s.chat_root(a), s.root_);
  std::vector<StatusRow> rows;
  for (const auto& f : chat.context_files) {
    StatusRow r{f.path, "", true, false, f.readonly, f.external, files.read_snapshot(f), std::nullopt,
                f.start_line, f.end_line};
    if (f.is_section()) r.status = "S";
    else if (!f.external && (r.output = files.read_output(f.path))) {
      r.has_output = true;
      if (!same_text(*r.output, r.context.value_or(""))) r.status = "M";
    }
    rows.push_back(std::move(r));
  }
  for (const auto& path : files.output_files()) {
    if (chat.find_context(path)) continue;
    std::error_code ec;
    StatusRow r{path, fs::exists(files.local_path(path), ec) ? "!A" : "A", false, true, false, false,
                std::nullopt, files.read_output(path)};
    rows.push_back(std::move(r));
  }
  std::vector<std::string> texts;
  for (const auto& r : rows) {
    texts.push_back(r.context.value_or(""));
    texts.push_back(r.output.value_or(""));
  }
  auto n = count_tokens(s.env_.engine, texts);
  Reply reply("file_statuses", req.request_id);
  auto& w = reply.raw("files");
  w.StartArray();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    long long ctx = n[2 * i], out = n[2 * i + 1];
    w.StartObject();
    w.Key("path"); w.String(r.path.c_str());
    w.Key("status"); w.String(r.status.c_str());
    w.Key("in_context"); w.Bool(r.in_context);
    w.Key("has_output"); w.Bool(r.has_output);
    w.Key("readonly"); w.Bool(r.readonly);
    w.Key("external"); w.Bool(r.external);
    if (r.context) { w.Key("context_content"); w.String(r.context->c_str(), static_cast<rapidjson::SizeType>(r.context->size())); }
    if (r.output) { w.Key("output_content"); w.String(r.output->c_str(), static_cast<rapidjson::SizeType>(r.output->size())); }
    w.Key("tokens");
    w.Int64(r.status == "M" ? ctx + out : (r.in_context ? ctx : out));
    if (r.status == "M") {
      w.Key("original_tokens"); w.Int64(ctx);
      w.Key("output_tokens"); w.Int64(out);
    }
    if (r.start_line > 0) {
      w.Key("start_line"); w.Int(r.start_line);
      w.Key("end_line"); w.Int(r.end_line);
    }
    w.EndObject();
  }
  w.EndArray();
  return reply.line();
}

}  // namespace acdc::adapters::bb7
