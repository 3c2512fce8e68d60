// fake_provider.mjs -- starts acdc-fake-provider for a node test and scripts
// it (briefs/fake_provider_contract.md). The binary comes from the
// environment variable ACDC_FAKE_PROVIDER (set by acdc_add_node_test).
//
//   import { startFakeProvider } from '../fake_provider/fake_provider.mjs';
//   const fake = await startFakeProvider();
//   await fake.queue([{ text: 'Done.', chunk_chars: 4 }]);
//   await fake.queue([{ status: 200, body: '{"data":[]}' }]);   // e.g. for GET /models, /credits
//   ... point llm.yaml base_url at fake.baseUrl ...
//   const sent = await fake.requests();
//   await fake.waitForRequests(2);     // e.g. the second one hangs
//   await fake.stop();
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

export async function startFakeProvider({ binary = process.env.ACDC_FAKE_PROVIDER, fixtures } = {}) {
  if (!binary) throw new Error('ACDC_FAKE_PROVIDER is not set: run through ctest or set it to build/acdc-fake-provider');
  if (!existsSync(binary)) throw new Error(`the fake LLM provider ${binary} is not built: build the tree first`);
  const args = ['--port', '0', ...(fixtures ? ['--fixtures', fixtures] : [])];
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`acdc-fake-provider exited with ${code} before listening`)));
    lines.once('line', (line) => {
      const m = /^fake-provider listening on 127\.0\.0\.1:(\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
      else reject(new Error(`acdc-fake-provider said: ${line}`));
    });
  });
  const control = async (method, path, body) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    return res.json();
  };
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    queue: (steps) => control('POST', '/_fake/queue', steps),
    requests: () => control('GET', '/_fake/requests'),
    // The log once it holds `count` requests; the fake logs a request before
    // it answers, so a hanging one is in it while it hangs.
    async waitForRequests(count, { timeout = 5000 } = {}) {
      const deadline = performance.now() + timeout;
      for (;;) {
        const sent = await control('GET', '/_fake/requests');
        if (sent.length >= count) return sent;
        if (performance.now() > deadline) throw new Error(`the fake provider got ${sent.length} of ${count} requests within ${timeout} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    reset: () => control('POST', '/_fake/reset', []),
    // A local server's window: Ollama's /api/show context_length, llama.cpp's /props n_ctx.
    // Optional: capabilities (/api/show's), models ({name: {context_length, capabilities}}), loaded (/api/ps).
    serveWindow: ({ context_length = 0, n_ctx = 0, ...more }) => control('POST', '/_fake/served', { context_length, n_ctx, ...more }),
    asked: () => control('GET', '/_fake/asked'),
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.stdin.end();
      child.kill('SIGTERM');
    }),
  };
}
