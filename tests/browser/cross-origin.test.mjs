// A web page the user happens to visit must not drive acdc: a page served
// from another origin (here another port of 127.0.0.1), knowing even the
// token, opens a WebSocket to the host in the same headless Chromium and is
// refused, while the host's own page on the same browser stays connected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connectedStack } from './support.mjs';
import { TOKEN } from '../support/js/host.mjs';

let stack, page, browser;
connectedStack({ plugins: [] }, (s) => ({ stack, page, browser } = s));

// Serves one page that tries the host's WebSocket and reports what happened.
function foreignSite(hostPort) {
  const html = `<!doctype html><title>elsewhere</title><script>
    const ws = new WebSocket('ws://127.0.0.1:${hostPort}/?token=${encodeURIComponent(TOKEN)}');
    window.outcome = new Promise((resolve) => {
      ws.onopen = () => { ws.send('{"jsonrpc":"2.0","method":"system.listComponents","params":[],"id":1}'); };
      ws.onmessage = (e) => resolve('answered: ' + String(e.data).slice(0, 80));
      ws.onerror = () => resolve('refused');
      ws.onclose = (e) => resolve('closed ' + e.code);
      setTimeout(() => resolve('no answer'), 5000);
    });
  </script>`;
  const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('a page from another origin cannot open the WebSocket, even with the token', async () => {
  const site = await foreignSite(stack.host.port);
  try {
    const other = await browser.newPage();
    await other.goto(`http://127.0.0.1:${site.address().port}/`);
    const outcome = await other.evaluate(() => window.outcome);
    assert.ok(outcome === 'refused' || outcome.startsWith('closed'), `the foreign page got: ${outcome}`);
    await other.close();
    // The host is unharmed and its own page still talks to it.
    assert.equal(await page.locator('[data-connection="up"]').count(), 1);
  } finally {
    site.close();
  }
});
