// Markdown to HTML for chat messages: marked for the syntax, highlight.js
// (core plus the languages a coding chat uses) for code, a copy button on
// each code block, and raw HTML in the text escaped rather than rendered.
// Model output may carry text a file or web page planted in it, so links
// open only http(s) and mailto, in a new tab, and images are never fetched.
// Streaming re-renders only the last, still-growing block: earlier blocks
// come from a cache keyed by their text.
//
//   renderBlocks(text) // ['<p>..</p>', '<pre>..</pre>', ...] one per block

import { Marked } from 'marked';
import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import python from 'highlight.js/lib/languages/python';
import cpp from 'highlight.js/lib/languages/cpp';
import bash from 'highlight.js/lib/languages/bash';
import json from 'highlight.js/lib/languages/json';
import yaml from 'highlight.js/lib/languages/yaml';
import xml from 'highlight.js/lib/languages/xml';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import cmake from 'highlight.js/lib/languages/cmake';

for (const [name, lang] of Object.entries({ javascript, typescript, python, cpp, bash, json, yaml, xml, css, diff, cmake }))
  hljs.registerLanguage(name, lang);

export function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function highlight(code, lang) {
  const language = lang && hljs.getLanguage(lang) ? lang : null;
  if (!language) return escapeHtml(code);
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

const SAFE_URL = /^(https?:|mailto:)/i;

function anchor(href, inner) {
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${inner}</a>`;
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }) { return escapeHtml(text); },
    // javascript:, data: and the like stay plain text: a click would run in the app.
    link({ href, tokens }) {
      const inner = this.parser.parseInline(tokens);
      return SAFE_URL.test(href ?? '') ? anchor(href, inner) : inner;
    },
    // A link instead of an <img>: loading it would send a request (and what
    // its URL carries) without the user doing anything.
    image({ href, text }) {
      const label = escapeHtml(text || href || '');
      return SAFE_URL.test(href ?? '') ? anchor(href, `🖼 ${label}`) : label;
    },
    code({ text, lang }) {
      const language = (lang ?? '').split(/\s/)[0];
      return `<div class="code"><button class="copy" data-copy title="Copy">Copy</button>` +
        `<pre><code class="hljs ${escapeHtml(language)}">${highlight(text, language)}</code></pre></div>`;
    },
  },
});

export function renderMarkdown(text) {
  return marked.parse(text);
}

// Splits at blank lines outside code fences, so each block parses alone.
export function splitBlocks(text) {
  const blocks = [];
  let current = [], fence = null;
  for (const line of text.split('\n')) {
    const m = line.match(/^\s*(```+|~~~+)/);
    if (m) fence = fence === null ? m[1] : (m[1].startsWith(fence) ? null : fence);
    if (fence === null && line.trim() === '' && current.length) {
      blocks.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}


const cache = new Map();
const CACHE_LIMIT = 2000;

export function renderBlocks(text) {
  const blocks = splitBlocks(text);
  return blocks.map((b, i) => {
    const last = i === blocks.length - 1;
    if (cache.has(b)) return cache.get(b);
    const html = renderMarkdown(b);
    if (!last) {
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value);
      cache.set(b, html);
    }
    return html;
  });
}
