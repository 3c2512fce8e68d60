// node_encode.mjs <text file> <runs> -- the peer of the tokenizer benchmark:
// gpt-tokenizer@4.0.0's cl100k_base encoder (pinned in package.json) on the
// same text. Prints one JSON line: {"tokens": N, "seconds": [per run...]}.
import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';

const [file, runsArg] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
const runs = Number(runsArg ?? 5);
const options = { disallowedSpecial: new Set() };  // special tokens as text, as acdc counts them
let tokens = encode(text, options).length;  // warm-up, as on the C++ side
const seconds = [];
for (let i = 0; i < runs; ++i) {
  const start = process.hrtime.bigint();
  tokens = encode(text, options).length;
  seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
}
console.log(JSON.stringify({ tokens, seconds }));
