#include "agent/agent_loop.hpp"

#include <algorithm>
#include <future>
#include <memory>

namespace acdc::llm {
namespace {

using Clock = std::chrono::steady_clock;

// What one tool result may put in the prompt: the tools bound their own
// answers (a read is at most 256 KiB), this is the backstop.
constexpr std::size_t kMaxResultBytes = 256 * 1024;

const char* limit_words(const std::string& limit) {
  if (limit == "max_steps") return "the step limit (agent.max_steps)";
  if (limit == "max_cost") return "the cost limit (agent.max_cost_usd)";
  return "the time limit (agent.max_seconds)";
}

// A turn's usage: every request's, summed; one unpriced request leaves the cost unknown.
void add_usage(Usage& sum, const Usage& u) {
  sum.input_tokens += u.input_tokens;
  sum.output_tokens += u.output_tokens;
  sum.cache_read_tokens += u.cache_read_tokens;
  sum.cache_write_tokens += u.cache_write_tokens;
  sum.reasoning_tokens += u.reasoning_tokens;
  auto add = [](std::optional<double>& total, const std::optional<double>& part) {
    if (total && part)
      *total += *part;
    else
      total.reset();
  };
  add(sum.cost_usd, u.cost_usd);
  add(sum.cache_saved_usd, u.cache_saved_usd);
}

}  // namespace

AgentLimits agent_limits_from(const acdc::JsonValue* section) {
  AgentLimits out;
  if (!section || section->IsNull()) return out;
  if (!section->IsObject())
    throw acdc::invalid_params("app.yaml agent: must be a map of max_steps, max_cost_usd and max_seconds");
  auto number = [&](const char* key, double min, double max) -> std::optional<double> {
    auto m = section->FindMember(key);
    if (m == section->MemberEnd() || m->value.IsNull()) return std::nullopt;
    if (!m->value.IsNumber() || m->value.GetDouble() < min || m->value.GetDouble() > max)
      throw acdc::invalid_params("app.yaml agent." + std::string(key) + " must be a number from " +
                                 std::to_string(static_cast<long>(min)) + " to " +
                                 std::to_string(static_cast<long>(max)));
    return m->value.GetDouble();
  };
  if (auto v = number("max_steps", 1, 500)) out.max_steps = static_cast<int>(*v);
  if (auto v = number("max_cost_usd", 0, 10000)) out.max_cost_usd = *v;
  if (auto v = number("max_seconds", 1, 86400)) out.max_seconds = static_cast<long>(*v);
  return out;
}

AgentLoop::AgentLoop(const acdc::Host& host, const AgentTools& tools, const ToolPermissions& permissions,
                     AgentLimits limits, const CancelFlag& cancel, Hooks hooks, bool sees_images)
    : host_(host),
      tools_(tools),
      permissions_(permissions),
      limits_(limits),
      cancel_(cancel),
      hooks_(std::move(hooks)),
      sees_images_(sees_images) {}

AgentLoop::Outcome AgentLoop::run(ChatRequest request) {
  started_ = Clock::now();
  const std::string base = request.messages_json;
  request.tools_json = tools_.provider_json();
  Outcome out;
  while (true) {
    request.messages_json = out.requests == 0 ? mark_end(base) : render(base);
    ChatResult r = hooks_.stream(request);
    if (++out.requests == 1)
      out.usage = r.usage;
    else
      add_usage(out.usage, r.usage);
    out.last = r;
    if (r.error || r.cancelled || cancel_.load()) return out;
    std::string problems = hooks_.apply_edits(r.text);
    // Once a limit was reached, that request was the last: its tool calls are not run.
    const bool last = !out.stopped_by.empty();
    // The model is done: its edits are checked, and a failure is its to fix.
    if (!last && r.tool_calls.empty() && problems.empty() && hooks_.check) problems = hooks_.check(out.requests, out.steps);
    if (cancel_.load()) return out;
    if (last || (r.tool_calls.empty() && problems.empty())) return out;
    run_calls(r, out);
    if (cancel_.load()) return out;
    tell_model(problems, out);
  }
}

void AgentLoop::run_calls(const ChatResult& r, Outcome& out) {
  appended_.push_back(Message{.role = "assistant",
                              .content = r.text,
                              .tool_calls = r.tool_calls,
                              .thinking = r.reasoning,
                              .signature = r.reasoning_signature});
  const std::size_t first = out.steps.size();
  for (const auto& call : r.tool_calls) {
    std::vector<std::string> images;
    AgentStep step = run_tool(call, out.requests, images);
    appended_.push_back(Message{.role = "tool", .content = step.result, .tool_call_id = call.id, .images = std::move(images)});
    out.steps.push_back(std::move(step));
    if (cancel_.load()) break;
  }
  if (hooks_.on_request_done)
    hooks_.on_request_done(r, std::vector<AgentStep>(out.steps.begin() + static_cast<long>(first), out.steps.end()));
}

void AgentLoop::tell_model(const std::string& problems, Outcome& out) {
  std::string note;
  if (!problems.empty()) note = "acdc: " + problems;
  out.stopped_by = limit_reached(out.requests, out.usage);
  if (!out.stopped_by.empty())
    note += std::string(note.empty() ? "" : "\n\n") + "acdc: " + limit_words(out.stopped_by) +
            " is reached. Do not call any tool: answer now with what you have, and say what is left to do.";
  if (!note.empty()) appended_.push_back(Message{.role = "user", .content = note});
}

std::string AgentLoop::limit_reached(int requests, const Usage& usage) const {
  if (requests + 1 >= limits_.max_steps) return "max_steps";
  if (limits_.max_cost_usd && usage.cost_usd && *usage.cost_usd >= *limits_.max_cost_usd) return "max_cost";
  if (Clock::now() - started_ >= std::chrono::seconds(limits_.max_seconds)) return "max_seconds";
  return {};
}

// The first request's end is marked too (its fourth marker: the prompt keeps
// three, prompt/cache_marks.hpp), so the second reads the user's message and
// the map's focus from the cache instead of writing them again (bench/agent:
// 1.05x a perfect prefix cache's input cost without it).
std::string AgentLoop::mark_end(const std::string& base) {
  acdc::Json doc;
  doc.Parse(base.data(), base.size());
  if (doc.HasParseError() || !doc.IsArray() || doc.Empty() || !doc[doc.Size() - 1].IsObject()) return base;
  auto& a = doc.GetAllocator();
  acdc::JsonValue& last = doc[doc.Size() - 1];
  auto content = last.FindMember("content");
  if (content == last.MemberEnd()) return base;
  if (content->value.IsString()) {
    acdc::JsonValue block(rapidjson::kObjectType), blocks(rapidjson::kArrayType);
    block.AddMember("type", "text", a);
    block.AddMember("text", acdc::JsonValue(content->value, a), a);
    blocks.PushBack(block, a);
    content->value = blocks;
  }
  if (!content->value.IsArray() || content->value.Empty()) return base;
  acdc::JsonValue& end = content->value[content->value.Size() - 1];
  if (!end.IsObject() || end.HasMember("cache_control")) return base;
  acdc::JsonValue marker(rapidjson::kObjectType);
  marker.AddMember("type", "ephemeral", a);
  end.AddMember("cache_control", marker, a);
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  doc.Accept(w);
  return std::string(buf.GetString(), buf.GetSize());
}

std::string AgentLoop::render(const std::string& base) const {
  if (appended_.empty()) return base;
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  for (std::size_t i = 0; i < appended_.size(); ++i) {
    const Message& m = appended_[i];
    w.Reset(buf);
    if (i > 0) buf.Put(',');
    w.StartObject();
    w.Key("role"), acdc::to_json(w, m.role);
    w.Key("content");
    // The step's end carries the cache marker, on its last block: the next
    // step reads everything before it from the cache.
    const bool end = i + 1 == appended_.size();
    auto mark = [&](bool last_block) {
      if (end && last_block) w.Key("cache_control"), w.StartObject(), w.Key("type"), w.String("ephemeral"), w.EndObject();
    };
    if (end || !m.images.empty()) {
      w.StartArray();
      w.StartObject();
      w.Key("type"), w.String("text");
      w.Key("text"), acdc::to_json(w, m.content);
      mark(m.images.empty());
      w.EndObject();
      for (std::size_t k = 0; k < m.images.size(); ++k) {
        w.StartObject();
        w.Key("type"), w.String("image_url");
        w.Key("image_url"), w.StartObject(), w.Key("url"), acdc::to_json(w, m.images[k]), w.EndObject();
        mark(k + 1 == m.images.size());
        w.EndObject();
      }
      w.EndArray();
    } else {
      acdc::to_json(w, m.content);
    }
    if (!m.tool_call_id.empty()) w.Key("tool_call_id"), acdc::to_json(w, m.tool_call_id);
    if (!m.tool_calls.empty()) {
      w.Key("tool_calls");
      w.StartArray();
      for (const auto& c : m.tool_calls) {
        w.StartObject();
        w.Key("id"), acdc::to_json(w, c.id);
        w.Key("type"), w.String("function");
        w.Key("function");
        w.StartObject();
        w.Key("name"), acdc::to_json(w, c.name);
        w.Key("arguments"), acdc::to_json(w, c.arguments.empty() ? std::string("{}") : c.arguments);
        w.EndObject();
        w.EndObject();
      }
      w.EndArray();
    }
    if (!m.signature.empty()) {
      w.Key("thinking");
      w.StartObject();
      w.Key("text"), acdc::to_json(w, m.thinking);
      w.Key("signature"), acdc::to_json(w, m.signature);
      w.EndObject();
    }
    w.EndObject();
  }
  // base is "[...]": the new messages go in before its closing bracket.
  std::string out = base.substr(0, base.find_last_of(']'));
  if (out.find_first_not_of(" \n\t[") != std::string::npos) out += ',';
  out.append(buf.GetString(), buf.GetSize());
  return out + "]";
}

AgentStep AgentLoop::run_tool(const ChatResult::ToolCall& call, int step, std::vector<std::string>& images) {
  AgentStep s{
      .id = call.id, .step = step, .tool = call.name, .arguments_json = call.arguments.empty() ? "{}" : call.arguments};
  if (hooks_.on_step) hooks_.on_step(s);
  const auto t0 = Clock::now();
  ToolAnswer a = answer(call, s.arguments_json);
  if (!a.whole_file.empty() && hooks_.on_read_whole) hooks_.on_read_whole(a.whole_file);
  images = std::move(a.images);
  if (a.text.size() > kMaxResultBytes)
    a.text = a.text.substr(0, kMaxResultBytes) + "\n[acdc: the result was cut at " + std::to_string(kMaxResultBytes / 1024) +
             " KiB of " + std::to_string(a.text.size() / 1024) + " KiB: ask for less, a range or a narrower pattern]";
  s.status = a.failed ? "error" : "ok";
  s.result = std::move(a.text);
  s.summary = std::move(a.summary);
  s.duration_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  if (hooks_.on_step) hooks_.on_step(s);
  return s;
}

ToolAnswer AgentLoop::answer(const ChatResult::ToolCall& call, const std::string& arguments) {
  auto refused = [](std::string text, std::string summary) {
    return ToolAnswer{.failed = true, .text = std::move(text), .summary = std::move(summary)};
  };
  const AgentTool* tool = tools_.find(call.name);
  if (!tool) {
    std::string names;
    for (const auto& t : tools_.all()) names += (names.empty() ? "" : ", ") + t.name;
    return refused("There is no tool '" + call.name + "'. The tools are: " + names + ".", "unknown tool");
  }
  acdc::Json args;
  args.Parse(arguments.data(), arguments.size());
  if (args.HasParseError() || !args.IsObject())
    return refused("The arguments of " + call.name + " are not a JSON object: " + first_line(arguments, 200) +
                       ". Call it again with an object that matches its schema.",
                   "arguments not an object");
  if (auto why = permissions_.refusal(call.name, args)) return refused(*why, "denied by app.yaml");
  if (!tool->read_only) {
    if (!hooks_.consent)
      return refused(call.name + " changes things and no one can allow it here: do without it", "not allowed");
    if (auto why = hooks_.consent(*tool, args, call.id)) return refused(*why, "not allowed");
  }
  // Through the host, as any client's call: the plugin that owns the data answers.
  auto promise = std::make_shared<std::promise<acdc::Result>>();
  auto future = promise->get_future();
  auto done = [promise](acdc::Result r) { promise->set_value(std::move(r)); };
  if (!hooks_.run_elsewhere || !hooks_.run_elsewhere(*tool, call.id, arguments, done))
    host_.call(tool->method, tool->args_json(arguments), done);
  // A tool may take as long as the turn may (a test run does).
  const auto deadline = started_ + std::chrono::seconds(limits_.max_seconds);
  while (future.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
    const bool stopped = cancel_.load();
    if (stopped || Clock::now() >= deadline) {
      // A plugin whose tools run long ends them on Class.stop_tool_calls;
      // one without it is left to finish, unheard.
      host_.call(tool->plugin_class() + ".stop_tool_calls", "[]", [](acdc::Result) {});
      if (stopped) return refused("stopped by the user", "stopped");
      return refused(call.name + " did not answer before the turn's time limit (agent.max_seconds)", "timed out");
    }
  }
  return read_tool_answer(call.name, future.get(), sees_images_);
}

}  // namespace acdc::llm
