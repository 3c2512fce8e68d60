// The editor (CodeMirror 6) as a user meets it, against the real host and
// repo plugin: highlighting in each language it knows and line numbers, one
// pane for an unchanged file, HEAD and the working copy aligned for a changed
// one (side by side when wide, unified when narrow), opened at the first
// change, next and previous change, editing with a dirty marker and Ctrl+S,
// search and go to line, and an edit card's link opening the file at its edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { connectedStack, shot, git, send, editorText, editorContent } from './support.mjs';

const numbered = (n, name = 'v') => Array.from({ length: n }, (_, i) => `${name}${i + 1} = ${i + 1}`);

// One small file per language, and tokens ('<tok- class> <text>') its
// grammar gives it; each file has one no other sample has, so a token left
// from the file before cannot pass for it. A language whose chunk failed to
// load shows plain text: no tokens at all.
const LANGUAGE_SAMPLES = [
  { path: 'samples/greet.js', text: "const greeting = 'hello';\nexport function greet(name) { return `${greeting} ${name}`; }\n",
    tokens: ['keyword const', "string 'hello'", 'string2 `'] },
  { path: 'samples/point.ts', text: 'interface Point { x: number; y: number }\nexport const origin: Point = { x: 0, y: 0 };\n',
    tokens: ['keyword interface', 'typeName number'] },
  { path: 'samples/hello.c', text: '#include <stdio.h>\nint main(void) {\n  printf("hello\\n");\n  return 0;\n}\n',
    tokens: ['meta #include', 'typeName int', 'keyword return'] },
  { path: 'samples/widget.cpp', text: 'namespace demo {\nclass Widget {\n public:\n  virtual ~Widget() = default;\n};\n}\n',
    tokens: ['keyword namespace', 'keyword class', 'keyword virtual'] },
  { path: 'samples/notes.md', text: '# Notes\n\nSome **bold** words and a [link](https://example.com).\n',
    tokens: ['heading #', 'strong bold', 'url https://example.com'] },
  { path: 'samples/config.json', text: '{\n  "name": "demo",\n  "count": 3,\n  "ok": true\n}\n',
    tokens: ['propertyName "name"', 'string "demo"', 'number 3', 'bool true'] },
  { path: 'samples/ci.yaml', text: 'name: build\non: push\nsteps:\n  - run: "make test"\n',
    tokens: ['propertyName steps', 'string "make test"'] },
  { path: 'samples/run.sh', text: '#!/bin/sh\nif [ -n "$1" ]; then\n  echo "hello $1"\nfi\n',
    tokens: ['meta #!/bin/sh', 'keyword if', 'keyword fi'] },
];

