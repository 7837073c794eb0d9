// The project's one JavaScript bootstrap: a module Web Worker that runs
// Python calls in Pyodide, off the page's thread. No game logic lives here.
//
// Start:  new Worker("static/js/pyodide-worker.js", {type: "module"})
// It loads the vendored Pyodide (nothing off-origin), unpacks static/pyc/kalah.zip
// (the modules listed under [files] in pyscript.toml, compiled to bytecode by
// scripts/build/compile_pyodide_modules.mjs) into Pyodide's file system, then
// posts {type: "ready", data: {timings in ms}}.
//
// Ask:    {id, call: "package.module:function", args}   (args: JSON-able)
// It runs function(args, progress) in Python, where progress(dict) posts
// {id, type: "progress", data}; then {id, type: "result", data: return value}
// or {id, type: "error", data: {message, traceback}} if Python raised.
// A failure to start posts {id: null, type: "error", data: {message}}.
// Calls run one at a time, in order; a call sent before "ready" waits.
//
// Stop:   {cancel: id}. Running Python cannot be interrupted from outside
// without SharedArrayBuffer (static hosts cannot promise the headers it
// needs). Where the browser has JSPI (WebAssembly stack switching), a
// function that takes `should_stop` gets one that lets this worker read its
// messages about every 50 ms and answers True once the call is cancelled;
// "ready" then says {interruptible: true}. Elsewhere, terminate the worker
// and start a new one.

import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const MODULES_URL = new URL("../pyc/kalah.zip", import.meta.url);
const PYODIDE_URL = new URL("../vendor/pyodide/", import.meta.url);
const HOME = "/home/pyodide/";  // Pyodide's working directory, on sys.path

// Python side of the protocol: JSON in, JSON out, so the page's Python
// (MicroPython) and Pyodide share nothing but text.
const DISPATCH = `
import importlib, inspect, json, time, traceback
import js
from pyodide.ffi import can_run_sync, run_sync

YIELD_EVERY = 0.05  # seconds between two looks at the worker's messages


def stopper(call_id):
    """should_stop() for a call, or None where Python cannot pause for messages."""
    if not can_run_sync():
        return None
    next_look = [time.time() + YIELD_EVERY]

    def should_stop():
        if time.time() < next_look[0]:
            return False
        run_sync(js.kalahYield())  # the worker reads its messages meanwhile
        next_look[0] = time.time() + YIELD_EVERY
        return bool(js.kalahCancelled(call_id))
    return should_stop


def dispatch(call_id, call, args_json, post):
    try:
        module_name, _, name = call.partition(":")
        if not module_name or not name:
            raise ValueError("a call is 'module:function', not %r" % call)
        function = getattr(importlib.import_module(module_name), name)
        # allow_nan=False: JSON.parse would reject NaN and Infinity later, out of reach.
        progress = lambda data: post("progress", json.dumps(data, allow_nan=False))
        args = json.loads(args_json)
        if "should_stop" in inspect.signature(function).parameters:
            result = function(args, progress, should_stop=stopper(call_id))
        else:
            result = function(args, progress)
        post("result", json.dumps(result, allow_nan=False))
    except BaseException as error:
        post("error", json.dumps({"message": "%s: %s" % (type(error).__name__, error),
                                  "traceback": traceback.format_exc()}))

dispatch
`;

const started = performance.now();
const INTERRUPTIBLE = typeof WebAssembly.Suspending === "function";  // JSPI

const cancelled = new Set();
globalThis.kalahCancelled = (id) => cancelled.has(id);
// A zero-delay pause (message tasks are not clamped as timers are).
const pause = new MessageChannel();
const resumes = [];
pause.port1.onmessage = () => resumes.shift()();
globalThis.kalahYield = () => new Promise((resolve) => { resumes.push(resolve); pause.port2.postMessage(null); });

