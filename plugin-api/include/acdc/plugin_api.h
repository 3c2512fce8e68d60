/* acdc/plugin_api.h -- the stable C ABI between the acdc host and its plugins.
 *
 * A plugin is a shared library that exports one function, `acdc_plugin_entry`.
 * The host calls it with its ABI version and a table of host services; the
 * plugin answers with a static descriptor: its id, version, dependencies, the
 * classes and methods it serves ("Class.method" on the wire), and its
 * lifecycle hooks. Everything that crosses afterwards is plain C: UTF-8 JSON
 * text in borrowed (pointer, length) buffers, opaque handles and function
 * pointers. No C++ type, exception or allocator ever crosses.
 *
 * Minimal plugin, in C:
 *
 *   static void ping(void* state, void* method_data, acdc_call* call, acdc_str args) {
 *     (void)state; (void)method_data; (void)args;
 *     g_host->complete_result(call, ACDC_STR_LIT("\"pong\""));
 *   }
 *   static const acdc_method_desc k_methods[] = {
 *     { sizeof(acdc_method_desc), 0, "ping", ping, NULL } };
 *   static const acdc_class_desc k_classes[] = {
 *     { sizeof(acdc_class_desc), "Ping", k_methods, 1 } };
 *   ACDC_EXPORT const acdc_plugin_desc* acdc_plugin_entry(const acdc_entry_args* a) {
 *     if (a->host_abi_major != ACDC_ABI_MAJOR) return NULL;
 *     g_host = a->host;
 *     return &k_desc;              // filled with k_classes, activate, deactivate
 *   }
 *
 * Versioning policy (never broken within a major):
 *   - ACDC_ABI_MAJOR changes only for an incompatible change; host and plugin
 *     majors must be equal or the plugin is refused.
 *   - Every additive change appends a field, function or enum value at the end
 *     of a struct and bumps ACDC_ABI_MINOR. Nothing is reordered, removed or
 *     given a new meaning. Each appended item is marked "since 1.N".
 *   - Every struct starts with `struct_size`, so a reader can tell whether an
 *     older peer's struct has a field (ACDC_HAS). Read the peer's structs only
 *     through ACDC_HAS for fields newer than 1.0.
 *   - Arrays of descriptors (classes, methods) are walked by the struct_size
 *     of their elements, never by the reader's sizeof (ACDC_AT): a plugin
 *     built against 1.N has larger elements than a 1.0 host knows, and its
 *     second element starts where its own size says.
 *   - A status a reader does not know is treated as ACDC_E_INTERNAL; flag
 *     bits a reader does not know are ignored. A peer must not rely on
 *     either being understood by an older peer.
 *
 * Tags used in the comments below:
 *   [control] called on the host's control thread, one hook at a time, never
 *             concurrently with another [control] hook of the same plugin.
 *   [startup] called on the host's start-up thread (see start()).
 *   [any]     may be called from any thread, concurrently.
 *   [nonblocking] must return quickly (well under a millisecond); long or
 *             blocking work goes to host->post() or a plugin-owned thread.
 *   [once]    exactly once per object.
 *
 * Ownership rules:
 *   - An acdc_str argument is borrowed for the duration of the function or
 *     callback that receives it. To keep it, copy it.
 *   - Host functions copy every buffer they are given before returning, so a
 *     plugin may pass stack or temporary memory.
 *   - Descriptors (acdc_plugin_desc and everything it points to) are owned by
 *     the plugin and must stay valid and unchanged until the library is
 *     closed; static storage is the normal case.
 *   - `void* user`, `void* state`, `void* method_data` are opaque to the host:
 *     it never dereferences them.
 *   - Nobody frees memory the other side allocated.
 */
#ifndef ACDC_PLUGIN_API_H
#define ACDC_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACDC_ABI_MAJOR 1u
#define ACDC_ABI_MINOR 3u

#if defined(_WIN32)
#define ACDC_EXPORT __declspec(dllexport)
#else
#define ACDC_EXPORT __attribute__((visibility("default")))
#endif

