#include "docs/doc_map.hpp"

#include <algorithm>
#include <filesystem>

namespace acdc::symbols {
namespace {

std::string file_of(const std::string& target) { return target.substr(0, target.find('#')); }

// Links into each (document, heading index), from the other documents.
std::map<std::pair<std::string, std::size_t>, int> incoming_links(const std::map<std::string, DocOutline>& docs) {
  std::map<std::pair<std::string, std::size_t>, int> in;
  for (const auto& [from, outline] : docs)
    for (const auto& target : outline.links) {
      std::string file = file_of(target);
      auto to = docs.find(file);
      if (file == from || to == docs.end() || to->second.headings.empty()) continue;
      std::size_t heading = 0;
      if (std::size_t hash = target.find('#'); hash != std::string::npos) {
        std::string anchor = target.substr(hash + 1);
        const auto& hs = to->second.headings;
        auto it = std::find_if(hs.begin(), hs.end(), [&](const DocHeading& h) { return github_slug(h.text) == anchor; });
        if (it == hs.end()) continue;
        heading = static_cast<std::size_t>(it - hs.begin());
      }
      ++in[{file, heading}];
    }
  return in;
}

std::string render_one(const std::string& path, const DocOutline& o, const std::function<bool(const std::string&)>& known,
                       const std::map<std::pair<std::string, std::size_t>, int>& incoming) {
  std::string stem = std::filesystem::path(path).stem().string();
  std::transform(stem.begin(), stem.end(), stem.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::string out = path + (stem == "readme" ? " [readme]:\n" : ":\n");
  for (std::size_t i = 0; i < o.headings.size(); ++i) {
    const DocHeading& h = o.headings[i];
    out += "  " + std::string(static_cast<std::size_t>(h.level), '#') + " " + h.text;
    if (h.has_table) out += " [table]";
    if (h.has_code) out += " [code]";
    out += " ~" + std::to_string(h.lines) + "ln";
    if (auto in = incoming.find({path, i}); in != incoming.end()) out += " ←" + std::to_string(in->second);
    out += "\n";
    for (const auto& target : h.links)
      if (known(file_of(target))) out += "    →" + target + "\n";
  }
  std::vector<std::string> files;
  for (const auto& target : o.links)
    if (std::string f = file_of(target); f != path && known(f) && std::find(files.begin(), files.end(), f) == files.end())
      files.push_back(f);
  if (!files.empty()) {
    out += "  links: ";
    for (std::size_t i = 0; i < files.size(); ++i) out += (i ? ", " : "") + files[i];
    out += "\n";
  }
  return out;
}

}  // namespace

std::string doc_legend() {
  return "# #..######=heading level [table] [code]=what the section holds ~Nln=section length in lines\n"
         "# ←N=links into the section from other docs →path#anchor=link out of the section\n"
         "# links:=the repository files the document links to\n";
}

std::vector<std::pair<std::string, std::string>> render_doc_map(
    const std::map<std::string, DocOutline>& docs, const std::function<bool(const std::string&)>& known,
    const std::set<std::string>& skip) {
  const auto incoming = incoming_links(docs);
  std::vector<std::pair<std::string, std::string>> blocks;
  for (const auto& [path, outline] : docs)
    if (!skip.count(path)) blocks.emplace_back(path, render_one(path, outline, known, incoming));
  return blocks;
}

}  // namespace acdc::symbols