// HEAD's versions, then the working copy's changes: src/top.py gains a line
// at its top; src/long.py has two changes far down; CMakeLists.txt and
// src/math.py stay as committed, as do the small files of samples/, one per
// language the editor highlights (LANGUAGE_SAMPLES).
function makeEditorRepo(dir) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'Browser Test');
  writeFileSync(join(dir, 'src', 'math.py'), 'def multiply(a, b):\n    """Multiply two numbers."""\n    return a * b\n');
  writeFileSync(join(dir, 'CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.20)\nproject(demo CXX)\nadd_executable(demo "main.cpp")\n');
  writeFileSync(join(dir, 'src', 'top.py'), numbered(30).join('\n') + '\n');
  writeFileSync(join(dir, 'src', 'long.py'), numbered(300).join('\n') + '\n');
  mkdirSync(join(dir, 'samples'));
  for (const { path, text } of LANGUAGE_SAMPLES) writeFileSync(join(dir, path), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  writeFileSync(join(dir, 'src', 'top.py'), ['added_at_top = 0', ...numbered(30)].join('\n') + '\n');
  const long = numbered(300);
  long.splice(150, 0, 'first_change = 150');
  long[251] = 'second_change = 250';
  writeFileSync(join(dir, 'src', 'long.py'), long.join('\n') + '\n');
  return dir;
}

let stack, page;
connectedStack({ populate: makeEditorRepo }, (s) => ({ stack, page } = s));

async function open(path) {
  await page.locator(`.row[data-path="${path}"]`).click();
  await page.locator('[data-viewer-path]', { hasText: path }).waitFor({ timeout: 5000 });
}

// The top of the row showing `text` in one side's pane, in page pixels.
async function rowTop(side, text) {
  const box = await page.locator(`ac-file-editor [data-side="${side}"] .cm-line`, { hasText: new RegExp(`^${text}$`) }).boundingBox();
  return box.y;
}

// The working copy's line with the caret, and whether it is in sight.
async function caretLine() {
  const line = page.locator('ac-file-editor [data-side="work"] .cm-activeLine');
  const box = await line.boundingBox(), editor = await page.locator('ac-file-editor .cm-host').boundingBox();
  return { text: await line.innerText(), visible: box.y >= editor.y && box.y + box.height <= editor.y + editor.height };
}

// The editor's tokens as `<class> <text>` ('keyword def'), once `want` are
// all shown or after 5 s: the language's chunk loads after the file opens.
async function tokensShown(want) {
  let shown = [];
  for (let i = 0; i < 50 && !want.every((t) => shown.includes(t)); i++) {
    if (i) await page.waitForTimeout(100);
    shown = await page.evaluate(() => [...document.querySelectorAll('ac-file-editor [class*="tok-"]')]
      .flatMap((e) => [...e.classList].filter((c) => c.startsWith('tok-')).map((c) => `${c.slice(4)} ${e.textContent}`)));
  }
  return shown;
}

test('an unchanged file is one pane, highlighted, with line numbers', async () => {
  await page.setViewportSize({ width: 1900, height: 900 });
  await open('src/math.py');
  assert.equal(await page.locator('ac-file-editor [data-editor]').getAttribute('data-layout'), 'single');
  assert.equal(await page.locator('ac-file-editor .cm-editor').count(), 1);
  await page.locator('ac-file-editor .tok-keyword', { hasText: 'def' }).first().waitFor({ timeout: 5000 });
  assert.ok(await page.locator('ac-file-editor .tok-string').count() > 0, 'the docstring is a string');
  assert.equal(await page.locator('ac-file-editor .cm-lineNumbers .cm-gutterElement', { hasText: /^3$/ }).count(), 1);
  await shot(page, 'editor-01-single');
});

test('CMake is highlighted by its stream parser', async () => {
  await open('CMakeLists.txt');
  await page.locator('ac-file-editor .tok-string', { hasText: '"main.cpp"' }).waitFor({ timeout: 5000 });
});

test('JavaScript, TypeScript, C, C++, Markdown, JSON, YAML and shell are each highlighted', async () => {
  for (const { path, tokens } of LANGUAGE_SAMPLES) {
    await open(path);
    const shown = await tokensShown(tokens);
    assert.deepEqual(tokens.filter((t) => !shown.includes(t)), [], `${path} shows only ${JSON.stringify(shown)}`);
  }
});

test("a changed file's panes are aligned: a line after one added at the top sits level in both", async () => {
  await open('src/top.py');
  assert.equal(await page.locator('ac-file-editor [data-editor]').getAttribute('data-layout'), 'split');
  assert.equal(await page.locator('[data-pane="left"]').innerText(), 'HEAD');
  assert.equal(await page.locator('[data-pane="right"]').innerText(), 'Working copy');
  const work = await rowTop('work', 'v1 = 1'), head = await rowTop('head', 'v1 = 1');
  assert.equal(work, head, 'v1 is on the same row on both sides');
  assert.equal(await rowTop('work', 'v5 = 5'), await rowTop('head', 'v5 = 5'));
  assert.ok(await page.locator('ac-file-editor [data-side="work"] .cm-changedLine', { hasText: 'added_at_top' }).count() === 1,
    'the added line is marked');
  await shot(page, 'editor-02-aligned');
});

test('a changed file opens at its first change; next and previous change move between them', async () => {
  await open('src/long.py');
  await page.waitForFunction(() => document.querySelector('ac-file-editor .cm-mergeView')?.scrollTop > 0);
  assert.deepEqual(await caretLine(), { text: 'first_change = 150', visible: true });
  await page.locator('[data-action="next-change"]').click();
  await page.waitForFunction(() => document.querySelector('ac-file-editor [data-side="work"] .cm-activeLine')?.textContent
    === 'second_change = 250');
  assert.deepEqual(await caretLine(), { text: 'second_change = 250', visible: true });
  await shot(page, 'editor-03-next-change');
  await page.keyboard.press('Shift+Alt+F5');
  await page.waitForFunction(() => document.querySelector('ac-file-editor [data-side="work"] .cm-activeLine')?.textContent
    === 'first_change = 150');
});

test('a narrow pane shows the change unified, HEAD\'s line deleted inline; wide again, side by side', async () => {
  await open('src/long.py');
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.locator('ac-file-editor [data-editor][data-layout="unified"]').waitFor({ timeout: 5000 });
  assert.equal(await page.locator('ac-file-editor .cm-editor').count(), 1, 'one pane');
  await page.locator('[data-action="next-change"]').click();
  await page.locator('ac-file-editor .cm-deletedChunk', { hasText: 'v251 = 251' }).waitFor({ timeout: 5000 });
  await shot(page, 'editor-04-unified');
  await page.setViewportSize({ width: 1900, height: 900 });
  await page.locator('ac-file-editor [data-editor][data-layout="split"]').waitFor({ timeout: 5000 });
});

test('typing marks the file unsaved; Ctrl+S writes it to disk and clears the mark', async () => {
  await open('src/math.py');
  const dirty = page.locator('ac-file-editor [data-dirty]');
  assert.equal(await dirty.getAttribute('data-dirty'), 'no');
  await page.locator('ac-file-editor .cm-line', { hasText: 'return a * b' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('  # checked');
  await page.locator('ac-file-editor [data-dirty="yes"]').waitFor({ timeout: 5000 });
  assert.match(await dirty.innerText(), /unsaved/);
  await editorContent(page).press('Control+s');
  await page.locator('[data-toast]', { hasText: 'Saved src/math.py' }).waitFor({ timeout: 5000 });
  assert.equal(readFileSync(join(stack.repo, 'src/math.py'), 'utf8'),
    'def multiply(a, b):\n    """Multiply two numbers."""\n    return a * b  # checked\n');
  await page.locator('ac-file-editor [data-dirty="no"]').waitFor({ state: 'attached', timeout: 5000 });
  assert.equal(await editorText(page), readFileSync(join(stack.repo, 'src/math.py'), 'utf8'), 'the text stays as saved');
  git(stack.repo, 'checkout', '--', 'src/math.py');
});

test('Ctrl+F searches the file; go to line moves the caret', async () => {
  await open('src/long.py');
  await editorContent(page).press('Control+f');
  const field = page.locator('ac-file-editor .cm-search input[name="search"]');
  await field.waitFor({ timeout: 5000 });
  await field.pressSequentially('v42 =');
  await field.press('Enter');
  await page.waitForFunction(() => document.querySelector('ac-file-editor [data-side="work"] .cm-activeLine')?.textContent === 'v42 = 42');
  await shot(page, 'editor-05-search');
  await page.keyboard.press('Escape');
  await page.locator('[data-action="goto-line"]').click();
  const line = page.locator('ac-file-editor .cm-goto-line input[name="line"]');
  await line.fill('77');
  await line.press('Enter');
  await page.waitForFunction(() => document.querySelector('ac-file-editor [data-side="work"] .cm-activeLine')?.textContent === 'v77 = 77');
  assert.equal((await caretLine()).visible, true);
  assert.deepEqual(page.errors, []);
});

const EDIT = '\u{1F7E7}\u{1F7E7}\u{1F7E7} EDIT', REPL = '\u{1F7E8}\u{1F7E8}\u{1F7E8} REPL', END = '\u{1F7E9}\u{1F7E9}\u{1F7E9} END';

test("an edit card's file link opens the editor at the edit", async (t) => {
  if (!stack.provider) return t.skip('needs the llm plugin and the fake provider');
  await page.locator('.row[data-path="src/long.py"] input[type=checkbox]').check();
  await stack.provider.queue([{ text: `Renaming one.\n\nsrc/long.py\n${EDIT}\nv200 = 200\n${REPL}\nv200 = 'two hundred'\n${END}\n` }]);
  await send(page, 'Spell out v200.');
  const card = page.locator('.edit-card[data-edit-file="src/long.py"][data-status="applied"]');
  await card.waitFor({ timeout: 10000 });
  await page.locator('[data-action="goto-line"]').click();   // the caret elsewhere first
  await page.locator('ac-file-editor .cm-goto-line input[name="line"]').fill('5');
  await page.keyboard.press('Enter');
  await card.locator('a.edit-file').click();
  await page.locator('ac-file-editor [data-marked-line="201"]').waitFor({ timeout: 5000 });
  assert.deepEqual(await caretLine(), { text: "v200 = 'two hundred'", visible: true });
  await page.locator('.row[data-path="src/long.py"] input[type=checkbox]').uncheck();
});
