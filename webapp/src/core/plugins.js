// Which features this host can serve. A feature needs one RPC method (and,
// for one served through another plugin, that plugin's method too); when a
// method is absent, the reason names the plugin and what Host.list_plugins
// says about it, so a trimmed build disables a tab with an explanation.
//
//   const gate = featureGate(hasMethod, pluginList);
//   gate('search') // {ok:false, reason:'Search needs the repo plugin, which ...'}

export const FEATURES = {
  files: { method: 'Repo.get_file_tree', plugin: 'repo', label: 'The file tree' },
  chat: { method: 'LLMService.chat_streaming', plugin: 'llm', label: 'Chat' },
  context: { method: 'LLMService.get_context_breakdown', plugin: 'llm', label: 'The context view' },
  settings: { method: 'Settings.get_config_content', plugin: 'settings', label: 'Settings' },
  search: { method: 'Repo.search_files', plugin: 'repo', label: 'Search' },
  git: { method: 'Repo.commit', plugin: 'repo', label: 'Commit' },
  diff: { method: 'Repo.get_staged_diff', plugin: 'repo', label: 'Copy diff' },
  // Commit and reset go through LLMService, so the conversation records them.
  commit: { method: 'LLMService.commit_all', plugin: 'llm', label: 'Commit' },
  reset: { method: 'Repo.reset_hard', plugin: 'repo', label: 'Reset',
    also: { method: 'LLMService.reset_to_head', plugin: 'llm' } },
  review: { method: 'LLMService.start_review', plugin: 'llm', label: 'Review',
    also: { method: 'Repo.checkout_review_parent', plugin: 'repo' } },
  history: { method: 'LLMService.history_list_sessions', plugin: 'llm', label: 'History' },
  viewer: { method: 'Repo.get_file_content', plugin: 'repo', label: 'The diff viewer' },
  symbolMap: { method: 'SymbolIndex.get_map', plugin: 'symbol-index', label: 'The symbol map' },
  // LLMService keeps the reference's names and forwards to SymbolIndex, so
  // both plugins must be there.
  exclusion: { method: 'LLMService.set_excluded_index_files', plugin: 'llm', label: 'Excluding files from the index',
    also: { method: 'SymbolIndex.set_excluded_files', plugin: 'symbol-index' } },
  // Links in a message: LLMService keeps the reference's names and forwards to UrlFetch.
  urls: { method: 'LLMService.detect_urls', plugin: 'llm', label: 'Fetching links in messages',
    also: { method: 'UrlFetch.detect', plugin: 'url-fetch' } },
  exec: { method: 'Exec.run', plugin: 'exec', label: 'Running commands' },
  mcp: { method: 'McpClient.servers', plugin: 'mcp-client', label: 'The MCP client' },
  lsp: { method: 'LLMService.lsp_get_hover', plugin: 'llm', label: 'Looking up names (hover, definition, references)',
    also: { method: 'SymbolIndex.hover', plugin: 'symbol-index' } },
};

export function featureGate(has, pluginList = []) {
  return (name) => {
    const f = FEATURES[name];
    const missing = [f, f.also].find((need) => need && !has(need.method));
    if (!missing) return { ok: true, reason: '' };
    const { method, plugin } = missing;
    const p = pluginList.find((x) => x.id === plugin);
    let why;
    if (!p) why = `the ${plugin} plugin is not loaded by this host (not built, or not in its plugin list)`;
    else if (p.error) why = `the ${plugin} plugin failed: ${p.error}`;
    else if (p.status && p.status !== 'active') why = `the ${plugin} plugin is ${p.status}`;
    else why = `the ${plugin} plugin does not provide ${method}`;
    return { ok: false, reason: `${f.label} is unavailable: ${why}.` };
  };
}
