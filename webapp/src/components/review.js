// <ac-review>: review mode in the header (acdc-features §4.13). Not
// reviewing: a Review button opening a dialog with the branch to review and
// the commit graph to pick where the review starts (default: where the
// branch left the current one). Reviewing: a "Reviewing <branch> since
// <base>" banner with Exit. The graph loads in pages as it scrolls and
// renders only the rows in view, so 10,000 commits scroll like 10.
//
//   <ac-review .gate=${gate}></ac-review>

import { html, svg } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, on, emit, toast } from '../rpc.js';
import { laneState, assignLanes, rowSegments } from '../core/commit-lanes.js';

const ROW = 22;        // px per commit row
const VIEW = 420;      // px of graph in view
const PAGE = 500;      // commits per get_commit_graph call
const LANE = 12;       // px per lane
const OVERSCAN = 10;   // rows rendered above and below the view

const short = (sha) => String(sha ?? '').slice(0, 7);

class AcReview extends LightElement {
  static properties = {
    gate: {}, review: { state: true }, open: { state: true }, ready: { state: true }, branch: { state: true },
    base: { state: true }, count: { state: true }, scrollTop: { state: true }, busy: { state: true }, error: { state: true },
  };

  constructor() {
    super();
    this.review = null;
    this.scrollTop = 0;
    this.count = 0;
  }

  connectedCallback() {
    super.connectedCallback();
    this.listen(on('state', (s) => { this.review = s?.review_state?.active ? s.review_state : null; }));
    this.listen(on('reviewStarted', (s) => { this.review = s; }));
    this.listen(on('reviewEnded', () => { this.review = null; }));
    this.listen(on('streamComplete', ({ result }) => {
      if (result?.edits_not_applied) toast(result.edits_not_applied, 'warn');
    }));
  }

  async openDialog() {
    this.open = true;
    this.error = '';
    this.base = null;
    this.commits = [];
    this.rows = [];
    this.lanes = laneState();
    this.tips = new Map();
    this.hasMore = true;
    this.count = 0;
    this.laneCount = 1;
    this.scrollTop = 0;
    try {
      this.ready = await rpc('LLMService.check_review_ready');
      await this.loadMore();
    } catch (e) {
      this.error = e.message;
    }
  }

  async loadMore() {
    if (this.loading || !this.hasMore) return;
    this.loading = true;
    try {
      const page = await rpc('LLMService.get_commit_graph', PAGE, this.commits.length, false);
      if (this.commits.length === 0) {
        this.branches = page.branches ?? [];
        for (const b of this.branches) this.tips.set(b.sha, [...(this.tips.get(b.sha) ?? []), b.name]);
        this.branch ??= (this.branches.find((b) => !b.is_current) ?? this.branches[0])?.name;
      }
      this.commits.push(...page.commits);
      const rows = assignLanes(this.lanes, page.commits);
      this.rows.push(...rows);
      // One lane column for all rows, so the text lines up.
      for (const r of rows) this.laneCount = Math.max(this.laneCount, r.before.length, r.after.length, r.lane + 1);
      this.hasMore = !!page.has_more;
      this.count = this.commits.length;
    } finally {
      this.loading = false;
    }
  }

  onScroll(e) {
    this.scrollTop = e.target.scrollTop;
    if (this.scrollTop + VIEW > this.count * ROW - OVERSCAN * ROW) this.loadMore().catch((err) => { this.error = err.message; });
  }

  async start() {
    this.busy = true;
    this.error = '';
    try {
      const args = this.base ? [this.branch, this.base] : [this.branch];
      this.review = await rpc('LLMService.start_review', ...args);
      this.open = false;
      toast(`Reviewing ${this.review.branch}: edits are not applied until you exit`, 'ok');
      emit('tree-changed');
    } catch (e) {
      this.error = e.message;
    } finally {
      this.busy = false;
    }
  }

  async exit() {
    try {
      await rpc('LLMService.end_review');
      this.review = null;
      toast('Review ended', 'ok');
      emit('tree-changed');
    } catch (e) {
      toast(`Could not end the review: ${e.message}`, 'error');
    }
  }

