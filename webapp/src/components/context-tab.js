// <ac-context-tab>: where the context window's tokens go. With a server that
// reports cache tiers (issue 16): the tiers (<ac-context-tiers>), the cache-hit
// rates of the last turn and of the session, and the session's totals (with
// what its cache warm-ups cost, issue 30); always:
// one stacked bar of the whole budget against the model's context window, one
// bar per category, and the symbol map, files and history counts. A server
// without tiers gets the flat chart alone. Refreshed after each turn and after
// a compaction. The symbol map's line says how many files it covers, or, when
// the prompt goes without one, why (breakdown.symbol_map_unavailable), once, here;
// under it, a ranked map's budget and cut (<ac-context-map>, issue 26). The
// head names the session's mode, Ask or Agent (get_agent_mode, then
// AcApp.agentModeChanged), since it decides what a turn may add to this.

import { html, svg } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, toast, hasMethod } from '../rpc.js';
import { hasTiers, formatRate, formatTokens, totalsRows } from '../core/tiers.js';
import './context-tiers.js';
import './context-map.js';

// [key, label, colour, the breakdown's fields it sums]: the map's header and
// legend are sent with its blocks, so they count as the map.
const CATEGORIES = [['system', 'System prompt', '#7aa2f7'], ['symbol_map', 'Symbol map', '#bb9af7', ['symbol_map', 'legend']],
  ['files', 'Files', '#9ece6a'], ['urls', 'URLs', '#e0af68'], ['history', 'History', '#f7768e']];
const tokensOf = (b, fields) => fields.reduce((n, f) => n + Number(b[f] ?? 0), 0);
const WIDTH = 640, BAR = 22, LABEL = 130;

class AcContextTab extends LightElement {
  static properties = { data: { state: true }, error: { state: true }, mode: { state: true }, gate: {} };

  connectedCallback() {
    super.connectedCallback();
    this.refresh();
    // streamComplete for the turn's usage at once; postResponseComplete once
    // the tracker has moved blocks between tiers; compaction changes history.
    // A cache warm-up adds its tokens and cost to the session's totals.
    for (const type of ['streamComplete', 'postResponseComplete', 'selection', 'sessionChanged', 'cacheWarmupComplete'])
      this.listen(on(type, () => this.refresh()));
    // The map joins the breakdown once the index is built; the indexing
    // stage's last report (100%) comes after that.
    this.listen(on('startupProgress', ({ stage, percent }) => {
      if (stage === 'indexing' && percent >= 100) this.refresh();
    }));
    this.listen(on('compactionEvent', ({ event }) => {
      if (event?.stage === 'compacted' || event?.stage === 'compaction_error') this.refresh();
    }));
    this.listen(on('state', () => this.readMode()));
    this.listen(on('agentModeChanged', (m) => { this.mode = m; }));
  }

  // A host without Agent mode names none.
  async readMode() {
    if (!hasMethod('LLMService.get_agent_mode')) { this.mode = null; return; }
    try {
      this.mode = await rpc('LLMService.get_agent_mode');
    } catch {
      this.mode = null;
    }
  }

  modeLine(m) {
    if (!m) return '';
    const off = m.available === false ? ` (Agent unavailable: ${m.reason || 'no reason given'})` : '';
    return html`<span data-context-mode=${m.agent ? 'agent' : 'ask'}>Mode: ${m.agent ? 'Agent' : 'Ask'}${off}</span>`;
  }

  // Events come in bursts (a turn's end brings two): one call at a time, and
  // one more after it when something asked meanwhile.
  async refresh() {
    if (this.loading) { this.again = true; return; }
    this.loading = true;
    try {
      this.data = await rpc('LLMService.get_context_breakdown');
      this.error = '';
    } catch (e) {
      this.error = `Could not read the context breakdown: ${e.message}`;
    } finally {
      this.loading = false;
    }
    if (this.again) { this.again = false; await this.refresh(); }
  }

  // The budget bar is to the scale of the context window; the category bars
  // are to the scale of the largest category, so small contexts stay legible.
  chart(d) {
    const b = d.breakdown ?? {};
    const cats = CATEGORIES.map(([key, label, color, fields = [key]]) => ({ key, label, color, tokens: tokensOf(b, fields) }));
    const used = d.total_tokens ?? cats.reduce((n, c) => n + c.tokens, 0);
    const budget = Math.max(d.max_input_tokens ?? used, used, 1);
    const span = WIDTH - LABEL - 90;
    const scale = span / budget;
    const largest = Math.max(...cats.map((c) => c.tokens), 1);
    let x = LABEL;
    const stacked = cats.map((c) => {
      const w = Math.max(c.tokens ? 1 : 0, c.tokens * scale);
      const seg = svg`<rect x=${x} y="0" width=${w} height=${BAR} fill=${c.color}><title>${c.label}: ${c.tokens}</title></rect>`;
      x += w;
      return seg;
    });
    const height = BAR * 2 + cats.length * (BAR + 6) + 10;
    const pct = (n, of) => (of ? `${((n / of) * 100).toFixed(n / of < 0.01 ? 2 : 0)}%` : '0%');
    return html`<svg class="chart" data-chart viewBox="0 0 ${WIDTH} ${height}" role="img"
        aria-label="Token budget: ${used} of ${budget} tokens">
      <text x="0" y="16" class="lbl">Budget used</text>
      <rect x=${LABEL} y="0" width=${span} height=${BAR} class="track"></rect>
      ${stacked}
      <text x=${LABEL + span + 6} y="16" class="num">${pct(used, budget)}</text>
      ${cats.map((c, i) => {
        const y = BAR * 2 + i * (BAR + 6), w = Math.max(1, (c.tokens / largest) * span);
        return svg`<text x="0" y=${y + 16} class="lbl">${c.label}</text>
          <rect x=${LABEL} y=${y} width=${w} height=${BAR} fill=${c.color} data-category=${c.key}><title>${pct(c.tokens, used)} of the context</title></rect>
          <text x=${LABEL + w + 6} y=${y + 16} class="num">${c.tokens.toLocaleString()}</text>`;
      })}
    </svg>`;
  }

