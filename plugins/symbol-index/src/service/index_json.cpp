#include "service/index_json.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::symbols {
namespace {

class Out {
 public:
  Out() : w(buf) {}
  void key(const char* k) { w.Key(k); }
  void str(std::string_view s) { acdc::to_json(w, s); }
  std::string done() { return std::string(buf.GetString(), buf.GetSize()); }
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w;
};

void write_range(Out& o, const Range& r) {
  o.w.StartObject();
  o.key("startLineNumber"), o.w.Uint(r.start_line);
  o.key("startColumn"), o.w.Uint(r.start_col);
  o.key("endLineNumber"), o.w.Uint(r.end_line);
  o.key("endColumn"), o.w.Uint(r.end_col);
  o.w.EndObject();
}

void write_location(Out& o, const Location& l) {
  o.w.StartObject();
  o.key("file"), o.str(l.file);
  o.key("range"), write_range(o, l.range);
  o.w.EndObject();
}

}  // namespace

std::string map_json(const RepoIndex& index, const std::set<std::string>& exclude) {
  Out o;
  o.w.StartObject();
  o.key("ready"), o.w.Bool(true);
  o.key("legend"), o.str(index.legend(false));
  o.key("blocks");
  o.w.StartArray();
  index.for_each_block(exclude, [&](std::string_view path, std::string_view block) {
    o.w.StartObject();
    o.key("path"), o.str(path);
    o.key("text"), o.str(block);
    o.w.EndObject();
  });
  o.w.EndArray();
  o.w.EndObject();
  return o.done();
}

std::string ranked_map_json(const RankedMap& map, int indexing_percent) {
  Out o;
  o.w.StartObject();
  o.key("ready"), o.w.Bool(true);
  o.key("complete"), o.w.Bool(map.complete && indexing_percent < 0);
  o.key("legend"), o.str(map.legend);
  o.key("blocks");
  o.w.StartArray();
  for (const MapEntry& b : map.blocks) {
    o.w.StartObject();
    o.key("path"), o.str(b.path);
    o.key("text"), o.str(b.text);
    o.key("why"), o.w.String(why_name(b.why));
    o.key("level"), o.w.String(b.summary ? "summary" : "full");
    o.w.EndObject();
  }
  o.w.EndArray();
  if (indexing_percent >= 0) {
    o.key("outline");
    o.str("(acdc is still indexing this repository: " + std::to_string(indexing_percent) +
          "% of its files so far; the map covers those, the rest join it as they are done)\n" + map.outline);
    o.key("indexing_percent"), o.w.Int(indexing_percent);
  } else {
    o.key("outline"), o.str(map.outline);
  }
  o.key("budget_tokens"), o.w.Uint64(map.budget_tokens);
  o.key("estimated_tokens"), o.w.Uint64(map.estimated_tokens);
  o.key("files");
  o.w.StartObject();
  o.key("total"), o.w.Uint64(map.files_total);
  o.key("full"), o.w.Uint64(map.files_full);
  o.key("summary"), o.w.Uint64(map.files_summary);
  o.key("outline"), o.w.Uint64(map.files_outline);
  o.key("left_out"), o.w.Uint64(map.files_left_out);
  o.w.EndObject();
  o.w.EndObject();
  return o.done();
}

std::string doc_map_json(const std::string& legend, const std::vector<std::pair<std::string, std::string>>& blocks) {
  Out o;
  o.w.StartObject();
  o.key("ready"), o.w.Bool(true);
  o.key("legend"), o.str(legend);
  o.key("blocks");
  o.w.StartArray();
  for (const auto& [path, text] : blocks) {
    o.w.StartObject();
    o.key("path"), o.str(path);
    o.key("text"), o.str(text);
    o.w.EndObject();
  }
  o.w.EndArray();
  o.w.EndObject();
  return o.done();
}

std::string block_json(const std::string& path, const std::string& block) {
  Out o;
  o.w.StartObject();
  o.key("path"), o.str(path);
  o.key("content"), o.str(block);
  o.w.EndObject();
  return o.done();
}

std::string refresh_json(const UpdateStats& s) {
  Out o;
  o.w.StartObject();
  o.key("ready"), o.w.Bool(true);
  o.key("changed"), acdc::to_json(o.w, s.changed);
  o.key("files"), o.w.Uint64(s.files);
  o.key("seconds"), o.w.Double(s.seconds);
  o.w.EndObject();
  return o.done();
}

