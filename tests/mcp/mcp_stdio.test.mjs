// `acdc mcp` driven by the official MCP TypeScript SDK's Client over stdio
// (issue 31): the handshake, the tool list, every tool on a real git
// repository, acdc's own model through the fake provider, errors,
// cancellation, resources in pages, prompts, malformed frames and a trimmed build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, McpError, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
import { connectStdio, makeProject, spawnRaw } from './mcp_project.mjs';

const EDIT = '\u{1F7E7}'.repeat(3) + ' EDIT';
const REPL = '\u{1F7E8}'.repeat(3) + ' REPL';
const END = '\u{1F7E9}'.repeat(3) + ' END';

let fake, project, mcp;
before(async () => {
  fake = await startFakeProvider();
  project = makeProject(fake, { extraFiles: 230 });
  mcp = await connectStdio(project);
});
after(async () => {
  await mcp?.close();
  await fake?.stop();
});

const call = (name, args = {}, options) => mcp.client.callTool({ name, arguments: args }, undefined, options);
const text = (r) => r.content.map((c) => c.text).join('');

test('initialize: acdc names itself, speaks the SDK newest version and offers tools, resources and logging', () => {
  const info = mcp.client.getServerVersion();
  assert.equal(info.name, 'acdc');
  assert.ok(info.version);
  const caps = mcp.client.getServerCapabilities();
  assert.ok(caps.tools && caps.resources && caps.logging);
  assert.match(mcp.client.getInstructions(), /repo_map/);
});

test('tools/list: a fixed order, each with schemas, a title and read-only or destructive annotations', async () => {
  const first = await mcp.client.listTools();
  const again = await mcp.client.listTools();
  assert.deepEqual(first, again, 'the same bytes every time keep the agent\'s prompt cache warm');
  // The plugins' own tools (Host.list_tools, in plugin order), then those the adapter runs over several plugins.
  assert.deepEqual(first.tools.map((t) => t.name), ['search_code', 'read_file', 'list_files', 'git_status', 'git_diff',
    'git_log', 'repo_map', 'find_definition', 'find_references', 'hover', 'add_to_context', 'apply_edits', 'ask_acdc']);
  for (const t of first.tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema.type, 'object', t.name);
    assert.ok(t.title && t.description, t.name);
    assert.equal(typeof t.annotations.readOnlyHint, 'boolean', t.name);
  }
  const byName = Object.fromEntries(first.tools.map((t) => [t.name, t]));
  assert.equal(byName.read_file.annotations.readOnlyHint, true);
  assert.equal(byName.apply_edits.annotations.destructiveHint, true);
});

test('repo_map: the ranked map for a question, within the budget given', async () => {
  const r = await call('repo_map', { question: 'where is total_area computed?', budget_tokens: 2000 });
  assert.equal(r.isError, false);
  assert.match(text(r), /shapes\.py/);
  assert.ok(r.structuredContent.estimated_tokens <= 2000);
  assert.equal(r.structuredContent.budget_tokens, 2000);
  assert.ok(r.structuredContent.files.total >= 2);
});

test('find_definition, find_references and hover, by name and by file and line', async () => {
  // The index builds in the background: the first call waits for it.
  const byName = await call('find_definition', { name: 'total_area' });
  assert.deepEqual(byName.structuredContent.definitions.map((d) => [d.file, d.line, d.kind]),
    [['src/shapes.py', 6, 'function']]);
  assert.match(byName.structuredContent.definitions[0].signature, /def total_area\(shapes\)/);
  const byLine = await call('find_definition', { file: 'src/main.py', line: 5, name: 'total_area' });
  assert.equal(byLine.structuredContent.definitions[0].file, 'src/shapes.py');
  const refs = await call('find_references', { name: 'total_area' });
  assert.ok(refs.structuredContent.references.some((l) => l.file === 'src/main.py' && l.line === 5),
    JSON.stringify(refs.structuredContent));
  const hover = await call('hover', { name: 'Shape' });
  assert.equal(hover.structuredContent.found, true);
  assert.equal(hover.structuredContent.definition.kind, 'class');
  const none = await call('hover', { name: 'no_such_symbol' });
  assert.equal(none.structuredContent.found, false);
});

