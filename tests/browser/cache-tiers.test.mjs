// Issue 16 in the browser: the Context tab's cache tiers and the chat's
// compaction, against the real host and the fake provider, with an app.yaml
// (saved through the settings plugin: the bundled one replaces a file put in
// the config home before start) whose compaction trigger a two-turn session
// passes. The first tests draw
// what the contract's shapes look like (a breakdown set on the tab, events
// called on AcApp as the server calls them, and an older server's breakdown);
// the later ones run a real session.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, openPage, shot, closeAll, builtPlugins, send, callAcApp, restartHost, ROOT } from './support.mjs';
import { connect } from '../support/js/jrpc.mjs';

const needed = ['settings', 'llm'];
const skip = needed.some((p) => !builtPlugins().includes(p)) && `needs the ${needed.join(', ')} plugins`;
let stack, browser, page;

// The bundled app.yaml with a trigger the second turn passes and one user
// turn kept verbatim, so the first exchange is summarized.
const appYaml = readFileSync(join(ROOT, 'config', 'app.yaml'), 'utf8')
  .replace(/compaction_trigger_tokens: \d+/, 'compaction_trigger_tokens: 300')
  .replace(/verbatim_window_tokens: \d+/, 'verbatim_window_tokens: 60')
  .replace(/min_verbatim_exchanges: \d+/, 'min_verbatim_exchanges: 1');

before(async () => {
  if (skip) return;
  stack = await startStack();
  const client = await connect(stack.host);
  try {
    await client.server['Settings.save_config_content']('app', appYaml);
    await client.server['Settings.reload_app_config']();
  } finally {
    client.close();
  }
  ({ browser, page } = await openPage(stack));
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
});
after(async () => {
  if (!skip) assert.equal(await closeAll(browser, stack), 0, 'the host exits cleanly');
});

const tier = (name, tokens, cached, contents) => ({ name, tier: name, tokens, count: contents.length, cached, threshold: 3, contents });
const BREAKDOWN = {
  scope: 'main', model: 'gpt-4o', mode: 'code', total_tokens: 6000, max_input_tokens: 128000, max_output_tokens: 16384,
  cache_hit_rate: 0.82, session_cache_rate: 0.64, provider_cache_rate: 0.82,
  blocks: [
    tier('L0', 3000, true, [{ name: 'system', type: 'system', tokens: 1800, n: 0 }, { name: 'legend', type: 'legend', tokens: 1200, n: 0 }]),
    tier('L1', 0, false, []),
    tier('L2', 1000, true, [{ name: 'symbols:src', type: 'symbols', tokens: 1000, n: 7 }]),
    tier('L3', 1000, false, [{ name: 'file:src/math.py', type: 'file', path: 'src/math.py', tokens: 1000, n: 3 }]),
    { ...tier('active', 1000, false, [{ name: 'history:6', type: 'history', tokens: 600, n: 0 }, { name: 'file:README.md', type: 'file', tokens: 400, n: 1 }]), threshold: 0 },
  ],
  breakdown: { system: 1800, legend: 1200, symbol_map: 1000, symbol_map_files: 3, files: 1400, file_count: 2,
    file_details: [], urls: 0, history: 600, history_messages: 4 },
  promotions: [{ name: 'file:src/math.py', from: 'active', to: 'L3' }],
  demotions: [{ name: 'symbols:web', from: 'L1', to: 'active' }],
  session_totals: { turns: 4, prompt: 24000, completion: 900, reasoning: 0, total: 24900, cache_read: 15400, cache_write: 4000, cost_usd: 0.0421 },
  last_turn: { prompt: 6000, completion: 200, cache_read: 4920, cache_write: 0, hit_rate: 0.82 },
};

async function openContext() {
  await page.locator('button[data-tab="context"]').click();
  await page.locator('svg[data-chart]').waitFor({ timeout: 5000 });
}
const setBreakdown = (data) => page.evaluate((d) => { document.querySelector('ac-context-tab').data = d; }, data);

