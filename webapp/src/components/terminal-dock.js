// <ac-terminal-dock>: the terminal's place at the foot of the page (issue
// 39), under every tab, so the chat stays in view while commands run: a bar
// that says how many commands are running and, when open, the terminal panel
// below it. The panel's chunk (xterm.js) is loaded when it first opens. It
// opens on the bar, on Ctrl+` (as in VS Code), on "open-terminal" from the
// bus, and when a command starts: the user's always, the model's unless the
// user closed the panel by hand.
//
//   <ac-terminal-dock .gate=${gate}></ac-terminal-dock>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on, toast } from '../rpc.js';
import { commandList } from '../exec.js';
import { runningCount } from '../core/commands.js';

class AcTerminalDock extends LightElement {
  static properties = { gate: {}, open: { state: true }, loaded: { state: true }, running: { state: true } };

  constructor() {
    super();
    this.open = false;
    this.closedByHand = false;
    this.running = runningCount(commandList());
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('commands', (list) => { this.running = runningCount(list); }));
    this.listen(on('open-terminal', ({ origin } = {}) => {
      if (origin !== 'model' || !this.closedByHand) this.show(true);
    }));
    // Captured: the terminal itself takes every key it is typed.
    const key = (e) => {
      if (e.ctrlKey && e.key === '`') { e.preventDefault(); this.toggle(); }
    };
    addEventListener('keydown', key, true);
    this.listen(() => removeEventListener('keydown', key, true));
  }

  async show(open) {
    if (open && !this.loaded) {
      try {
        await import('./terminal-panel.js');
      } catch (e) {
        toast(`The terminal could not be loaded: ${e.message} (reload the page?)`, 'error');
        return;
      }
      this.loaded = true;
    }
    this.open = open;
  }

  toggle() {
    if (this.open) this.closedByHand = true;
    this.show(!this.open);
  }

  render() {
    const label = this.running ? `Terminal · ${this.running} running` : 'Terminal';
    return html`<button class="terminal-bar ${this.running ? 'busy' : ''}" data-action="terminal" data-running=${this.running} aria-expanded=${this.open}
        title="Show or hide the commands acdc runs (Ctrl+\`)" @click=${this.toggle}>
        <span class="twisty">${this.open ? '▾' : '▸'}</span> ${label}</button>
      ${this.loaded ? html`<ac-terminal-panel ?hidden=${!this.open} .gate=${this.gate}></ac-terminal-panel>` : ''}`;
  }
}
customElements.define('ac-terminal-dock', AcTerminalDock);
