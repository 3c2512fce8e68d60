// acdc/sdk.hpp -- the C++20 SDK for acdc plugins (header-only, RapidJSON).
//
// A plugin is an ordinary class whose public member functions become
// "Class.method" RPCs. Arguments come from the jrpc-oo `args` array, results
// go back as JSON, exceptions become error replies:
//
//   #include <acdc/sdk.hpp>
//
//   class Greeter {
//    public:
//     explicit Greeter(acdc::Context& ctx) : host_(ctx.host) {}
//     std::string hello(std::string name) { return "hello " + name; }
//     void later(acdc::Call call, int ms) {            // completes afterwards
//       host_.post([call, ms]() mutable { call.ok(ms); }, ms);
//     }
//    private:
//     acdc::Host& host_;
//   };
//
//   acdc::PluginSpec<Greeter> describe() {
//     return acdc::PluginSpec<Greeter>("greeter", "1.0.0")
//         .cls("Greeter")
//         .method<&Greeter::hello>("hello")
//         .method<&Greeter::later>("later");
//   }
//   ACDC_PLUGIN(greeter, describe)
//
// Built with acdc_add_plugin() from the SDK's CMake package, the browser can
// then call `Greeter.hello("you")`. See sdk/README.md for the whole tutorial
// and the ABI rules (ownership, threads, completion).
#pragma once

#include <acdc/plugin_api.h>
#include <acdc/sdk/base64.hpp>
#include <acdc/sdk/call.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/sdk/host.hpp>
#include <acdc/sdk/json.hpp>
#include <acdc/sdk/keep_loaded.hpp>
#include <acdc/sdk/method.hpp>
#include <acdc/sdk/plugin.hpp>
#include <acdc/sdk/tool.hpp>
#include <acdc/sdk/utf8.hpp>
