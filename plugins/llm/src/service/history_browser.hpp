// service/history_browser.hpp -- the History browser's reads (acdc-features.md
// §4.8): the sessions of history.jsonl, one session in full (images back as
// data URIs), and a search. Read-only; the store and the image store keep
// their own locks, so it needs none.
//
//   HistoryBrowser browse(store, images);
//   acdc::RawJson list = browse.list_sessions(20);   // newest first
#pragma once

#include "history/history_store.hpp"
#include "history/image_store.hpp"

#include <acdc/sdk.hpp>

#include <optional>
#include <string>

namespace acdc::llm {

class HistoryBrowser {
 public:
  HistoryBrowser(const HistoryStore& store, const ImageStore& images) : store_(store), images_(images) {}

  acdc::RawJson list_sessions(std::optional<int> limit) const;
  acdc::RawJson get_session(const std::string& session_id) const;
  acdc::RawJson search(const std::string& query, const std::optional<std::string>& role, std::optional<int> limit) const;

 private:
  const HistoryStore& store_;
  const ImageStore& images_;
};

}  // namespace acdc::llm
