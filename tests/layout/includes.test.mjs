// The layers of the tree (adapters/README.md, "The layout"): includes run
// down only, from app/ to the adapters to the host core to util/, an adapter
// includes no other adapter, and no header includes itself back. The build
// keeps an adapter off the core's private headers; this keeps the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';

const root = process.env.ACDC_SOURCE_DIR ?? process.cwd();

// Each layer: where its files are, where its quoted includes resolve, and
// its rank (a file may include ranks at or below its own).
const layers = [
  { name: 'app', dir: 'app', roots: ['app/src', 'host/src', 'adapters'], rank: 3 },
  { name: 'adapters', dir: 'adapters', roots: ['adapters'], rank: 2 },
  { name: 'host', dir: 'host', roots: ['host/src'], rank: 1 },
  { name: 'util', dir: 'util', roots: ['util/include'], rank: 0 },
];
const published = { 'acdc/host/': 'host/include', 'acdc/util/': 'util/include' };

function sources(dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir))) {
    const path = join(dir, entry);
    if (statSync(join(root, path)).isDirectory()) out.push(...sources(path));
    else if (/\.(cpp|hpp)$/.test(entry)) out.push(path);
  }
  return out;
}

const layerOf = (path) => layers.find((l) => path.startsWith(l.dir + '/'));
// The adapter a path belongs to ("bb7"), or undefined outside adapters/.
const adapterOf = (path) => (path.startsWith('adapters/') ? path.split('/')[1] : undefined);

function resolve(from, spec, angled) {
  if (angled) {
    const prefix = Object.keys(published).find((p) => spec.startsWith(p));
    return prefix ? join(published[prefix], spec) : undefined;  // a library's header
  }
  for (const base of [dirname(from), ...layerOf(from).roots]) {
    const candidate = join(base, spec);
    if (existsSync(join(root, candidate))) return candidate;
  }
  return null;
}

const files = layers.flatMap((l) => sources(l.dir));
const edges = new Map();
const problems = [];
for (const file of files) {
  const targets = [];
  for (const m of readFileSync(join(root, file), 'utf8').matchAll(/^#include\s+([<"])([^>"]+)[>"]/gm)) {
    const target = resolve(file, m[2], m[1] === '<');
    if (target === undefined) continue;
    if (target === null) { problems.push(`${file}: "${m[2]}" is on no include path of its layer`); continue; }
    const [a, b] = [layerOf(file), layerOf(target)];
    if (b.rank > a.rank) problems.push(`${file} includes ${target}: ${a.name} may not include ${b.name}`);
    if (adapterOf(file) && adapterOf(target) && adapterOf(file) !== adapterOf(target))
      problems.push(`${file} includes ${target}: one adapter includes another`);
    targets.push(target);
  }
  edges.set(file, targets);
}

test('includes run from the app down to the adapters, the host core and util, never up', () => {
  assert.ok(files.length > 100, `found only ${files.length} sources under ${root}`);
  assert.deepEqual(problems, []);
});

test('no header includes itself back', () => {
  const state = new Map();  // file -> 'open' | 'done'
  const cycles = [];
  const visit = (file, stack) => {
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) {
      const path = [...stack, file];
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next, path);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  assert.deepEqual(cycles, []);
});
