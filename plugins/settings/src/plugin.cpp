// The settings plugin's entry: id "settings", class "Settings" (issue 3).
#include "settings.hpp"

namespace {

using acdc::settings::Settings;

// Every method touches the disk, so all run on host worker threads.
acdc::PluginSpec<Settings> describe() {
  return acdc::PluginSpec<Settings>("settings", "1.0.0")
      .cls("Settings")
      .method<&Settings::get_config_content>("get_config_content", acdc::kBlocking)
      .method<&Settings::save_config_content>("save_config_content", acdc::kBlocking)
      .method<&Settings::reload_llm_config>("reload_llm_config", acdc::kBlocking)
      .method<&Settings::reload_app_config>("reload_app_config", acdc::kBlocking)
      .method<&Settings::get_config_info>("get_config_info", acdc::kBlocking)
      .method<&Settings::get_snippets>("get_snippets", acdc::kBlocking)
      .method<&Settings::get_review_snippets>("get_review_snippets", acdc::kBlocking)
      .method<&Settings::get_mode_snippets>("get_mode_snippets", acdc::kBlocking);
}

}  // namespace

ACDC_PLUGIN(settings, describe)