std::string status_json(const char* state, int percent, const RepoIndex& index, const UpdateStats& last,
                        const std::vector<std::string>& excluded, const std::string& cache_note) {
  Out o;
  o.w.StartObject();
  o.key("state"), o.str(state);
  o.key("percent"), o.w.Int(percent);
  o.key("files"), o.w.Uint64(index.file_count());
  o.key("skipped");
  o.w.StartArray();
  for (const auto& s : index.skipped()) {
    o.w.StartObject();
    o.key("path"), o.str(s.path);
    o.key("reason"), o.str(s.reason);
    o.w.EndObject();
  }
  o.w.EndArray();
  o.key("grammars");
  o.w.StartArray();
  std::size_t count = 0;
  const GrammarState* grammars = all_grammars(count);
  for (std::size_t i = 0; i < count; ++i) {
    o.w.StartObject();
    o.key("language"), o.str(language_name(grammars[i].language));
    o.key("available"), o.w.Bool(grammars[i].grammar->language != nullptr);
    if (!grammars[i].grammar->error.empty()) o.key("error"), o.str(grammars[i].grammar->error);
    o.w.EndObject();
  }
  o.w.EndArray();
  o.key("excluded"), acdc::to_json(o.w, excluded);
  o.key("last_update");
  o.w.StartObject();
  o.key("parsed"), o.w.Uint64(last.parsed);
  o.key("from_cache"), o.w.Uint64(last.from_cache);
  o.key("seconds"), o.w.Double(last.seconds);
  o.w.EndObject();
  if (!cache_note.empty()) o.key("cache_discarded"), o.str(cache_note);
  o.w.EndObject();
  return o.done();
}

std::string graph_json(const RepoIndex& index) {
  Out o;
  index.read([&](const SymbolGraph& g) {
    o.w.StartObject();
    o.key("files");
    o.w.StartArray();
    for (FileId id = 0; id < g.slot_count(); ++id) {
      const FileNode& n = g.node(id);
      if (!n.record) continue;
      o.w.StartObject();
      o.key("path"), o.str(n.record->path);
      o.key("references"), o.w.Uint(n.incoming);
      o.w.EndObject();
    }
    o.w.EndArray();
    o.key("components");
    o.w.StartArray();
    for (const auto& component : g.connected_components()) {
      o.w.StartArray();
      for (FileId id : component) o.str(g.node(id).record->path);
      o.w.EndArray();
    }
    o.w.EndArray();
    o.w.EndObject();
  });
  return o.done();
}

std::string hover_json(const Definition& d) {
  std::string fence = std::string("```") + std::string(language_name(d.language)) + "\n" + d.header + "\n```";
  std::string where = std::string("*") + d.kind + "* defined in `" + d.location.file + ":" +
                      std::to_string(d.location.range.start_line) + "`";
  if (d.references) where += " · " + std::to_string(d.references) + (d.references == 1 ? " reference" : " references");
  Out o;
  o.w.StartObject();
  o.key("contents");
  o.w.StartArray();
  o.str(fence);
  o.str(where);
  o.w.EndArray();
  o.key("file"), o.str(d.location.file);
  o.key("range"), write_range(o, d.location.range);
  o.w.EndObject();
  return o.done();
}

namespace {

void write_definition(Out& o, const Definition& d) {
  o.w.StartObject();
  o.key("file"), o.str(d.location.file);
  o.key("range"), write_range(o, d.location.range);
  o.key("kind"), o.str(d.kind);
  o.key("header"), o.str(d.header);
  o.key("language"), o.str(std::string(language_name(d.language)));
  o.key("references"), o.w.Uint(d.references);
  o.w.EndObject();
}

}  // namespace

std::string definition_json(const Definition& d) {
  Out o;
  write_definition(o, d);
  return o.done();
}

std::string definitions_json(const std::vector<Definition>& ds) {
  Out o;
  o.w.StartArray();
  for (const Definition& d : ds) write_definition(o, d);
  o.w.EndArray();
  return o.done();
}

std::string locations_json(const std::vector<Location>& ls) {
  Out o;
  o.w.StartArray();
  for (const auto& l : ls) write_location(o, l);
  o.w.EndArray();
  return o.done();
}

std::string completions_json(const std::vector<Completion>& cs) {
  Out o;
  o.w.StartArray();
  for (const auto& c : cs) {
    o.w.StartObject();
    o.key("label"), o.str(c.label);
    o.key("kind"), o.w.Int(c.kind);
    o.key("detail"), o.str(c.detail);
    o.key("insertText"), o.str(c.label);
    o.w.EndObject();
  }
  o.w.EndArray();
  return o.done();
}

}  // namespace acdc::symbols
