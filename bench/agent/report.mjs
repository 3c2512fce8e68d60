// bench/agent/report.mjs -- turns one recorded Agent turn into the bench's
// figures and prints them as Markdown tables (README.md keeps a run's):
// the engine's time per step, by tool kind, beside each tool's own round
// trip; the prompt cache over the 20 requests (tiered as sent, untiered,
// perfect); and the engine checks (byte-identical prefixes, at most four
// cache markers, no request outside the script).
//
//   report({ opt, files, index, script, provider, turn, app, direct });
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { AnthropicCache, cost, perfectBills, untiered, cacheBlocks } from './cache_bill.mjs';
import { checkPrefix, markerCount } from './prefix_check.mjs';
import { kindOf } from './steps.mjs';
import { toolUseId } from './provider.mjs';

const TARGET_MS = { read: 10, search: 10, definition: 10 };
const count = (text) => countTokens(text, { disallowedSpecial: new Set() });
const tokenizerVersion = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('gpt-tokenizer/package.json'), 'utf8')).version;

const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const ms = (v) => (v === undefined ? '' : v.toFixed(2));
const pct = (v) => `${(100 * v).toFixed(1)}%`;
const usd = (v) => `$${v.toFixed(4)}`;
const sum = (xs, f) => xs.reduce((a, x) => a + f(x), 0);
const cut = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text).replaceAll('|', '\\|');
const met = (ok) => (ok ? 'met' : 'NOT met');
const print = (line = '') => console.log(line);

// Per tool step i (1-based): the engine's time and where it went, as the bench saw it.
function stepTimes(provider, app, result) {
  const reqs = provider.requests;
  return result.steps.map((s, i) => {
    const notes = app.steps.filter((n) => n.id === toolUseId(i + 1));
    const running = notes.find((n) => n.status === 'running'), ended = notes.find((n) => n.status !== 'running');
    return {
      ...s,
      engine: reqs[i + 1] ? reqs[i + 1].arrived - reqs[i].lastByte : undefined,
      toStart: running ? running.at - reqs[i].lastByte : undefined,
      afterEnd: ended && reqs[i + 1] ? reqs[i + 1].arrived - ended.at : undefined,
    };
  });
}

function engineSection({ provider, turn, app, direct, script }) {
  const steps = stepTimes(provider, app, turn.result);
  print('#### a. Engine time per step (request k arrival - answer k-1 last byte; the provider\'s time excluded)');
  print();
  print(`first request: chat_streaming sent to request 1 arrived ${ms(provider.requests[0].arrived - turn.sent)} ms (context, map, prompt);` +
    ` answer 20's last byte to streamComplete ${ms(turn.completed - provider.requests.at(-1).lastByte)} ms`);
  print();
  print('| step | tool | arguments | status | engine ms | answer end to tool start ms | tool (engine\'s clock) ms | tool end to next request ms | direct WS round trip ms | the same without paths ms | result |');
  print('|---|---|---|---|---|---|---|---|---|---|---|');
  steps.forEach((s, i) => print(`| ${i + 1} | ${s.tool} | ${cut(JSON.stringify(script.steps[i].args), 70)} | ${s.status} | ${ms(s.engine)} | ` +
    `${ms(s.toStart)} | ${s.duration_ms} | ${ms(s.afterEnd)} | ${ms(direct[i]?.ms)} | ${ms(direct[i]?.msWithoutPaths)} | ` +
    `${cut(s.summary ?? '', 60)} (${s.result?.length ?? 0} chars) |`));
  print();
  print('| steps after | n | p50 ms | p95 ms | max ms | direct WS p50 ms | target |');
  print('|---|---|---|---|---|---|---|');
  for (const kind of ['read', 'search', 'definition', 'map']) {
    const mine = steps.map((s, i) => ({ s, d: direct[i] })).filter(({ s }) => kindOf(s.tool) === kind && s.engine !== undefined);
    if (!mine.length) continue;
    const xs = mine.map(({ s }) => s.engine);
    const target = TARGET_MS[kind] ? `p95 < ${TARGET_MS[kind]} ms: ${met(percentile(xs, 95) < TARGET_MS[kind])}` : '';
    print(`| ${kind} | ${xs.length} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 95))} | ${ms(Math.max(...xs))} | ` +
      `${ms(percentile(mine.map(({ d }) => d.ms), 50))} | ${target} |`);
  }
  const loop = steps.filter((s) => s.engine !== undefined).map((s) => s.engine - s.duration_ms);
  print(`| all, less the tool's own duration_ms | ${loop.length} | ${ms(percentile(loop, 50))} | ${ms(percentile(loop, 95))} | ` +
    `${ms(Math.max(...loop))} | | the loop's own share (duration_ms is whole ms: ±1) |`);
  print();
  return steps;
}

function bill(bodies) {
  const cache = new AnthropicCache(count);
  return bodies.map((b) => cache.send(b));
}

