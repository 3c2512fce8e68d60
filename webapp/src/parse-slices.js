// CodeMirror's background parser (@codemirror/language 6.13) works in slices
// of a fixed 100 ms when the browser offers navigator.scheduling
// .isInputPending, which Chromium does, and no option shortens them: on a
// 5,000-line file every slice is a long task of 99-115 ms, past issue 29's
// limit of 100. Without isInputPending it bounds each slice by the idle
// callback's deadline (under 50 ms). bench/webapp/editor-open.mjs measured
// both: hidden, no task reached 99 ms and highlighting came no later.
// CodeMirror reads it once, when its chunk loads (lazily, with the first
// file opened), so hiding it here, before anything else runs, is in time.
// Nothing else in the webapp asks for it.
if (typeof navigator !== 'undefined' && navigator.scheduling?.isInputPending) {
  Object.defineProperty(navigator.scheduling, 'isInputPending', { value: undefined, configurable: true });
}
