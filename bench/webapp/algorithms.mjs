// The webapp's two heaviest pure algorithms on their largest inputs, timed
// in node (the page's code, without a browser): the diff viewer's Myers diff
// on a 20,000-line rewrite (past its 2,000-step bound, so the worst case it
// allows) and the commit graph's lane layout of 10,000 commits, linear and
// with a merge every tenth. Their tests assert what they produce; how long
// that takes depends on the machine and is measured here (issue 27).
//
//   node bench/webapp/algorithms.mjs [--runs 9]
import { performance } from 'node:perf_hooks';
import { myers } from '../../webapp/src/core/diff.js';
import { laneState, assignLanes } from '../../webapp/src/core/commit-lanes.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 9;

function measure(name, work) {
  work();  // warm the JIT once
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${name.padEnd(42)} median ${median.toFixed(1).padStart(7)} ms   min ${times[0].toFixed(1).padStart(7)}   max ${times.at(-1).toFixed(1).padStart(7)}`);
}

const a = Array.from({ length: 20000 }, (_, i) => `line ${i}`);
const rewrite = a.map((l, i) => (i % 3 ? l : `changed ${i}`));
const sparse = a.map((l, i) => (i % 1000 ? l : `changed ${i}`));
const linear = Array.from({ length: 10000 }, (_, i) => ({ sha: `c${i}`, parents: i < 9999 ? [`c${i + 1}`] : [] }));
// A side branch merged every tenth commit: two lanes open and close all along.
const merged = Array.from({ length: 10000 }, (_, i) => ({
  sha: `m${i}`,
  parents: i >= 9999 ? [] : i % 10 === 0 ? [`m${i + 1}`, `s${i}`] : [`m${i + 1}`],
})).flatMap((c, i) => (i % 10 === 0 && i < 9999 ? [c, { sha: `s${i}`, parents: [`m${i + 2}`] }] : [c]));

console.log(`node ${process.version}, ${runs} runs each`);
measure('diff, 20,000 lines, a third changed', () => myers(a, rewrite));
measure('diff, 20,000 lines, 20 lines changed', () => myers(a, sparse));
measure('commit lanes, 10,000 linear commits', () => assignLanes(laneState(), linear));
measure('commit lanes, 11,000 commits, merges', () => assignLanes(laneState(), merged));
