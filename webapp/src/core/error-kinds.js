// A failed turn's card (issue 29): its kind from the server's
// error_info.error_type (turn_outcome.cpp's names), a title, and what the
// user can do next. Pure: tests/webapp/error-kinds.test.mjs.
//
//   errorCard({error_type: 'rate_limit', message: 'slow down', retry_after: 20})
//   // {kind: 'rate_limit', title: 'Rate limited', advice: 'Retry in 20 s…', message: 'slow down'}

const KINDS = {
  authentication: ['Authentication failed', 'Check the API key llm.yaml names (Settings), then Retry.'],
  insufficient_quota: ['Out of quota', 'The provider account has no credit left; top it up, then Retry.'],
  rate_limit: ['Rate limited', 'The provider asked to slow down; Retry in a moment.'],
  context_window_exceeded: ['Context too large', 'Unselect some files or start a new session, then Retry.'],
  not_found: ['Model not found', 'Check the model name in llm.yaml (Settings).'],
  bad_request: ['Request refused', 'The provider refused the request as sent.'],
  api_connection: ['Connection failed', 'The provider could not be reached; check the network or base_url, then Retry.'],
  service_unavailable: ['Provider unavailable', 'The provider is down or overloaded; Retry later.'],
  timeout: ['Timed out', 'The provider took too long to answer; Retry.'],
  llm_error: ['The model failed', 'Retry, or rephrase the question.'],
};

export function errorCard(info = {}, fallbackMessage = '') {
  const kind = KINDS[info.error_type] ? info.error_type : 'llm_error';
  const [title, advice] = KINDS[kind];
  const wait = Number(info.retry_after);
  return { kind, title, message: info.message || fallbackMessage || 'No reason given',
    advice: kind === 'rate_limit' && wait > 0 ? `Retry in ${Math.ceil(wait)} s.` : advice,
    status: info.status_code || null };
}
