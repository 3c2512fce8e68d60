// The floor page's entry: a button that, clicked, imports CodeMirror (a lazy
// chunk, as the webapp's editor is) and mounts window.docs into #host, as
// ?mode= and ?layout= say:
//   mode=acdc  the webapp's own mount (webapp/src/editor/mount.js: its panes' extensions, Python)
//   mode=bare  CodeMirror with Python and nothing else (an EditorView, or a MergeView of two)
//   layout=split|single
// ?noinputpending=1 hides navigator.scheduling.isInputPending before
// CodeMirror is loaded: its background parser then works in requestIdleCallback
// slices (at most ~45 ms) instead of 100 ms ones.
const query = new URLSearchParams(location.search);
if (query.get('noinputpending')) Object.defineProperty(Navigator.prototype, 'scheduling', { value: undefined });

document.getElementById('open').addEventListener('click', async () => {
  const { open } = await import('./open.js');
  await open(document.getElementById('host'), { mode: query.get('mode'), layout: query.get('layout'), ...window.docs });
});
