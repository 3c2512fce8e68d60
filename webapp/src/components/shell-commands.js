// <ac-shell-commands>: the shell commands an answer suggests (the server
// finds them, §4.3), each with Copy and, when the exec plugin is loaded, Run
// (issue 39). The user's click is the permission: the command runs as theirs
// (Exec.run, origin "user", as in their own shell), the terminal opens on it,
// and the row shows how its latest run in this page is going or how it ended.
// Without the plugin the commands are shown to copy, never run. Copy is the
// chat message's (a [data-copy] beside a <code>).
//
//   <ac-shell-commands .commands=${['npm test']} .canRun=${true}></ac-shell-commands>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on, toast } from '../rpc.js';
import { commandList, runCommand } from '../exec.js';
import { latestRun, exitLine, failed } from '../core/commands.js';

class AcShellCommands extends LightElement {
  static properties = { commands: {}, canRun: { type: Boolean }, runs: { state: true } };

  constructor() {
    super();
    this.commands = [];
    this.runs = commandList();
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('commands', (list) => { this.runs = list; }));
  }

  run(command) {
    runCommand(command).catch((e) => toast(`Not run: ${e.message}`, 'error'));
  }

  status(run) {
    if (!run) return '';
    return html`<span class="shell-run ${failed(run.result) ? 'failed' : ''}" data-shell-run=${run.running ? 'running' : 'exited'}
      title=${run.result?.message ?? ''}>${run.running ? 'running…' : exitLine(run.result)}</span>`;
  }

  render() {
    if (!this.commands?.length) return '';
    return html`<div class="shell-commands" data-shell-commands>
      <div class="label">${this.canRun ? 'Shell commands' : 'Shell commands (not run)'}</div>
      ${this.commands.map((c) => {
        const run = latestRun(this.runs, c);
        return html`<div class="shell-cmd" data-shell-command><code>${c}</code>${this.status(run)}
          ${this.canRun ? html`<button data-action="run" ?disabled=${run?.running} title="Run it in the repository, as in your shell"
            @click=${() => this.run(c)}>Run</button>` : ''}
          <button class="copy" data-copy title="Copy the command">Copy</button></div>`;
      })}</div>`;
  }
}
customElements.define('ac-shell-commands', AcShellCommands);
