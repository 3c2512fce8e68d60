// The line where an edit card's new text sits in a file, so the card's link
// opens the editor there (an edit block names its text, not its line).
//
//   lineOfText('a\nb = 3\nc\n', 'b = 3\n')   // 2

// 1-based: where the whole text starts, else its first non-blank line; null
// when neither is in the file (the edit was not applied, or changed since).
export function lineOfText(doc, text) {
  const body = (text ?? '').replace(/^([ \t]*\n)+/, '');
  const first = body.split('\n')[0];
  if (!first.trim()) return null;
  const at = doc.indexOf(body) >= 0 ? doc.indexOf(body) : doc.indexOf(first);
  if (at < 0) return null;
  return doc.slice(0, at).split('\n').length;
}
