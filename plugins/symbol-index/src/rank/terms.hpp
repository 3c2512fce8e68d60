// rank/terms.hpp -- the words a chat message and an indexed file are
// compared by (rank/term_index.hpp, rank/focus.hpp).
//
// A file's terms are the lower-case subwords of its path and of its
// symbols' names; a message's terms are the subwords of its words, less
// English stop words. Identifiers split at '_', '-', '.', '/', ':' and at
// camelCase humps, so "ChatTurn::add_maps" and "chat turn maps" meet.
//
//   split_subwords("ChatTurn::add_maps");        // {"chat", "turn", "add", "maps"}
//   std::vector<Word> w = message_words("fix chat_turn.cpp's add_maps");
//   // w[1].text == "chat_turn.cpp", w[1].identifier_shaped == true
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::symbols {

// Lower-case subwords of `text` of 2 characters or more, not all digits, in
// order, repeats kept (they are term frequencies).
std::vector<std::string> split_subwords(std::string_view text);

// One whitespace-separated word of a message as written, with the
// punctuation around it trimmed: a path, a file name, an identifier or a word.
struct Word {
  std::string text;
  // Written as code is, not as prose: it has '_', '/', '::', a file
  // extension, or a capital after its first letter ("ChatTurn", "io.cpp").
  bool identifier_shaped = false;
};
std::vector<Word> message_words(std::string_view text);

// The message's query terms: its subwords less stop words ("the", "fix"...).
std::vector<std::string> query_terms(std::string_view text);

// ASCII lower case: how file names and paths are matched.
std::string to_lower(std::string_view text);
// The last part of a '/'-separated path: "a/b/chat_turn.cpp" -> "chat_turn.cpp".
std::string_view base_name(std::string_view path);

}  // namespace acdc::symbols
