// chat/reasoning_choice.cpp -- see reasoning_choice.hpp.
#include "chat/reasoning_choice.hpp"

namespace acdc::llm {
namespace {

bool is_off(const std::string& effort) { return effort.empty() || effort == "off" || effort == "none"; }

}  // namespace

std::string reasoning_effort_of(const std::optional<acdc::Json>& reasoning, const std::optional<std::string>& effort) {
  std::string chosen = effort.value_or("");
  if (reasoning && reasoning->IsBool() && !reasoning->GetBool()) return "";
  if (reasoning && reasoning->IsObject()) {
    auto own = reasoning->FindMember("effort");
    if (chosen.empty() && own != reasoning->MemberEnd() && own->value.IsString()) chosen = own->value.GetString();
    return is_off(chosen) ? (chosen.empty() ? "medium" : "") : chosen;
  }
  if (reasoning && reasoning->IsBool()) return chosen.empty() ? "medium" : (is_off(chosen) ? "" : chosen);
  return is_off(chosen) ? "" : chosen;
}

}  // namespace acdc::llm
