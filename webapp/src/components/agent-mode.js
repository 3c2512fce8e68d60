// <ac-agent-mode>: Ask or Agent, the session's way of answering, beside the
// chat's reasoning selector. In Ask the model answers from the context it is
// given; in Agent it may call tools (read a file, ...) over several steps
// before it answers. The server owns the choice and keeps it per session
// across restarts: a click asks LLMService.set_agent_mode, a (re)connect reads
// get_agent_mode, and every tab follows AcApp.agentModeChanged. When the model
// cannot call tools the server says so (`available` false, `reason`): Agent is
// disabled with the reason as its tooltip. Hidden when the host has no Agent
// mode.
//
//   <ac-agent-mode></ac-agent-mode>

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, hasMethod, toast } from '../rpc.js';

const TITLES = {
  ask: 'Ask: the model answers from the files and map in context',
  agent: 'Agent: the model may call tools, such as reading a file, over several steps before it answers',
};

class AcAgentMode extends LightElement {
  static properties = { agent: { state: true }, available: { state: true }, reason: { state: true },
    busy: { state: true }, supported: { state: true } };

  constructor() {
    super();
    this.agent = false;
    this.available = true;
    this.reason = '';
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('state', (s) => this.load(s)));
    this.listen(on('agentModeChanged', (m) => this.follow(m)));
  }

  // get_current_state's agent_mode shows at once; get_agent_mode adds
  // whether the model can use it.
  async load(state = {}) {
    this.supported = hasMethod('LLMService.get_agent_mode');
    if (!this.supported) return;
    if (typeof state.agent_mode === 'boolean') this.agent = state.agent_mode;
    try {
      this.follow(await rpc('LLMService.get_agent_mode'));
    } catch (e) {
      toast(`Could not read the Agent mode: ${e.message}`, 'warn');
    }
  }

  follow({ agent, available, reason } = {}) {
    if (typeof agent === 'boolean') this.agent = agent;
    if (typeof available === 'boolean') this.available = available;
    this.reason = reason ?? '';
  }

  async choose(agent) {
    if (agent === this.agent) return;
    this.busy = true;
    try {
      this.follow(await rpc('LLMService.set_agent_mode', agent));
    } catch (e) {
      toast(`Could not switch to ${agent ? 'Agent' : 'Ask'}: ${e.message}`, 'error');
    } finally {
      this.busy = false;
    }
  }

  // Unavailable, Agent is disabled; Ask stays clickable while Agent is on, so
  // a session whose model lost its tools can still leave it.
  button(mode) {
    const agent = mode === 'agent', active = agent === this.agent;
    const disabled = this.busy || (!this.available && (agent || !this.agent));
    const title = this.available || !agent ? TITLES[mode] : `Agent is unavailable: ${this.reason || 'the server gave no reason'}`;
    return html`<button class="mode ${active ? 'active' : ''}" data-agent-mode=${mode} aria-pressed=${active}
      ?disabled=${disabled} title=${title} @click=${() => this.choose(agent)}>${agent ? 'Agent' : 'Ask'}</button>`;
  }

  render() {
    if (!this.supported) return '';
    return html`<span class="agent-mode" role="group" aria-label="Ask or Agent" data-agent=${this.agent ? 'agent' : 'ask'}
      data-available=${this.available} title=${this.available ? '' : this.reason}>${this.button('ask')}${this.button('agent')}</span>`;
  }
}
customElements.define('ac-agent-mode', AcAgentMode);
