// context/served_window.hpp -- the context window a local server actually
// serves a model with, and the window acdc budgets for from it (issue 41).
// A local server cuts the front of a prompt longer than its window without
// a word (the system prompt and the map first), so acdc asks it and budgets
// to what it serves: Ollama's /api/show gives the model's context length,
// and acdc asks for it (options.num_ctx, up to ollama.num_ctx_max, a memory
// guard: Ollama sizes its KV cache to num_ctx); llama.cpp's server says the
// n_ctx it runs with (/props), which no request can change.
//
//   ServedWindow s{.tokens = show_context_length(body), .source = "Ollama's /api/show"};
//   fit_to_served(limits, s, /*ollama=*/true, /*user_window=*/false, 32768);
//   // limits.context_window: 32,768; limits.window_source says why
#pragma once

#include "context/model_limits.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

struct ServedWindow {
  long tokens = 0;      // 0: the server did not say
  std::string source;   // "Ollama's /api/show", "llama.cpp's /props"
  std::string problem;  // why it did not say ("" when it did, or was not asked)
  // Why a turn would fail there, said before anything is sent: no Ollama
  // server answers, or it has no such model ("" when neither).
  std::string refusal;
  // Ollama's /api/show "capabilities" ("completion", "tools", "vision"...),
  // when its answer has them (servers before 0.6.4 do not).
  std::optional<std::vector<std::string>> capabilities;
};

// model_info.<architecture>.context_length of Ollama's /api/show answer; 0 when absent.
long show_context_length(std::string_view body);
// The "capabilities" array of Ollama's /api/show answer, when it has one.
std::optional<std::vector<std::string>> show_capabilities(std::string_view body);
// default_generation_settings.n_ctx (a slot's window) of llama.cpp's /props,
// else its top-level n_ctx; 0 when absent.
long props_n_ctx(std::string_view body);

// Sets limits.context_window and window_source. `user_window`: llm.yaml's
// models: gave the window, which wins (for Ollama it is asked for as it is).
// Ollama: the served length, else the table's window, capped at
// `num_ctx_max`. Another server that said its window: that window.
void fit_to_served(ModelLimits& limits, const ServedWindow& served, bool ollama, bool user_window, long num_ctx_max);
// Ollama cuts a prompt longer than the window it serves without a word
// (the front: the system prompt and the map first), and its
// prompt_eval_count then counts what it kept (half the window, since 0.30):
// far below the `sent` tokens acdc counted. The note for the user when that
// is what `evaluated` says, else "". (Ollama 0.30 until its June 2026 fix
// counted only the tokens it had not cached: a long conversation there can
// read as a cut.)
std::string truncation_note(long evaluated, std::size_t sent);

// A server that lists the model's capabilities without "tools" keeps Agent
// mode off (limits.calls_tools, limits.no_tools_why), unless llm.yaml's
// models: said (`user_tools`).
void fit_tools_to_served(ModelLimits& limits, const ServedWindow& served, bool user_tools);

}  // namespace acdc::llm
