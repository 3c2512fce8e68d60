// Entry point: the stylesheet and the shell; the shell loads everything else.
// parse-slices.js first: it must run before CodeMirror's chunk is loaded.
import './parse-slices.js';
import './styles.css';
import 'highlight.js/styles/github-dark.css';
import './app-shell.js';