/* Does the peer's struct of type T at p (which may be older) contain `field`? */
#define ACDC_HAS(T, p, field) \
  ((p) != NULL && offsetof(T, field) + sizeof(((const T*)0)->field) <= (p)->struct_size)

/* Element i of a peer's descriptor array `base` of type T, whose elements are
 * base->struct_size bytes long (see the versioning policy). */
#define ACDC_AT(T, base, i) \
  ((const T*)(const void*)((const char*)(base) + (size_t)(i) * (size_t)(base)->struct_size))

/* ------------------------------------------------------------------ basics */

/* UTF-8 text, not NUL-terminated, borrowed (see ownership rules). */
typedef struct acdc_str {
  const char* ptr;
  size_t len;
} acdc_str;

/* Builds an acdc_str from a string literal. */
#ifdef __cplusplus
#define ACDC_STR_LIT(s) (acdc_str{(s), sizeof(s) - 1})
#else
#define ACDC_STR_LIT(s) ((acdc_str){(s), sizeof(s) - 1})
#endif

/* The one error vocabulary. The host maps each status to a JSON-RPC error
 * code, in one place, when a reply leaves for a client:
 *   ACDC_E_INVALID_PARAMS      -32602  arguments missing or of the wrong type
 *   ACDC_E_NOT_FOUND           -32004  a named thing (file, ref, session) does not exist
 *   ACDC_E_FAILED_PRECONDITION -32005  state forbids it now (nothing staged, stream active)
 *   ACDC_E_PERMISSION_DENIED   -32006  refused on purpose (path escapes the repository)
 *   ACDC_E_UNAVAILABLE         -32007  target gone: client disconnected, plugin missing
 *   ACDC_E_TIMEOUT             -32008  no answer in time
 *   ACDC_E_CANCELLED           -32800  cancelled by the caller or by shutdown
 *   ACDC_E_UNSUPPORTED         -32009  not implemented by this host or plugin
 *   ACDC_E_INTERNAL            -32603  a bug: invalid JSON produced, never completed
 *   ACDC_E_APPLICATION         -32000  the method failed; the message says why
 * Unknown method (-32601), parse errors (-32700) and invalid requests
 * (-32600) are produced by the host only. */
typedef int32_t acdc_status;
enum {
  ACDC_OK = 0,
  ACDC_E_INVALID_PARAMS = -1,
  ACDC_E_NOT_FOUND = -2,
  ACDC_E_FAILED_PRECONDITION = -3,
  ACDC_E_PERMISSION_DENIED = -4,
  ACDC_E_UNAVAILABLE = -5,
  ACDC_E_TIMEOUT = -6,
  ACDC_E_CANCELLED = -7,
  ACDC_E_UNSUPPORTED = -8,
  ACDC_E_INTERNAL = -9,
  ACDC_E_APPLICATION = -10
};

enum { ACDC_LOG_DEBUG = 0, ACDC_LOG_INFO = 1, ACDC_LOG_WARN = 2, ACDC_LOG_ERROR = 3 };

/* A connected client (one WebSocket or stdio session). 0 means none: the call
 * did not come from a client. ACDC_CLIENT_ALL addresses every client. */
typedef uint64_t acdc_client;
#define ACDC_CLIENT_NONE ((acdc_client)0)
#define ACDC_CLIENT_ALL ((acdc_client)UINT64_MAX)

/* Host-owned handle of one loaded generation of one plugin. Valid from
 * activate() until deactivate() returns. */
typedef struct acdc_plugin acdc_plugin;

/* Host-owned handle of one inbound call. Valid from invoke() until the
 * complete_result()/complete_error() call for it returns. */
typedef struct acdc_call acdc_call;

/* Host-owned handle of one hold on a generation (since 1.1). Valid from
 * hold() until the release() call for it returns. */
typedef struct acdc_hold acdc_hold;

/* Receives bytes; `bytes` is valid only during the callback. */
typedef void (*acdc_sink_fn)(void* user, acdc_str bytes);

