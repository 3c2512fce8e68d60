// The host's start-up stages (AcApp.startupProgress) as the page shows them.
// The host replays to a late client the latest report of each stage, in the
// order the stages first appeared, so `ready` may come before or after a
// stage that is still running (the symbol index builds in the background).
// Until `ready` the stages fill the blocking overlay; from `ready` on the
// overlay is gone for good and a stage still below 100% is a small
// indicator in the header instead.
//
//   let s = startupInitial();
//   s = reportStage(s, { stage: 'indexing', message: 'Indexing repository... 4/10', percent: 40 });
//   s = reportStage(s, { stage: 'ready', message: 'Ready', percent: 100 });
//   s.ready               // true: the overlay stays hidden from now on
//   backgroundStages(s)   // [{stage:'indexing', message:'Indexing repository... 4/10', percent:40}]

export function startupInitial() {
  return { ready: false, stages: [] };
}

// A new state with the report applied; a stage keeps its first place.
export function reportStage(state, { stage, message = '', percent = 0 }) {
  const report = { stage, message, percent: clampPercent(percent) };
  const i = state.stages.findIndex((s) => s.stage === stage);
  const stages = i < 0 ? [...state.stages, report] : state.stages.map((s, j) => (j === i ? report : s));
  return { ready: state.ready || stage === 'ready', stages };
}

// Ready without a `ready` report: the llm plugin said init_complete, or there
// is nothing to wait for.
export function markReady(state) {
  return state.ready ? state : { ...state, ready: true };
}

// After a dropped connection the host replays what is still running; until
// then nothing is known to run. Ready stays: the overlay never comes back.
export function forgetStages(state) {
  return { ready: state.ready, stages: [] };
}

// The rows of the overlay: every stage but `ready`, in order.
export function overlayStages(state) {
  return state.stages.filter((s) => s.stage !== 'ready');
}

// What the header shows after `ready`: the stages still running.
export function backgroundStages(state) {
  return state.ready ? state.stages.filter((s) => s.stage !== 'ready' && s.percent < 100) : [];
}

function clampPercent(p) {
  const n = Number(p);
  return Number.isFinite(n) ? Math.max(0, Math.min(100, n)) : 0;
}
