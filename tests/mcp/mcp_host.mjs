// mcp_host.mjs -- the web host on a project of mcp_project.mjs, for the
// /mcp tests: its MCP URL and the SDK's Client over Streamable HTTP.
//
//   const host = await startMcpHost(project);          // acdc serving project.repo
//   const { client, close } = await connectHttp(host);   // token as a Bearer header
//   const viaQuery = await connectHttp(host, { tokenInUrl: true });
//   await host.stop();
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHost, TOKEN } from '../support/js/host.mjs';

export { TOKEN };

export async function startMcpHost(project) {
  const host = await startHost({
    config: readFileSync(project.configFile, 'utf8'),
    repo: project.repo,
    env: { ACDC_CONFIG_HOME: project.configHome, ACDC_TEST_LLM_KEY: 'k' },
  });
  return { ...host, mcpUrl: `http://127.0.0.1:${host.port}/mcp` };
}

export async function connectHttp(host, { tokenInUrl = false } = {}) {
  const url = new URL(host.mcpUrl + (tokenInUrl ? `?token=${TOKEN}` : ''));
  const requestInit = tokenInUrl ? {} : { headers: { Authorization: `Bearer ${TOKEN}` } };
  const transport = new StreamableHTTPClientTransport(url, { requestInit });
  const client = new Client({ name: 'acdc-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}