/* The answer to an outbound call. On ACDC_OK `payload` is the result as JSON
 * text; otherwise it is a UTF-8 message. Valid only during the callback.
 * Runs [once] per outbound call, on a host thread, never inside the host
 * function that started the call. */
typedef void (*acdc_reply_fn)(void* user, acdc_status status, acdc_str payload);

/* A posted task. Runs [once] on a host worker thread. */
typedef void (*acdc_task_fn)(void* user);

/* ------------------------------------------- services the host offers [any] */

typedef struct acdc_host_api {
  uint32_t struct_size;
  uint32_t abi_minor; /* the host's ACDC_ABI_MINOR */

  /* Writes one line to the host log, prefixed with the plugin id and
   * generation. */
  void (*log)(acdc_plugin* self, int level, acdc_str message);

  /* Hands the plugin's current config block (a JSON object, `{}` when the
   * config has none) to `sink` before returning. */
  void (*get_config)(acdc_plugin* self, acdc_sink_fn sink, void* user);

  /* Complete an inbound call [once]: either with a result (JSON text; an
   * empty string means null) or with an error status and a message that
   * says what went wrong and what to do. After either returns, `call` is
   * dead. Allowed from any thread, now or later. A result that is not valid
   * JSON is turned into an ACDC_E_INTERNAL error naming the plugin. */
  void (*complete_result)(acdc_call* call, acdc_str result_json);
  void (*complete_error)(acdc_call* call, acdc_status status, acdc_str message);

  /* The client that made `call` (inherited through plugin-to-plugin calls),
   * or ACDC_CLIENT_NONE. */
  acdc_client (*client_of)(const acdc_call* call);

  /* Calls "Class.method" of another plugin (or the host) with `args_json`, a
   * JSON array of positional arguments. `parent` (may be NULL) is the inbound
   * call this one serves, not yet completed while call_plugin runs: its
   * client is passed on. The reply arrives [once]
   * through `reply`, also when the target is missing (ACDC_E_UNAVAILABLE) or
   * unknown. */
  void (*call_plugin)(acdc_plugin* self, const acdc_call* parent, acdc_str method,
                      acdc_str args_json, acdc_reply_fn reply, void* user);

  /* Calls "Class.method" on a client. With a client id the reply payload is
   * the client's plain result; with ACDC_CLIENT_ALL it is the jrpc-oo map
   * {"<remote id>": result, ...} over every client that exposes the method
   * (`{}` when none does), and the first failing client fails the whole call.
   * A client that disconnects fails its pending calls at once with
   * ACDC_E_UNAVAILABLE; no answer within 60 s gives ACDC_E_TIMEOUT. */
  void (*call_client)(acdc_plugin* self, acdc_client client, acdc_str method,
                      acdc_str args_json, acdc_reply_fn reply, void* user);

  /* Sends "Class.method" to a client (or all) as a notification: no reply,
   * no flow control. Returns ACDC_E_UNAVAILABLE when no such client exists. */
  acdc_status (*notify_client)(acdc_plugin* self, acdc_client client, acdc_str method,
                               acdc_str args_json);

  /* Runs `task` on a host worker thread after `delay_ms` (0: as soon as a
   * worker is free). Worker threads may block (disk, git, parsing). A queued
   * task keeps this generation loaded until it has run. Returns
   * ACDC_E_UNAVAILABLE during shutdown, in which case the task never runs. */
  acdc_status (*post)(acdc_plugin* self, uint32_t delay_ms, acdc_task_fn task, void* user);

  /* Reports start-up progress; the host forwards it to clients as
   * AcApp.startupProgress(stage, message, percent) and replays the latest to
   * clients that connect later. */
  void (*report_progress)(acdc_plugin* self, acdc_str stage, acdc_str message, int32_t percent);

  /* Publishes an event to every other active plugin's on_event hook (for
   * example "settings.llm_config" when a config file was reloaded). */
  void (*publish)(acdc_plugin* self, acdc_str topic, acdc_str json);

  /* ---- since 1.1: test with ACDC_HAS(acdc_host_api, host, hold) ---- */

  /* Keeps this generation loaded, exactly as an inbound call in flight
   * does, until release(): work that outlives the call which started it (a
   * chat turn answered with "started" and streamed for minutes) finishes on
   * this code even after a hot swap has routed new calls to a newer
   * generation, and its host functions keep working. A hold does not delay
   * a swap (it drains like an ACDC_METHOD_LONG_RUNNING call); shutdown waits
   * for it, bounded, before closing connections. deactivate() is not called
   * while a hold is open. Returns NULL during shutdown or once the
   * generation is being unloaded: do not start the work then. */
  acdc_hold* (*hold)(acdc_plugin* self);

  /* [once] Ends a hold; `hold` is dead afterwards. May drop the last
   * reference to the generation: deactivate() then runs later, on the
   * control thread, never inside release(). So the thread that calls
   * release() may be one that deactivate() joins. NULL is ignored. */
  void (*release)(acdc_hold* hold);

  /* ---- since 1.3: test with ACDC_HAS(acdc_host_api, host, set_tools) ---- */

  /* Replaces the tools this generation serves beyond those its descriptor
   * declares: tools only known at run time (the mcp-client plugin's, one per
   * tool of each MCP server it reaches). `tools_json` is a JSON array of tool
   * declarations in the shape of acdc_method_desc::tool, each with one more
   * member, "method": the wire name of one of this plugin's methods
   * ("McpClient.call_tool"). Host.list_tools lists them after the
   * descriptor's tools, in the given order, each with "method" and
   * "by_name": true; a caller then calls that method with two arguments, the
   * tool's arguments object and the tool's name (args_json `[{...},"name"]`).
   * `[]` removes them all; the generation's unload does too. A name another
   * tool has already is left out of the list. Returns ACDC_E_INVALID_PARAMS,
   * and changes nothing, when the array or one declaration is malformed. */
  acdc_status (*set_tools)(acdc_plugin* self, acdc_str tools_json);
} acdc_host_api;

