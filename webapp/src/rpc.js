// RPC access for every component: the shell publishes its jrpc-oo `call`
// object here once connected; components call through `rpc()`, which unwraps
// jrpc-oo's {<remote-uuid>: value} envelope and turns a `{error}` result or a
// JSON-RPC error into a thrown Error with the server's message.
//
//   import { rpc, hasMethod } from './rpc.js';
//   if (hasMethod('Repo.get_file_tree')) tree = await rpc('Repo.get_file_tree');

let call = null;
const listeners = new Set();

export function setCall(c) {
  call = c;
  for (const fn of listeners) fn(c);
}

// fn(call) runs on every (re)connect, and at once when already connected.
export function onConnected(fn) {
  listeners.add(fn);
  if (call) fn(call);
  return () => listeners.delete(fn);
}

export function hasMethod(name) {
  return !!call && typeof call[name] === 'function';
}

export function unwrap(envelope) {
  if (envelope && typeof envelope === 'object') {
    const keys = Object.keys(envelope);
    if (keys.length === 1) return envelope[keys[0]];
  }
  return envelope;
}

export class RpcError extends Error {
  constructor(method, message, code) {
    super(message);
    this.method = method;
    this.code = code;
  }
}

export async function rpc(method, ...args) {
  if (!call)
    throw new RpcError(method, `${method} cannot be called: not connected to acdc (it reconnects by itself; is acdc still running?)`, -32000);
  if (!hasMethod(method))
    throw new RpcError(method, `${method} is not available: the plugin that provides it is not loaded`, -32601);
  let value;
  try {
    value = unwrap(await call[method](...args));
  } catch (e) {
    throw new RpcError(method, e?.message ?? String(e), e?.code);
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.error === 'string')
    throw new RpcError(method, value.error);
  return value;
}

// Small event bus between the shell (which receives AcApp.* calls) and the
// components that care.
export const bus = new EventTarget();
// The latest "connected" and "state": an element created after they were
// emitted (a tab opened later) still starts from them.
const sticky = new Map();
const STICKY = new Set(['connected', 'state']);

export function emit(type, detail) {
  if (STICKY.has(type)) sticky.set(type, detail);
  if (type === 'disconnected') sticky.clear();
  bus.dispatchEvent(new CustomEvent(type, { detail }));
}

// fn(detail) on every event of `type`; for "connected" and "state" also at
// once with the latest one, if there was one.
export function on(type, fn) {
  const handler = (e) => fn(e.detail);
  bus.addEventListener(type, handler);
  if (sticky.has(type)) fn(sticky.get(type));
  return () => bus.removeEventListener(type, handler);
}

export function toast(message, kind = 'info') {
  emit('toast', { message, kind });
}
