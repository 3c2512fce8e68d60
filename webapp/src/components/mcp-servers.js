// <ac-mcp-servers>: Settings' "MCP servers": the user's MCP servers whose
// tools the agent may call (the mcp-client plugin), one card each: name,
// transport and target, a status badge, why it failed and when it retries,
// its last log lines (open when it failed), its tools with a switch each, a
// switch for the whole server and Restart. The list is McpClient.servers()
// on every connect, then each AcApp.mcpServersChanged; a switch or Restart
// shows the list its call answers. Without the plugin it says MCP servers are
// not available in this build, and why (core/plugins.js's gate).
//
//   <ac-mcp-servers .gate=${gate}></ac-mcp-servers>   (in <ac-settings-tab>)

import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { LightElement } from './light-element.js';
import { rpc, hasMethod, on, toast } from '../rpc.js';
import { sortedServers, statusOf, statusLabel, toolSummary, retryText, retrying, serverInfoLine, overview,
  notInThisBuild } from '../core/mcp-servers.js';

class AcMcpServers extends LightElement {
  static properties = { gate: {}, servers: { state: true }, error: { state: true }, missing: { state: true },
    busy: { state: true } };

  constructor() {
    super();
    this.busy = new Set();   // servers whose Restart is running
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('connected', () => this.refresh()));
    this.listen(on('mcpServersChanged', (servers) => this.show(servers)));
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.ticker);
    this.ticker = null;
  }

  // A new gate follows a plugin swapped for a rebuilt one (dev mode): a new
  // mcp-client starts its servers afresh, so the list is read again.
  willUpdate(changed) {
    if (changed.get('gate')) {
      this.missing = '';
      this.refresh();
    }
  }

  async refresh() {
    if (!hasMethod('McpClient.servers')) return;
    try {
      this.show(await rpc('McpClient.servers'));
    } catch (e) {
      this.failed(e);
    }
  }

  // Every list the plugin sends replaces the one shown; retry countdowns
  // start again from it.
  show(servers) {
    this.servers = sortedServers(servers);
    this.error = '';
    this.received = Date.now();
    if (retrying(this.servers) && !this.ticker) this.ticker = setInterval(() => this.tick(), 1000);
  }

  tick() {
    if (retrying(this.servers ?? [])) { this.requestUpdate(); return; }
    clearInterval(this.ticker);
    this.ticker = null;
  }

  failed(e) {
    if (notInThisBuild(e)) this.missing = e.message;
    else this.error = e.message;
  }

  // The switch already shows the new position; a refused call puts it back
  // (live() compares with the checkbox itself, not with the last render).
  async setEnabled(server, tool, enabled) {
    try {
      this.show(await rpc('McpClient.set_enabled', server, tool, enabled));
    } catch (e) {
      this.requestUpdate();
      toast(`Could not switch ${tool ? `${server}'s tool ${tool}` : `the server ${server}`} ${enabled ? 'on' : 'off'}: ${e.message}`, 'error');
    }
  }

  async restart(server) {
    this.busy = new Set([...this.busy, server]);
    try {
      this.show(await rpc('McpClient.restart', server));
    } catch (e) {
      toast(`Could not restart ${server}: ${e.message}`, 'error');
    } finally {
      this.busy = new Set([...this.busy].filter((name) => name !== server));
    }
  }

  renderTool(s, t) {
    return html`<li class="mcp-tool" data-mcp-tool=${t.name}>
      <label title=${t.qualified ?? ''}><input type="checkbox" role="switch" data-action="tool-enabled"
        aria-label="Offer ${t.qualified ?? t.name} to the agent" .checked=${live(!!t.enabled)} ?disabled=${!s.enabled}
        @change=${(e) => this.setEnabled(s.name, t.name, e.target.checked)}> <code>${t.name}</code></label>
      <span class="dim" title=${t.description ?? ''}>${t.description ?? ''}</span></li>`;
  }

  renderLog(s) {
    const log = s.log ?? [];
    if (!log.length) return '';
    return html`<details class="mcp-log" data-mcp-log ?open=${statusOf(s) === 'failed'}>
      <summary>log (last ${log.length} line${log.length === 1 ? '' : 's'})</summary><pre>${log.join('\n')}</pre></details>`;
  }

  renderServer(s) {
    const status = statusOf(s);
    const info = serverInfoLine(s);
    const retry = retryText(s, Date.now() - this.received);
    const tools = s.tools ?? [];
    return html`<div class="mcp-server" data-mcp-server=${s.name} data-status=${status}>
      <div class="card-head"><b>${s.name}</b>
        <span class="badge mcp-status status-${status}" data-mcp-status>${statusLabel(s)}</span>
        <label class="mcp-switch"><input type="checkbox" role="switch" data-action="server-enabled"
          aria-label="Use the server ${s.name}" .checked=${live(!!s.enabled)}
          @change=${(e) => this.setEnabled(s.name, null, e.target.checked)}> enabled</label>
        <button data-action="restart" ?disabled=${this.busy.has(s.name) || !s.enabled}
          title="Stop the server and start it again" @click=${() => this.restart(s.name)}>
          ${this.busy.has(s.name) ? 'Restarting…' : 'Restart'}</button></div>
      <div class="mcp-target" data-mcp-target><span class="dim">${s.transport}</span> <code>${s.target}</code>
        <span class="dim">from ${s.source}</span></div>
      ${info ? html`<div class="dim" data-mcp-info>${info}</div>` : ''}
      ${status === 'failed' ? html`<div class="error" data-mcp-error>${s.error || 'failed, with no reason given'}</div>` : ''}
      ${retry ? html`<div class="mcp-retry" data-mcp-retry>${retry}</div>` : ''}
      ${this.renderLog(s)}
      ${toolSummary(s) ? html`<div class="dim" data-mcp-tools-summary>${toolSummary(s)}</div>` : ''}
      ${tools.length ? html`<ul class="mcp-tools">${tools.map((t) => this.renderTool(s, t))}</ul>` : ''}
    </div>`;
  }

  renderEmpty() {
    return html`<p class="dim" data-mcp-empty>No MCP servers are configured. Add them under <code>mcp_servers:</code>
      in app.yaml (its card below), or in the repository's <code>.acdc/mcp.json</code> as
      <code>{"mcpServers": {"name": {"command": …, "args": […]}}}</code> (or <code>{"url": …}</code> for one
      over HTTP). <code>acdc import-mcp</code> imports the servers of <code>.mcp.json</code>,
      <code>.cursor/mcp.json</code>, <code>.vscode/mcp.json</code> and Claude Desktop's configuration.</p>`;
  }

  renderBody() {
    if (this.error) return html`<div class="error" data-mcp-list-error>Could not read the MCP servers: ${this.error}</div>`;
    if (!this.servers) return html`<p class="dim">Reading the servers…</p>`;
    if (!this.servers.length) return this.renderEmpty();
    return this.servers.map((s) => this.renderServer(s));
  }

  render() {
    const gate = this.gate?.('mcp') ?? { ok: false, reason: '' };
    if (!gate.ok || this.missing)
      return html`<div class="unavailable" data-unavailable="mcp">MCP servers are not available in this build.
        ${gate.ok ? this.missing : gate.reason}</div>`;
    return html`<section class="card mcp-servers" data-mcp-servers aria-label="MCP servers">
      <div class="card-head"><b>MCP servers</b><span class="dim" data-mcp-overview>${this.servers ? overview(this.servers) : ''}</span></div>
      <p class="dim">Their tools are offered to the agent as <code>server__tool</code>.</p>
      ${this.renderBody()}
    </section>`;
  }
}
customElements.define('ac-mcp-servers', AcMcpServers);
