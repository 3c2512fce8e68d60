// <ac-terminal-panel>: the commands the host runs, the model's and the
// user's (issue 39). One row per command: its line, who ran it ("you" or
// "model"), its sandbox, Kill while it runs and its exit line after; beside
// them the chosen command's output, live, in <ac-terminal-view> (xterm.js);
// under them a line where the user types a command and runs it with Enter
// (Exec.run, origin "user", unsandboxed as in their own shell). A command is
// shown as it starts; a click on a row shows another. When the model's
// commands would run without a sandbox (Exec.status), the head says why.
// Without the exec plugin the panel says so and offers nothing to run.
//
//   <ac-terminal-panel .gate=${gate}></ac-terminal-panel>   (in <ac-terminal-dock>)

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, toast } from '../rpc.js';
import { commandList, runCommand, killCommand, execAvailable } from '../exec.js';
import { exitLine, failed, originLabel, sandboxLabel } from '../core/commands.js';
import './terminal-view.js';

class AcTerminalPanel extends LightElement {
  static properties = { gate: {}, list: { state: true }, shown: { state: true }, status: { state: true },
    error: { state: true } };

  constructor() {
    super();
    this.list = commandList();
    this.shown = this.list.at(-1)?.id;
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('commands', (list) => this.follow(list)));
    this.listen(on('connected', () => this.readStatus()));
  }

  // A command that starts is shown; one that ends stays shown.
  follow(list) {
    const known = new Set(this.list.map((c) => c.id));
    const fresh = list.filter((c) => !known.has(c.id)).at(-1);
    if (fresh) this.shown = fresh.id;
    this.list = list;
  }

  // The shown command's row stays in view as new ones join the list.
  updated(changed) {
    if (changed.has('shown')) this.querySelector('.command-row.shown')?.scrollIntoView({ block: 'nearest' });
  }

  async readStatus() {
    this.status = null;
    if (!execAvailable()) return;
    try {
      this.status = await rpc('Exec.status');
    } catch {
      // Only the sandbox warning depends on it.
    }
  }

  run(e) {
    e.preventDefault();
    const input = e.target.elements.command;
    const command = input.value.trim();
    if (!command) return;
    input.value = '';
    this.error = '';
    runCommand(command, this.querySelector('ac-terminal-view')?.size).catch((err) => {
      this.error = err.message;
      input.value ||= command;
    });
  }

  async kill(c) {
    try {
      const r = await killCommand(c.id);
      if (!r?.killed) toast(`${c.command} had already ended`, 'info');
    } catch (e) {
      toast(`Could not kill ${c.command}: ${e.message}`, 'error');
    }
  }

  row(c) {
    const result = c.result;
    return html`<li class="command-row ${c.id === this.shown ? 'shown' : ''}" data-command=${c.id}
        data-origin=${c.origin} data-status=${c.running ? 'running' : 'exited'} @click=${() => { this.shown = c.id; }}>
      <div class="command-head" data-command-head><code title=${c.command}>${c.command}</code>
        <span class="badge origin-${c.origin}">${originLabel(c.origin)}</span>
        <span class="command-sandbox">${sandboxLabel(c.sandbox)}</span></div>
      ${c.running ? html`<div class="command-status"><span class="spinner"></span> running
          <button data-action="kill" title="Stop the command and everything it started"
            @click=${(e) => { e.stopPropagation(); this.kill(c); }}>Kill</button></div>`
        : html`<div class="exit-line ${failed(result) ? 'failed' : ''}" data-exit-line title=${result?.message ?? ''}>${exitLine(result)}</div>`}
    </li>`;
  }

  render() {
    const exec = this.gate?.('exec') ?? { ok: false, reason: '' };
    if (!exec.ok) return html`<div class="unavailable" data-unavailable="exec">Commands are not available in this build.
      ${exec.reason}</div>`;
    const s = this.status;
    const shown = this.list.find((c) => c.id === this.shown);
    return html`<div class="terminal-panel">
      ${s && !s.sandbox_available ? html`<div class="sandbox-warning" data-sandbox-warning>The model's commands run
        without a sandbox${s.sandbox_problem ? `: ${s.sandbox_problem}` : ''}.</div>` : ''}
      <div class="terminal-body">
        <ul class="command-list">${this.list.map((c) => this.row(c))}</ul>
        <ac-terminal-view .command=${shown}></ac-terminal-view>
      </div>
      <form class="command-input" @submit=${this.run}><span class="prompt">$</span>
        <input name="command" data-command-input autocomplete="off" spellcheck="false"
          placeholder="A command to run in the repository, as in your shell (Enter)">
      </form>
      ${this.error ? html`<div class="error" data-command-error>${this.error}</div>` : ''}
    </div>`;
  }
}
customElements.define('ac-terminal-panel', AcTerminalPanel);
