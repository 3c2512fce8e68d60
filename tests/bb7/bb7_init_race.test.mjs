// Two bb7.nvim instances opened on one fresh project run :BB7Init at the
// same moment (bb7.md §3.1, §5): each `acdc --stdio` succeeds or says
// "Already initialized", both go on to init and a chat of their own, and
// what is left is one valid .bb7/: chats/ with an index.json that parses,
// every chat.json whole, no temporary files, both chats listed by both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Bb7, makeEnv } from './bb7_client.mjs';

const ROUNDS = 8;

const both = (pair, obj) => Promise.all(pair.map((p) => p.request(obj)));
const bothOk = (pair, obj) => Promise.all(pair.map((p) => p.ok(obj)));

function assertOneValidStore(project, ids) {
  assert.deepEqual(readdirSync(join(project, '.bb7')), ['chats']);
  const chats = join(project, '.bb7', 'chats');
  assert.deepEqual(readdirSync(chats).sort(), ['index.json', ...ids].sort(), 'chat directories and the index, nothing else');
  const index = JSON.parse(readFileSync(join(chats, 'index.json'), 'utf8'));
  assert.equal(index.version, 1);
  for (const id of ids) {
    assert.equal(JSON.parse(readFileSync(join(chats, id, 'chat.json'), 'utf8')).id, id);
    assert.deepEqual(readdirSync(join(chats, id)).filter((n) => n.startsWith('.')), [], `no temporary files in ${id}`);
  }
}

test(`bb7_init by two processes at once on a fresh project, ${ROUNDS} rounds: one valid .bb7/ each time`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const env = makeEnv();
    const pair = await Promise.all([Bb7.start(env), Bb7.start(env)]);
    try {
      await bothOk(pair, { action: 'ping' });  // both running before the race
      const inits = await both(pair, { action: 'bb7_init', project_root: env.project });  // written in one tick
      for (const r of inits)
        assert.ok(r.type === 'ok' || r.message === 'Already initialized', `round ${round}: ${JSON.stringify(r)}`);
      assert.ok(inits.some((r) => r.type === 'ok'), `round ${round}: neither bb7_init succeeded`);

      // As bb7.nvim goes on after :BB7Init, both at once again.
      await bothOk(pair, { action: 'init', project_root: env.project });
      const ids = (await bothOk(pair, { action: 'chat_new' })).map((r) => r.id);
      assertOneValidStore(env.project, ids);
      for (const p of pair)
        assert.deepEqual((await p.ok({ action: 'chat_list' })).chats.map((c) => c.id).sort(), [...ids].sort());
    } finally {
      await Promise.all(pair.map((p) => p.close()));
    }
  }
});
