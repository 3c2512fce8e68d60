// <ac-chat-panel>: the conversation. Sends with LLMService.chat_streaming,
// stops with cancel_streaming, renders streamChunk at most once per animation
// frame per request id, adopts streams this tab did not start (another tab, or
// one still running after a reconnect), and fills the retry prompt after
// failed edits without sending it. Issue 16: a compaction shows its progress
// and then replaces the list with the compacted history; an answer cut off
// midway stays, marked, with Retry; a send the server refuses says why and
// goes back into the input. The model's thinking (AcApp.streamThinking, then
// the result's `reasoning`) rides on its answer card, shown collapsed.
// Issue 29: a failed turn is a typed error card with Retry; answers link the
// repository files they name (the picker's file list, `fileList`); a run
// timer while a turn streams; the list opens at its newest message after a
// reload or a session load, and follows late layout (highlighting, images)
// while it is at the bottom. An answer whose edits the server can take back
// offers Undo (LLMService.undo_turn): its system event joins the chat, or the
// refusal's reason shows on that answer. Issue 30: a send refused for a
// missing key offers the local models an Ollama server has, when one
// answers (<ac-local-model-offer>); choosing one says so and sends again.
// An Agent turn's tool calls (AcApp.agentStep) ride on its answer card as they
// run, replaced by the turn's `steps` when it completes; Stop cancels the
// whole turn, which is one request id. An answer's shell commands offer Run
// when the exec plugin is loaded (issue 39).

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { StreamTracker, newRequestId } from '../core/request-id.js';
import { ChunkCoalescer } from '../core/coalescer.js';
import { retryPrompt } from '../core/retry-prompt.js';
import { rpc, hasMethod, on, emit, toast } from '../rpc.js';
import { fromHistory, fromHistoryList, notice, retryTarget, retryIndex, afterCompaction, undoFields, systemEvent } from '../core/chat-messages.js';
import { errorCard } from '../core/error-kinds.js';
import { mergeStep, settleSteps, agentFields } from '../core/agent-steps.js';
import { isMissingKey, switchedNote } from '../core/local-model.js';
import { FollowBottom } from './follow-bottom.js';
import './chat-message.js';
import './chat-input.js';
import './run-timer.js';

class AcChatPanel extends LightElement {
  static properties = { messages: { state: true }, current: { state: true }, hud: { state: true },
    showHistory: { state: true }, compacting: { state: true }, files: { state: true }, selected: { state: true }, gate: {} };

  constructor() {
    super();
    this.messages = [];
    this.current = null;
    this.tracker = new StreamTracker();
    this.coalescer = new ChunkCoalescer((id, content) => this.showChunk(id, content));
    this.thinking = new ChunkCoalescer((id, thinking) => this.showThinking(id, thinking));
    this.follow = new FollowBottom(this, '.messages', '.messages-inner');
    this.selection = [];
    this.selected = new Set();
    this.files = new Set();
  }

  connectedCallback() {
    super.connectedCallback();
    const subs = {
      state: (s) => this.restore(s), streamChunk: ({ requestId, content }) => this.onChunk(requestId, content),
      streamComplete: ({ requestId, result }) => this.onComplete(requestId, result),
      userMessage: (d) => this.onUserMessage(d), sessionChanged: (d) => this.onSession(d),
      selection: (files) => { this.selection = files; this.selected = new Set(files); },
      fileList: (files) => { this.files = new Set(files); }, streamRetry: ({ info }) => this.onRetry(info),
      compactionEvent: ({ requestId, event }) => this.onProgressEvent(event, requestId),
      binaryFilesSkipped: (d) => toast(`Skipped ${d.kind} files: ${(d.paths ?? []).join(', ')}${d.reason ? ` (${d.reason})` : ''}`, 'warn'),
      commitResult: (r) => this.onCommit(r),
      systemEvent: (text) => this.onCommit({ system_event_message: text }),
      streamThinking: ({ requestId, content }) => this.onThinking(requestId, content),
      agentStep: ({ requestId, step }) => this.onStep(requestId, step),
    };
    for (const [type, fn] of Object.entries(subs)) this.listen(on(type, fn));
  }

