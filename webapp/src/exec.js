// The exec plugin as the page uses it (issue 39): the list of commands the
// host runs, the model's and the user's, kept from AcApp.commandStarted,
// commandOutput and commandExited (core/commands.js) and read again with
// Exec.list on every connect; and the user's side of Exec: run, kill, type.
// "commands" on the bus carries the list whenever a command starts or ends;
// each piece of output stays a "commandOutput" {id, text} for the terminal
// that shows it. A command starting also asks for the terminal
// ("open-terminal" {origin}).
//
//   import { commandList, runCommand, execAvailable } from './exec.js';
//   if (execAvailable()) await runCommand('npm test', { cols: 120, rows: 30 });

import { rpc, hasMethod, on, emit } from './rpc.js';
import { started, appended, exited, listed } from './core/commands.js';

let list = [];

function changed(next) {
  list = next;
  emit('commands', list);
}

on('commandStarted', (info) => {
  changed(started(list, info));
  emit('open-terminal', { origin: info?.origin ?? 'user' });
});
on('commandOutput', ({ id, text }) => { list = appended(list, id, text); });
on('commandExited', (result) => changed(exited(list, result)));
on('connected', async () => {
  if (!execAvailable()) return;
  try {
    changed(listed(list, await rpc('Exec.list')));
  } catch {
    // The list only adds what a reload missed; the notifications go on.
  }
});

export const commandList = () => list;
export const execAvailable = () => hasMethod('Exec.run');

// The answer comes when the command ends, minutes later for a build; the
// panel follows it through the notifications, so the caller need not wait.
// jrpc-oo gives up on an answer after 60 s (code -1000) while the command
// goes on: that is no failure, and its end still comes as commandExited.
export async function runCommand(command, options = {}) {
  try {
    return await rpc('Exec.run', command, { origin: 'user', ...options });
  } catch (e) {
    if (e.code === -1000) return null;
    throw e;
  }
}

export const killCommand = (id) => rpc('Exec.kill', id);
export const typeInto = (id, text) => rpc('Exec.input', id, text);