/* ------------------------------------------------ what the plugin declares */

/* Serves one call [any][nonblocking]. `args_json` is the JSON array of
 * positional arguments (the jrpc-oo `params.args`). The plugin must complete
 * `call` exactly once, from any thread, now or later. Calls of one method
 * run concurrently. */
typedef void (*acdc_invoke_fn)(void* state, void* method_data, acdc_call* call,
                               acdc_str args_json);

enum {
  /* Hot swap does not wait for calls of this method to drain (a chat stream
   * that runs for minutes); they finish on the old generation. */
  ACDC_METHOD_LONG_RUNNING = 1u << 0
};

typedef struct acdc_method_desc {
  uint32_t struct_size;
  uint32_t flags;            /* ACDC_METHOD_* */
  const char* name;          /* "echo"; on the wire "<class>.<name>" */
  acdc_invoke_fn invoke;
  void* method_data;         /* passed back to invoke unchanged */

  /* ---- since 1.2: test with ACDC_HAS(acdc_method_desc, m, tool) ---- */

  /* NULL, or this method is a tool a model may call (acdc's own agent, and
   * every agent through acdc's MCP server): a NUL-terminated JSON object in
   * the shape of an MCP Tool,
   *   {"name": "read_file",             [a-zA-Z0-9_-]{1,64}, unique in a host
   *    "description": "...",            what it does and when to use it
   *    "inputSchema": {JSON Schema},    of the one argument, an object
   *    "title"?, "outputSchema"?, "annotations"?: {"readOnlyHint": true, ...}}
   * Owned by the plugin like the rest of the descriptor. The host checks it
   * at load (a malformed one refuses the plugin, naming the method) and
   * lists it with Host.list_tools. The method is then called with one
   * argument, the tool's arguments object (args_json `[{...}]`), and answers
   * an MCP CallToolResult: {"content": [{"type": "text", "text": ...}],
   * "structuredContent"?: {...}, "isError": bool}; content may hold MCP
   * image blocks too ({"type": "image", "data": base64, "mimeType"}), which
   * acdc's agent shows a model that takes images. A problem the model can
   * correct (a bad path, an argument out of range) is a result with isError
   * true and a message saying what to do, not an error status. */
  const char* tool;
} acdc_method_desc;

