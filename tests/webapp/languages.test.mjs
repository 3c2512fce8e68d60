// The editor's language of a file by its name: every language the symbol
// index parses, plus Markdown, JSON, YAML, CMake and shell; others plain text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageOf } from '../../webapp/src/core/languages.js';

test('the symbol index languages, by the extensions it reads', () => {
  assert.equal(languageOf('src/app.py'), 'python');
  assert.equal(languageOf('web/main.mjs'), 'javascript');
  assert.equal(languageOf('web/App.jsx'), 'jsx');
  assert.equal(languageOf('web/api.cts'), 'typescript');
  assert.equal(languageOf('web/App.tsx'), 'tsx');
  assert.equal(languageOf('lib/list.h'), 'c');
  assert.equal(languageOf('host/src/app.hpp'), 'cpp');
  assert.equal(languageOf('host/src/app.cc'), 'cpp');
});

test('Markdown, JSON, YAML, CMake and shell, by extension or by name', () => {
  assert.equal(languageOf('README.md'), 'markdown');
  assert.equal(languageOf('package.json'), 'json');
  assert.equal(languageOf('config/llm.yml'), 'yaml');
  assert.equal(languageOf('tests/CMakeLists.txt'), 'cmake');
  assert.equal(languageOf('cmake/Warnings.cmake'), 'cmake');
  assert.equal(languageOf('scripts/setup.sh'), 'shell');
  assert.equal(languageOf('SRC/UPPER.PY'), 'python', 'the extension in any case');
});

test('anything else is plain text, dotfiles and names without an extension too', () => {
  assert.equal(languageOf('notes.txt'), null);
  assert.equal(languageOf('Makefile'), null);
  assert.equal(languageOf('.gitignore'), null);
  assert.equal(languageOf('src/.py'), null, 'a dotfile, not a Python file');
});