  symbolMap(b = {}) {
    if (b.symbol_map_unavailable) {
      // The host's words for a plugin that is not there are a bare "Method
      // not found"; the gate names the plugin and why.
      const gate = this.gate?.('symbolMap') ?? { ok: true };
      return html`<p class="unavailable" data-symbol-map-note>${gate.ok ? `No symbol map in the prompt: ${b.symbol_map_unavailable}`
        : `${gate.reason} Chat goes on without it.`}</p>`;
    }
    const files = Number(b.symbol_map_files ?? 0);
    return html`<p data-symbol-map data-tokens=${tokensOf(b, ['symbol_map', 'legend'])} data-files=${files}>
      Symbol map: ${tokensOf(b, ['symbol_map', 'legend']).toLocaleString()} tokens
      (${Number(b.legend ?? 0).toLocaleString()} of them its header and legend) for ${files.toLocaleString()} ${files === 1 ? 'file' : 'files'}
      not in full context</p>
      ${b.symbol_map_details ? html`<ac-context-map .details=${b.symbol_map_details}></ac-context-map>` : ''}`;
  }

  // The context window and what the files and history in it are.
  usage(d) {
    const b = d.breakdown ?? {}, used = d.total_tokens ?? 0, max = d.max_input_tokens;
    return html`<p data-window data-used=${used} data-max=${max ?? ''}>${formatTokens(used)}
      ${max ? html`of ${formatTokens(max)} input tokens (${formatRate(used / max)} of ${d.model ?? 'the model'}'s context window)` : 'input tokens'}
      ${d.max_output_tokens ? html` · answers up to ${formatTokens(d.max_output_tokens)} tokens` : ''}</p>
      ${max && d.window_source ? html`<p class="window-source" data-window-source>The window: ${formatTokens(max)} tokens, from ${d.window_source}</p>` : ''}
      ${d.model_note ? html`<p class="unavailable" data-model-note>${d.model_note}</p>` : ''}
      <p data-counts>${formatTokens(b.file_count)} ${b.file_count === 1 ? 'file' : 'files'} in full context
      (${formatTokens(b.files)} tokens) · history ${formatTokens(b.history_messages)} messages (${formatTokens(b.history)} tokens)</p>`;
  }

  // Only the fields this server sends: an older one has none of them.
  rates(d) {
    if (d.cache_hit_rate === undefined && d.session_cache_rate === undefined) return '';
    const last = d.last_turn;
    return html`<p class="cache-rates" data-cache-rates>Cache hits: last turn <b data-rate="turn">${formatRate(d.cache_hit_rate)}</b>
      · session <b data-rate="session">${formatRate(d.session_cache_rate)}</b>
      ${d.provider_cache_rate == null ? '' : html` · reported by the provider ${formatRate(d.provider_cache_rate)}`}</p>
      ${last ? html`<p data-last-turn>Last turn: ${formatTokens(last.prompt)} in (${formatTokens(last.cache_read)} read from cache,
        ${formatTokens(last.cache_write)} written) · ${formatTokens(last.completion)} out</p>` : ''}`;
  }

  totals(d) {
    const rows = totalsRows(d.session_totals);
    return rows.length ? html`<table class="totals" data-session-totals><caption>This session</caption>
      ${rows.map(([label, value]) => html`<tr data-total=${label}><th>${label}</th><td>${value}</td></tr>`)}</table>` : '';
  }

  render() {
    const d = this.data;
    return html`<div class="context-tab">
      <div class="tab-head"><b>Context</b> ${d?.model ? html`<span>${d.model}</span>` : ''} ${this.modeLine(this.mode)}
        <button @click=${() => this.refresh().then(() => { if (!this.error) toast('Context refreshed', 'ok'); })}>Refresh</button></div>
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      ${d ? html`${this.usage(d)}${this.rates(d)}
        ${hasTiers(d) ? html`<ac-context-tiers .data=${d}></ac-context-tiers>` : ''}${this.totals(d)}
        ${hasTiers(d) ? html`<h3>By category</h3>` : ''}
        ${this.chart(d)}${this.symbolMap(d.breakdown)}` : html`<p>Loading…</p>`}
    </div>`;
  }
}
customElements.define('ac-context-tab', AcContextTab);