// One fetch and no compiling at import: ~80 text fetches and as many source
// compiles cost WebKit most of its start (docs/browsers.md).
async function fetchModules() {
  const response = await fetch(MODULES_URL);
  if (!response.ok) throw new Error(`${MODULES_URL.pathname} answered ${response.status} (is the site set up? run scripts/setup.sh)`);
  return response.arrayBuffer();
}

function unpackModules(pyodide, archive) {
  try {
    pyodide.unpackArchive(archive, "zip", { extractDir: HOME });
  } catch (error) {
    throw new Error(`${MODULES_URL.pathname} could not be unpacked (run scripts/setup.sh): ${String(error.message || error).trim().split("\n").pop()}`);
  }
}

// loadPyodide never settles when its WebAssembly file is missing (it only
// logs a warning), so every fetch of a runtime file is watched on its way:
// a refused one (missing file, no network and nothing cached) ends the start
// with the reason, and a start that takes far too long is reported rather
// than awaited forever. Watching Pyodide's own GET requests (no extra HEAD
// requests, which the GET-only service worker would leave to the network)
// lets the worker start offline from the cache.
const START_LIMIT_MS = 180_000;
let runtimeRefused;
const refused = new Promise((_, reject) => { runtimeRefused = reject; });
const plainFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input && input.url ? input.url : input);
  const runtime = url.startsWith(PYODIDE_URL.href);
  let response;
  try {
    response = await plainFetch(input, init);
  } catch (error) {
    if (runtime) runtimeRefused(new Error(`${new URL(url).pathname} could not be fetched (${error.message || error})`));
    throw error;
  }
  if (runtime && !response.ok) {
    runtimeRefused(new Error(`${new URL(url).pathname} answered ${response.status} (is the site set up? run scripts/setup.sh)`));
  }
  return response;
};

function watchRuntime() {
  return Promise.race([refused, new Promise((_, reject) => setTimeout(
    () => reject(new Error(`it did not start within ${START_LIMIT_MS / 1000} s`)), START_LIMIT_MS))]);
}

async function start() {
  // The modules download while Pyodide compiles.
  const archive = fetchModules();
  const pyodide = await Promise.race([watchRuntime(), loadPyodide({
    indexURL: PYODIDE_URL.href,
    stdout: (text) => console.log(text),
    stderr: (text) => console.warn(text),
  })]);
  const pyodideReady = performance.now();
  unpackModules(pyodide, await archive);
  const dispatch = pyodide.runPython(DISPATCH);
  const ready = performance.now();
  postMessage({
    type: "ready",
    data: {
      pyodide_ms: Math.round(pyodideReady - started),
      total_ms: Math.round(ready - started),
      interruptible: INTERRUPTIBLE,
    },
  });
  return dispatch;
}

const dispatcher = start();
dispatcher.catch((error) => {
  postMessage({ id: null, type: "error", data: { message: `Python (Pyodide) could not start in the worker: ${error.message || error}` } });
});

// Chained so calls run in order even while Pyodide is still starting.
let queue = Promise.resolve();

addEventListener("message", (event) => {
  const request = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
  if (request.cancel !== undefined) {
    cancelled.add(request.cancel);
    return;
  }
  const { id, call } = request;
  queue = queue.then(async () => {
    let dispatch;
    try {
      dispatch = await dispatcher;
    } catch (error) {
      postMessage({ id, type: "error", data: { message: `Python (Pyodide) could not start in the worker: ${error.message || error}` } });
      return;
    }
    const post = (type, json) => postMessage({ id, type, data: JSON.parse(json) });
    const args = JSON.stringify(request.args ?? null);
    if (cancelled.has(id)) {  // cancelled while it waited its turn: never run
      cancelled.delete(id);
      postMessage({ id, type: "error", data: { message: "cancelled" } });
      return;
    }
    if (INTERRUPTIBLE) await dispatch.callPromising(id, call, args, post);
    else dispatch(id, call, args, post);
    cancelled.delete(id);
  });
});
