// A failed turn's card (issue 29): its kind is the server's error_type, an
// unknown one is the generic model error, and a rate limit says when to retry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorCard } from '../../webapp/src/core/error-kinds.js';

test('each kind has its title and advice', () => {
  const c = errorCard({ error_type: 'authentication', message: 'bad key', status_code: 401 });
  assert.equal(c.kind, 'authentication');
  assert.equal(c.title, 'Authentication failed');
  assert.match(c.advice, /API key/);
  assert.equal(c.message, 'bad key');
  assert.equal(c.status, 401);
});

test('an unknown or missing kind is the generic error, with the fallback message', () => {
  assert.equal(errorCard({ error_type: 'weird' }).kind, 'llm_error');
  assert.equal(errorCard(undefined, 'it broke').message, 'it broke');
  assert.equal(errorCard({}).message, 'No reason given');
});

test('a rate limit with retry_after says when', () => {
  assert.equal(errorCard({ error_type: 'rate_limit', retry_after: 19.2 }).advice, 'Retry in 20 s.');
  assert.match(errorCard({ error_type: 'rate_limit', retry_after: null }).advice, /moment/);
});
