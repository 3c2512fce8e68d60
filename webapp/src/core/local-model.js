// A local model for a user with no key (issue 30): which refusals may offer
// one, the models an offer holds, and the note the chat shows once the user
// chose one. Pure: tests/webapp/local-model.test.mjs.
//
//   if (isMissingKey(e.message)) models = offeredModels(await rpc('LLMService.local_model_offer'));
//   label = modelLabel(offer, models[0]);   // 'qwen2.5-coder:7b · 32,768-token window'
//   notice(switchedNote(await rpc('LLMService.use_local_model', models[0])), 'info');

// The llm plugin's missing-key refusal (provider_config.cpp) names the
// variable "(api_key_env in llm.yaml)"; other refusals (another stream, a
// context too large) have nothing a local model would fix.
export function isMissingKey(message) {
  return /\(api_key_env in llm\.yaml\) is not set/.test(message ?? '');
}

// local_model_offer()'s {base_url, models} as the names to choose from; null
// (no Ollama server answers) or a server with nothing pulled offers none.
export function offeredModels(offer) {
  if (!offer || !Array.isArray(offer.models)) return [];
  return offer.models.filter((m) => typeof m === 'string' && m);
}

// What the offer says of one model (its "about" entry, issue 41): the window
// acdc would budget for there, the model's own when capped, and whether it
// can run Agent mode. The bare name when the server said nothing.
export function modelLabel(offer, model) {
  const about = (offer?.about ?? []).find((a) => a?.model === model);
  if (!about) return model;
  const n = (v) => v.toLocaleString('en-US');
  const parts = [model];
  if (about.window > 0) {
    parts.push(`${n(about.window)}-token window${about.context_length > about.window ? ` (the model's ${n(about.context_length)}, capped)` : ''}`);
  }
  if (about.tools === false) parts.push('no tools: Ask mode only');
  return parts.join(' · ');
}

// use_local_model()'s {status, model, base_url}, said in the chat.
export function switchedNote({ model, base_url: baseUrl } = {}) {
  return `llm.yaml now uses the local model ${model}${baseUrl ? ` at ${baseUrl}` : ''} (no key needed); the question is sent to it again.`;
}
