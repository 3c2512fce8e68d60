// crash_kinds.cpp -- see crash_kinds.hpp. Each kind goes through the code
// the product uses for that file; all but history.jsonl and usage.csv end
// in acdc::util::replace_file.
#include "crash_kinds.hpp"

#include "bb7/chat.hpp"
#include "cache/binary_codec.hpp"
#include "cache/url_cache.hpp"
#include "file_store.hpp"
#include "history/history_store.hpp"
#include "service/excluded_files.hpp"

#include <acdc/util/atomic_file.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace acdc::test::crash {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMagic{"ACDCCRSH", 8};
const std::string kUrl = "https://example.com/page";

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// "v<n> <payload>" back to n, or throws when the text is not one version whole.
long version_of(const std::string& text, const char* what) {
  if (!text.starts_with("v")) throw std::runtime_error(std::string(what) + " does not start with a version");
  const long n = std::stol(text.substr(1));
  if (text != "v" + std::to_string(n) + " " + payload(n))
    throw std::runtime_error(std::string(what) + " holds version " + std::to_string(n) + ", but not whole");
  return n;
}

std::string versioned(long n) { return "v" + std::to_string(n) + " " + payload(n); }

// history.jsonl: record n says "v<n> ...". Every record before the last is
// the next version; a torn last line is allowed (load skips it).
void history_write(const fs::path& dir, long n) {
  static llm::HistoryStore store(dir / "history.jsonl");
  static bool loaded = (store.load(), true);
  (void)loaded;
  store.append(llm::HistoryMessage::make("sess_crash", "user", versioned(n)));
}

long history_current(const fs::path& dir) {
  // A torn last line (a kill mid-append) is skipped by load(); every record
  // it keeps must be the next version, so none acknowledged went missing.
  llm::HistoryStore store(dir / "history.jsonl");
  store.load();
  const auto records = store.session("sess_crash");
  for (size_t i = 0; i < records.size(); ++i)
    if (version_of(records[i].content, "a history record") != static_cast<long>(i))
      throw std::runtime_error("history record " + std::to_string(i) + " is out of order");
  return static_cast<long>(records.size()) - 1;
}

// usage.csv lines (BB-7): "<n>,<payload>".
void usage_write(const fs::path& dir, long n) {
  util::append_line(dir / "usage.csv", std::to_string(n) + "," + payload(n));
}

long usage_current(const fs::path& dir) {
  std::istringstream lines(slurp(dir / "usage.csv"));
  long next = 0;
  bool torn = false;
  for (std::string line; std::getline(lines, line);) {
    const std::string whole = std::to_string(next) + "," + payload(next);
    if (line == whole) {
      ++next;
      torn = false;
    } else if (!torn && whole.starts_with(line)) {
      torn = true;  // cut by a kill; the next append starts a new line
    } else {
      throw std::runtime_error("usage.csv line " + std::to_string(next) + " is neither whole nor a torn tail");
    }
  }
  return next - 1;
}

void settings_write(const fs::path& dir, long n) { settings::FileStore::write_atomic(dir / "llm.yaml", versioned(n)); }
long settings_current(const fs::path& dir) {
  auto text = settings::FileStore::read(dir / "llm.yaml");
  return text ? version_of(*text, "llm.yaml") : -1;
}

void url_write(const fs::path& dir, long n) {
  urls::UrlContent c;
  c.url = kUrl;
  c.url_type = "generic";
  c.content = versioned(n);
  urls::UrlCache(dir, std::chrono::hours(24)).put(c);
}
long url_current(const fs::path& dir) {
  urls::UrlCache cache(dir, std::chrono::hours(24));
  if (!fs::exists(cache.file_for(kUrl))) return -1;
  auto hit = cache.get(kUrl);
  if (!hit) throw std::runtime_error("the URL cache entry does not read back");
  return version_of(hit->content, "the URL cache entry");
}

void symbol_cache_write(const fs::path& dir, long n) {
  std::string bytes(kMagic);
  bytes += versioned(n);
  symbols::write_framed(dir / "symbols.bin", bytes);
}
long symbol_cache_current(const fs::path& dir) {
  auto data = symbols::read_whole_file(dir / "symbols.bin");
  if (!data) return -1;
  return version_of(std::string(symbols::framed_body(*data, kMagic, "the symbol cache")), "the symbol cache");
}

void excluded_write(const fs::path& dir, long n) { symbols::ExcludedFiles(dir / "excluded.json").set({versioned(n)}); }
long excluded_current(const fs::path& dir) {
  if (!fs::exists(dir / "excluded.json")) return -1;
  symbols::ExcludedFiles files(dir / "excluded.json");
  if (std::string why = files.load(); !why.empty()) throw std::runtime_error(why);
  const auto list = files.list();
  if (list.size() != 1) throw std::runtime_error("the excluded list has " + std::to_string(list.size()) + " entries");
  return version_of(list[0], "the excluded list");
}

void chat_write(const fs::path& dir, long n) {
  adapters::bb7::Chat chat;
  chat.id = "crash";
  chat.name = "v" + std::to_string(n);
  chat.append_text("user", versioned(n));
  chat.save(dir / "chat.json");
}
long chat_current(const fs::path& dir) {
  if (!fs::exists(dir / "chat.json")) return -1;
  adapters::bb7::Chat chat = adapters::bb7::Chat::load(dir / "chat.json");
  const long n = std::stol(chat.name.substr(1));
  if (adapters::bb7::parts_text(chat.messages[chat.messages.Size() - 1], "text") != versioned(n))
    throw std::runtime_error("chat.json's message is not its name's version");
  return n;
}

}  // namespace

std::string payload(long version) {
  const size_t size = 1 + static_cast<size_t>(version * 7919 % (256 * 1024));
  std::string out;
  out.reserve(size);
  const std::string word = "w" + std::to_string(version) + " ";
  while (out.size() < size) out += word;
  out.resize(size);
  return out;
}

const std::vector<CrashKind>& crash_kinds() {
  static const std::vector<CrashKind> kinds{
      {"history", history_write, history_current},
      {"usage", usage_write, usage_current},
      {"settings", settings_write, settings_current},
      {"url-cache", url_write, url_current},
      {"symbol-cache", symbol_cache_write, symbol_cache_current},
      {"excluded", excluded_write, excluded_current},
      {"bb7-chat", chat_write, chat_current},
  };
  return kinds;
}

const CrashKind& crash_kind(const std::string& name) {
  for (const auto& k : crash_kinds())
    if (name == k.name) return k;
  throw std::invalid_argument("no crash kind '" + name + "'");
}

}  // namespace acdc::test::crash