  renderRow(i) {
    const c = this.commits[i], row = this.rows[i];
    const width = this.laneCount * LANE;
    const x = (lane) => lane * LANE + LANE / 2;
    const merge = (c.parents?.length ?? 0) > 1;
    return html`<div class="commit-row ${this.base === c.sha ? 'selected' : ''}" data-sha=${c.sha} data-index=${i}
      style="top:${i * ROW}px" title="Review from ${short(c.sha)} (this commit included)" @click=${() => { this.base = c.sha; }}>
      <svg class="lanes" width=${width} height=${ROW}>${rowSegments(row, c.sha).map(([x1, y1, x2, y2]) =>
        svg`<line x1=${x(x1)} y1=${y1 * ROW} x2=${x(x2)} y2=${y2 * ROW}></line>`)}
        ${svg`<circle class=${merge ? 'merge' : ''} cx=${x(row.lane)} cy=${ROW / 2} r=${merge ? 4.5 : 3.5}></circle>`}</svg>
      <code>${short(c.sha)}</code>
      ${(this.tips.get(c.sha) ?? []).map((b) => html`<span class="branch-tip">${b}</span>`)}
      <span class="subject">${String(c.message ?? '').split('\n')[0]}</span>
      <span class="author">${c.author}</span></div>`;
  }

  renderGraph() {
    const first = Math.max(0, Math.floor(this.scrollTop / ROW) - OVERSCAN);
    const last = Math.min(this.count, Math.ceil((this.scrollTop + VIEW) / ROW) + OVERSCAN);
    const rows = [];
    for (let i = first; i < last; i++) rows.push(this.renderRow(i));
    return html`<div class="commit-graph" data-count=${this.count} style="height:${VIEW}px" @scroll=${this.onScroll}>
      <div class="graph-spacer" style="height:${this.count * ROW}px">${rows}</div></div>`;
  }

  renderDialog() {
    const notReady = this.ready && !this.ready.clean;
    const base = this.commits.find((c) => c.sha === this.base);
    return html`<div class="dialog review" role="dialog" aria-label="Review a branch">
      <div class="dialog-head"><b>Review a branch</b>
        <label>Branch <select data-field="branch" @change=${(e) => { this.branch = e.target.value; }}>
          ${(this.branches ?? []).map((b) => html`<option value=${b.name} ?selected=${b.name === this.branch}>${b.name}${b.is_current ? ' (current)' : ''}</option>`)}
        </select></label>
        <span class="base" data-base=${this.base ?? ''}>${base
          ? html`from <code>${short(base.sha)}</code> ${String(base.message).split('\n')[0]} <button class="link" @click=${() => { this.base = null; }}>use the merge-base</button>`
          : 'from where it left the current branch (merge-base); click a commit to start elsewhere'}</span></div>
      ${notReady ? html`<div class="error" data-review-ready="no">${this.ready.message}</div>` : ''}
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      ${this.renderGraph()}
      <div class="dialog-foot">
        <button data-action="start-review" ?disabled=${notReady || !this.branch || this.busy} @click=${this.start}>${this.busy ? 'Starting…' : 'Start review'}</button>
        <button @click=${() => { this.open = false; }}>Cancel</button></div></div>`;
  }

  render() {
    const r = this.review;
    if (r) {
      const stats = r.stats ?? {};
      return html`<span class="review-banner" data-review="active"><span>Reviewing <b>${r.branch}</b> since
        <code>${short(r.parent_commit)}</code> · ${stats.commit_count ?? 0} commits, ${stats.file_count ?? 0} files</span>
        <button data-action="end-review" @click=${this.exit}>Exit review</button></span>`;
    }
    const g = this.gate?.('review') ?? { ok: false, reason: 'Connecting…' };
    return html`<button data-action="review" ?disabled=${!g.ok} title=${g.ok ? 'Review the changes of a branch' : g.reason}
      @click=${this.openDialog}>Review</button>${this.open ? this.renderDialog() : ''}`;
  }
}
customElements.define('ac-review', AcReview);
