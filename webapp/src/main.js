// Entry point: the stylesheet and the shell; the shell loads everything else.
import './styles.css';
import 'highlight.js/styles/github-dark.css';
import './app-shell.js';
