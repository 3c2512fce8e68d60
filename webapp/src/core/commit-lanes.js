// Lanes for drawing a commit graph from a newest-first list of commits
// ({sha, parents}), page by page: `state` carries the open lanes from one
// page to the next, so 10,000 commits are laid out as they are loaded.
//
//   const state = laneState();
//   rows.push(...assignLanes(state, page.commits));
//   // row: {lane, before, after, forks}: lanes[i] is the sha lane i waits
//   // for above (before) and below (after) the commit; forks are the lanes
//   // its second and later parents continue in.

export function laneState() {
  return { lanes: [] };
}

function firstFree(lanes) {
  const i = lanes.indexOf(null);
  return i < 0 ? lanes.length : i;
}

export function assignLanes(state, commits) {
  const rows = [];
  for (const c of commits) {
    const before = state.lanes.slice();
    let lane = state.lanes.indexOf(c.sha);
    if (lane < 0) lane = firstFree(state.lanes);
    // Every other lane that waited for this commit (branches that forked
    // from it) ends here.
    state.lanes = state.lanes.map((s, i) => (s === c.sha && i !== lane ? null : s));
    const [first, ...others] = c.parents ?? [];
    const forks = [];
    if (first !== undefined && !state.lanes.includes(first)) state.lanes[lane] = first;
    else {
      // A root commit ends its lane; a first parent another lane already
      // waits for is drawn into that lane.
      state.lanes[lane] = null;
      if (first !== undefined) forks.push(state.lanes.indexOf(first));
    }
    for (const p of others) {
      let i = state.lanes.indexOf(p);
      if (i < 0) { i = firstFree(state.lanes); state.lanes[i] = p; }
      forks.push(i);
    }
    while (state.lanes.length && state.lanes[state.lanes.length - 1] === null) state.lanes.pop();
    rows.push({ lane, before, after: state.lanes.slice(), forks });
  }
  return rows;
}

// The SVG segments of one row, in lane units (x) and row fractions (y: 0
// top, 0.5 the commit, 1 bottom): [[x1, y1, x2, y2], ...].
export function rowSegments(row, sha) {
  const segs = [];
  row.before.forEach((s, i) => {
    if (s === null || s === undefined) return;
    segs.push(s === sha ? [i, 0, row.lane, 0.5] : [i, 0, i, 0.5]);
  });
  row.after.forEach((s, i) => {
    if (s === null || s === undefined) return;
    if (i === row.lane) segs.push([i, 0.5, i, 1]);
    else if (row.before[i] === s) segs.push([i, 0.5, i, 1]);
  });
  for (const f of row.forks) if (f !== row.lane) segs.push([row.lane, 0.5, f, 1]);
  return segs;
}
