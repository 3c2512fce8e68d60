// <ac-app-shell>: owns the WebSocket (extends jrpc-oo's JRPCClient), registers
// "AcApp", shows the startup overlay until `ready` and a stage still running
// after it (indexing) in the header, reconnects with backoff, and lays out the
// tabs, with the terminal docked under them and the permission dialog of an
// Agent turn's commands over everything (issue 39). Everything else talks to
// the server through rpc.js.
//
//   <ac-app-shell></ac-app-shell>   (page URL: /?port=N&token=T)

import { JRPCClient } from '@flatmax/jrpc-oo/dist/bundle.js';
import { html } from 'lit';
import { AcAppMethods } from './acapp-methods.js';
import { Backoff } from './core/backoff.js';
import { featureGate } from './core/plugins.js';
import { hostAddress, socketUrl } from './core/host-address.js';
import { startupInitial, reportStage, markReady, forgetStages, backgroundStages } from './core/startup.js';
import { setCall, hasMethod, rpc, on, emit, toast } from './rpc.js';
import './components/toasts.js';
import './components/startup-overlay.js';
import './components/files-tab.js';
import './components/commit-actions.js';
import './components/copy-diff.js';
import './components/mode-switch.js';
import './components/review.js';
import './components/terminal-dock.js';
import './components/permission-dialog.js';

const TABS = [['files', 'Files'], ['context', 'Context'], ['search', 'Search'], ['settings', 'Settings']];
const LAZY = {
  context: () => import('./components/context-tab.js'),
  search: () => import('./components/search-tab.js'),
  settings: () => import('./components/settings-tab.js'),
};

export class AcAppShell extends JRPCClient {
  static properties = {
    connected: { state: true }, tab: { state: true }, gate: { state: true },
    repoName: { state: true }, startup: { state: true }, retryIn: { state: true },
  };

  constructor() {
    super();
    this.remoteTimeout = 60;
    this.tab = 'files';
    this.connected = false;
    this.everConnected = false;
    this.startup = startupInitial();
    this.gate = featureGate(() => false);
    this.backoff = new Backoff();
    this.repoName = '';
    on('startupProgress', (report) => { this.startup = reportStage(this.startup, report); });
    on('open-tab', (tab) => this.openTab(tab));
    on('pluginStatus', (info) => this.onPluginStatus(info));
  }

  // A swapped plugin starts afresh: what it serves, and the conversation
  // state it holds (a stream the old one was running is gone), are read again.
  async onPluginStatus({ id, status, version, error } = {}) {
    if (status !== 'swapped') {
      toast(`Plugin ${id} was not reloaded: ${error ?? status}`, 'error');
      return;
    }
    toast(`Plugin ${id} reloaded${version ? ` (${version})` : ''}`, 'ok');
    await this.refreshPlugins();
    await this.restoreState();
  }

  // Which tabs and actions the loaded plugins allow.
  async refreshPlugins() {
    const plugins = hasMethod('Host.list_plugins') ? await rpc('Host.list_plugins').catch(() => []) : [];
    this.gate = featureGate(hasMethod, plugins);
  }

  createRenderRoot() { return this; }

  connectedCallback() {
    super.connectedCallback();
    this.addClass(new AcAppMethods(), 'AcApp');
    this.serverURI = socketUrl(hostAddress(location));
    addEventListener('keydown', (e) => this.onKey(e));
  }

  remoteIsUp() {}

  async setupDone() {
    this.backoff.reset();
    this.retryIn = 0;
    setCall(this.call);
    await this.refreshPlugins();
    const reconnect = this.everConnected;
    if (reconnect) toast('Reconnected', 'ok');
    this.everConnected = true;
    this.connected = true;
    emit('connected', { reconnect });
    await this.restoreState();
  }

