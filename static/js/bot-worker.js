// One bot's Pyodide, in a worker started inside a sandboxed iframe (see
// bot-sandbox.js): an opaque origin with no access to the site's storage,
// caches or service worker, under a Content-Security-Policy that allows no
// connection. Nothing is fetched: the runtime and the Python files arrive in
// the first message, and `fetch` here only hands those bytes to Pyodide.
//
// In:  {type: "runtime", files: {name: Blob}, modules: Blob (static/pyc/kalah.zip), snapshot: Blob or null}
//      (Blobs: handed on by reference, not copied on the page's thread for every sandbox)
//      then {id, call: "module:function", args}  (JSON text)
// Out: {type: "ready", started: "snapshot" | "afresh"}; {id, type: "progress" | "result" | "error", data};
//      {id, type: "crash", data: {message}} when Python itself broke (a
//      fatal error of the runtime, e.g. a stack overflow), not the bot's
//      exception. Messages out are JSON text.
// The bot can post anything here: the page believes none of it beyond its
// own game (bot-sandbox.js ties each frame to one seat of one game).
//
// Started by the page itself with {..., make: true} instead (bot-sandbox.js, before any bot
// runs), it makes the snapshot: Pyodide's memory once Python has started and imported what a
// player needs, posted back as {type: "snapshot", snapshot: Uint8Array}. A sandbox handed that
// snapshot restores it instead of starting Python afresh, which is faster (docs/lab.md); each
// gets its own copy, so nothing passes from one sandbox to another.

const BASE = "https://runtime.invalid/";   // a name only this worker's fetch answers
const HOME = "/home/pyodide/";

// What the worker sends fits the frame's bound of one move (MAX_CHARS in
// bot-sandbox.js) even when an honest bot raises an error with a huge message:
// the texts of an error are cut here to the lengths the referee keeps anyway.
const DISPATCH = `
import importlib, json, traceback
from kalah.lab.game import MAX_REASON, MAX_TRACEBACK


def cut(text, cap):
    return text if not isinstance(text, str) or len(text) <= cap else text[:cap] + "..."


def fit(result):
    forfeit = result.get("forfeit") if isinstance(result, dict) else None
    if isinstance(forfeit, dict):
        forfeit["reason"] = cut(forfeit.get("reason"), MAX_REASON)
        forfeit["traceback"] = cut(forfeit.get("traceback"), MAX_TRACEBACK)
        forfeit["answer"] = cut(forfeit.get("answer"), MAX_REASON)
    if isinstance(result, dict) and result.get("ok") is False:
        result["message"] = cut(result.get("message"), MAX_TRACEBACK)
        result["traceback"] = cut(result.get("traceback"), MAX_TRACEBACK)
    return result


def dispatch(call_id, call, args_json, post):
    try:
        module_name, _, name = call.partition(":")
        function = getattr(importlib.import_module(module_name), name)
        progress = lambda data: post("progress", json.dumps(data, allow_nan=False))
        result = function(json.loads(args_json), progress)
        post("result", json.dumps(fit(result), allow_nan=False))
    except BaseException as error:
        post("error", json.dumps({"message": cut("%s: %s" % (type(error).__name__, error), MAX_REASON),
                                  "traceback": cut(traceback.format_exc(), MAX_TRACEBACK)}))

dispatch
`;

const post = (message) => postMessage(JSON.stringify(message));

// Pyodide tells a classic worker from a module worker by calling importScripts("data:…").
// In this module worker that call throws in every engine, but Firefox and WebKit first check
// the URL against the sandbox's CSP and log a violation for each bot started. Answer the
// probe as a module worker does, without a load.
globalThis.importScripts = () => {
  throw new TypeError("importScripts() is not available in a module worker");
};

function serveFiles(files) {
  const types = { wasm: "application/wasm", json: "application/json", mjs: "text/javascript" };
  globalThis.fetch = async (url) => {
    const name = String(url instanceof Request ? url.url : url).replace(BASE, "");
    if (!Object.prototype.hasOwnProperty.call(files, name)) throw new TypeError(`no network here: ${url}`);
    const type = types[name.split(".").pop()] || "application/octet-stream";
    return new Response(files[name], { headers: { "Content-Type": type } });
  };
}

function moduleUrl(blob) {
  return URL.createObjectURL(new Blob([blob], { type: "text/javascript" }));
}

// Imported before "ready" (and before the snapshot), so that a player's first move is not charged for them.
const IMPORTS = "import kalah.lab.worker_api, kalah.ai.players";

async function startPython(runtime, snapshotOption) {
  const { loadPyodide } = await import(moduleUrl(runtime.files["pyodide.mjs"]));
  const createPyodideModule = (await import(moduleUrl(runtime.files["pyodide.asm.mjs"]))).default;
  const pyodide = await loadPyodide({
    indexURL: BASE,
    stdLibURL: BASE + "python_stdlib.zip",
    lockFileContents: await runtime.files["pyodide-lock.json"].text(),
    createPyodideModule,
    stdout: () => {},
    stderr: () => {},
    ...snapshotOption,
  });
  pyodide.unpackArchive(await runtime.modules.arrayBuffer(), "zip", { extractDir: HOME });
  pyodide.runPython(IMPORTS);
  return pyodide;
}

async function makeSnapshot(runtime) {
  serveFiles(runtime.files);
  const pyodide = await startPython(runtime, { _makeSnapshot: true });
  return pyodide.makeMemorySnapshot();
}

let started = "afresh";    // how this worker's Python started ("snapshot" once restored), said in "ready"

async function start(runtime) {
  serveFiles(runtime.files);
  let pyodide = null;
  if (runtime.snapshot) {
    try {
      pyodide = await startPython(runtime, { _loadSnapshot: runtime.snapshot.arrayBuffer() });
      // Every sandbox restores the same memory: `random` would repeat the same numbers in each.
      pyodide.runPython("import random; random.seed()");
      started = "snapshot";
    } catch (error) {
      pyodide = null;    // a runtime that cannot restore it starts Python afresh
    }
  }
  pyodide ??= await startPython(runtime, {});
  return pyodide.runPython(DISPATCH);
}

let dispatcher = null;
let queue = Promise.resolve();

addEventListener("message", (event) => {
  const message = event.data;
  if (dispatcher === null && message.make) {
    dispatcher = makeSnapshot(message);
    dispatcher.then((snapshot) => postMessage({ type: "snapshot", snapshot }, [snapshot.buffer]),
      () => postMessage({ type: "snapshot", snapshot: null }));
    return;
  }
  if (dispatcher === null) {
    dispatcher = start(message);
    dispatcher.then(() => post({ type: "ready", started }),
      (error) => post({ id: null, type: "crash", data: { message: `Python could not start: ${error.message || error}` } }));
    return;
  }
  const request = JSON.parse(message);
  queue = queue.then(async () => {
    let dispatch;
    try {
      dispatch = await dispatcher;
    } catch (error) {
      return;
    }
    const reply = (type, json) => post({ id: request.id, type, data: JSON.parse(json) });
    try {
      dispatch(request.id, request.call, JSON.stringify(request.args ?? null), reply);
    } catch (error) {   // Python itself failed: a fatal error, a stack overflow
      post({ id: request.id, type: "crash", data: { message: String(error.message || error).slice(0, 300) } });
    }
  });
});