test('search_code, read_file and list_files', async () => {
  const found = await call('search_code', { pattern: 'def \\w+_area', regex: true, paths: ['src/**/*.py'] });
  assert.deepEqual(found.structuredContent.matches.map((m) => [m.file, m.line]), [['src/shapes.py', 6]]);
  const none = await call('search_code', { pattern: 'total_area', paths: ['*.md'] });
  assert.deepEqual(none.structuredContent.matches, []);
  const part = await call('read_file', { path: 'src/shapes.py', start_line: 6, end_line: 7 });
  assert.equal(part.structuredContent.text, 'def total_area(shapes):\n    return sum(s.area() for s in shapes)\n');
  assert.equal(part.structuredContent.total_lines, 7);
  writeFileSync(join(project.repo, 'src', 'new.py'), 'x = 1\n');
  const changed = await call('list_files', { changed_only: true });
  assert.deepEqual(changed.structuredContent.files, [{ path: 'src/new.py', status: 'untracked' }]);
  const py = await call('list_files', { paths: ['*.py'] });
  assert.deepEqual(py.structuredContent.files.map((f) => f.path), ['src/main.py', 'src/new.py', 'src/shapes.py']);
});

test('git_status, git_diff and git_log', async () => {
  writeFileSync(join(project.repo, 'README.md'), '# shapes\n\nArea sums.\n');
  const status = await call('git_status');
  assert.ok(status.structuredContent.branch);
  assert.ok(status.structuredContent.modified.includes('README.md'));
  const diff = await call('git_diff', { path: 'README.md' });
  assert.match(diff.structuredContent.diff, /\+Area sums\./);
  assert.deepEqual(diff.structuredContent.files, ['README.md']);
  const staged = await call('git_diff', { staged: true });
  assert.equal(staged.structuredContent.diff, '');
  const log = await call('git_log', { path: 'src' });
  assert.deepEqual(log.structuredContent.commits.map((c) => c.message.trim()), ['shapes and main']);
  const all = await call('git_log', { limit: 5 });
  assert.deepEqual(all.structuredContent.commits.map((c) => c.message.trim()), ['readme', 'shapes and main']);
});

test('apply_edits: applied, already applied and failed, by pairs or edit blocks, and a dry run writes nothing', async () => {
  const file = join(project.repo, 'src', 'shapes.py');
  const dry = await call('apply_edits', { replacements: [{ path: 'src/shapes.py', search: 'return 0', replace: 'return 1' }], dry_run: true });
  assert.equal(dry.structuredContent.failed, 0);
  assert.match(readFileSync(file, 'utf8'), /return 0/);
  const r = await call('apply_edits', { replacements: [
    { path: 'src/shapes.py', search: '        return 0', replace: '        return 1' },
    { path: 'src/shapes.py', search: 'not in the file', replace: 'x' },
  ] });
  assert.deepEqual(r.structuredContent.results.map((e) => e.status), ['applied', 'failed']);
  assert.ok(r.structuredContent.results[1].message.length > 0);
  assert.match(readFileSync(file, 'utf8'), /return 1/);
  const blocks = `src/shapes.py\n${EDIT}\n        return 0\n${REPL}\n        return 1\n${END}\n`;
  const again = await call('apply_edits', { edit_blocks: blocks });
  assert.deepEqual(again.structuredContent.results.map((e) => e.status), ['already_applied']);
  const outside = await call('apply_edits', { replacements: [{ path: '../escape.py', search: '', replace: 'x' }] });
  assert.equal(outside.structuredContent.results[0].status, 'failed');
  assert.match(outside.structuredContent.results[0].message, /outside|traversal/i);
});

