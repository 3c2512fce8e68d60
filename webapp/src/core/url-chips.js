// The URL chips' model: the links detected in the draft and the ones this
// session fetched, each with its state, and what the next send excludes
// (acdc-features.md §4.1 excluded_urls, §9.2 ac-url-chips).
//
//   const chips = new UrlChips();
//   chips.setDetected(await rpc('LLMService.detect_urls', text));  // as the user types
//   chips.remove(url);                  // a typed link: not fetched; a fetched one: dropped
//   const excluded = chips.excluded();  // chat_streaming's excluded_urls
//   chips.afterSend();                  // typed links now wait for url_fetch / url_ready
//   chips.progress({stage: 'url_fetch', url: 'o/r'});
//   chips.markContent(urlContent);      // from get_url_content: fetched, or an error
//
// States: detected (in the draft), removed (in the draft, not to be fetched),
// queued (sent, no news yet), fetching, fetched, error. `included` is the
// checkbox of a fetched link: unticked, the next turn goes without it.

export const NOT_FETCHED = 'URL not yet fetched';

export class UrlChips {
  constructor() { this.items = new Map(); }

  get list() { return [...this.items.values()].filter((c) => c.status !== 'removed'); }

  // The draft's links, from LLMService.detect_urls: new ones appear, links
  // no longer typed disappear unless they were sent.
  setDetected(found = []) {
    const now = new Set(found.map((f) => f.url));
    for (const [url, c] of this.items)
      if ((c.status === 'detected' || c.status === 'removed') && !now.has(url)) this.items.delete(url);
    for (const f of found)
      if (!this.items.has(f.url))
        this.items.set(f.url, { url: f.url, type: f.type, display_name: f.display_name, status: 'detected', included: true });
  }

  remove(url) {
    const c = this.items.get(url);
    if (!c) return;
    if (c.status === 'detected') this.items.set(url, { ...c, status: 'removed' });
    else this.items.delete(url);
  }

  toggle(url) {
    const c = this.items.get(url);
    if (c) this.items.set(url, { ...c, included: !c.included });
  }

  excluded() {
    return [...this.items.values()].filter((c) => c.status === 'removed' || !c.included).map((c) => c.url);
  }

  afterSend() {
    for (const [url, c] of this.items) {
      if (c.status === 'removed') this.items.delete(url);
      else if (c.status === 'detected') this.items.set(url, { ...c, status: 'queued' });
    }
  }

  // compactionEvent {stage: url_fetch | url_ready, url: <display name>}.
  // Returns the URL whose content is now worth asking for, if any.
  progress(ev = {}) {
    if (ev.stage !== 'url_fetch' && ev.stage !== 'url_ready') return null;
    const c = [...this.items.values()].find((x) => x.display_name === ev.url && x.status !== 'fetched' && x.status !== 'error')
      ?? [...this.items.values()].find((x) => x.display_name === ev.url);
    if (!c) return null;
    this.items.set(c.url, { ...c, status: ev.stage === 'url_fetch' ? 'fetching' : c.status });
    return ev.stage === 'url_ready' ? c.url : null;
  }

  // The links still waiting for news once a turn is over.
  waiting() { return this.list.filter((c) => c.status === 'queued' || c.status === 'fetching').map((c) => c.url); }

  // A URLContent from get_url_content or fetch_url. A link the turn did not
  // fetch (past the first three, or excluded) leaves the chips.
  markContent(content = {}) {
    const c = this.items.get(content.url);
    if (!c) return;
    if (content.error === NOT_FETCHED) {
      if (c.status !== 'detected') this.items.delete(content.url);
      return;
    }
    this.items.set(content.url, { ...c, status: content.error ? 'error' : 'fetched', error: content.error ?? '',
      title: content.title ?? '', notice: content.notice ?? '' });
  }

  // A new session forgets the fetched links; the draft's stay.
  clearFetched() {
    for (const [url, c] of this.items) if (c.status !== 'detected' && c.status !== 'removed') this.items.delete(url);
  }
}
