// bench/agent/provider.mjs -- an Anthropic Messages provider inside the bench
// process, on loopback, that answers a scripted Agent turn: each streaming
// POST /messages gets the script's next step as one SSE response (one
// tool_use block, or the closing text), written in a single write so the
// provider's own time is nil. It records, on the bench's clock, when each
// request's body had fully arrived and when the last byte of its answer was
// written: the gap between the two is the engine's (tool, append, build).
//
//   const p = await startProvider(steps);        // steps: [{tool, args, say} | {answer}]
//   ... llm.yaml base_url: p.baseUrl ...
//   p.requests   // [{body, arrived, lastByte}] of the script's steps, in order
//   p.extra      // any other request (not a step): it should stay empty
//   await p.stop();
import { createServer } from 'node:http';

const event = (type, data = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

// One step's whole SSE answer, shaped as tests/fixtures/llm/anthropic_tool_use.sse.
export function stepSse(step, index) {
  const id = `msg_bench_${String(index).padStart(2, '0')}`;
  const usage = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 };
  let out = event('message_start', {
    message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage },
  });
  const text = step.answer ?? step.say;
  out += event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  out += event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
  out += event('content_block_stop', { index: 0 });
  if (step.tool) {
    out += event('content_block_start', { index: 1, content_block: { type: 'tool_use', id: toolUseId(index), name: step.tool, input: {} } });
    out += event('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: JSON.stringify(step.args) } });
    out += event('content_block_stop', { index: 1 });
  }
  out += event('message_delta', { delta: { stop_reason: step.tool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } });
  return out + event('message_stop');
}

export const toolUseId = (index) => `toolu_bench_${String(index).padStart(2, '0')}`;

// A request that is not a step of the script (a non-streaming call, a step
// past the script's end) gets a short plain answer, so nothing hangs.
function answerExtra(res, body) {
  if (body?.stream) {
    const sse = stepSse({ answer: 'The scripted turn is over.' }, 99);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'content-length': Buffer.byteLength(sse) });
    return res.end(sse);
  }
  const json = JSON.stringify({
    id: 'msg_bench_extra', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 },
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

export async function startProvider(steps) {
  const requests = [], extra = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const arrived = performance.now();
      const text = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try { body = JSON.parse(text); } catch { /* recorded as an extra below */ }
      if (req.method !== 'POST' || !req.url.endsWith('/messages') || !body?.stream || requests.length >= steps.length) {
        extra.push({ method: req.method, url: req.url, stream: body?.stream ?? null, arrived });
        return answerExtra(res, body);
      }
      const index = requests.length;
      const record = { text, body, arrived, lastByte: 0 };
      requests.push(record);
      const sse = stepSse(steps[index], index + 1);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-length': Buffer.byteLength(sse) });
      res.end(sse);
      record.lastByte = performance.now();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    requests,
    extra,
    stop: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}