  get streaming() { return this.current !== null; }

  restore(state) {
    const messages = fromHistoryList(state.messages ?? []);
    this.current = null;
    this.compacting = false;
    for (const s of state.active_streams ?? []) {
      // Single user: a stream still running is this user's, so Stop works on it.
      this.tracker.adopt(s.request_id, true);
      this.current = s.request_id;
      this.startedAt = Date.now();
      messages.push({ role: 'assistant', content: s.accumulated_content ?? '', streaming: true, requestId: s.request_id });
    }
    this.messages = messages;
    this.follow.soon(true);
  }

  indexOf(id) {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i].requestId === id) return i;
    return -1;
  }

  replaceAt(i, patch) {
    const next = [...this.messages];
    next[i] = { ...next[i], ...patch };
    this.messages = next;
  }

  // A card for an answer not on screen yet; the user bubble another client's
  // userMessage put just before it, if any, belongs to it.
  appendAssistant(id, fields) {
    this.messages = [...this.messages, { role: 'assistant', requestId: id, userShown: this.pendingPassiveUser, ...fields }];
    this.pendingPassiveUser = false;
    return this.messages.length - 1;
  }

  onChunk(id, content) {
    if (!this.tracker.chunk(id).accept) return;
    if (this.indexOf(id) < 0) this.appendAssistant(id, { content: '', streaming: true });
    this.pendingPassiveUser = false;
    this.coalescer.push(id, content);
  }

  onThinking(id, content) {
    if (!this.tracker.chunk(id).accept) return;
    if (this.indexOf(id) < 0) this.appendAssistant(id, { content: '', streaming: true });
    this.thinking.push(id, content);
  }

  // Steps are few (two reports per tool call): each is shown at once.
  onStep(id, step) {
    if (!this.tracker.chunk(id).accept) return;
    let i = this.indexOf(id);
    if (i < 0) i = this.appendAssistant(id, { content: '', streaming: true });
    this.replaceAt(i, { steps: mergeStep(this.messages[i].steps, step) });
    this.follow.soon();
  }

  showThinking(id, thinking) {
    const i = this.indexOf(id);
    if (i >= 0) this.replaceAt(i, { thinking });
  }

  showChunk(id, content) {
    const i = this.indexOf(id);
    if (i >= 0) this.replaceAt(i, { content });
    this.follow.soon();
  }

  onComplete(id, result = {}) {
    this.coalescer.flush(id);
    this.thinking.flush(id);
    const { accept, passive } = this.tracker.complete(id);
    if (!accept) return;
    let i = this.indexOf(id);
    if (i < 0) i = this.appendAssistant(id, {});  // no chunk came (an error before any text)
    // A cut-off answer keeps what arrived; any other error is a card of its kind.
    const cutOff = result.cut_off === true;
    const error = result.error && !cutOff ? errorCard(result.error_info, result.error) : null;
    const content = (cutOff ? result.response || this.messages[i].content : result.response ?? this.messages[i].content) || '';
    const steps = this.messages[i].steps ? { steps: settleSteps(this.messages[i].steps) } : {};
    this.replaceAt(i, { content, streaming: false, result, error, ...undoFields(result), ...steps, ...agentFields(result),
      ...(result.reasoning ? { thinking: result.reasoning } : {}),
      ...(cutOff ? { cutOff, cutOffError: result.error_info?.message ?? result.error ?? '' } : {}) });
    if (passive && result.user_message && !this.messages[i].userShown)
      this.messages = [...this.messages.slice(0, i), { role: 'user', content: result.user_message }, ...this.messages.slice(i)];
    if (id === this.current) this.current = null;
    // A turn that failed before the provider answered used no tokens: the
    // last turn that did stays in the head.
    const u = result.token_usage;
    if (u?.prompt_tokens || u?.completion_tokens) this.hud = u;
    for (const why of result.refused_images ?? []) toast(`Not sent: ${why}`, 'warn');
    if (result.prompt_truncated) this.messages = [...this.messages, notice(result.prompt_truncated, 'warn')];
    const retry = retryPrompt(result.edit_results ?? []);
    if (retry && !passive) this.querySelector('ac-chat-input')?.fill(retry);
    if ((result.files_modified ?? []).length) emit('filesModified', result.files_modified);
    this.follow.soon();
  }

  onUserMessage({ content }) {
    if (this.streaming) return;   // our own message is already on screen
    this.messages = [...this.messages, { role: 'user', content }];
    this.pendingPassiveUser = true;
  }

  onSession({ messages }) {
    if (this.streaming) return;
    this.messages = fromHistoryList(messages ?? []);
    this.follow.soon(true);
  }

  onRetry(info) {
    toast(`The provider asked to retry${info?.delay_seconds ? ` in ${info.delay_seconds}s` : ''}: ${info?.message ?? info?.reason ?? ''}`, 'warn');
  }

  onProgressEvent(ev = {}, requestId = null) {
    // url_ready comes for a failed fetch too: the chip says how it went.
    if (ev.stage === 'url_fetch') toast(`Fetching ${ev.url}…`, 'info');
    else if (ev.stage === 'loading_model') this.onLoadingModel(requestId, ev);
    else if (ev.stage === 'compacting') this.compacting = true;
    else if (ev.stage === 'compacted') this.onCompacted(ev);
    else if (ev.stage === 'compaction_error') {
      this.compacting = false;
      this.messages = [...this.messages, notice(`Compaction failed: ${ev.error ?? 'no reason given'}. The history is kept as it was.`)];
    }
    this.follow.soon();
  }

  // A local model loading into memory: the answer's place says so until its first words arrive.
  onLoadingModel(id, ev) {
    if (!id || !this.tracker.chunk(id).accept) return;
    let i = this.indexOf(id);
    if (i < 0) i = this.appendAssistant(id, { content: '', streaming: true });
    this.replaceAt(i, { status: ev.message ?? `Loading the model ${ev.model ?? ''}…` });
  }

  // The compacted history includes its system event; a server that sent the
  // event alone gets it appended.
  onCompacted(ev) {
    this.compacting = false;
    if (Array.isArray(ev.messages)) this.messages = afterCompaction(ev.messages, this.messages, this.current);
    else if (ev.system_event) this.messages = [...this.messages, fromHistory(ev.system_event)];
  }

  onCommit(r) {
    if (r?.system_event_message) this.messages = [...this.messages, systemEvent(r.system_event_message)];
  }

  // The server puts the files back and sends AcApp.filesModified, which the
  // picker and the editor already follow. A refusal (a file changed since)
  // says why on that answer, not in a toast, and keeps its button: the user
  // may undo the later change and try again.
  async undo(turnId) {
    const mark = (patch) => {
      const i = this.messages.findIndex((m) => m.role === 'assistant' && m.turnId === turnId);
      if (i >= 0) this.replaceAt(i, patch);
    };
    mark({ undoing: true, undoError: '' });
    try {
      const r = await rpc('LLMService.undo_turn', turnId);
      mark({ undoing: false, undoable: false, undone: true });
      this.onCommit(r);
    } catch (e) {
      mark({ undoing: false, undoError: e.message });
    }
    this.follow.soon();
  }

  async send({ text, images, effort, excludedUrls = [] }) {
    if (this.streaming || !text.trim()) return;
    const id = newRequestId();
    this.tracker.begin(id);
    this.current = id;
    this.startedAt = Date.now();
    this.messages = [...this.messages, { role: 'user', content: text, images },
      { role: 'assistant', content: '', streaming: true, requestId: id, userShown: true }];
    this.follow.soon(true);
    try {
      // The reference's trailing arguments (excluded_urls, agent_tag,
      // reasoning, effort) only when one is used, so a server that takes
      // four still gets four.
      const chosen = effort ?? this.querySelector('ac-chat-input')?.effort ?? 'off';
      const reasoning = chosen === 'off' ? [null, null] : [true, chosen];
      const extra = chosen === 'off' && !excludedUrls.length ? []
        : [excludedUrls.length ? excludedUrls : null, null, ...reasoning];
      await rpc('LLMService.chat_streaming', id, text, this.selection, images.length ? images : null, ...extra);
    } catch (e) {
      this.refused(id, { text, images }, e.message);
    }
  }

  // The server would not start the turn (no API key, another stream, still
  // starting, context too large): nothing was sent, so the question leaves
  // the list, goes back into the input, and the reason stays in the chat.
  refused(id, draft, why) {
    this.tracker.complete(id);
    if (this.current === id) this.current = null;
    const i = this.indexOf(id);
    const start = i > 0 && this.messages[i - 1].role === 'user' ? i - 1 : i;
    const kept = i < 0 ? this.messages : [...this.messages.slice(0, start), ...this.messages.slice(i + 1)];
    // A missing key may be answered by a local model: the notice offers the
    // models of an Ollama server, when one answers (<ac-local-model-offer>).
    this.messages = [...kept, { ...notice(`Not sent: ${why}`), ...(isMissingKey(why) ? { localOffer: true, draft } : {}) }];
    this.querySelector('ac-chat-input')?.putBack(draft);
    this.follow.soon(true);
  }

  // llm.yaml names the chosen model now: the offer goes, the chat says what
  // is configured, and the refused question is sent again as Retry sends.
  usedLocalModel(i, result) {
    const { draft } = this.messages[i];
    this.replaceAt(i, { localOffer: false });
    this.messages = [...this.messages, notice(switchedNote(result), 'info')];
    this.querySelector('ac-chat-input')?.takeBack(draft);
    this.send(draft);
  }

  retry(index) {
    const target = retryTarget(this.messages, index);
    if (target) this.send(target);
  }

  async stop() {
    if (!this.current) return;
    try {
      await rpc('LLMService.cancel_streaming', this.current);
    } catch (e) {
      toast(`Could not stop: ${e.message}`, 'error');
    }
  }

  async newSession() {
    try {
      await rpc('LLMService.new_session');
      this.messages = [];
    } catch (e) {
      toast(`New session failed: ${e.message}`, 'error');
    }
  }

  async openHistory() {
    await import('./history-browser.js');
    this.showHistory = true;
  }

  render() {
    const chat = this.gate?.('chat') ?? { ok: false, reason: 'Connecting…' };
    const h = this.hud;
    const retryAt = retryIndex(this.messages, this.streaming);
    const canRun = this.gate?.('exec')?.ok ?? false;
    return html`
      <div class="chat-head">
        <button data-action="new-session" ?disabled=${!hasMethod('LLMService.new_session') || this.streaming} @click=${this.newSession}>New session</button>
        <button data-action="history" ?disabled=${!hasMethod('LLMService.history_list_sessions')} @click=${this.openHistory}>History</button>
        ${this.streaming ? html`<ac-run-timer .since=${this.startedAt}></ac-run-timer>` : ''}
        <ac-cache-warmup></ac-cache-warmup>
        ${h ? html`<span class="hud" data-hud>last turn: ${h.prompt_tokens ?? 0} in · ${h.completion_tokens ?? 0} out${h.cache_read_tokens ? ` · ${h.cache_read_tokens} cached` : ''}</span>` : ''}
      </div>
      ${chat.ok ? '' : html`<div class="unavailable" data-unavailable="chat">${chat.reason}</div>`}
      <div class="messages" @scroll=${(e) => this.follow.onScroll(e)}><div class="messages-inner">${this.messages.map((m, i) => html`<ac-chat-message
          .message=${m} .files=${this.files} .selected=${this.selected} .canRun=${canRun}
          ?retryable=${i === retryAt} @retry=${() => this.retry(i)} @undo=${() => this.undo(m.turnId)}
          @local-model=${(e) => this.usedLocalModel(i, e.detail)}></ac-chat-message>`)}
        ${this.compacting ? html`<div class="msg system compacting" data-compacting>Compacting history…</div>` : ''}</div></div>
      <ac-chat-input ?disabled=${!chat.ok} .streaming=${this.streaming} .gate=${this.gate}
        @send=${(e) => this.send(e.detail)} @stop=${this.stop}></ac-chat-input>
      ${this.showHistory ? html`<ac-history-browser @close=${() => { this.showHistory = false; }}></ac-history-browser>` : ''}`;
  }
}
customElements.define('ac-chat-panel', AcChatPanel);
