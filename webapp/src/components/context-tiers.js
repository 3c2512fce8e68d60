// <ac-context-tiers>: the cache tiers of get_context_breakdown (issue 16,
// acdc-features §4.7) drawn as the prompt from start to end: a row per tier
// (L0, L1, L2, L3, active), each starting where the one above ended and as
// wide as its tokens, cut into its blocks; a cached tier (it carries a cache
// marker) is drawn solid, the rest hatched. Under it, each tier's largest
// blocks by name and tokens, all of them on demand, and what the last turn
// promoted and demoted. The model is core/tiers.js.
//
//   html`<ac-context-tiers .data=${breakdown}></ac-context-tiers>`

import { html, svg } from 'lit';
import { LightElement } from './light-element.js';
import { tierPicture, largestBlocks, moveLines, formatTokens } from '../core/tiers.js';

const WIDTH = 640, ROW = 26, BAR = 18, LABEL = 70, NUMBER = 80;
const SPAN = WIDTH - LABEL - NUMBER;

class AcContextTiers extends LightElement {
  static properties = { data: {} };

  bars(rows) {
    return html`<svg class="chart tiers" data-tiers-chart viewBox="0 0 ${WIDTH} ${rows.length * ROW}" role="img"
        aria-label="Cache tiers: ${rows.map((r) => `${r.name} ${r.tokens}`).join(', ')}">
      ${rows.map((r, i) => {
        const y = i * ROW, x = LABEL + r.x * SPAN, w = r.tokens ? Math.max(2, r.width * SPAN) : 0;
        return svg`<text x="0" y=${y + 14} class="lbl">${r.name}</text>
          <rect x=${LABEL} y=${y} width=${SPAN} height=${BAR} class="track"></rect>
          <g data-tier-bar=${r.name} data-tokens=${r.tokens} data-cached=${r.cached ? 'yes' : 'no'}>
            ${r.blocks.map((b, j) => svg`<rect x=${x + b.x * w} y=${y} width=${b.width * w} height=${BAR}
              class="tier-block ${r.cached ? 'cached' : 'uncached'} ${j % 2 ? 'odd' : ''}"><title>${r.name} · ${b.name}: ${formatTokens(b.tokens)} tokens${b.n != null ? ` (n=${b.n})` : ''}</title></rect>`)}
            ${r.blocks.length ? '' : svg`<rect x=${x} y=${y} width=${w} height=${BAR} class="tier-block ${r.cached ? 'cached' : 'uncached'}"></rect>`}
          </g>
          <text x=${WIDTH - NUMBER + 6} y=${y + 14} class="num">${formatTokens(r.tokens)}</text>`;
      })}
    </svg>`;
  }

  tierLine(r) {
    const { shown, hidden } = largestBlocks(r);
    const entry = r.name !== 'active' && r.threshold ? ` · enters at n≥${r.threshold}` : '';
    return html`<li data-tier=${r.name} data-tokens=${r.tokens} data-cached=${r.cached ? 'yes' : 'no'}>
      <b>${r.name}</b> <span class="badge ${r.cached ? 'cached' : 'uncached'}">${r.cached ? 'cached' : 'not cached'}</span>
      ${formatTokens(r.tokens)} tokens · ${r.blocks.length} ${r.blocks.length === 1 ? 'block' : 'blocks'}${entry}
      ${shown.length ? html`<div class="tier-blocks">${shown.map((b) => html`<span class="chip" data-block=${b.name}
        title=${b.n != null ? `stability n=${b.n}` : ''}>${b.name} <small>${formatTokens(b.tokens)}</small></span>`)}
        ${hidden ? html`<details><summary>${hidden} more</summary>${largestBlocks(r, r.blocks.length).shown.slice(shown.length)
          .map((b) => html`<span class="chip" data-block=${b.name}>${b.name} <small>${formatTokens(b.tokens)}</small></span>`)}</details>` : ''}
      </div>` : ''}
    </li>`;
  }

  moves(d) {
    const lines = moveLines(d);
    if (!d.promotions && !d.demotions) return '';
    return html`<div class="tier-moves" data-moves>${lines.length
      ? html`<b>Last turn:</b><ul>${lines.map((l) => html`<li data-move=${l.kind}>${l.kind} ${l.text}</li>`)}</ul>`
      : html`Last turn: nothing moved between tiers.`}</div>`;
  }

  render() {
    const pic = tierPicture(this.data);
    if (!pic) return '';
    return html`<h3>Cache tiers</h3>
      <p class="tier-summary" data-cached-share=${pic.cachedShare}>${formatTokens(pic.cachedTokens)} of ${formatTokens(pic.total)} prompt
        tokens sit in cached tiers.</p>
      ${this.bars(pic.rows)}
      <ul class="tier-list">${pic.rows.map((r) => this.tierLine(r))}</ul>
      ${this.moves(this.data)}`;
  }
}
customElements.define('ac-context-tiers', AcContextTiers);
