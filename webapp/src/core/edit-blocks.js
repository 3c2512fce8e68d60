// Splits an assistant answer into prose and edit blocks (acdc-features §4.3)
// so the chat can render each block as a card. The markers are whole lines;
// a block still open at the end of the text is `complete: false` (pending).
//
//   segmentAnswer(text) // [{kind:'text', text}, {kind:'edit', file, oldText, newText, isCreate, complete}]

export const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT';
export const REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL';
export const END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';

// Narrower than the server's predicate on purpose: a path line has a slash or
// a dotted name and no spaces.
export function looksLikePath(line) {
  const s = line.trim();
  if (!s || s.length >= 200 || /\s/.test(s) || /^(#|\/\/|\*|-|>|```)/.test(s)) return false;
  return s.includes('/') || /^\.?[\w\-.]+\.\w+$/.test(s);
}

export function segmentAnswer(text) {
  const lines = text.split('\n');
  const segments = [];
  let prose = [];
  let block = null;
  const flushProse = () => {
    if (prose.length) segments.push({ kind: 'text', text: prose.join('\n') });
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i], marker = line.trim();
    if (!block) {
      const pathAt = pathBeforeEdit(lines, i);
      if (pathAt !== null) {
        dropTrailingPathLines(prose, i - pathAt);
        flushProse();
        block = { kind: 'edit', file: lines[pathAt].trim(), old: [], neu: [], stage: 'old' };
      } else prose.push(line);
    } else if (block.stage === 'old' && marker === REPL) block.stage = 'new';
    else if (block.stage === 'new' && marker === END) {
      segments.push(finish(block, true));
      block = null;
    } else (block.stage === 'old' ? block.old : block.neu).push(line);
  }
  if (block) segments.push(finish(block, false));
  flushProse();
  return segments;
}

// Index of the path line when line i is an EDIT marker preceded by a path
// (blank lines and a code fence may sit between them), else null.
function pathBeforeEdit(lines, i) {
  if (lines[i].trim() !== EDIT) return null;
  for (let j = i - 1; j >= 0; j--) {
    const s = lines[j].trim();
    if (s === '' || s.startsWith('```')) continue;
    return looksLikePath(s) ? j : null;
  }
  return null;
}

function dropTrailingPathLines(prose, count) {
  prose.splice(prose.length - count, count);
}

function finish(block, complete) {
  const oldText = block.old.join('\n');
  return {
    kind: 'edit', file: block.file, oldText, newText: block.neu.join('\n'),
    isCreate: oldText.trim() === '', complete,
  };
}
