// The heavy things a page does, each in one place: the browser tests run
// them and assert what the user sees; bench/webapp/long-tasks.mjs runs the
// same ones and times them (issue 27: a duration is a benchmark's figure,
// never a test's assertion).
//
//   await refreshTree(page);                        // Repo.get_file_tree again
//   const frames = await streamInPage(page, answer(100 * 1024), 400);

// A markdown answer of `bytes` characters: paragraphs with a code block every fourth.
export function answer(bytes) {
  const para = 'The coalescer renders the **latest** text once per frame; `streamChunk` carries the full text. ';
  const code = '```python\ndef multiply(a, b):\n    """Multiply."""\n    return a * b\n```\n\n';
  let s = '';
  for (let i = 0; s.length < bytes; i++) s += i % 4 === 3 ? code : `${para.repeat(3)}\n\n`;
  return s.slice(0, bytes);
}

// A get_file_tree answer of 50,000 files: 1,000 folders of 50 under 50 top
// folders (the shape of support.mjs's makeBigRepo), one of them modified.
export function bigTree() {
  const root = { name: 'big', path: '', type: 'dir', children: [] };
  for (let d = 0; d < 1000; d++) {
    const dir = { name: `mod${d}`, path: `pkg${d % 50}/mod${d}`, type: 'dir', children: [] };
    for (let f = 0; f < 50; f++) dir.children.push({ name: `file${d * 50 + f}.js`, path: `${dir.path}/file${d * 50 + f}.js`, type: 'file', lines: f * 7 });
    let top = root.children[d % 50];
    if (!top) root.children.push(top = { name: `pkg${d % 50}`, path: `pkg${d % 50}`, type: 'dir', children: [] });
    top.children.push(dir);
  }
  return { tree: root, modified: ['pkg1/mod1/file51.js'], staged: [], untracked: [], deleted: [], diff_stats: {} };
}

// The picker reads the repository's tree again, as after every edit.
export async function refreshTree(page) {
  await page.evaluate(() => document.querySelector('ac-file-picker').load());
}

// Typing in the filter of a picker showing makeBigRepo's repository: a file
// found as it is typed, a modified one by a path with a slash, then cleared.
export async function filterBigRepo(page) {
  const filter = page.locator('.filter');
  await filter.fill('');
  await filter.pressSequentially('file4999', { delay: 20 });
  await page.locator('.row[data-path="pkg49/mod999/file49999.js"]').waitFor();
  await filter.fill('mod3/file150.js');
  await page.locator('.row[data-path="pkg3/mod3/file150.js"] [data-badge="M"]').waitFor();
  await filter.fill('');
  await page.waitForTimeout(100);
}

// A streamed answer entering where AcApp.streamChunk hands chunks over (the
// bus), `step` characters more per chunk at 60 chunks/s; resolves to the
// number of renders once the answer is complete.
export async function streamInPage(page, text, step) {
  return page.evaluate(async ({ text, step }) => {
    const panel = document.querySelector('ac-chat-panel');
    const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const before = panel.coalescer.frames;
    for (let n = step; n < text.length + step; n += step) {
      panel.onChunk(id, text.slice(0, n));
      await new Promise((r) => setTimeout(r, 1000 / 60));
    }
    panel.onComplete(id, { response: text });
    await panel.updateComplete;
    return panel.coalescer.frames - before;
  }, { text, step });
}

// The same answer from the fake provider through the host (400 characters
// per chunk, 16 ms apart), asked for from the chat input.
export async function streamThroughHost(stack, page, text) {
  await stack.provider.queue([{ text, chunk_chars: 400, delay_ms: 16 }]);
  const box = page.locator('ac-chat-input textarea');
  await box.fill('Stream a long answer.');
  await box.press('Enter');
  await page.locator('ac-chat-message .msg.assistant.streaming').waitFor({ timeout: 5000 });
  await page.locator('[data-action="send"]').waitFor({ timeout: 30000 });
}

// A picker of its own (#perf-picker, over the page), its real repository
// loaded, and bigTree() handed to the page (a transfer of its own, not part
// of what showBigTree does).
export async function addPerfPicker(page) {
  await page.evaluate(async (big) => {
    const picker = document.createElement('ac-file-picker');
    picker.id = 'perf-picker';
    picker.style.cssText = 'position:fixed;left:0;top:40px;width:320px;height:700px;z-index:20;background:#16181d';
    document.body.append(picker);
    window.__bigTree = big;
    await picker.load();
  }, bigTree());
}

// #perf-picker shows bigTree() with its first folder open.
export async function showBigTree(page) {
  await page.evaluate(async () => {
    const picker = document.getElementById('perf-picker');
    await picker.setTree(window.__bigTree);
    picker.expanded = new Set(['pkg0', 'pkg0/mod0']);
    await picker.updateComplete;
  });
}

// In #perf-picker: the last file found by typing, the filter cleared, the
// list scrolled far down.
export async function filterAndScrollBigTree(page) {
  const filter = page.locator('#perf-picker .filter');
  await filter.pressSequentially('file4999', { delay: 20 });
  await page.locator('#perf-picker .row[data-path="pkg49/mod999/file49999.js"]').waitFor();
  await page.locator('#perf-picker .rows').evaluate((el) => { el.scrollTop = 0; });
  await filter.fill('');
  await page.locator('#perf-picker .rows').evaluate((el) => { el.scrollTop = 20000; });
  await page.waitForTimeout(100);
}
