// Request ids, stream correlation, chunk coalescing, reconnect backoff.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newRequestId, REQUEST_ID_PATTERN, StreamTracker } from '../../webapp/src/core/request-id.js';
import { ChunkCoalescer } from '../../webapp/src/core/coalescer.js';
import { Backoff } from '../../webapp/src/core/backoff.js';

test('request ids are {epoch ms}-{6 lowercase alphanumerics} and differ', () => {
  const id = newRequestId(1736956800000, () => 0.5);
  assert.match(id, /^1736956800000-[a-z0-9]{6}$/);
  const ids = new Set(Array.from({ length: 200 }, () => newRequestId()));
  assert.equal(ids.size, 200);
  for (const i of ids) assert.match(i, REQUEST_ID_PATTERN);
});

test('chunks of our own request are accepted, a stranger is adopted as passive', () => {
  const t = new StreamTracker();
  t.begin('1-aaaaaa');
  assert.deepEqual(t.chunk('1-aaaaaa'), { accept: true, passive: false });
  assert.deepEqual(t.chunk('2-bbbbbb'), { accept: true, passive: true });
  assert.deepEqual(t.complete('2-bbbbbb'), { accept: true, passive: true });
  assert.deepEqual(t.complete('1-aaaaaa'), { accept: true, passive: false });
  assert.deepEqual(t.active, []);
});

test('a chunk or a second completion after completion is stale and dropped', () => {
  const t = new StreamTracker();
  t.begin('1-aaaaaa');
  t.complete('1-aaaaaa');
  assert.equal(t.chunk('1-aaaaaa').accept, false);
  assert.equal(t.complete('1-aaaaaa').accept, false);
  t.adopt('1-aaaaaa', true);
  assert.equal(t.isActive('1-aaaaaa'), false, 'a finished stream is not re-attached');
});

test('a stream re-attached after a reconnect completes as our own', () => {
  const t = new StreamTracker();
  t.adopt('9-zzzzzz', true);
  assert.equal(t.chunk('9-zzzzzz').passive, false);
  assert.equal(t.complete('9-zzzzzz').passive, false);
});

function manualFrames() {
  const queue = [];
  return { schedule: (fn) => queue.push(fn), run: () => queue.splice(0).forEach((fn) => fn()), queue };
}

test('many chunks in one frame render once, with the latest text', () => {
  const frames = manualFrames();
  const renders = [];
  const c = new ChunkCoalescer((id, text) => renders.push([id, text]), frames.schedule);
  for (let i = 1; i <= 50; i++) c.push('r1', 'x'.repeat(i));
  assert.equal(frames.queue.length, 1, 'one frame requested for 50 chunks');
  frames.run();
  assert.deepEqual(renders, [['r1', 'x'.repeat(50)]]);
});

test('coalescing is keyed by request id: two streams in one frame both render', () => {
  const frames = manualFrames();
  const renders = [];
  const c = new ChunkCoalescer((id, text) => renders.push([id, text]), frames.schedule);
  c.push('a', 'A1'); c.push('b', 'B1'); c.push('a', 'A2');
  frames.run();
  assert.deepEqual(renders, [['a', 'A2'], ['b', 'B1']]);
});

test('flush renders the pending chunk at once and the frame then has nothing left', () => {
  const frames = manualFrames();
  const renders = [];
  const c = new ChunkCoalescer((id, text) => renders.push(text), frames.schedule);
  c.push('a', 'partial');
  assert.equal(c.flush('a'), true);
  assert.deepEqual(renders, ['partial'], 'rendered by flush itself, before any frame runs');
  assert.equal(c.flush('a'), false);
  frames.run();
  assert.deepEqual(renders, ['partial'], 'the frame has nothing left to render');
});

test('reconnect backoff is 1, 2, 4, 8, 15 s, then 15 s, and resets', () => {
  const b = new Backoff();
  assert.deepEqual(Array.from({ length: 7 }, () => b.next()), [1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  b.reset();
  assert.equal(b.next(), 1000);
});
