// The object registered with jrpc-oo as "AcApp": exactly the methods the
// server calls on the browser (acdc-features §1.1). Each forwards to the bus
// and returns true, because the server awaits every call; askPermission
// returns the user's answer instead, a Promise jrpc-oo sends when it settles.
//
//   client.addClass(new AcAppMethods(), 'AcApp');

import { emit } from './rpc.js';

export class AcAppMethods {
  startupProgress(stage, message, percent) { emit('startupProgress', { stage, message, percent }); return true; }
  streamChunk(requestId, content) { emit('streamChunk', { requestId, content }); return true; }
  // acdc's own: the model's thinking so far, while it reasons (webapp/README.md).
  streamThinking(requestId, content) { emit('streamThinking', { requestId, content }); return true; }
  streamComplete(requestId, result) { emit('streamComplete', { requestId, result }); return true; }
  postResponseComplete(requestId) { emit('postResponseComplete', { requestId }); return true; }
  streamRetry(requestId, info) { emit('streamRetry', { requestId, info }); return true; }
  compactionEvent(requestId, event) { emit('compactionEvent', { requestId, event }); return true; }
  userMessage(data) { emit('userMessage', data); return true; }
  filesChanged(selected) { emit('filesChanged', selected); return true; }
  filesModified(paths) { emit('filesModified', paths); return true; }
  binaryFilesSkipped(info) { emit('binaryFilesSkipped', info); return true; }
  // acdc's own: a plugin was swapped for a rebuilt one (or the swap failed).
  pluginStatus(info) { emit('pluginStatus', info); return true; }
  commitResult(result) { emit('commitResult', result); return true; }
  reviewStarted(state) { emit('reviewStarted', state); return true; }
  reviewEnded(info) { emit('reviewEnded', info); return true; }
  sessionChanged(data) { emit('sessionChanged', data); return true; }
  modeChanged(data) { emit('modeChanged', data); return true; }
  navigateFile(data) { emit('navigateFile', data); return true; }
  // The cache warmer (issue 30): a warm-up's countdown, firing, result, and why it stopped.
  cacheWarmupCountdown(info) { emit('cacheWarmupCountdown', info); return true; }
  cacheWarmupFiring(info) { emit('cacheWarmupFiring', info); return true; }
  cacheWarmupComplete(info) { emit('cacheWarmupComplete', info); return true; }
  cacheWarmupCancelled(info) { emit('cacheWarmupCancelled', info); return true; }
  // Agent mode: the session's mode ({agent, available, reason}), and a tool
  // call of an Agent turn, sent "running" and again when it ends.
  agentModeChanged(info) { emit('agentModeChanged', info); return true; }
  agentStep(requestId, step) { emit('agentStep', { requestId, step }); return true; }
  // The exec plugin (issue 39): every command the host runs, the model's and
  // the user's, as it starts, prints and ends (src/exec.js keeps them).
  commandStarted(info) { emit('commandStarted', info); return true; }
  commandOutput(id, text) { emit('commandOutput', { id, text }); return true; }
  commandExited(result) { emit('commandExited', result); return true; }
  // The mcp-client plugin: every server with its status and tools, whenever
  // one of them changes (<ac-mcp-servers> in Settings).
  mcpServersChanged(servers) { emit('mcpServersChanged', servers); return true; }
  // Before an Agent turn runs a command: {outcome: allow_once | allow_always
  // | deny}, once the user clicks (<ac-permission-dialog>).
  askPermission(requestId, ask) { return new Promise((resolve) => emit('askPermission', { requestId, ask, resolve })); }
}
