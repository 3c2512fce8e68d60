// The `@` filter (issue 29): typing @name in the chat input filters the file
// picker by name, as in the reference; the picker's own filter accepts a
// leading @ too. Pure: tests/webapp/at-filter.test.mjs.
//
//   atQuery('look at @src/ma', 15)   // 'src/ma'
//   atQuery('mail me@host', 12)      // null: an @ inside a word is no filter
//   filterTerms('@math py')          // ['math', 'py']

export function atQuery(text, caret) {
  const before = (text ?? '').slice(0, caret);
  const m = /(?:^|\s)@([^\s@]*)$/.exec(before);
  return m ? m[1] : null;
}

export function filterTerms(filter) {
  return (filter ?? '').trim().toLowerCase().split(/\s+/).map((t) => t.replace(/^@/, '')).filter(Boolean);
}
