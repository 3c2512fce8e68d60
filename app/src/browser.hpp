// app/browser.hpp -- opens a URL in the user's browser, without a shell.
#pragma once

#include <string>

namespace acdc::app {

// Starts xdg-open (or $BROWSER) on `url`; false when neither can be run.
bool open_browser(const std::string& url);

}  // namespace acdc::app
