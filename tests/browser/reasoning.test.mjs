// Reasoning in the browser against the real host and the fake provider
// (issue 18): the selector beside Send chooses the effort the request
// carries, the model's thinking shows collapsed above its answer and opens on
// a click, and "no reasoning" sends none.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, shot, closeAll, builtPlugins, send } from './support.mjs';

const needed = ['repo', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
let stack, browser, page;

before(async () => {
  if (skip) return;
  stack = await startStack();
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const lastBody = async () => JSON.parse((await stack.provider.requests()).at(-1).body);

test('thinking shows collapsed above the answer, and the chosen effort is sent', { skip }, async () => {
  await page.locator('[data-reasoning]').selectOption('high');
  // llama.cpp's reasoning_content deltas, then the answer "42".
  await stack.provider.queue([{ fixture: 'llamacpp_reasoning.sse' }]);
  await send(page, 'What is six times seven?');
  const card = page.locator('ac-chat-message .msg.assistant', { hasText: '42' }).last();
  await card.locator('.turn-foot').waitFor({ timeout: 15000 });
  const thinking = card.locator('details[data-thinking]');
  assert.equal(await thinking.count(), 1, 'one thinking block');
  assert.equal(await thinking.evaluate((d) => d.open), false, 'collapsed');
  assert.match(await thinking.locator('summary').innerText(), /^Thought \(\d+ words\)$/);
  assert.equal(await thinking.locator('.md').isVisible(), false, 'its text hidden until opened');
  const order = await card.evaluate((el) => [...el.children].map((c) => c.matches('details[data-thinking]') ? 'thinking' : c.className));
  assert.ok(order.indexOf('thinking') < order.findIndex((c) => c === 'md' || c.includes('md')), 'above the answer');
  assert.match(await card.locator('[data-usage]').innerText(), /reasoning \d+/);
  await shot(page, '60-thinking-collapsed');

  await thinking.locator('summary').click();
  assert.equal(await thinking.evaluate((d) => d.open), true);
  assert.match(await thinking.locator('.md').innerText(), /Seven times six is forty-two\./);
  await shot(page, '61-thinking-open');

  const body = await lastBody();
  assert.equal(body.reasoning_effort, 'high');
});

test('the choice survives a reload, and "no reasoning" sends none', { skip }, async () => {
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  assert.equal(await page.locator('[data-reasoning]').inputValue(), 'high');
  await page.locator('[data-reasoning]').selectOption('off');
  await stack.provider.queue([{ text: 'Plain answer.' }]);
  await send(page, 'And without thinking?');
  const card = page.locator('ac-chat-message .msg.assistant', { hasText: 'Plain answer.' });
  await card.locator('.turn-foot').waitFor({ timeout: 15000 });
  assert.equal(await card.locator('details[data-thinking]').count(), 0);
  assert.equal((await lastBody()).reasoning_effort, undefined);
});

test('a reloaded session shows each answer\'s thinking collapsed, as while it streamed', { skip }, async () => {
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  const card = page.locator('ac-chat-message .msg.assistant', { hasText: '42' }).first();
  const thinking = card.locator('details[data-thinking]');
  await thinking.waitFor({ state: 'attached', timeout: 10000 });
  assert.equal(await thinking.evaluate((d) => d.open), false, 'collapsed');
  assert.match(await thinking.locator('summary').innerText(), /^Thought \(\d+ words\)$/);
  await thinking.locator('summary').click();
  assert.match(await thinking.locator('.md').innerText(), /Seven times six is forty-two\./);
  assert.equal(await page.locator('ac-chat-message .msg.assistant', { hasText: 'Plain answer.' }).locator('details[data-thinking]').count(), 0);
  await shot(page, '62-thinking-reloaded');
  assert.doesNotMatch(JSON.parse((await stack.provider.requests()).at(-1).body).messages.map((m) => JSON.stringify(m.content)).join(''),
    /Seven times six/, 'the thinking was never sent back');
});
