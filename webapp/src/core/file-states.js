// The three states of a file in the picker (acdc-features §9.2 ac-file-picker,
// "3-state exclusion"):
//   'context'  ticked: its full content is sent (LLMService.set_selected_files)
//   'map'      the default: only its block of the symbol map is in the prompt
//   'excluded' out of the index and the map (LLMService.set_excluded_index_files)
// A click puts files in context or takes them out (a click on an excluded
// file includes it again and ticks it); Shift+click excludes them, or
// includes them again when all of them are excluded. Excluding a ticked file
// unticks it: an excluded file is in no part of the prompt.
//
//   const next = clickFiles({ selected, excluded }, ['src/a.py'], { shift: true });
//   fileState('src/a.py', next.selected, next.excluded)   // 'excluded'

export function fileState(path, selected, excluded) {
  if (excluded.has(path)) return 'excluded';
  return selected.has(path) ? 'context' : 'map';
}

// A folder's state from its files: a state all of them share, else 'map'.
export function folderState(paths, selected, excluded) {
  if (!paths.length) return 'map';
  const first = fileState(paths[0], selected, excluded);
  return paths.every((p) => fileState(p, selected, excluded) === first) ? first : 'map';
}

// New sets after a click on `paths` (one file, or every file of a folder).
export function clickFiles({ selected, excluded }, paths, { shift = false } = {}) {
  const nextSelected = new Set(selected), nextExcluded = new Set(excluded);
  if (shift) {
    const exclude = !paths.every((p) => excluded.has(p));
    for (const p of paths) {
      if (exclude) { nextExcluded.add(p); nextSelected.delete(p); } else nextExcluded.delete(p);
    }
  } else {
    const tick = !paths.every((p) => selected.has(p) && !excluded.has(p));
    for (const p of paths) {
      if (tick) { nextSelected.add(p); nextExcluded.delete(p); } else nextSelected.delete(p);
    }
  }
  return { selected: nextSelected, excluded: nextExcluded };
}

// What each state means, for the checkbox's tooltip.
export const STATE_TITLES = {
  context: 'In context: the full file is sent. Click to send only its map entry; Shift+click to exclude it from the index',
  map: 'Map only: its symbol-map entry is in the prompt. Click to send the full file; Shift+click to exclude it from the index',
  excluded: 'Excluded from the index and the map. Shift+click to include it again; click to include it and send the full file',
};
