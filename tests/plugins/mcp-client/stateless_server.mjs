// A Streamable HTTP server of the stateless MCP revision (2026-07-28), in
// plain node:http: no MCP server on npm speaks it yet (the official SDK
// stops at 2025-11-25). It answers server/discover and holds acdc to the
// revision's rules, with its codes: every request carries its protocol
// version and client capabilities in _meta (-32602), the MCP-Protocol-Version
// header names the same version and the Mcp-Method (and, for tools/call,
// Mcp-Name) headers match the body (-32020), and initialize is not found. Usage: node
// stateless_server.mjs PORT
import { createServer } from 'node:http';

const VERSION = '2026-07-28';
const port = Number(process.argv[2]);

function reply(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

createServer((req, res) => {
  let text = '';
  req.on('data', (c) => { text += c; });
  req.on('end', () => {
    let msg;
    try { msg = JSON.parse(text); } catch { return reply(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }); }
    const fail = (status, code, message) => reply(res, status, { jsonrpc: '2.0', id: msg.id ?? null, error: { code, message } });
    if (msg.id === undefined) { res.writeHead(202); return res.end(); }
    if (msg.method === 'initialize') return fail(404, -32601, 'initialize is not part of ' + VERSION);
    const meta = msg.params?._meta ?? {};
    if (typeof meta['io.modelcontextprotocol/protocolVersion'] !== 'string' || typeof meta['io.modelcontextprotocol/clientCapabilities'] !== 'object')
      return fail(400, -32602, 'every request needs _meta with the protocol version and client capabilities');
    if (req.headers['mcp-protocol-version'] !== meta['io.modelcontextprotocol/protocolVersion'])
      return fail(400, -32020, 'the MCP-Protocol-Version header must name the version in _meta');
    if (meta['io.modelcontextprotocol/protocolVersion'] !== VERSION)
      return reply(res, 400, { jsonrpc: '2.0', id: msg.id, error: { code: -32022, message: 'unsupported version',
        data: { supported: [VERSION], requested: meta['io.modelcontextprotocol/protocolVersion'] } } });
    if (req.headers['mcp-method'] !== msg.method) return fail(400, -32020, 'Mcp-Method does not match the body');
    const ok = (result) => reply(res, 200, { jsonrpc: '2.0', id: msg.id, result: { ...result, resultType: 'complete' } });
    switch (msg.method) {
      case 'server/discover':
        return ok({ supportedVersions: [VERSION], capabilities: { tools: {} }, serverInfo: { name: 'stateless-test', version: '1.0.0' } });
      case 'tools/list':
        return ok({ tools: [{ name: 'shout', description: 'Upper-cases text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }] });
      case 'tools/call':
        if (req.headers['mcp-name'] !== msg.params.name) return fail(400, -32020, 'Mcp-Name does not match the body');
        return ok({ content: [{ type: 'text', text: String(msg.params.arguments.text).toUpperCase() }] });
      default:
        return fail(200, -32601, 'no method ' + msg.method);
    }
  });
}).listen(port, '127.0.0.1');
