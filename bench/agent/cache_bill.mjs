// bench/agent/cache_bill.mjs -- bills Anthropic Messages request bodies as
// Anthropic's prompt cache does: the rules of bench/context/anthropic_cache.cpp
// (the C++ bench's biller for the assembler's message arrays) carried over to
// the provider's own body shape, so the agent bench bills exactly the bytes
// the llm plugin sent.
//
// - The prompt is a sequence of blocks in the cache's order: the tool list
//   (one block; Anthropic's prefix is tools, then system, then messages), each
//   `system` block, then each message's content blocks (a string content is
//   one text block). A block's cache_control marker is not part of it.
// - Each marker writes the prefix up to and including its block.
// - A request reads the longest prefix written before, looked for at each
//   marker and at the 20 block boundaries before it.
// - Tokens after the read point up to the last marker are written, the rest
//   is plain input. Prices: input $3/M, write 1.25x, read 0.1x.
//
//   const cache = new AnthropicCache(countTokens);
//   const bill = cache.send(JSON.parse(body));   // {read, written, fresh, input, marks}
//   cost(bill)                                  // USD, input only
import { createHash } from 'node:crypto';

const LOOKBACK = 20;     // block boundaries checked before each marker
const LIFETIME = 300;    // seconds: the 5-minute cache
const IMAGE_TOKENS = 1600;

export const cost = (b) => (b.fresh * 3.0 + b.written * 3.75 + b.read * 0.30) / 1e6;

// The text a block costs: what the model reads, not the JSON around it.
function blockText(block) {
  switch (block.type) {
    case 'text': return block.text;
    case 'thinking': return block.thinking;
    case 'tool_use': return block.name + JSON.stringify(block.input);
    case 'tool_result':
      return typeof block.content === 'string' ? block.content : (block.content ?? []).map((c) => c.text ?? '').join('');
    default: return JSON.stringify(block);
  }
}

function withoutMarker(block) {
  const { cache_control: _, ...rest } = block;
  return rest;
}

// The body's blocks in the cache's order: [{role, block, first}], `first`
// on a message's first block (it carries the role's tokens).
export function cacheBlocks(body) {
  const out = [];
  const add = (role, blocks) => blocks.forEach((block, i) => out.push({ role, block, first: i === 0 }));
  if (body.tools?.length) add('tools', [{ type: 'tools', tools: body.tools }]);
  add('system', typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : body.system ?? []);
  for (const m of body.messages ?? []) add(m.role, typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content);
  return out;
}

// The same body with every marker removed but those in `system`: the layout
// with one cached system prompt and nothing else marked.
export function untiered(body) {
  const strip = (content) => (typeof content === 'string' ? content : content.map(withoutMarker));
  return { ...body, messages: body.messages.map((m) => ({ ...m, content: strip(m.content) })) };
}

export class AnthropicCache {
  constructor(countTokens) {
    this.count = countTokens;
    this.tokensOf = new Map();  // a block's JSON -> its tokens: steps resend the same blocks
    this.written = new Map();   // prefix hash -> when last written or read (seconds)
  }

  send(body, now = 0) {
    for (const [hash, at] of this.written) if (now - at > LIFETIME) this.written.delete(hash);
    const blocks = [];
    let hash = '', tokens = 0;
    for (const { role, block, first } of cacheBlocks(body)) {
      const json = JSON.stringify(withoutMarker(block));
      // Chained: each block's hash covers the ones before it.
      hash = createHash('sha256').update(`${hash}\x1f${role}\x1f${block.type}\x1f${json}`).digest('hex');
      tokens += (first ? this.count(role) : 0) + this.blockTokens(block, json);
      blocks.push({ hash, tokens, marked: block.cache_control !== undefined });
    }
    let read = 0, lastMarker = 0, marks = 0;
    blocks.forEach((b, i) => {
      if (!b.marked) return;
      ++marks;
      lastMarker = b.tokens;
      for (let j = i; j >= Math.max(0, i - LOOKBACK); --j)
        if (this.written.has(blocks[j].hash)) {
          read = Math.max(read, blocks[j].tokens);
          this.written.set(blocks[j].hash, now);  // a read keeps it five more minutes
          break;
        }
    });
    for (const b of blocks) if (b.marked) this.written.set(b.hash, now);
    const written = Math.max(0, lastMarker - read);
    return { read, written, fresh: tokens - read - written, input: tokens, marks };
  }

  blockTokens(block, json) {
    if (block.type === 'image') return IMAGE_TOKENS;
    let n = this.tokensOf.get(json);
    if (n === undefined) this.tokensOf.set(json, (n = this.count(blockText(block))));
    return n;
  }
}

// What no marker placement can beat: each request reads everything the
// request before sent and writes only what is new (the first, all of it).
export function perfectBills(inputs) {
  let previous = 0;
  return inputs.map((input) => {
    const read = Math.min(previous, input);
    previous = input;
    return { read, written: input - read, fresh: 0, input };
  });
}
