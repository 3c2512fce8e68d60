// An MCP server (the official TypeScript SDK, over stdio) whose one tool
// answers 50 MB of text: what a log dump or a database export can be. The
// mcp-client tests check that acdc ends such a call with an error naming its
// limit instead of holding the whole answer.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'big-result', version: '1.0.0' });
server.registerTool('fifty_megabytes', { description: 'Returns 50 MB of text.' }, async () => ({
  content: [{ type: 'text', text: 'x'.repeat(50 * 1024 * 1024) }],
}));
await server.connect(new StdioServerTransport());
