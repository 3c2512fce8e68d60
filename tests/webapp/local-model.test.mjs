import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMissingKey, offeredModels, modelLabel, switchedNote } from '../../webapp/src/core/local-model.js';

test('only the missing-key refusal may offer a local model', () => {
  assert.equal(isMissingKey('ACDC_KEY (api_key_env in llm.yaml) is not set: export ACDC_KEY=<your key> and restart acdc'), true);
  assert.equal(isMissingKey('Another stream is active: wait for it or stop it'), false);
  assert.equal(isMissingKey(undefined), false);
});

test('an offer is its model names; no server, or none pulled, offers nothing', () => {
  assert.deepEqual(offeredModels({ base_url: 'http://127.0.0.1:11434/v1', models: ['qwen2.5-coder:7b', 'llama3.1'] }),
    ['qwen2.5-coder:7b', 'llama3.1']);
  assert.deepEqual(offeredModels(null), []);
  assert.deepEqual(offeredModels({ base_url: 'http://127.0.0.1:11434/v1', models: [] }), []);
  assert.deepEqual(offeredModels({ models: ['', 3, 'llama3.1'] }), ['llama3.1']);
});

test('the note names the model and where it is served', () => {
  assert.equal(switchedNote({ status: 'ok', model: 'llama3.1', base_url: 'http://127.0.0.1:11434/v1' }),
    'llm.yaml now uses the local model llama3.1 at http://127.0.0.1:11434/v1 (no key needed); the question is sent to it again.');
});

test('each model is offered with the window acdc would use there, and whether it calls tools', () => {
  const offer = {
    models: ['qwen2.5-coder:7b', 'llama3.1', 'phi', 'mystery'],
    about: [
      { model: 'qwen2.5-coder:7b', context_length: 131072, window: 32768, tools: true },
      { model: 'llama3.1', context_length: 8192, window: 8192 },
      { model: 'phi', context_length: 2048, window: 2048, tools: false },
      { model: 'mystery', context_length: 0, window: 0 },
    ],
  };
  assert.equal(modelLabel(offer, 'qwen2.5-coder:7b'), "qwen2.5-coder:7b · 32,768-token window (the model's 131,072, capped)");
  assert.equal(modelLabel(offer, 'llama3.1'), 'llama3.1 · 8,192-token window');
  assert.equal(modelLabel(offer, 'phi'), 'phi · 2,048-token window · no tools: Ask mode only');
  assert.equal(modelLabel(offer, 'mystery'), 'mystery', 'a server that did not say adds nothing');
  assert.equal(modelLabel({ models: ['x'] }, 'x'), 'x', 'an older acdc sent no about');
});
