// <ac-search-tab>: Repo.search_files (git grep) with word, regex and case
// options; clicking a match opens the file in the viewer at that line.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, emit } from '../rpc.js';

class AcSearchTab extends LightElement {
  static properties = { results: { state: true }, error: { state: true }, busy: { state: true } };

  async search(e) {
    e.preventDefault();
    const f = this.querySelector('form');
    const query = f.query.value;
    this.busy = true;
    try {
      this.results = await rpc('Repo.search_files', query, f.word.checked, f.regex.checked, !f.cased.checked, 1);
      this.error = '';
    } catch (err) {
      this.error = `Search failed: ${err.message}`;
    } finally {
      this.busy = false;
    }
  }

  open(file, line) {
    emit('open-file', { path: file, line });
  }

  render() {
    const r = this.results;
    return html`<div class="search-tab">
      <form @submit=${this.search}>
        <input name="query" type="search" placeholder="Search the repository (git grep)" autocomplete="off">
        <label><input name="word" type="checkbox"> word</label>
        <label><input name="regex" type="checkbox"> regex</label>
        <label><input name="cased" type="checkbox"> match case</label>
        <button type="submit" ?disabled=${this.busy}>Search</button>
      </form>
      ${this.error ? html`<div class="error">${this.error}</div>` : ''}
      ${r ? html`<p>${r.reduce((n, f) => n + f.matches.length, 0)} matches in ${r.length} files</p>` : ''}
      ${(r ?? []).map((f) => html`<div class="hit-file"><b>${f.file}</b>
        ${f.matches.map((m) => html`<div class="hit" data-hit=${`${f.file}:${m.line_num}`} @click=${() => this.open(f.file, m.line_num)}>
          <span class="ln-no">${m.line_num}</span><code>${m.line}</code></div>`)}</div>`)}
    </div>`;
  }
}
customElements.define('ac-search-tab', AcSearchTab);
