// chat/reasoning_choice.hpp -- the reasoning a chat turn asks for, from
// chat_streaming's `reasoning` and `effort` arguments as the reference's
// webapp sends them (acdc-features.md §4.9): reasoning false turns it off
// whatever the effort; true, or an object, turns it on at `effort` (or the
// object's own "effort"), medium when none is named; an effort alone turns
// it on too; "off" / "none" / "" mean off.
//
//   reasoning_effort_of(parse_json("true"), "high")   -> "high"
//   reasoning_effort_of(std::nullopt, std::nullopt)    -> ""   (no reasoning)
#pragma once

#include <acdc/sdk/json.hpp>

#include <optional>
#include <string>

namespace acdc::llm {

std::string reasoning_effort_of(const std::optional<acdc::Json>& reasoning, const std::optional<std::string>& effort);

}  // namespace acdc::llm
