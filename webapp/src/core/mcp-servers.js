// The user's MCP servers as Settings shows them (the mcp-client plugin's
// McpClient.servers() and AcApp.mcpServersChanged): the status word of each,
// the order, the line that counts a server's tools on, the retry countdown,
// and whether a failed call means this build has no mcp-client plugin. Pure:
// unit tested in tests/webapp/mcp-servers.test.mjs.
//
//   const list = sortedServers(await rpc('McpClient.servers'));
//   statusLabel(list[0])            // 'connected' | 'starting…' | 'failed' | 'disabled'
//   toolSummary(list[0])            // '3 of 4 tools on'
//   retryText(list[1], 2000)        // 'retrying in 3 s' (5 s announced, 2 s ago)
//   overview(list)                  // '2 servers: 1 connected, 1 failed'

const LABELS = { connected: 'connected', starting: 'starting…', failed: 'failed', disabled: 'disabled' };

// A status this page does not know (a newer plugin's) is shown as it came,
// not as another one: the badge must not claim "connected" for it.
export function statusOf(server) {
  return server?.status || 'starting';
}

export function statusLabel(server) {
  const status = statusOf(server);
  return LABELS[status] ?? status;
}

// The plugin already answers in name order; sorting here keeps the cards
// still when a notification comes from a plugin that does not.
export function sortedServers(servers) {
  if (!Array.isArray(servers)) return [];
  return [...servers].sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Tools are known once a server has connected; before that there is nothing to count.
export function toolSummary(server) {
  const tools = server?.tools ?? [];
  if (!tools.length) return statusOf(server) === 'connected' ? 'no tools' : '';
  const on = tools.filter((t) => t.enabled).length;
  return `${on} of ${plural(tools.length, 'tool')} on`;
}

// retry_in_s is the wait when the list was sent; `elapsedMs` since then
// counts it down, so the card does not say "5 s" for five seconds.
export function retryText(server, elapsedMs = 0) {
  if (typeof server?.retry_in_s !== 'number') return '';
  const left = Math.ceil(server.retry_in_s - elapsedMs / 1000);
  return left > 0 ? `retrying in ${left} s` : 'retrying now';
}

export const retrying = (servers) => servers.some((s) => typeof s.retry_in_s === 'number');

// What a connected server said of itself: 'everything 2.0.0 · MCP 2025-11-25'.
export function serverInfoLine(server) {
  if (statusOf(server) !== 'connected') return '';
  const info = server.server_info ?? {};
  const who = [info.name, info.version].filter(Boolean).join(' ');
  const protocol = server.protocol ? `MCP ${server.protocol}` : '';
  return [who, protocol].filter(Boolean).join(' · ');
}

// The section's head: how many servers, and how many in each status, in
// the order of LABELS (then any status this page does not know).
export function overview(servers) {
  if (!servers.length) return 'no servers';
  const counts = new Map(Object.keys(LABELS).map((status) => [status, 0]));
  for (const s of servers) counts.set(statusOf(s), (counts.get(statusOf(s)) ?? 0) + 1);
  const parts = [...counts].filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`);
  return `${plural(servers.length, 'server')}: ${parts.join(', ')}`;
}

// A call that failed because no plugin serves McpClient (a trimmed build),
// as rpc.js and JSON-RPC report it, rather than a failure of the plugin.
export function notInThisBuild(error) {
  return error?.code === -32601;
}