test('ask_acdc: a turn of acdc\'s model streams as progress and its edits are applied', async () => {
  const answer = `Renaming it.\n\nsrc/main.py\n${EDIT}\ndef report(shapes):\n${REPL}\ndef print_report(shapes):\n${END}\n`;
  // Slow, as a model writes: a second between pieces, so the first piece's
  // progress is out before the answer whatever the machine's load.
  await fake.queue([{ text: answer, chunk_chars: 40, split: 250, delay_ms: 1000 }]);
  const progress = [];
  const r = await call('ask_acdc', { question: 'rename report to print_report', files: ['src/main.py'] },
    { onprogress: (p) => progress.push(p.message), timeout: 60000 });
  assert.equal(r.isError, false, text(r));
  // The pieces are the chat's coalesced chunks, in order; the last ones may
  // come only with the result (it carries the whole answer).
  assert.ok(progress.length >= 1);
  assert.ok(answer.startsWith(progress.join('')));
  assert.equal(r.structuredContent.answer, answer);
  assert.deepEqual(r.structuredContent.files_modified, ['src/main.py'], JSON.stringify(r.structuredContent.edit_results));
  assert.match(readFileSync(join(project.repo, 'src', 'main.py'), 'utf8'), /def print_report/);
});

test('cancelling a long call stops acdc\'s model and the session goes on', async () => {
  await fake.queue([{ hang: true }]);
  const before = (await fake.requests()).length;
  const abort = new AbortController();
  const pending = call('ask_acdc', { question: 'take your time' }, { signal: abort.signal, timeout: 60000 });
  await fake.waitForRequests(before + 1);
  abort.abort('the user moved on');
  await assert.rejects(pending, /abort|moved on/i);
  // acdc stopped the turn; the next one waits for it to wind down (one turn
  // at a time), then answers.
  await fake.queue([{ text: 'Back.', chunk_chars: 4 }]);
  const r = await call('ask_acdc', { question: 'still there?' }, { timeout: 60000 });
  assert.equal(r.isError, false, text(r));
  assert.equal(r.structuredContent.answer, 'Back.');
});

test('errors: an unknown tool is a protocol error; bad arguments, paths outside and oversized reads say what to do', async () => {
  await assert.rejects(call('no_such_tool'), (e) => e instanceof McpError && e.code === ErrorCode.InvalidParams);
  const bad = await call('read_file', { path: 'src/shapes.py', start_line: 'one' });
  assert.equal(bad.isError, true);
  assert.match(text(bad), /start_line: expected an integer/);
  const unknown = await call('git_log', { paths: 'x' });
  assert.match(text(unknown), /unknown argument 'paths'.*path, limit/);
  const outside = await call('read_file', { path: '../../etc/passwd' });
  assert.equal(outside.isError, true);
  assert.match(text(outside), /outside the repository/);
  writeFileSync(join(project.repo, 'big.txt'), ('y'.repeat(99) + '\n').repeat(3000));  // 300 KB
  const big = await call('read_file', { path: 'big.txt' });
  assert.equal(big.isError, true);
  assert.match(text(big), /start_line and end_line/);
  const slice = await call('read_file', { path: 'big.txt', start_line: 10, end_line: 12 });
  assert.equal(slice.structuredContent.text.split('\n').length, 4);
});

test('resources: files by file:// URI and the map, listed in pages', async () => {
  const first = await mcp.client.listResources();
  assert.equal(first.resources[0].uri, 'acdc://map');
  assert.ok(first.nextCursor, 'over 200 files come in pages');
  const second = await mcp.client.listResources({ cursor: first.nextCursor });
  const uris = [...first.resources, ...second.resources].map((r) => r.uri);
  assert.equal(new Set(uris).size, uris.length, 'no resource twice');
  const shapes = uris.find((u) => u.endsWith('/src/shapes.py'));
  assert.ok(shapes?.startsWith('file://'));
  const read = await mcp.client.readResource({ uri: shapes });
  assert.match(read.contents[0].text, /class Shape/);
  const map = await mcp.client.readResource({ uri: 'acdc://map' });
  assert.match(map.contents[0].text, /shapes\.py/);
  await assert.rejects(mcp.client.readResource({ uri: 'file:///etc/passwd' }), (e) => e.code === -32002);
  await assert.rejects(mcp.client.listResources({ cursor: 'garbage' }), (e) => e.code === ErrorCode.InvalidParams);
});

