// acdc/host/json.hpp -- JSON parsing the host can afford to do on every frame.
//
//   rapidjson::Document doc;
//   switch (parse_limited(text, doc, kMaxDepth)) { ... }
//   switch (parse_limited_in_place(frame, size, doc, kMaxDepth)) { ... }   // frame[size] == 0
//   if (!is_valid_json(plugin_result)) reply_internal_error();
//
// Parsing is iterative (no recursion, so no stack overflow however deep the
// input) and refuses documents nested deeper than a limit, because writing
// such a value back out is recursive.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace acdc::rpc {

inline constexpr unsigned kMaxDepth = 512;

enum class ParseOutcome { ok, invalid_json, too_deep };

ParseOutcome parse_limited(std::string_view text, rapidjson::Document& doc, unsigned max_depth);

// The same over `size` bytes at `text` followed by a NUL, parsed in place:
// strings are unescaped into `text` and `doc` points into it. RapidJSON
// scans a NUL-terminated text 16 bytes at a time and copies no strings,
// where parse_limited() reads byte by byte and copies each.
ParseOutcome parse_limited_in_place(char* text, size_t size, rapidjson::Document& doc, unsigned max_depth);

// A document whose parse stack, like its values, comes from a pool the
// caller gives: a small frame parsed into one on the caller's stack touches
// no heap at all (a Document allocates its stack for every parse).
using PooledDocument =
    rapidjson::GenericDocument<rapidjson::UTF8<>, rapidjson::MemoryPoolAllocator<>, rapidjson::MemoryPoolAllocator<>>;
ParseOutcome parse_limited_in_place(char* text, size_t size, PooledDocument& doc, unsigned max_depth);

// True when `text` is exactly one well-formed JSON value in valid UTF-8.
bool is_valid_json(std::string_view text);

// Compact JSON text of a value.
std::string to_text(const rapidjson::Value& value);

// Appends `s` as a JSON string literal (quotes and escapes included).
void append_quoted(std::string& out, std::string_view s);

}  // namespace acdc::rpc
