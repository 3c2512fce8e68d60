// FollowBottom: a Lit controller that keeps a scrolling list at its newest
// item until the user scrolls up (the chat's messages, issue 29). The host
// renders `box` (the scrolling element) with `inner` (its content) inside,
// and routes the box's scroll events here.
//
//   this.follow = new FollowBottom(this, '.messages', '.messages-inner');
//   html`<div class="messages" @scroll=${(e) => this.follow.onScroll(e)}>…`
//   this.follow.soon();       // after new text: to the bottom if following
//   this.follow.soon(true);   // after a send or a reload: follow again

export class FollowBottom {
  constructor(host, box, inner) {
    this.host = host;
    this.boxSelector = box;
    this.innerSelector = inner;
    this.stick = true;   // follow the newest text until the user scrolls up
    host.addController(this);
  }

  // Markdown highlighting, images and the file links change a message's
  // height after it is drawn: while the list is at its bottom it stays there.
  hostConnected() { this.attach(); }
  hostUpdated() { this.attach(); }

  attach() {
    if (this.resizes) return;
    const box = this.host.querySelector(this.boxSelector);
    const inner = box?.querySelector(this.innerSelector);
    if (!inner) return;
    this.resizes = new ResizeObserver(() => { if (this.stick) this.toBottom(box); });
    this.resizes.observe(inner);
  }

  hostDisconnected() {
    this.resizes?.disconnect();
    this.resizes = null;
  }

  // One layout per frame at most: whether to follow is decided on scroll
  // events, not by measuring on every chunk.
  soon(force = false) {
    if (force) this.stick = true;
    if (!this.stick || this.pending) return;
    this.pending = true;
    this.host.updateComplete.then(() => {
      this.pending = false;
      const box = this.host.querySelector(this.boxSelector);
      if (box) this.toBottom(box);
    });
  }

  toBottom(box) {
    box.scrollTop = box.scrollHeight;
    this.placedAt = box.scrollTop;
  }

  // The scroll event of our own toBottom() comes a frame later, when the
  // messages may have grown below it: only a scroll that moved away from
  // where we put the list is the user's.
  onScroll(e) {
    const box = e.target;
    if (box.scrollTop === this.placedAt) return;
    this.stick = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  }
}
