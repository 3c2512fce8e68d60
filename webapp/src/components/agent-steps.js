// <ac-agent-steps>: the tool calls of an Agent answer, one card each, in the
// order the model made them: the tool, its arguments in one line, the
// server's one-line summary and how long it took, or a spinner while it runs.
// A card opens (a <details>) on the full text the model got back. The chat
// panel feeds it from AcApp.agentStep while the turn streams, then from the
// turn's `steps` (streamComplete, and the history after a reload).
//
//   <ac-agent-steps .steps=${[{id, tool, arguments, status, summary, duration_ms, result}]}></ac-agent-steps>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { argumentsLine, formatDuration } from '../core/agent-steps.js';

const MARKS = { ok: '✓', error: '✗' };

class AcAgentSteps extends LightElement {
  static properties = { steps: {}, open: { state: true } };

  constructor() {
    super();
    this.steps = [];
    this.open = new Set();
  }

  // A result can be a whole file: it joins the page only while its card is open.
  toggled(id, open) {
    const next = new Set(this.open);
    if (open) next.add(id); else next.delete(id);
    this.open = next;
  }

  card(s) {
    const open = this.open.has(s.id), running = s.status === 'running';
    const duration = formatDuration(s.duration_ms);
    return html`<details class="agent-step status-${s.status}" data-agent-step=${s.id} data-status=${s.status}
        data-tool=${s.tool} ?open=${open} @toggle=${(e) => this.toggled(s.id, e.target.open)}>
      <summary>
        <span class="step-mark" data-step-mark>${running ? html`<span class="spinner" aria-hidden="true"></span>running` : MARKS[s.status] ?? s.status}</span>
        <b data-step-tool>${s.tool}</b>
        <code class="step-args" data-step-args title=${JSON.stringify(s.arguments ?? {})}>${argumentsLine(s.arguments)}</code>
        ${s.summary ? html`<span class="step-summary" data-step-summary>${s.summary}</span>` : ''}
        ${duration ? html`<span class="step-duration" data-step-duration>${duration}</span>` : ''}
      </summary>
      ${open ? html`<pre class="step-result" data-step-result>${running ? 'Running…' : s.result ?? ''}</pre>` : ''}
    </details>`;
  }

  render() {
    return html`<div class="agent-steps" data-agent-steps>${this.steps.map((s) => this.card(s))}</div>`;
  }
}
customElements.define('ac-agent-steps', AcAgentSteps);
