// The symbol index's completions (LLMService.lsp_get_completions: items
// {label, kind, detail, insertText}, kind Monaco's CompletionItemKind) as an
// @codemirror/autocomplete result, whose option `type` picks the icon.
//
//   completionResult([{ label: 'multiply', kind: 1, detail: 'def multiply(a, b)  src/math.py' }], 40)
//   // { from: 40, options: [{ label: 'multiply', type: 'function', detail: ..., apply: 'multiply' }],
//   //   validFor: /^[\w$]*$/ }

// The kinds the index sends (plugins/symbol-index lsp_queries.cpp monaco_kind);
// anything else is plain text.
const TYPES = { 0: 'method', 1: 'function', 2: 'function', 4: 'variable', 5: 'class', 8: 'namespace', 9: 'property' };

// The index answers at most this many (kMaxCompletions in lsp_queries.cpp).
export const INDEX_CAP = 100;

export const IDENTIFIER_TAIL = /[\w$]+$/;
const IDENTIFIER = /^[\w$]*$/;

export function completionType(kind) {
  return TYPES[kind] ?? 'text';
}

// `from`: where the typed prefix starts. A list under the cap holds every
// name with the prefix, so typing on filters it here; a full one is asked
// again as the prefix grows, or a name past the first hundred never shows.
export function completionResult(items, from) {
  const options = (items ?? []).map((c) => ({ label: c.label, type: completionType(c.kind), detail: c.detail ?? '',
    apply: c.insertText ?? c.label }));
  return options.length < INDEX_CAP ? { from, options, validFor: IDENTIFIER } : { from, options };
}
