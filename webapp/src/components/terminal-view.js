// <ac-terminal-view>: one xterm.js terminal showing one command's output
// (issue 39): what the page kept of it is written when the command is
// chosen, then each AcApp.commandOutput of that command as it comes, escapes
// and all. It fits its box (@xterm/addon-fit), and while the command runs the
// keys typed in it go to the command's terminal through Exec.input (Ctrl+C is
// "\u0003", which the pseudo-terminal turns into SIGINT).
//
//   <ac-terminal-view .command=${record}></ac-terminal-view>
//   view.size   // {cols, rows}: for Exec.run, so the command sees this terminal's size

import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { html } from 'lit';
import { LightElement } from './light-element.js';
import { on, toast } from '../rpc.js';
import { commandList, typeInto } from '../exec.js';
import { replayText } from '../core/commands.js';

// The scrollback the terminal keeps: about what the page keeps of a command
// (core/commands.js MAX_OUTPUT) at 80 columns.
const SCROLLBACK = 5000;

class AcTerminalView extends LightElement {
  static properties = { command: {} };

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('commandOutput', ({ id, text }) => {
      if (this.term && id === this.shownId) this.term.write(text);
    }));
  }

  firstUpdated() {
    this.term = new Terminal({ scrollback: SCROLLBACK, fontSize: 12, cursorBlink: false,
      theme: { background: '#0d0f14', foreground: '#d7dae0' } });
    this.fitter = new FitAddon();
    this.term.loadAddon(this.fitter);
    this.term.open(this.querySelector('.xterm-host'));
    this.term.onData((keys) => this.typed(keys));
    this.resizes = new ResizeObserver(() => this.fit());
    this.resizes.observe(this);
    this.fit();
    this.show(this.command);
  }

  updated(changed) {
    if (changed.has('command') && this.term && this.command?.id !== this.shownId) this.show(this.command);
  }

  // The output so far comes from the list as it is now: the record handed
  // in is only renewed when a command starts or ends, not per output.
  show(command) {
    this.shownId = command?.id;
    this.term.reset();
    const now = commandList().find((c) => c.id === this.shownId);
    if (now) this.term.write(replayText(now));
  }

  // A hidden panel has no size to fit to; it fits again when shown.
  fit() {
    if (this.offsetWidth > 0 && this.offsetHeight > 0 && this.fitter.proposeDimensions()) this.fitter.fit();
  }

  typed(keys) {
    if (!this.command?.running) return;
    typeInto(this.command.id, keys).catch((e) => toast(`Not typed into the command: ${e.message}`, 'error'));
  }

  // Exec.run takes at least 10 columns and 2 rows; a terminal squeezed
  // smaller leaves the host's default size.
  get size() {
    const { cols = 0, rows = 0 } = this.term ?? {};
    return cols >= 10 && rows >= 2 ? { cols, rows } : {};
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.resizes?.disconnect();
    this.term?.dispose();
    this.term = null;
  }

  render() {
    return html`<div class="xterm-host" data-terminal-output=${this.command?.id ?? ''}></div>`;
  }
}
customElements.define('ac-terminal-view', AcTerminalView);
