// Which features this host can serve. A feature needs one RPC method; when
// the method is absent, the reason names the plugin and what Host.list_plugins
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
  commit: { method: 'LLMService.generate_commit_message', plugin: 'llm', label: 'Commit' },
  reset: { method: 'Repo.reset_hard', plugin: 'repo', label: 'Reset' },
  history: { method: 'LLMService.history_list_sessions', plugin: 'llm', label: 'History' },
  viewer: { method: 'Repo.get_file_content', plugin: 'repo', label: 'The diff viewer' },
};

export function featureGate(has, pluginList = []) {
  return (name) => {
    const f = FEATURES[name];
    if (has(f.method)) return { ok: true, reason: '' };
    const p = pluginList.find((x) => x.id === f.plugin);
    let why;
    if (!p) why = `the ${f.plugin} plugin is not loaded by this host (not built, or not in its plugin list)`;
    else if (p.error) why = `the ${f.plugin} plugin failed: ${p.error}`;
    else if (p.status && p.status !== 'active') why = `the ${f.plugin} plugin is ${p.status}`;
    else why = `the ${f.plugin} plugin does not provide ${f.method}`;
    return { ok: false, reason: `${f.label} is unavailable: ${why}.` };
  };
}