function cacheSection({ provider, script }) {
  const bodies = provider.requests.map((r) => r.body);
  const tiered = bill(bodies), flat = bill(bodies.map(untiered));
  const perfect = perfectBills(tiered.map((b) => b.input));
  const prefix = provider.requests.map((r, k) => (k === 0 ? null : checkPrefix(provider.requests[k - 1].text, r.text, k > 1)));
  print('#### b. Prompt cache over the 20 requests (as sent; untiered: only the markers in `system` kept)');
  print();
  print('| request | its answer asked | input | read | written | fresh | markers | prefix of the request before | untiered read | written | fresh |');
  print('|---|---|---|---|---|---|---|---|---|---|---|');
  tiered.forEach((b, k) => print(`| ${k + 1} | ${script.steps[k].tool ?? 'answer'} | ${b.input} | ${b.read} | ${b.written} | ${b.fresh} | ` +
    `${markerCount(provider.requests[k].text)} | ${prefix[k] ? cut(prefix[k].why, 90) : '-'} | ${flat[k].read} | ${flat[k].written} | ${flat[k].fresh} |`));
  print();
  const later = (bills) => bills.slice(1);
  const share = (bills) => sum(later(bills), (b) => b.read) / sum(later(bills), (b) => b.input);
  const total = (bills) => sum(bills, cost);
  const noCache = sum(tiered, (b) => cost({ read: 0, written: 0, fresh: b.input }));
  const toolTokens = count(JSON.stringify(bodies[0].tools ?? []));
  const first = cacheBlocks(bodies[0]).length;
  print(`tokens: cl100k_base (gpt-tokenizer ${tokenizerVersion}); blocks in the cache's order: the tool list as one block ` +
    `(${toolTokens} tokens), the system blocks, each message's content blocks (${first} blocks in request 1)`);
  print(`read from the cache over requests 2-20: ${pct(share(tiered))} (target >= 90%: ${met(share(tiered) >= 0.9)}); ` +
    `untiered ${pct(share(flat))}; a perfect prefix cache ${pct(share(perfect))} (the ceiling)`);
  const ratio = total(tiered) / total(perfect);
  print(`input cost of the 20 requests ($3/M input, write 1.25x, read 0.1x): ${usd(total(tiered))}; perfect prefix cache ` +
    `${usd(total(perfect))}: ${ratio.toFixed(3)}x (target <= 1.2x: ${met(ratio <= 1.2)}); untiered ${usd(total(flat))} ` +
    `(${(total(flat) / total(tiered)).toFixed(2)}x the tiered); no cache at all ${usd(noCache)}`);
  print(`  requests 2-20 alone: ${usd(total(later(tiered)))} against perfect ${usd(total(later(perfect)))}: ` +
    `${(total(later(tiered)) / total(later(perfect))).toFixed(3)}x`);
  print();
  return { prefix, tiered };
}

function checksSection({ provider, steps, prefix, direct }) {
  const problems = [];
  prefix.forEach((p, k) => p && !p.ok && problems.push(`request ${k + 1} does not begin with request ${k}: ${p.why}`));
  provider.requests.forEach((r, k) => markerCount(r.text) > 4 && problems.push(`request ${k + 1} has ${markerCount(r.text)} cache markers: Anthropic refuses more than 4`));
  provider.requests.forEach((r, k) => {
    const last = r.body.messages.at(-1)?.content;
    if (k > 0 && !(Array.isArray(last) && last.at(-1)?.cache_control)) problems.push(`request ${k + 1}'s last block carries no cache marker`);
  });
  steps.forEach((s, i) => s.status !== 'ok' && problems.push(`step ${i + 1} (${s.tool}) ended ${s.status}: ${cut(s.result ?? '', 200)}`));
  direct.forEach((d, i) => d.result?.isError && problems.push(`the direct call of step ${i + 1} failed: ${cut(JSON.stringify(d.result), 200)}`));
  steps.forEach((s, i) => s.tool === 'find_definition' && /no definition found/.test(s.result ?? '') && problems.push(`step ${i + 1}: ${s.arguments?.name ?? ''} has no definition in the index`));
  for (const e of provider.extra) problems.push(`a request outside the script: ${e.method} ${e.url} (stream ${e.stream})`);
  print('#### Engine checks');
  print();
  if (!problems.length) print('none failed: every request began with the one before byte for byte (its step marker moved), at most 4 markers, every step ok');
  for (const p of problems) print(`- ${p}`);
}

export function report({ opt, files, index, script, provider, turn, app, direct }) {
  const r = turn.result;
  print(`### Agent turn on ${opt.tree}${script.boost ? ' (boost\'s headers, the scripted smart_ptr walk)' : ' (steps picked from the tree)'}`);
  print();
  print(`${files} files in git, ${index.files} in the symbol index (ready ${index.seconds.toFixed(1)} s after connecting); ${opt.acdc}, ` +
    `${opt['plugin-dir']}; ${provider.requests.length} provider requests, ${r.steps.length} tool calls, stopped_by "${r.stopped_by ?? ''}"`);
  print();
  const steps = engineSection({ provider, turn, app, direct, script });
  const { prefix } = cacheSection({ provider, script });
  checksSection({ provider, steps, prefix, direct });
}