typedef struct acdc_class_desc {
  uint32_t struct_size;
  const char* name;          /* "Echo"; the names "system" and "Host" are reserved */
  const acdc_method_desc* methods;
  uint32_t method_count;
} acdc_class_desc;

typedef struct acdc_plugin_desc {
  uint32_t struct_size;
  uint32_t abi_major;        /* ACDC_ABI_MAJOR the plugin was compiled against */
  uint32_t abi_minor;        /* ACDC_ABI_MINOR the plugin was compiled against */
  const char* id;            /* "echo": [a-z0-9-]+, unique in a host */
  const char* version;       /* semver of this build */
  const char* const* dependencies; /* ids of plugins that must be active first */
  uint32_t dependency_count;
  const acdc_class_desc* classes;
  uint32_t class_count;

  /* [control][once] Builds the plugin state. `config_json` is the plugin's
   * config block. On a cold start `prior_state` and `prior_version` are empty;
   * on a hot swap they carry the previous generation's save_state() bytes and
   * version. Store the state in *state_out. On failure return an error and
   * write a reason through `error` (may be called once); everything acquired
   * must be released, deactivate() is then not called. Must not block for
   * long: heavy start-up work belongs in start(). */
  acdc_status (*activate)(acdc_plugin* self, acdc_str config_json, acdc_str prior_state,
                          acdc_str prior_version, void** state_out,
                          acdc_sink_fn error, void* error_user);

  /* [startup] Deferred start-up, run after every plugin is active and the
   * host is serving: indexing, session restore. Runs on the host's start-up
   * thread, one plugin after another in dependency order, concurrently with
   * calls. May block; reports progress through report_progress(). When the
   * host shuts down meanwhile it sends the event "host.shutdown": long work
   * should stop early then. After a hot swap it runs again for the new
   * generation, on a host worker thread; a failure there is logged and the
   * generation keeps serving. May be NULL. */
  acdc_status (*start)(void* state);

  /* [control] Serialises state for the next generation during a hot swap,
   * after in-flight calls have drained (LONG_RUNNING ones may still run:
   * take your own locks). May be NULL: the next generation starts fresh. */
  acdc_status (*save_state)(void* state, acdc_sink_fn sink, void* user);

  /* [control][once] Called after the last call, reply and task of this
   * generation. Join every thread the plugin started; the library may be
   * closed right after. May be NULL. */
  void (*deactivate)(void* state);

  /* [any][nonblocking] A host or plugin event: "host.client.connected"
   * {"client":N}, "host.client.disconnected" {"client":N}, "host.shutdown" {},
   * "host.config.changed" with this plugin's new config block (its config
   * files were re-read), or a topic another plugin published. May be NULL. */
  void (*on_event)(void* state, acdc_str topic, acdc_str json);
} acdc_plugin_desc;

/* ----------------------------------------------------------------- entry */

typedef struct acdc_entry_args {
  uint32_t struct_size;
  uint32_t host_abi_major;
  uint32_t host_abi_minor;
  const acdc_host_api* host; /* valid until the library is closed */
  char* error;               /* on refusal, the plugin writes a NUL-terminated reason */
  size_t error_size;         /* capacity of `error`, including the NUL */
} acdc_entry_args;

/* [control] The only exported symbol of a shared plugin. Fast, side-effect
 * free, may be called more than once. Must not call the host. Returns the
 * descriptor, or NULL to refuse (for example a major version mismatch) with
 * a reason written to args->error. */
typedef const acdc_plugin_desc* (*acdc_entry_fn)(const acdc_entry_args* args);
#define ACDC_ENTRY_SYMBOL "acdc_plugin_entry"
/* Plugins linked into the host binary (trimmed static builds) export
 * "acdc_plugin_entry_<id>" with the same signature instead. */

#ifdef __cplusplus
}
#endif
#endif /* ACDC_PLUGIN_API_H */
