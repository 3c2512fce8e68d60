// <ac-agent-connect>: Settings' "Connect an agent or an editor" (issues 31,
// 32): the configuration lines of core/agent-configs.js for this page's host,
// each with a Copy button. The token stays masked on screen until "Show
// token" (it grants full access, and screens get shared), but Copy always
// copies it in full, so the pasted line works.
//
//   <ac-agent-connect></ac-agent-connect>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { toast } from '../rpc.js';
import { hostAddress } from '../core/host-address.js';
import { agentConfigs, mcpUrl } from '../core/agent-configs.js';

class AcAgentConnect extends LightElement {
  static properties = { reveal: { state: true } };

  constructor() {
    super();
    this.address = hostAddress(location);
    this.clients = agentConfigs(this.address);
  }

  copy(client, c) {
    navigator.clipboard?.writeText(c.text)
      .then(() => toast(`Copied for ${client.name}: ${c.label}`, 'ok'), () => toast('The browser refused the clipboard', 'error'));
  }

  renderConfig(client, c) {
    return html`<div class="agent-config" data-agent-config=${c.id}>
      <span class="label">${c.label}</span>
      <code data-config-line>${this.reveal ? c.text : c.masked}</code>
      <button class="copy" data-copy title="Copy ${c.secret ? 'with the token' : 'the line'}" @click=${() => this.copy(client, c)}>Copy</button>
    </div>`;
  }

  render() {
    return html`<details class="card agent-connect" data-agent-connect>
      <summary class="card-head"><b>Connect an agent or an editor</b></summary>
      <p class="dim">Coding agents use acdc's index and model as MCP tools: over HTTP they share this running acdc
        (<code data-mcp-url>${mcpUrl(this.address)}</code>), over stdio they start their own in the project.
        Editors run acdc as their agent over ACP. Neovim's CodeCompanion and the details: README.md.</p>
      <label class="reveal"><input type="checkbox" data-action="show-token" .checked=${!!this.reveal}
        @change=${(e) => { this.reveal = e.target.checked; }}> Show token</label>
      ${this.clients.map((client) => html`<div class="agent-client" data-agent-client=${client.id}>
        <div class="agent-client-head"><b>${client.name}</b> <span class="dim">${client.where}</span></div>
        ${client.configs.map((c) => this.renderConfig(client, c))}</div>`)}
    </details>`;
  }
}
customElements.define('ac-agent-connect', AcAgentConnect);
