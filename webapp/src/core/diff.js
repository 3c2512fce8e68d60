// Two-level diff for edit-block cards and the diff viewer: Myers on lines,
// then Myers on words inside each changed line pair.
//
//   const ops = diffLines(oldText, newText);   // [{op:'eq'|'del'|'add', text}]
//   const rows = sideBySide(ops);              // [{left, right}] paired rows
//   const parts = diffWords('a b c', 'a x c'); // [{op, text}] word-level

// Beyond this many edit steps the middle is reported as one replacement: a
// diff the user can read is better than a frozen tab.
const MAX_EDIT_STEPS = 2000;

// Myers' O(ND) shortest edit script on two arrays of comparable items.
export function myers(a, b, maxSteps = MAX_EDIT_STEPS) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length, endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
  const head = a.slice(0, start).map((t) => ({ op: 'eq', text: t }));
  const tail = a.slice(endA).map((t) => ({ op: 'eq', text: t }));
  const middle = shortestScript(a.slice(start, endA), b.slice(start, endB), maxSteps);
  return [...head, ...middle, ...tail];
}

function shortestScript(a, b, maxSteps) {
  const n = a.length, m = b.length, max = n + m;
  if (n === 0 || m === 0) return replaceAll(a, b);
  const offset = max;
  let v = new Int32Array(2 * max + 2);
  const trace = [];
  for (let d = 0; d <= Math.min(max, maxSteps); d++) {
    trace.push(v.slice(offset - d, offset + d + 1));   // diagonals -d..d, as round d starts
    for (let k = -d; k <= d; k += 2) {
      let x = (k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]))
        ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) { x++; y++; }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d);
    }
  }
  return replaceAll(a, b);
}

function backtrack(trace, a, b, dFinal) {
  const ops = [];
  let x = a.length, y = b.length;
  for (let d = dFinal; d > 0; d--) {
    const v = trace[d], at = (k) => v[k + d];
    const k = x - y;
    const prevK = (k === -d || (k !== d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
    const prevX = at(prevK), prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ op: 'eq', text: a[--x] }), y--;
    if (x === prevX) ops.push({ op: 'add', text: b[--y] });
    else ops.push({ op: 'del', text: a[--x] });
  }
  while (x > 0 && y > 0) ops.push({ op: 'eq', text: a[--x] }), y--;
  return ops.reverse();
}

function replaceAll(a, b) {
  return [...a.map((t) => ({ op: 'del', text: t })), ...b.map((t) => ({ op: 'add', text: t }))];
}

export function splitLines(text) {
  if (!text) return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function diffLines(oldText, newText) {
  return myers(splitLines(oldText), splitLines(newText));
}

// Words, whitespace runs and punctuation are separate tokens.
export function tokenize(line) {
  return line.match(/\w+|\s+|[^\w\s]/g) ?? [];
}

export function diffWords(oldLine, newLine) {
  return merge(myers(tokenize(oldLine), tokenize(newLine)));
}

function merge(ops) {
  const out = [];
  for (const o of ops) {
    const last = out[out.length - 1];
    if (last && last.op === o.op) last.text += o.text;
    else out.push({ ...o });
  }
  return out;
}

// Pairs deletions with the additions that follow them into side-by-side rows;
// a paired row carries its word-level diff. Line numbers are 1-based.
export function sideBySide(ops) {
  const rows = [];
  let oldNo = 0, newNo = 0, i = 0;
  while (i < ops.length) {
    if (ops[i].op === 'eq') {
      rows.push({ left: { no: ++oldNo, text: ops[i].text, op: 'eq' }, right: { no: ++newNo, text: ops[i].text, op: 'eq' } });
      i++;
      continue;
    }
    const dels = [], adds = [];
    while (i < ops.length && ops[i].op === 'del') dels.push(ops[i++].text);
    while (i < ops.length && ops[i].op === 'add') adds.push(ops[i++].text);
    for (let j = 0; j < Math.max(dels.length, adds.length); j++) {
      const left = j < dels.length ? { no: ++oldNo, text: dels[j], op: 'del' } : null;
      const right = j < adds.length ? { no: ++newNo, text: adds[j], op: 'add' } : null;
      const words = left && right ? diffWords(left.text, right.text) : null;
      rows.push({ left, right, words });
    }
  }
  return rows;
}

export function diffStats(ops) {
  let additions = 0, deletions = 0;
  for (const o of ops) {
    if (o.op === 'add') additions++;
    else if (o.op === 'del') deletions++;
  }
  return { additions, deletions };
}
