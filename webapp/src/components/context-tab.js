// <ac-context-tab>: where the context window's tokens go, drawn as an SVG
// bar chart: one stacked bar of the whole budget, one bar per category, and
// the cache tiers when the llm plugin reports them. Refreshed after each turn.
// The symbol map's line says how many files it covers, or, when the prompt
// goes without one, why (breakdown.symbol_map_unavailable), once, here.

import { html, svg } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, toast } from '../rpc.js';

// [key, label, colour, the breakdown's fields it sums]: the map's header and
// legend are sent with its blocks, so they count as the map.
const CATEGORIES = [['system', 'System prompt', '#7aa2f7'], ['symbol_map', 'Symbol map', '#bb9af7', ['symbol_map', 'legend']],
  ['files', 'Files', '#9ece6a'], ['urls', 'URLs', '#e0af68'], ['history', 'History', '#f7768e']];
const tokensOf = (b, fields) => fields.reduce((n, f) => n + Number(b[f] ?? 0), 0);
const WIDTH = 640, BAR = 22, LABEL = 130;

class AcContextTab extends LightElement {
  static properties = { data: { state: true }, error: { state: true }, gate: {} };

  connectedCallback() {
    super.connectedCallback();
    this.refresh();
    this.listen(on('postResponseComplete', () => this.refresh()));
    this.listen(on('selection', () => this.refresh()));
  }

  async refresh() {
    try {
      this.data = await rpc('LLMService.get_context_breakdown');
      this.error = '';
    } catch (e) {
      this.error = `Could not read the context breakdown: ${e.message}`;
    }
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
      not in full context</p>`;
  }

  tiers(blocks = []) {
    if (!blocks.length) return '';
    const max = Math.max(...blocks.map((b) => b.tokens ?? 0), 1);
    return html`<h3>Cache tiers</h3><svg class="chart" viewBox="0 0 ${WIDTH} ${blocks.length * 26}" role="img" aria-label="Cache tiers">
      ${blocks.map((b, i) => svg`<text x="0" y=${i * 26 + 16} class="lbl">${b.name ?? b.tier}</text>
        <rect x=${LABEL} y=${i * 26} width=${((b.tokens ?? 0) / max) * (WIDTH - LABEL - 70)} height="20" class=${b.cached ? 'cached' : 'uncached'}></rect>
        <text x=${LABEL + ((b.tokens ?? 0) / max) * (WIDTH - LABEL - 70) + 6} y=${i * 26 + 16} class="num">${b.tokens ?? 0}</text>`)}
    </svg>`;
  }

  render() {
    const d = this.data;
    return html`<div class="context-tab">
      <div class="tab-head"><b>Context</b> ${d?.model ? html`<span>${d.model}</span>` : ''}
        <button @click=${() => this.refresh().then(() => { if (!this.error) toast('Context refreshed', 'ok'); })}>Refresh</button></div>
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      ${d ? html`<p>${(d.total_tokens ?? 0).toLocaleString()} of ${(d.max_input_tokens ?? 0).toLocaleString()} input tokens
        ${d.cache_hit_rate != null ? html` · cache hit ${Math.round(d.cache_hit_rate * 100)}%` : ''}</p>
        ${this.chart(d)}${this.symbolMap(d.breakdown)}${this.tiers(d.blocks)}` : html`<p>Loading…</p>`}
    </div>`;
  }
}
customElements.define('ac-context-tab', AcContextTab);
