// <ac-context-map>: the ranked symbol map's cut (issue 26), under the Context
// tab's map line: its budget and use, whether the whole map fits, how many
// indexed files are in it in full, named in the outline or left out, the files
// in full with why each is in (grouped by reason, or sorted by path or
// tokens), a file's block on a click (SymbolIndex.get_file_block), and the
// outline, collapsed. The model is core/map-details.js.
//
//   html`<ac-context-map .details=${breakdown.symbol_map_details}></ac-context-map>`

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc } from '../rpc.js';
import { WHY, SORTS, mapSummary, entryGroups } from '../core/map-details.js';
import { formatTokens, formatRate } from '../core/tiers.js';

class AcContextMap extends LightElement {
  static properties = { details: {}, sort: { state: true }, blocks: { state: true } };

  constructor() {
    super();
    this.sort = 'reason';
    this.blocks = new Map();  // path -> {content} | {error} | {} while asked: the files opened
  }

  // After a turn the tab reads the breakdown again: an open block is read
  // again too (the turn may have edited its file), a file no longer in full closed.
  willUpdate(changed) {
    if (!changed.has('details') || !changed.get('details')) return;
    const inMap = new Set((this.details?.entries ?? []).map((e) => e.path));
    for (const path of [...this.blocks.keys()]) {
      if (inMap.has(path)) this.read(path);
      else this.setBlock(path, null);
    }
  }

  setBlock(path, value) {
    const next = new Map(this.blocks);
    if (value) next.set(path, value); else next.delete(path);
    this.blocks = next;
  }

  toggle(path) {
    if (this.blocks.has(path)) this.setBlock(path, null);
    else this.read(path);
  }

  async read(path) {
    if (!this.blocks.has(path)) this.setBlock(path, {});
    try {
      const { content } = await rpc('SymbolIndex.get_file_block', path);
      if (this.blocks.has(path)) this.setBlock(path, { content: content ?? '' });
    } catch (e) {
      if (this.blocks.has(path)) this.setBlock(path, { error: `Could not read the block of ${path}: ${e.message}` });
    }
  }

  budget(s) {
    return html`<p class="map-budget" data-map-budget data-tokens=${s.tokens} data-budget=${s.budget} data-complete=${s.complete ? 'yes' : 'no'}>
      <span>Map budget: <b>${formatTokens(s.tokens)}</b> of ${formatTokens(s.budget)} tokens used by its blocks and outline
        (${formatRate(s.share)})</span>
      <span class="bar" title="The map's share of its budget"><span class="fill" style="width:${(s.share * 100).toFixed(1)}%"></span></span>
      <span class="badge ${s.complete ? 'complete' : 'cut'}" data-map-complete title=${s.complete
        ? 'Every indexed file not in full context is in the map in full'
        : 'The map is larger than its budget: the most useful files are in full, the rest named or counted in the outline'}>
        ${s.complete ? 'complete' : 'cut to the budget'}</span>
      ${s.indexing == null ? '' : html`<span class="badge cut" data-map-indexing title="acdc is still building its first index of this repository: the map has the files indexed so far, and the rest join it as they are done">indexing ${s.indexing}%</span>`}</p>`;
  }

  counts(s) {
    const files = (n) => `${formatTokens(n)} ${n === 1 ? 'file' : 'files'}`;
    if (s.complete && !s.summary && !s.outline && !s.leftOut)
      return html`<p data-map-counts data-total=${s.total}>${s.full === 1 ? 'The' : 'All'} <b data-count="full">${formatTokens(s.full)}</b>
        ${s.full === 1 ? 'file indexed and not in full context is' : 'files indexed and not in full context are'} in the map in full.</p>`;
    return html`<p data-map-counts data-total=${s.total}>Of ${files(s.total)} indexed and not in full context:
      <b data-count="full">${formatTokens(s.full)}</b> in the map in full ·
      <b data-count="summary">${formatTokens(s.summary)}</b> as a summary of their symbols ·
      <b data-count="outline">${formatTokens(s.outline)}</b> named in the outline ·
      <b data-count="left-out">${formatTokens(s.leftOut)}</b> left out (counted by directory)</p>`;
  }

  entry(e) {
    const block = this.blocks.get(e.path), why = WHY[e.why];
    return html`<li data-map-entry=${e.path} data-why=${e.why}>
      <div class="map-entry"><button class="link" data-map-file=${e.path} aria-expanded=${block ? 'true' : 'false'}
          title="Show the map's block of this file" @click=${() => this.toggle(e.path)}>${block ? '▾' : '▸'} <code>${e.path}</code></button>
        <span class="badge why-${e.why}" data-why-badge=${e.why} title=${why?.title ?? ''}>${why?.label ?? e.why}</span>
        ${e.summary ? html`<span class="badge" data-summary title="Only its symbols' names: the whole block did not fit, or the match is weak">summary</span>` : ''}
        <small>${formatTokens(e.tokens)} tokens</small></div>
      ${!block ? '' : block.error ? html`<div class="error" data-map-block-error>${block.error}</div>`
        : html`<pre class="map-block" data-map-block=${e.path}>${block.content ?? 'Reading…'}</pre>`}
    </li>`;
  }

  files(groups, count) {
    return html`<div class="map-files-head"><b>In the map (${formatTokens(count)})</b>
        <label>Sort <select data-map-sort @change=${(ev) => { this.sort = ev.target.value; }}>
          ${SORTS.map(([value, label]) => html`<option value=${value} ?selected=${value === this.sort}>${label}</option>`)}
        </select></label></div>
      <div class="map-files" data-map-files>${groups.map((g) => html`${g.heading
        ? html`<h4 data-map-group=${g.why}>${g.heading} (${formatTokens(g.entries.length)})</h4>` : ''}
        <ul>${g.entries.map((e) => this.entry(e))}</ul>`)}</div>`;
  }

  outline(d, s) {
    if (!d.outline) return '';
    return html`<details class="map-outline" data-map-outline><summary>Outline: the other files by directory
      (${formatTokens(s.outline)} named, ${formatTokens(s.leftOut)} counted)</summary><pre>${d.outline}</pre></details>`;
  }

  render() {
    const d = this.details;
    if (!d) return '';
    const s = mapSummary(d), entries = d.entries ?? [];
    return html`<section class="context-map" data-context-map>
      ${this.budget(s)}${this.counts(s)}
      ${entries.length ? this.files(entryGroups(entries, this.sort), entries.length) : ''}
      ${this.outline(d, s)}
    </section>`;
  }
}
customElements.define('ac-context-map', AcContextMap);