test('the Context tab draws the tiers as the prompt from start to end, with blocks, moves, rates and totals', { skip }, async () => {
  await openContext();
  await setBreakdown(BREAKDOWN);
  const bars = page.locator('[data-tiers-chart] [data-tier-bar]');
  await bars.first().waitFor({ timeout: 5000 });
  assert.deepEqual(await bars.evaluateAll((gs) => gs.map((g) => [g.dataset.tierBar, g.dataset.tokens, g.dataset.cached])),
    [['L0', '3000', 'yes'], ['L1', '0', 'no'], ['L2', '1000', 'yes'], ['L3', '1000', 'no'], ['active', '1000', 'no']]);
  // Widths to scale: L0 is half the prompt, three times L2; L2 starts where L0 ends.
  const box = (name) => page.locator(`[data-tier-bar="${name}"]`).evaluate((g) => { const b = g.getBBox(); return { x: b.x, w: b.width }; });
  const [l0, l2, active] = [await box('L0'), await box('L2'), await box('active')];
  assert.ok(Math.abs(l0.w - 3 * l2.w) < 1, `L0 ${l0.w} is three times L2 ${l2.w}`);
  assert.ok(Math.abs(l2.x - (l0.x + l0.w)) < 1, 'L2 starts where L0 ends (L1 is empty)');
  assert.ok(Math.abs(active.x + active.w - (l0.x + 2 * l0.w)) < 1, 'the rows end at the end of the prompt');
  assert.equal(await page.locator('[data-tier-bar="active"] rect').count(), 2, 'one piece per block');
  assert.match(await page.locator('li[data-tier="L3"]').innerText(), /L3\s+not cached\s+1,000 tokens · 1 block/);
  assert.match(await page.locator('li[data-tier="L0"] [data-block="system"]').innerText(), /system 1,800/);
  assert.deepEqual(await page.locator('[data-moves] [data-move]').allInnerTexts(),
    ['promoted file:src/math.py active → L3', 'demoted symbols:web L1 → active']);
  assert.equal(await page.locator('[data-rate="turn"]').innerText(), '82%');
  assert.equal(await page.locator('[data-rate="session"]').innerText(), '64%');
  assert.match(await page.locator('[data-window]').innerText(), /6,000 of 128,000 input tokens \(5% of gpt-4o's context window\)/);
  assert.match(await page.locator('[data-counts]').innerText(), /2 files in full context .* history 4 messages/);
  assert.equal(await page.locator('[data-session-totals] tr[data-total="Cost"] td').innerText(), '$0.0421');
  assert.equal(await page.locator('[data-session-totals] tr[data-total="Cache read"] td').innerText(), '15,400');
  assert.equal(await page.locator('svg[data-chart] rect[data-category]').count(), 5, 'the flat breakdown stays below');
  await shot(page, '43-context-tiers');
});

test("an older server's breakdown (no tiers, no rates) shows the flat chart alone, without errors", { skip }, async () => {
  await setBreakdown({ model: 'fake-model', total_tokens: 900, max_input_tokens: 1000000,
    breakdown: { system: 500, legend: 50, symbol_map: 100, symbol_map_files: 3, files: 0, file_count: 0, file_details: [], urls: 0,
      history: 250, history_messages: 2 } });
  await page.locator('[data-tiers-chart]').waitFor({ state: 'detached', timeout: 5000 });
  assert.equal(await page.locator('[data-cache-rates], [data-session-totals], [data-moves]').count(), 0);
  assert.equal(await page.locator('svg[data-chart] rect[data-category]').count(), 5);
  assert.match(await page.locator('[data-symbol-map]').innerText(), /Symbol map: 150 tokens/);
  assert.deepEqual(page.errors, []);
  await page.locator('button[data-tab="files"]').click();
});

test('compaction as the server calls it: progress, a failure that keeps the messages, then the compacted list', { skip }, async () => {
  const chat = page.locator('ac-chat-message');
  await callAcApp(page, 'userMessage', { content: 'An old question.' });
  await callAcApp(page, 'compactionEvent', 'r1', { stage: 'compacting' });
  await page.locator('[data-compacting]', { hasText: 'Compacting history…' }).waitFor({ timeout: 3000 });
  const count = await chat.count();
  await callAcApp(page, 'compactionEvent', 'r1', { stage: 'compaction_error', error: 'the smaller model answered 500' });
  const note = page.locator('[data-notice="error"]', { hasText: 'Compaction failed: the smaller model answered 500' });
  await note.waitFor({ timeout: 3000 });
  assert.equal(await page.locator('[data-compacting]').count(), 0);
  assert.equal(await chat.count(), count + 1, 'the messages are kept, the error is added');

  const event = { role: 'system', system_event: true,
    content: '**History compacted** — summarize\n\nRemoved 2 messages • 12400 → 3100 tokens\n\n<details>\n<summary>Summary</summary>\n\nThey asked an old question.\n\n</details>' };
  await callAcApp(page, 'compactionEvent', 'r2', { stage: 'compacting' });
  await callAcApp(page, 'compactionEvent', 'r2', { stage: 'compacted', case: 'summarize', tokens_before: 12400, tokens_after: 3100,
    messages: [{ role: 'user', content: '[History Summary]\nThey asked an old question.' },
      { role: 'assistant', content: 'Ok, I understand the context from the previous conversation.' }, event],
    system_event: event });
  const shown = page.locator('ac-chat-message [data-system-event="yes"]');
  await shown.waitFor({ timeout: 3000 });
  assert.equal(await chat.count(), 3, 'the list is the compacted history');
  assert.match(await shown.innerText(), /History compacted — summarize/);
  assert.equal(await shown.locator('details summary').innerText(), 'Summary', 'the summary folds');
  assert.equal(await page.locator('[data-compacting]').count(), 0);
  await shot(page, '44-compacted-event');
  // Back to the server's own history for the tests below.
  await page.reload();
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
});

test('a real session is compacted after the turn that passes the trigger, and stays so after a restart', { skip }, async () => {
  // The first answer is long enough that summarizing it saves tokens (the
  // server refuses a compaction that would not shrink the history); on its
  // own it is all verbatim tail, so nothing is compacted yet.
  await stack.provider.queue([{ text: 'Hi, short answer. ' + 'lorem ipsum dolor '.repeat(100) }]);
  await send(page, 'Hello there.');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'Hi, short answer.' }).waitFor({ timeout: 10000 });
  const detector = JSON.stringify({ boundary_index: null, boundary_reason: 'one topic', confidence: 0, summary: 'The user said hello.' });
  await stack.provider.queue([{ text: 'A long answer. ' + 'lorem ipsum dolor '.repeat(200) }, { text: detector }]);
  await send(page, 'Tell me a lot.');
  const event = page.locator('ac-chat-message [data-system-event="yes"]', { hasText: 'History compacted' });
  await event.waitFor({ timeout: 20000 });
  // "compacting" and "compacted" can come too close together for a render
  // between them: the progress line itself is checked in the test above.
  assert.equal(await page.locator('[data-compacting]').count(), 0, 'no progress line is left');
  assert.equal(await page.locator('ac-chat-message .msg.user', { hasText: 'Hello there.' }).count(), 0, 'the first exchange was summarized');
  assert.equal(await page.locator('ac-chat-message .msg.user', { hasText: 'Tell me a lot.' }).count(), 1, 'the last one kept');
  await shot(page, '45-compacted-session');
  await restartHost(stack, 200);
  await page.locator('[data-toast]', { hasText: 'Reconnected' }).waitFor({ timeout: 15000 });
  await page.reload();   // the list on screen is the restarted server's, not the one from before
  await page.locator('[data-connection="up"]').waitFor({ timeout: 10000 });
  await page.locator('ac-chat-message .msg.user', { hasText: 'Tell me a lot.' }).waitFor({ timeout: 5000 });
  await event.waitFor({ timeout: 5000 });
  assert.equal(await page.locator('ac-chat-message .msg.user', { hasText: 'Hello there.' }).count(), 0, 'still compacted after the restart');
});

