// The URL chips' model: detection while typing, removal, exclusion, and the
// url_fetch / url_ready progress of a sent message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UrlChips, NOT_FETCHED } from '../../webapp/src/core/url-chips.js';

const repo = { url: 'https://github.com/o/r', type: 'github_repo', display_name: 'o/r' };
const page = { url: 'https://x.org/a', type: 'generic', display_name: 'x.org/a' };

test('links appear and disappear with the draft; a removed one is excluded, not shown', () => {
  const chips = new UrlChips();
  chips.setDetected([repo, page]);
  assert.deepEqual(chips.list.map((c) => c.status), ['detected', 'detected']);
  chips.remove(page.url);
  assert.deepEqual(chips.list.map((c) => c.url), [repo.url]);
  assert.deepEqual(chips.excluded(), [page.url]);
  chips.setDetected([repo, page]);
  assert.deepEqual(chips.excluded(), [page.url], 'typing on does not bring a removed link back');
  chips.setDetected([repo]);
  assert.deepEqual(chips.excluded(), [], 'a removed link that is no longer typed is forgotten');
});

test('a sent link waits, is fetched, and its checkbox excludes it from the next turn', () => {
  const chips = new UrlChips();
  chips.setDetected([repo]);
  chips.afterSend();
  assert.equal(chips.list[0].status, 'queued');
  assert.equal(chips.progress({ stage: 'url_fetch', url: 'o/r' }), null);
  assert.equal(chips.list[0].status, 'fetching');
  assert.equal(chips.progress({ stage: 'url_ready', url: 'o/r' }), repo.url);
  chips.markContent({ url: repo.url, title: 'o/r', error: null });
  assert.equal(chips.list[0].status, 'fetched');
  chips.setDetected([]);
  assert.equal(chips.list.length, 1, 'a fetched link stays after the draft is cleared');
  chips.toggle(repo.url);
  assert.deepEqual(chips.excluded(), [repo.url]);
  chips.toggle(repo.url);
  assert.deepEqual(chips.excluded(), []);
  chips.remove(repo.url);
  assert.equal(chips.list.length, 0);
});

test('a failed fetch shows its error; a link the turn did not fetch leaves; a new session forgets', () => {
  const chips = new UrlChips();
  chips.setDetected([repo, page]);
  chips.afterSend();
  chips.markContent({ url: page.url, error: 'HTTP 404 from https://x.org/a: check the address' });
  assert.equal(chips.list.find((c) => c.url === page.url).status, 'error');
  assert.deepEqual(chips.waiting(), [repo.url]);
  chips.markContent({ url: repo.url, error: NOT_FETCHED });
  assert.deepEqual(chips.list.map((c) => c.url), [page.url]);
  chips.setDetected([repo]);
  chips.clearFetched();
  assert.deepEqual(chips.list.map((c) => c.url), [repo.url]);
});