  // The conversation, the selection and any stream still running come from
  // the server, on first load and after every reconnect.
  async restoreState() {
    if (!hasMethod('LLMService.get_current_state')) { this.startup = markReady(this.startup); return; }
    try {
      const state = await rpc('LLMService.get_current_state');
      if (state.repo_name) document.title = `${state.repo_name} · AC-DC++`;
      this.repoName = state.repo_name ?? '';
      if (state.init_complete) this.startup = markReady(this.startup);
      emit('state', state);
    } catch (e) {
      toast(`Could not load the session: ${e.message}`, 'error');
    }
  }

  remoteDisconnected() {
    this.connected = false;
    this.startup = forgetStages(this.startup);
    setCall(null);
    emit('disconnected');
    this.scheduleReconnect();
  }

  setupSkip() {
    this.connected = false;
    this.scheduleReconnect();
  }

  scheduleReconnect() {
    if (this.reconnectTimer) return;
    const delay = this.backoff.next();
    this.retryIn = delay / 1000;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.serverChanged();
    }, delay);
  }

  openTab(tab) {
    LAZY[tab]?.();
    this.tab = tab;
  }

  onKey(e) {
    if (!e.altKey) return;
    const n = Number(e.key);
    if (n >= 1 && n <= TABS.length) { e.preventDefault(); this.openTab(TABS[n - 1][0]); }
  }

  renderTab([id, label], i) {
    const g = this.tabGate(id);
    return html`<button role="tab" class="tab ${this.tab === id ? 'active' : ''}" data-tab=${id}
      ?disabled=${!g.ok} title=${g.ok ? `${label} (Alt+${i + 1})` : g.reason}
      @click=${() => this.openTab(id)}>${label}</button>`;
  }

  tabGate(id) {
    if (id === 'files') return { ok: true, reason: '' };
    return this.gate(id);
  }

  // After `ready`, a stage still running (the symbol index being built) is a
  // small indicator; the page is usable meanwhile.
  renderBackground() {
    return backgroundStages(this.startup).map((s) => html`<span class="background-stage" data-background-stage=${s.stage}
      data-percent=${s.percent} title="${s.stage}: ${s.percent}% (the page is usable meanwhile)">${s.message || s.stage}
      <span class="bar"><span class="fill" style="width:${s.percent}%"></span></span></span>`);
  }

  render() {
    return html`
      <ac-startup-overlay .state=${this.startup} ?hidden=${this.startup.ready}></ac-startup-overlay>
      <header class="top">
        <span class="brand">AC-DC++</span>
        <span class="repo">${this.repoName}</span>
        <nav role="tablist">${TABS.map((t, i) => this.renderTab(t, i))}</nav>
        <span class="spacer"></span>
        ${this.renderBackground()}
        <ac-mode-switch></ac-mode-switch>
        <ac-review .gate=${this.gate}></ac-review>
        <ac-copy-diff .gate=${this.gate}></ac-copy-diff>
        <ac-commit-actions .gate=${this.gate}></ac-commit-actions>
        <span class="conn ${this.connected ? 'up' : 'down'}" data-connection=${this.connected ? 'up' : 'down'}>
          ${this.connected ? 'connected' : this.retryIn ? `reconnecting (${this.retryIn}s)` : 'connecting'}</span>
      </header>
      <main>
        <ac-files-tab ?hidden=${this.tab !== 'files'} .gate=${this.gate}></ac-files-tab>
        ${this.tab === 'context' ? html`<ac-context-tab .gate=${this.gate}></ac-context-tab>` : ''}
        <ac-search-tab ?hidden=${this.tab !== 'search'}></ac-search-tab>
        ${this.tab === 'settings' ? html`<ac-settings-tab .gate=${this.gate}></ac-settings-tab>` : ''}
      </main>
      <ac-terminal-dock .gate=${this.gate}></ac-terminal-dock>
      <ac-permission-dialog></ac-permission-dialog>
      <ac-toasts></ac-toasts>`;
  }
}

customElements.define('ac-app-shell', AcAppShell);