test('after real turns the Context tab shows the five tiers, the rates and the session totals', { skip }, async () => {
  await stack.provider.reset();   // nothing left over from the test above
  await stack.provider.queue([{ text: 'One more.' }]);
  await send(page, 'And one more.');
  await page.locator('ac-chat-message .msg.assistant', { hasText: 'One more.' }).waitFor({ timeout: 10000 });
  await openContext();
  const bars = page.locator('[data-tiers-chart] [data-tier-bar]');
  await bars.first().waitFor({ timeout: 5000 });
  assert.deepEqual(await bars.evaluateAll((gs) => gs.map((g) => g.dataset.tierBar)), ['L0', 'L1', 'L2', 'L3', 'active']);
  const total = await bars.evaluateAll((gs) => gs.reduce((n, g) => n + Number(g.dataset.tokens), 0));
  assert.ok(total > 0, 'the prompt has tokens');
  assert.notEqual(await page.locator('[data-rate="turn"]').innerText(), '—', 'a turn has a rate');
  assert.ok(Number(await page.locator('[data-session-totals] tr[data-total="Turns"] td').innerText()) >= 1);
  assert.ok(Number(await page.locator('[data-window]').getAttribute('data-max')) > 0, "the model's window");
  await shot(page, '46-context-real');
  await page.locator('button[data-tab="files"]').click();
  assert.deepEqual(page.errors, []);
});
