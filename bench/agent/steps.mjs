// bench/agent/steps.mjs -- the scripted 20-step Agent turn: 19 tool calls on
// real things of the tree (8 reads, whole and line ranges; 5 code searches
// with path globs; 5 definitions by name; 1 ranked map), interleaved as an
// agent works, then a plain answer. On boost's headers the calls are a
// hand-picked walk through smart_ptr; on any other tree they are picked from
// its own files and the names they define, so every call finds something.
//
//   const { message, steps } = scriptFor(repoDir, gitFiles);   // steps[19] is {answer}
import { readFileSync, lstatSync } from 'node:fs';
import { join, dirname, extname } from 'node:path';

// The order of the 19 calls: which list each step takes its next item from.
const ORDER = ['map', 'definition', 'whole', 'search', 'range', 'definition', 'whole', 'search', 'whole', 'definition',
  'range', 'search', 'definition', 'whole', 'search', 'range', 'definition', 'range', 'search'];

const BOOST = {
  message: 'How does boost::shared_ptr count its references, and how does weak_ptr::lock know the object is still alive?',
  map: [{ question: 'How does shared_ptr count its references, and how does weak_ptr lock use the count?', budget_tokens: 4000 }],
  definition: ['shared_count', 'weak_ptr', 'sp_counted_base', 'enable_shared_from_this', 'hash_combine'],
  whole: ['smart_ptr/detail/shared_count.hpp', 'smart_ptr/weak_ptr.hpp', 'smart_ptr/bad_weak_ptr.hpp', 'smart_ptr/enable_shared_from_this.hpp'],
  range: [['smart_ptr/shared_ptr.hpp', 340, 460], ['smart_ptr/make_shared_object.hpp', 240, 330],
    ['container_hash/hash.hpp', 300, 430], ['optional/optional.hpp', 700, 800]],
  search: [
    { pattern: 'use_count', paths: ['smart_ptr/**'], max_results: 40 },
    { pattern: 'class\\s+bad_weak_ptr', regex: true, paths: ['smart_ptr/**/*.hpp'] },
    { pattern: 'BOOST_SP_NOEXCEPT', paths: ['smart_ptr/detail/*.hpp'], max_results: 30 },
    { pattern: 'make_shared', whole_word: true, paths: ['smart_ptr/*.hpp'], max_results: 30 },
    { pattern: 'fetch_add|atomic_increment', regex: true, paths: ['smart_ptr/detail/**'] },
  ],
};

const SOURCE = new Set(['.hpp', '.h', '.hh', '.hxx', '.cpp', '.cc', '.c', '.py', '.js', '.mjs', '.ts', '.tsx']);
// A definition at a line's start (not a word in a comment, not a forward declaration).
const DEFINES = /^[ \t]*(?:export\s+)?(?:template\s*<[^>\n]*>\s*)?(?:class|struct|def|function)\s+([A-Za-z_]\w{3,})\b(?!\s*;)/gm;

// Evenly spread picks from a sorted list, deterministic for a given tree.
const spread = (list, n) => Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / n)]);

function pickFrom(repo, files) {
  const sources = files.filter((f) => SOURCE.has(extname(f))).sort();
  const sized = sources.map((f) => ({ f, stat: lstatSync(join(repo, f)) }))
    .filter((s) => s.stat.isFile()).map((s) => ({ f: s.f, bytes: s.stat.size }));  // links stay out
  const whole = spread(sized.filter((s) => s.bytes >= 2000 && s.bytes <= 24000).map((s) => s.f), 4);
  const lines = (f) => readFileSync(join(repo, f), 'utf8').split('\n').length;
  const long = spread(sized.filter((s) => s.bytes > 6000 && s.bytes <= 400000 && !whole.includes(s.f)).map((s) => s.f), 12)
    .filter((f) => lines(f) >= 180).slice(0, 4);
  const range = long.map((f) => [f, 100, 180]);
  const found = [];  // {name, file}: a name a picked file defines
  for (const file of [...whole, ...long])
    for (const m of readFileSync(join(repo, file), 'utf8').matchAll(DEFINES))
      if (!found.some((d) => d.name === m[1]) && found.length < 40) found.push({ name: m[1], file });
  const defs = spread(found, 5).map((d) => d.name);
  const globOf = (f) => (dirname(f) === '.' ? `*${extname(f)}` : `${dirname(f)}/**`);
  const search = spread(found, 4).map((d) => ({ pattern: d.name, paths: [globOf(d.file)], max_results: 40 }));
  search.push({ pattern: `(class|struct|def|function)\\s+${defs[0]}`, regex: true, max_results: 20 });
  return {
    message: `How do ${defs[0]} and ${defs[1]} work together in this code?`,
    map: [{ question: `How do ${defs[0]} and ${defs[1]} work together?`, budget_tokens: 4000 }],
    definition: defs, whole, range, search,
  };
}

function call(kind, item) {
  switch (kind) {
    case 'map': return { tool: 'repo_map', args: item, say: 'Let me see the map for this question.' };
    case 'definition': return { tool: 'find_definition', args: { name: item }, say: `Where is ${item} defined?` };
    case 'whole': return { tool: 'read_file', args: { path: item }, say: `Reading ${item}.` };
    case 'range': return { tool: 'read_file', args: { path: item[0], start_line: item[1], end_line: item[2] }, say: `Reading ${item[0]} lines ${item[1]}-${item[2]}.` };
    default: return { tool: 'search_code', args: item, say: `Searching for ${item.pattern}.` };
  }
}

export const kindOf = (tool) => ({ read_file: 'read', search_code: 'search', find_definition: 'definition', repo_map: 'map' })[tool];

export function scriptFor(repo, files) {
  const present = new Set(files);
  const boost = [...BOOST.whole, ...BOOST.range.map((r) => r[0])].every((f) => present.has(f));
  const lists = boost ? BOOST : pickFrom(repo, files);
  const used = { map: 0, definition: 0, whole: 0, range: 0, search: 0 };
  const steps = ORDER.map((kind) => {
    const item = lists[kind][used[kind]++];
    if (item === undefined) throw new Error(`the tree has too few source files for the scripted turn (no ${kind} #${used[kind]}): pass a larger --tree`);
    return call(kind, item);
  });
  steps.push({ answer: 'That is the whole walk: the scripted answer closes the turn.' });
  return { message: lists.message, steps, boost };
}
