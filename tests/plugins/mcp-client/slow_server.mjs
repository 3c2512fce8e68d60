// An MCP server (the official TypeScript SDK, over stdio) whose tool `wait`
// answers only when the client cancels it, and says on stderr when the call
// arrives and when the cancellation does: the mcp-client tests wait for the
// first instead of sleeping, and check the second (a cancel that never
// reached the server would pass unseen otherwise). `hello` shows the session
// still serves afterwards.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'slow', version: '1.0.0' });
server.registerTool('wait', { description: 'Waits until cancelled.' }, async (extra) => new Promise((resolve) => {
  console.error('called wait');
  extra.signal.addEventListener('abort', () => {
    console.error('cancelled by the client');
    resolve({ content: [{ type: 'text', text: 'cancelled' }] });
  });
}));
server.registerTool('hello', { description: 'Answers at once.' },
  async () => ({ content: [{ type: 'text', text: 'still here' }] }));
await server.connect(new StdioServerTransport());
