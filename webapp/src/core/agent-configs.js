// The one-line configurations that connect a coding agent (MCP, issue 31) or
// an editor (ACP, issue 32) to acdc, as Settings shows them to copy: over
// HTTP to this running acdc (its /mcp endpoint, with the page's port and
// token), or over stdio (the agent starts its own `acdc mcp` / `acdc acp` in
// the project). The forms are README.md's ("acdc in an editor over ACP",
// "acdc as an MCP server for coding agents").
//
//   for (const client of agentConfigs(hostAddress(location)))
//     for (const c of client.configs) show(c.label, c.masked, c.text);  // copy c.text, show c.masked

// Shown in place of the token until the user asks to see it: it grants full
// access to the host. Fixed length, so the page does not tell the token's.
export const MASK = '••••••••';

// The HTTP entry is named acdc-web, as in README.md: next to a stdio "acdc",
// `claude mcp add` would refuse a second server of the same name.
const CLIENTS = [
  { id: 'claude', name: 'Claude Code', where: 'run in the project', configs: [
    { id: 'claude-http', label: 'HTTP, to this running acdc',
      line: (t) => `claude mcp add --transport http acdc-web "${t.url}" --header "Authorization: Bearer ${t.bearer}"` },
    { id: 'claude-stdio', label: 'stdio, Claude Code starts acdc', line: () => 'claude mcp add acdc -- acdc mcp' },
  ] },
  { id: 'cursor', name: 'Cursor', where: '.cursor/mcp.json', configs: [
    { id: 'cursor-http', label: 'HTTP, to this running acdc',
      line: (t) => `{ "mcpServers": { "acdc-web": { "url": "${t.url}?token=${t.query}" } } }` },
    { id: 'cursor-stdio', label: 'stdio, Cursor starts acdc',
      line: () => '{ "mcpServers": { "acdc": { "command": "acdc", "args": ["mcp"] } } }' },
  ] },
  { id: 'zed', name: 'Zed', where: 'settings.json', configs: [
    { id: 'zed-mcp', label: 'MCP tools in Zed\'s agent',
      line: () => '{ "context_servers": { "acdc": { "source": "custom", "command": "acdc", "args": ["mcp"] } } }' },
    { id: 'zed-acp', label: 'acdc as Zed\'s agent (ACP)',
      line: () => '{ "agent_servers": { "acdc": { "type": "custom", "command": "acdc", "args": ["acp"], "env": {} } } }' },
  ] },
  { id: 'jetbrains', name: 'JetBrains', where: '~/.jetbrains/acp.json', configs: [
    { id: 'jetbrains-acp', label: 'acdc as the AI Assistant\'s agent (ACP)',
      line: () => '{ "agent_servers": { "acdc": { "command": "acdc", "args": ["acp"] } } }' },
  ] },
];

// The MCP endpoint of the host at `address` (see host-address.js).
export function mcpUrl({ hostname, port }) {
  return `http://${hostname}:${port}/mcp`;
}

// Each client with its configurations: `text` (to copy, with the real token)
// and `masked` (to show before the user asks for the token); `secret` says
// whether the two differ.
export function agentConfigs(address) {
  const url = mcpUrl(address);
  const real = { url, bearer: address.token, query: encodeURIComponent(address.token) };
  const hidden = { url, bearer: MASK, query: MASK };
  return CLIENTS.map(({ configs, ...client }) => ({ ...client,
    configs: configs.map(({ line, ...c }) => {
      const text = line(real), masked = line(hidden);
      return { ...c, text, masked, secret: text !== masked };
    }) }));
}
