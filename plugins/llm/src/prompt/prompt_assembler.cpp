#include "prompt/prompt_assembler.hpp"

#include "prompt/cache_marks.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::llm {
namespace {

std::string join_nonempty(std::initializer_list<std::string> parts, std::string_view sep) {
  std::string out;
  for (const auto& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

std::string with_header(std::string_view header, const std::string& body) {
  return body.empty() ? std::string() : std::string(header) + body;
}

}  // namespace

// The message array under construction, and the messages that will carry
// a cache marker (placed once the whole array is known, at most four).
struct PromptAssembler::Builder {
  rapidjson::Document doc;
  std::vector<rapidjson::SizeType> marks;

  Builder() { doc.SetArray(); }

  rapidjson::Value str(std::string_view s) {
    return rapidjson::Value(s.data(), static_cast<rapidjson::SizeType>(s.size()), doc.GetAllocator());
  }

  void add(std::string_view role, std::string_view content) {
    rapidjson::Value m(rapidjson::kObjectType);
    m.AddMember("role", str(role), doc.GetAllocator());
    m.AddMember("content", str(content), doc.GetAllocator());
    doc.PushBack(m, doc.GetAllocator());
  }

  void mark_last() {
    if (!doc.Empty()) marks.push_back(doc.Size() - 1);
  }

  // Puts cache_control on each marked message's last text block: a string
  // content becomes one text block.
  void place_marks() {
    auto& alloc = doc.GetAllocator();
    for (rapidjson::SizeType at : marks) {
      rapidjson::Value& content = doc[at]["content"];
      if (content.IsString()) {
        rapidjson::Value block(rapidjson::kObjectType);
        block.AddMember("type", "text", alloc);
        block.AddMember("text", rapidjson::Value(content, alloc), alloc);
        content.SetArray();
        content.PushBack(block, alloc);
      }
      for (auto i = content.Size(); i-- > 0;) {
        if (content[i]["type"] != "text") continue;
        rapidjson::Value cc(rapidjson::kObjectType);
        cc.AddMember("type", "ephemeral", alloc);
        content[i].AddMember("cache_control", cc, alloc);
        break;
      }
    }
  }

  void add(const ChatMessage& m) {
    if (m.images.empty()) add(m.role, m.content);
    else add_with_images(m.role, m.content, m.images);
  }

  void add_with_images(std::string_view role, std::string_view text, const std::vector<std::string>& images) {
    auto& alloc = doc.GetAllocator();
    rapidjson::Value content(rapidjson::kArrayType);
    rapidjson::Value t(rapidjson::kObjectType);
    t.AddMember("type", "text", alloc);
    t.AddMember("text", str(text), alloc);
    content.PushBack(t, alloc);
    for (const auto& url : images) {
      if (!url.starts_with("data:")) continue;
      rapidjson::Value image_url(rapidjson::kObjectType);
      image_url.AddMember("url", str(url), alloc);
      rapidjson::Value block(rapidjson::kObjectType);
      block.AddMember("type", "image_url", alloc);
      block.AddMember("image_url", image_url, alloc);
      content.PushBack(block, alloc);
    }
    rapidjson::Value m(rapidjson::kObjectType);
    m.AddMember("role", str(role), alloc);
    m.AddMember("content", content, alloc);
    doc.PushBack(m, alloc);
  }
};

std::string PromptAssembler::format_files(const std::vector<FileEntry>& files) {
  std::string out;
  for (const auto& f : files) {
    if (!out.empty()) out += "\n\n";
    out += f.path + "\n```\n" + f.content + "\n```";
  }
  return out;
}

size_t PromptAssembler::message_tokens(const ChatMessage& m) const {
  return count_(m.role) + count_(m.content) + kImageTokens * m.images.size();
}

size_t PromptAssembler::history_tokens(const std::vector<ChatMessage>& messages) const {
  size_t n = 0;
  for (const auto& m : messages) n += message_tokens(m);
  return n;
}

size_t PromptAssembler::tier_tokens(const TierContent& tier) const {
  if (tier.tokens) return *tier.tokens;
  return count_(tier.symbol_blocks) + count_(format_files(tier.files)) + history_tokens(tier.history);
}

size_t PromptAssembler::add_l0(Builder& b, const PromptInput& in) const {
  const TierContent& l0 = in.tiers[0];
  std::string legend = in.map_header_and_legend.empty() ? std::string() : in.map_header_and_legend + l0.symbol_blocks;
  std::string system = join_nonempty({in.system_prompt, legend, with_header(kFilesL0Header, format_files(l0.files))}, "\n\n");
  b.add("system", system);
  for (const auto& m : l0.history) b.add(m);
  return l0.tokens ? *l0.tokens : count_(system) + tier_tokens(l0);
}

size_t PromptAssembler::add_tier(Builder& b, const TierContent& tier, std::string_view files_header) const {
  std::string files = with_header(files_header, format_files(tier.files));
  if (tier.symbol_blocks.empty() && files.empty() && tier.history.empty()) return 0;
  if (!tier.symbol_blocks.empty() || !files.empty()) {
    b.add("user", join_nonempty({with_header(kTierSymbolsHeader, tier.symbol_blocks), files}, "\n\n"));
    b.add("assistant", "Ok.");
  }
  for (const auto& m : tier.history) b.add(m);
  return tier_tokens(tier);
}

std::string PromptAssembler::assemble(const PromptInput& in) const {
  Builder b;
  std::array<size_t, 4> tier_tokens{};
  std::array<rapidjson::SizeType, 4> tier_end{};  // each tier's last message
  tier_tokens[0] = add_l0(b, in);
  tier_end[0] = b.doc.Size() - 1;
  const std::string_view headers[] = {kFilesL1Header, kFilesL2Header, kFilesL3Header};
  for (int i = 1; i < 4; ++i) {
    tier_tokens[i] = add_tier(b, in.tiers[i], headers[i - 1]);
    tier_end[i] = b.doc.Size() - 1;
  }
  // What follows the tiers up to the conversation's end.
  size_t tail = 0;
  if (!in.url_parts.empty()) {
    std::string urls;
    for (const auto& p : in.url_parts) urls += (urls.empty() ? "" : "\n---\n") + p;
    b.add("user", std::string(kUrlContextHeader) + urls);
    b.add("assistant", "Ok, I've reviewed the URL content.");
    tail += count_(urls);
  }
  if (!in.review_context.empty()) {
    b.add("user", std::string(kReviewContextHeader) + in.review_context);
    b.add("assistant", "Ok, I've reviewed the code changes.");
    tail += count_(in.review_context);
  }
  if (!in.active_files.empty() || !in.active_symbol_blocks.empty()) {
    const std::string files = format_files(in.active_files);
    b.add("user", join_nonempty({with_header(kTierSymbolsHeader, in.active_symbol_blocks),
                                 with_header(kFilesActiveHeader, files)},
                                "\n\n"));
    b.add("assistant", "Ok.");
    tail += count_(in.active_symbol_blocks) + count_(files);
  }
  for (const auto& m : in.active_history) b.add(m);
  tail += history_tokens(in.active_history);
  const CacheMarks marks = plan_cache_marks(tier_tokens, tail, !in.active_history.empty(), in.min_cacheable_tokens,
                                           in.max_cache_marks);
  for (size_t i = 0; i < marks.tiers.size(); ++i)
    if (marks.tiers[i] && tier_tokens[i]) b.marks.push_back(tier_end[i]);
  if (marks.conversation) b.mark_last();
  // The map's focus follows this message's words, so it changes from turn to
  // turn: after every cached part, just before the message it serves.
  if (!in.focus_symbol_blocks.empty()) {
    b.add("user", with_header(kFocusSymbolsHeader, in.focus_symbol_blocks));
    b.add("assistant", "Ok.");
  }
  if (in.images.empty()) b.add("user", in.user_prompt);
  else b.add_with_images("user", in.user_prompt, in.images);
  b.place_marks();
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  b.doc.Accept(w);
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
