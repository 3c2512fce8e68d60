// The symbol index's tools (plugin_api.h, since 1.2; declarations in
// symbol_tool_decls.hpp): the ranked map for a question, and symbols by name
// or by an occurrence (a file and line), resolved through the code's
// imports. Each answers a CallToolResult: text for the model and
// structuredContent matching its outputSchema; a question the index cannot
// answer, or arguments it cannot use, is an isError result saying what to
// give instead.
#include <acdc/util/path_rules.hpp>
#include <cctype>
#include <fstream>
#include <sstream>

#include "service/symbol_index_service.hpp"

namespace acdc::symbols {
namespace {

acdc::Json parsed(const std::string& text) {
  acdc::Json doc;
  doc.Parse(text.data(), text.size());
  return doc;
}

const acdc::JsonValue* args_of(const std::optional<acdc::Json>& args) { return args ? &*args : nullptr; }

bool is_definition(const acdc::JsonValue& d) { return d.IsObject() && d.HasMember("range") && d["range"].IsObject(); }

// The index's {file, range, kind, header, references} as the tool's definition.
void write_definition(ToolOut& o, const acdc::JsonValue& d) {
  const auto& r = d["range"];
  o.w.StartObject();
  o.key("file"), o.string(text_member(d, "file"));
  o.key("line"), o.w.Int64(integer_member(r, "startLineNumber"));
  o.key("column"), o.w.Int64(integer_member(r, "startColumn"));
  o.key("end_line"), o.w.Int64(integer_member(r, "endLineNumber"));
  o.key("kind"), o.string(text_member(d, "kind"));
  o.key("signature"), o.string(text_member(d, "header"));
  o.key("references"), o.w.Int64(integer_member(d, "references"));
  o.w.EndObject();
}

std::string definition_line(const acdc::JsonValue& d) {
  return text_member(d, "file") + ":" + std::to_string(integer_member(d["range"], "startLineNumber")) + "  " +
         text_member(d, "kind") + "  " + text_member(d, "header") + "  (" +
         std::to_string(integer_member(d, "references")) + " references)";
}

// 1-based UTF-16 column of `name`'s first whole-word occurrence on `line`, or 0.
long column_of(std::string_view line, std::string_view name) {
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
  for (size_t p = line.find(name); p != std::string_view::npos; p = line.find(name, p + 1)) {
    if ((p > 0 && ident(line[p - 1])) || (p + name.size() < line.size() && ident(line[p + name.size()]))) continue;
    long units = 0;
    for (size_t i = 0; i < p; ++i) {
      const unsigned char c = static_cast<unsigned char>(line[i]);
      if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;  // a 4-byte sequence is a surrogate pair
    }
    return units + 1;
  }
  return 0;
}

std::string_view nth_line(std::string_view text, long n) {
  for (long i = 1; i < n; ++i) {
    auto nl = text.find('\n');
    if (nl == std::string_view::npos) return {};
    text.remove_prefix(nl + 1);
  }
  return text.substr(0, text.find('\n'));
}

}  // namespace

// A symbol's occurrence: by name, or file and line (and column or name).
struct SymbolIndexService::Occurrence {
  std::string name, file;
  long line = 0, column = 0;
};

std::optional<SymbolIndexService::Occurrence> SymbolIndexService::read_occurrence(acdc::ToolArgs& a) {
  Occurrence at;
  at.name = a.text("name").value_or("");
  at.file = a.text("file").value_or("");
  at.line = a.integer("line", 1, 100'000'000).value_or(0);
  at.column = a.integer("column", 1, 100'000'000).value_or(0);
  if (!a.ok()) return std::nullopt;
  if (!at.file.empty())
    if (auto fault = util::relative_path_fault(at.file)) a.fail("file: " + util::fault_message(*fault, at.file));
  if (at.line && at.file.empty()) a.fail("line needs file: give the file the line is in");
  if (at.line && !at.column && at.name.empty()) a.fail("with file and line, give the symbol's name or its column");
  if (!at.line && at.name.empty()) a.fail("give a name, or a file and line (with the name or a column)");
  if (!a.ok()) return std::nullopt;
  if (at.line && !at.column) {
    // The column of the name on that line, from the file as it is now.
    std::ifstream in(root_ / at.file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    at.column = in ? column_of(nth_line(text.str(), at.line), at.name) : 0;
    if (!at.column)
      a.fail("'" + at.name + "' does not occur on line " + std::to_string(at.line) + " of " + at.file +
             ": give the line where it occurs, or a column");
  }
  return a.ok() ? std::optional(at) : std::nullopt;
}

acdc::Json SymbolIndexService::definitions_of(const Occurrence& at, long limit) {
  if (!at.line) return parsed(find_symbol(at.name, static_cast<int>(limit)).text);
  acdc::Json one = parsed(definition(at.file, static_cast<int>(at.line), static_cast<int>(at.column)).text);
  acdc::Json list(rapidjson::kArrayType);
  if (is_definition(one)) list.PushBack(acdc::JsonValue(one, list.GetAllocator()), list.GetAllocator());
  return list;
}

acdc::RawJson SymbolIndexService::repo_map(std::optional<acdc::Json> args) {
  acdc::ToolArgs a(args_of(args), {"question", "files", "budget_tokens"});
  const std::string question = a.text("question").value_or("");
  const auto files = a.texts("files").value_or(std::vector<std::string>{});
  const long budget = a.integer("budget_tokens", 500, 200000).value_or(8000);
  if (!a.ok()) return acdc::tool_error(a.problem());
  require_ready();  // a failed precondition: an MCP agent's call waits for the first index
  // Named paths bring their files into the map's focus, neighbours with them
  // (rank/focus.hpp: a file named scores highest).
  std::string message = question;
  for (const auto& f : files) message += "\n" + f;
  const acdc::Json doc = parsed(get_ranked_map({}, budget, message, std::nullopt).text);
  if (!doc.IsObject()) return acdc::tool_error("the symbol index answered no map");
  std::string map = text_member(doc, "legend") + "\n";
  if (doc.HasMember("blocks") && doc["blocks"].IsArray())
    for (const auto& b : doc["blocks"].GetArray()) {
      map += text_member(b, "text");
      if (!map.empty() && map.back() != '\n') map += '\n';
    }
  if (const std::string outline = text_member(doc, "outline"); !outline.empty()) map += "\n" + outline;
  ToolOut o;
  o.w.StartObject();
  o.key("map"), o.string(map);
  o.key("budget_tokens"), o.w.Int64(integer_member(doc, "budget_tokens"));
  o.key("estimated_tokens"), o.w.Int64(integer_member(doc, "estimated_tokens"));
  o.key("complete"), o.w.Bool(doc.HasMember("complete") && doc["complete"].IsBool() && doc["complete"].GetBool());
  o.key("files");
  o.w.StartObject();
  for (const char* k : {"total", "full", "summary", "outline", "left_out"}) {
    o.key(k);
    o.w.Int64(doc.HasMember("files") ? integer_member(doc["files"], k) : 0);
  }
  o.w.EndObject();
  o.w.EndObject();
  return acdc::tool_result(map, o.text());
}

acdc::RawJson SymbolIndexService::find_definition(std::optional<acdc::Json> args) {
  acdc::ToolArgs a(args_of(args), {"name", "file", "line", "column", "limit"});
  const long limit = a.integer("limit", 1, 200).value_or(20);
  std::optional<Occurrence> at = read_occurrence(a);
  if (!at) return acdc::tool_error(a.problem());
  const acdc::Json defs = definitions_of(*at, limit);
  ToolOut o;
  std::string text;
  o.w.StartObject();
  o.key("definitions");
  o.w.StartArray();
  if (defs.IsArray())
    for (const auto& d : defs.GetArray()) {
      if (!is_definition(d)) continue;
      write_definition(o, d);
      text += definition_line(d) + "\n";
    }
  o.w.EndArray();
  o.w.EndObject();
  return acdc::tool_result(text.empty() ? "no definition found in the index" : text, o.text());
}

acdc::RawJson SymbolIndexService::find_references(std::optional<acdc::Json> args) {
  acdc::ToolArgs a(args_of(args), {"name", "file", "line", "column", "limit"});
  const long limit = a.integer("limit", 1, 499).value_or(100);
  std::optional<Occurrence> at = read_occurrence(a);
  if (!at) return acdc::tool_error(a.problem());
  // One more than asked: whether there are more is worth saying.
  const acdc::Json doc =
      parsed(at->line ? references(at->file, static_cast<int>(at->line), static_cast<int>(at->column)).text
                      : references_named(at->name, at->file.empty() ? std::nullopt : std::optional(at->file),
                                         static_cast<int>(limit + 1))
                            .text);
  ToolOut o;
  std::string text;
  long n = 0;
  o.w.StartObject();
  o.key("references");
  o.w.StartArray();
  if (doc.IsArray())
    for (const auto& l : doc.GetArray()) {
      if (!l.IsObject() || !l.HasMember("range") || n == limit) continue;
      const long line = integer_member(l["range"], "startLineNumber"),
                 column = integer_member(l["range"], "startColumn");
      o.w.StartObject();
      o.key("file"), o.string(text_member(l, "file"));
      o.key("line"), o.w.Int64(line);
      o.key("column"), o.w.Int64(column);
      o.w.EndObject();
      text += text_member(l, "file") + ":" + std::to_string(line) + ":" + std::to_string(column) + "\n";
      ++n;
    }
  o.w.EndArray();
  const bool more = doc.IsArray() && static_cast<long>(doc.Size()) > limit;
  o.key("truncated"), o.w.Bool(more);
  o.w.EndObject();
  if (more) text += "(more: raise limit, or give file to narrow to one definition)\n";
  return acdc::tool_result(text.empty() ? "no references found in the index" : text, o.text());
}

acdc::RawJson SymbolIndexService::symbol_hover(std::optional<acdc::Json> args) {
  acdc::ToolArgs a(args_of(args), {"name", "file", "line", "column"});
  std::optional<Occurrence> at = read_occurrence(a);
  if (!at) return acdc::tool_error(a.problem());
  const acdc::Json defs = definitions_of(*at, 1);
  const acdc::JsonValue* d = defs.IsArray() && !defs.Empty() && is_definition(defs[0]) ? &defs[0] : nullptr;
  ToolOut o;
  o.w.StartObject();
  o.key("found"), o.w.Bool(d != nullptr);
  if (d) o.key("definition"), write_definition(o, *d);
  o.w.EndObject();
  return acdc::tool_result(
      d ? "```\n" + text_member(*d, "header") + "\n```\n" + definition_line(*d) : "no symbol found in the index",
      o.text());
}

}  // namespace acdc::symbols
