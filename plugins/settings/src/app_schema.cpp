// app.yaml (acdc-features.md §3.4): one map per section.
#include "yaml_rules.hpp"

#include <set>

namespace acdc::settings {

namespace {

void check_url_cache(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    if (key == "path") {
      if (!v.IsNull()) r.text(v, "url_cache.path");
    } else if (key == "ttl_hours") {
      r.number(v, "url_cache.ttl_hours", YamlRules::kNonNegative);
    } else {
      r.unknown("url_cache." + key, v, "path, ttl_hours");
    }
  });
}

void check_compaction(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "history_compaction." + key;
    if (key == "enabled") r.boolean(v, name);
    else if (key == "compaction_trigger_tokens" || key == "summary_budget_tokens")
      r.integer(v, name, YamlRules::kPositive);
    else if (key == "verbatim_window_tokens" || key == "min_verbatim_exchanges")
      r.integer(v, name, YamlRules::kNonNegative);
    else
      r.unknown(name, v, "enabled, compaction_trigger_tokens, verbatim_window_tokens, "
                         "summary_budget_tokens, min_verbatim_exchanges");
  });
}

// The cache warmer (plugins/llm/src/service/cache_warmer.hpp).
void check_cache_warmup(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "cache_warmup." + key;
    if (key == "enabled") {
      if (v.IsScalar() && v.Scalar() == "auto") return;
      r.boolean(v, name);
    } else if (key == "interval_seconds") {
      if (r.integer(v, name, YamlRules::kPositive) > 290)
        YamlRules::fail(v, "'" + name + "' is " + YamlRules::shown(v) +
                               ": a cached prompt expires five minutes after its last read, so at most 290");
    } else if (key == "countdown_seconds" || key == "max_warmups") {
      r.integer(v, name, YamlRules::kNonNegative);
    } else if (key == "max_cost_usd") {
      r.number(v, name, YamlRules::kNonNegative);
    } else {
      r.unknown(name, v, "enabled, interval_seconds, countdown_seconds, max_warmups, max_cost_usd");
    }
  });
}

// The symbol map's budget (plugins/llm/src/context/map_budget.hpp).
void check_symbol_map(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    if (key == "budget_fraction") {
      if (r.number(v, "symbol_map.budget_fraction", YamlRules::kPositive) > 1)
        YamlRules::fail(v, "'symbol_map.budget_fraction' is " + YamlRules::shown(v) +
                               ": it is a share of the model's context window, above 0 and at most 1 (0.125 is an eighth)");
    } else if (key == "budget_tokens") {
      r.integer(v, "symbol_map.budget_tokens", YamlRules::kNonNegative);
    } else {
      r.unknown("symbol_map." + key, v, "budget_fraction, budget_tokens");
    }
  });
}

// An Agent turn's limits (plugins/llm/src/agent/agent_loop.hpp).
void check_agent(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "agent." + key;
    if (key == "max_steps") {
      if (r.integer(v, name, YamlRules::kPositive) > 500)
        YamlRules::fail(v, "'" + name + "' is " + YamlRules::shown(v) + ": at most 500 steps in one turn");
    } else if (key == "max_cost_usd") {
      r.number(v, name, YamlRules::kNonNegative);
    } else if (key == "max_seconds") {
      if (r.integer(v, name, YamlRules::kPositive) > 86400)
        YamlRules::fail(v, "'" + name + "' is " + YamlRules::shown(v) + ": at most 86400 (a day)");
    } else {
      r.unknown(name, v, "max_steps, max_cost_usd, max_seconds");
    }
  });
}

// Which tools a model may call (plugins/llm/src/agent/tool_permissions.hpp):
// lists of "tool" or "tool(path glob)".
void check_permissions(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "permissions." + key;
    if (key != "allow" && key != "deny") return r.unknown(name, v, "allow, deny");
    if (v.IsNull()) return;
    if (!v.IsSequence()) YamlRules::fail(v, "'" + name + "' is " + YamlRules::shown(v) + ": a list of rules, as [read_file(secrets/**)]");
    for (const auto& rule : v) {
      const std::string text = r.text(rule, name);
      const auto open = text.find('(');
      if (open != std::string::npos && (open == 0 || text.back() != ')' || open + 2 >= text.size()))
        YamlRules::fail(rule, "'" + text + "' in " + name +
                                  " is not a rule: a tool's name, or a name and a path glob, as read_file(secrets/**)");
    }
  });
}

// Commands (plugins/exec/src/service/exec_settings.hpp).
void check_exec(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "exec." + key;
    if (key == "sandbox") {
      const std::string mode = r.text(v, name);
      if (mode != "workspace-write" && mode != "read-only" && mode != "off")
        YamlRules::fail(v, "'" + name + "' is " + YamlRules::shown(v) + ": one of workspace-write, read-only, off");
    } else if (key == "timeout_s" || key == "user_timeout_s" || key == "max_running") {
      r.integer(v, name, YamlRules::kPositive);
    } else if (key == "output_head_bytes" || key == "output_tail_bytes") {
      r.integer(v, name, YamlRules::kNonNegative);
    } else {
      r.unknown(name, v, "sandbox, timeout_s, user_timeout_s, output_head_bytes, output_tail_bytes, max_running");
    }
  });
}