test('prompts: acdc\'s snippets for code, doc and review, with an optional details argument', async () => {
  assert.ok(mcp.client.getServerCapabilities().prompts);
  const { prompts } = await mcp.client.listPrompts();
  const names = prompts.map((p) => p.name);
  assert.equal(new Set(names).size, names.length, 'no name twice');
  for (const mode of ['code', 'doc', 'review']) assert.ok(names.some((n) => n.startsWith(`${mode}-`)), mode);
  const bug = prompts.find((p) => p.name === 'code-find-the-bug');
  assert.equal(bug.title, 'Find the bug');
  assert.deepEqual(bug.arguments.map((a) => [a.name, a.required]), [['details', false]]);
  const plain = await mcp.client.getPrompt({ name: 'code-find-the-bug' });
  assert.equal(plain.messages.length, 1);
  assert.equal(plain.messages[0].role, 'user');
  assert.equal(plain.messages[0].content.text, bug.description);
  const detailed = await mcp.client.getPrompt({ name: 'code-find-the-bug', arguments: { details: 'area() of a Square is wrong' } });
  assert.match(detailed.messages[0].content.text, /before you propose an edit\.\n\narea\(\) of a Square is wrong$/);
  await assert.rejects(mcp.client.getPrompt({ name: 'no-such-prompt' }),
    (e) => e.code === ErrorCode.InvalidParams && /prompts\/list names/.test(e.message));
});

test('logging/setLevel and ping', async () => {
  assert.deepEqual(await mcp.client.setLoggingLevel('warning'), {});
  assert.deepEqual(await mcp.client.ping(), {});
});

test('malformed frames are answered per JSON-RPC and the server keeps serving; versions are negotiated', async () => {
  const raw = spawnRaw(project);
  raw.send('this is not json');
  assert.equal((await raw.next((l) => l.error)).error.code, -32700);
  raw.send('[{"jsonrpc":"2.0","id":1,"method":"ping"}]');
  assert.equal((await raw.next((l) => l.error)).error.code, -32600);
  raw.send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[]}');
  assert.equal((await raw.next((l) => l.id === 2)).error.code, -32602);
  raw.send('{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"old","version":"1"}}}');
  assert.equal((await raw.next((l) => l.id === 3)).result.protocolVersion, '2024-11-05');
  raw.send('{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"odd","version":"1"}}}');
  assert.equal((await raw.next((l) => l.id === 4)).result.protocolVersion, LATEST_PROTOCOL_VERSION);
  raw.send('{"jsonrpc":"2.0","id":5,"method":"no/such"}');
  assert.equal((await raw.next((l) => l.id === 5)).error.code, -32601);
  raw.send('{"jsonrpc":"2.0","id":6,"method":"ping"}');
  assert.deepEqual((await raw.next((l) => l.id === 6)).result, {});
  // The stateless revision on the same stdin: its _meta makes a request one of 2026-07-28.
  const meta = '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}';
  raw.send(`{"jsonrpc":"2.0","id":7,"method":"server/discover","params":{${meta}}}`);
  const found = (await raw.next((l) => l.id === 7)).result;
  assert.deepEqual([found.supportedVersions[0], found.resultType], ['2026-07-28', 'complete']);
  raw.send(`{"jsonrpc":"2.0","id":8,"method":"ping","params":{${meta}}}`);
  assert.equal((await raw.next((l) => l.id === 8)).error.code, -32601, 'ping is not part of 2026-07-28');
  raw.send('{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}');
  assert.equal((await raw.next((l) => l.id === 9)).error.code, -32602, 'no client capabilities');
  assert.equal(await raw.close(), 0, `acdc mcp exited with an error; it printed:\n${raw.stderr()}`);
});

test('a trimmed build lists only the tools its plugins serve', async () => {
  const trimmed = makeProject(null, { plugins: ['repo'] });
  const m = await connectStdio(trimmed);
  try {
    const names = (await m.client.listTools()).tools.map((t) => t.name);
    assert.deepEqual(names, ['search_code', 'read_file', 'list_files', 'git_status', 'git_diff', 'git_log']);
    await assert.rejects(m.client.callTool({ name: 'repo_map', arguments: {} }), /unknown tool 'repo_map'/);
  } finally {
    await m.close();
  }
});