// Lint and tests after a turn's edits (plugins/llm/src/agent/checks.hpp).
void check_checks(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "checks." + key;
    if (key == "lint_cmd" || key == "test_cmd") {
      if (!v.IsNull()) r.text(v, name);
    } else if (key == "auto_test") {
      r.boolean(v, name);
    } else if (key == "max_fix_rounds") {
      if (r.integer(v, name, YamlRules::kNonNegative) > 20)
        YamlRules::fail(v, "'" + name + "' is " + YamlRules::shown(v) + ": at most 20 rounds");
    } else {
      r.unknown(name, v, "lint_cmd, test_cmd, auto_test, max_fix_rounds");
    }
  });
}

// The mcp-client plugin's limits (plugins/mcp-client/src/config/server_config.hpp).
void check_mcp_client(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    const std::string name = "mcp_client." + key;
    if (key == "start_timeout_s" || key == "call_timeout_s" || key == "max_message_mb")
      r.integer(v, name, YamlRules::kPositive);
    else
      r.unknown(name, v, "start_timeout_s, call_timeout_s, max_message_mb");
  });
}

// MCP servers in the form .mcp.json writes them: {command, args, env, cwd} or {url, headers}.
void check_mcp_servers(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& server, const YAML::Node& entry) {
    const std::string base = "mcp_servers." + server;
    r.map(entry, base);
    if (!entry.IsMap()) return;
    if (!entry["command"] == !entry["url"])
      YamlRules::fail(entry, "'" + base + "' needs either command (a program to run) or url (a Streamable HTTP endpoint)");
    r.each(entry, [&](const std::string& key, const YAML::Node& v) {
      const std::string name = base + "." + key;
      if (key == "command" || key == "url" || key == "cwd" || key == "type") {
        r.text(v, name);
      } else if (key == "disabled") {
        r.boolean(v, name);
      } else if (key == "args") {
        if (!v.IsSequence()) YamlRules::fail(v, "'" + name + "' must be a list of arguments");
        for (const auto& a : v) r.text(a, name, true);
      } else if (key == "env" || key == "headers") {
        r.map(v, name);
        r.each(v, [&](const std::string& k, const YAML::Node& value) { r.text(value, name + "." + k, true); });
      } else {
        r.unknown(name, v, "command, args, env, cwd, url, headers, disabled");
      }
    });
  });
}

// The Interactive Mode API's timeouts (host/src/config/host_config.hpp).
void check_interactive(const YAML::Node& section, YamlRules& r) {
  r.each(section, [&](const std::string& key, const YAML::Node& v) {
    if (key == "ai_round_timeout_s" || key == "tool_result_timeout_s" || key == "stop_grace_s")
      r.number(v, "interactive." + key, YamlRules::kPositive);
    else
      r.unknown("interactive." + key, v, "ai_round_timeout_s, tool_result_timeout_s, stop_grace_s");
  });
}

}  // namespace

void check_app(const YAML::Node& root, YamlRules& r) {
  // AC-DC's sections that AC-DC++ does not have (acdc-features.md §3.4): an
  // app.yaml brought over from it is told they do nothing here.
  static const std::set<std::string> not_here{"doc_convert", "doc_index", "agents", "reasoning", "cache_tiering"};
  // `agents` (AC-DC's reserved multi-agent switch) stays not here: acdc's Agent mode is `agent`.
  r.each(root, [&](const std::string& key, const YAML::Node& v) {
    r.map(v, key);
    if (v.IsNull()) return;
    if (key == "url_cache") check_url_cache(v, r);
    else if (key == "history_compaction") check_compaction(v, r);
    else if (key == "interactive") check_interactive(v, r);
    else if (key == "symbol_map") check_symbol_map(v, r);
    else if (key == "cache_warmup") check_cache_warmup(v, r);
    else if (key == "agent") check_agent(v, r);
    else if (key == "permissions") check_permissions(v, r);
    else if (key == "exec") check_exec(v, r);
    else if (key == "checks") check_checks(v, r);
    else if (key == "mcp_servers") check_mcp_servers(v, r);
    else if (key == "mcp_client") check_mcp_client(v, r);
    else if (not_here.contains(key))
      r.warn(v, "'" + key + "' is an AC-DC setting that acdc does not read: it has no effect here; remove it");
    else
      r.unknown(key, v, "url_cache, history_compaction, interactive, symbol_map, cache_warmup, agent, permissions, exec, checks, "
                        "mcp_servers, mcp_client");
  });
}

}  // namespace acdc::settings
