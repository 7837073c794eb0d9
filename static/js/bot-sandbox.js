// The page's side of a bot's sandbox: a hidden <iframe sandbox="allow-scripts">
// (no allow-same-origin: an opaque origin, so no access to the site's
// localStorage, IndexedDB, caches or service worker) whose document allows no
// connection (connect-src 'none') and starts one module worker from a Blob:
// static/js/bot-worker.js, which runs one bot in its own Pyodide. Nothing in
// the frame can fetch: the runtime (Pyodide's files) and the kalah package
// (static/pyc/kalah.zip, its modules as bytecode) are fetched here once, by
// the page, and handed in by postMessage as Blobs (passed by reference, not
// copied for each sandbox), with a snapshot of Python already started that the
// worker restores (loadSnapshot below).
//
//   const sandbox = window.kalahBotSandbox.create((text, source, ms) => ...);
//                   (..., {afresh: true}) starts its Python without the snapshot (for measuring)
//   sandbox.post(text);    // a JSON call for the worker ({id, call, args})
//   sandbox.ping();        // the frame answers after what the worker sent so far
//   sandbox.close();       // removes the frame (and so ends its worker)
//
// onMessage(text, source, ms), source one of: "worker" (text is what the
// worker sent, JSON text the page must check; ms is the frame's clock since it
// handed the worker the latest call), "pong", "over" (the frame ended its
// worker for going past its limits; text says how), "crash" (the worker died;
// text says why), "host" (the page's side could not hand the runtime in).
//
// The frame's own script belongs to the referee: the bot runs only in the
// worker, which can post to the frame but reach none of its code. So the
// frame keeps the clock of each call and bounds what a worker may send per
// call (MAX_CHARS characters in all, MAX_MESSAGES messages): past either it
// ends the worker at once and says so, and the page never handles the flood.
// A message counts only when it comes from this sandbox's own frame
// (event.source), so whatever a bot posts reaches only its own seat's client.
// No game logic lives here: the page's Python (kalah/web/lab/bot_sandbox.py) is
// the referee and checks every answer.

const PYODIDE = new URL("../vendor/pyodide/", import.meta.url);
const MODULES = new URL("../pyc/kalah.zip", import.meta.url);  // scripts/build/compile_pyodide_modules.mjs
const WORKER = new URL("./bot-worker.js", import.meta.url);
const RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

const POLICY = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:; " +
  "worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'";

// Per call of the page. An honest player sends one progress message per
// search depth (at most about 40) and an answer of a few hundred characters.
const MAX_MESSAGES = 256;
const MAX_CHARS = 65536;

// The frame's whole document: it starts the worker from the source it is
// handed, holds the page's calls until the worker is ready (so that a call's
// clock starts when the worker can take it), then relays text both ways.
const FRAME = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<script>
const MAX_MESSAGES = ${MAX_MESSAGES}, MAX_CHARS = ${MAX_CHARS};
const clock = performance.now.bind(performance);
let worker = null, ready = false, over = false, askedAt = clock(), sent = 0, chars = 0;
const held = [];
const tell = (message) => parent.postMessage(message, "*");
function ask(text) {
  askedAt = clock();
  sent = 0;
  chars = 0;
  worker.postMessage(text);
}
function stop(kind, message) {
  over = true;
  worker.terminate();
  tell({ kind, message });
}
function relay(event) {
  if (over) return;
  const text = event.data;
  if (typeof text !== "string") return stop("over", "it sent a message that is not text");
  sent += 1;
  chars += text.length;
  if (chars > MAX_CHARS) return stop("over", "it sent " + chars + " characters for one move (at most " + MAX_CHARS + ")");
  if (sent > MAX_MESSAGES) return stop("over", "it sent more than " + MAX_MESSAGES + " messages for one move");
  tell({ kind: "worker", text, ms: clock() - askedAt });
  if (!ready) {          // its first message ("ready"), sent before any bot code ran
    ready = true;
    for (const call of held.splice(0)) ask(call);
  }
}
addEventListener("message", (event) => {
  if (event.source !== parent) return;
  // Answered after everything the worker sent before: see ping() below.
  if (event.data === "kalah-ping") return tell({ kind: "pong" });
  if (over) return;
  if (worker === null) {
    const url = URL.createObjectURL(new Blob([event.data.worker], { type: "text/javascript" }));
    worker = new Worker(url);
    worker.onmessage = relay;
    worker.onerror = (e) => {
      e.preventDefault();
      if (!over) stop("crash", String(e.message || "the worker stopped"));
    };
    worker.postMessage(event.data.runtime);
    return;
  }
  if (ready) ask(event.data);
  else held.push(event.data);
});
parent.postMessage("frame-ready", "*");
</script>`;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response;
}

let runtime = null;

/** The runtime every sandbox is handed, fetched once (the service worker serves it offline). */
function loadRuntime() {
  runtime ??= (async () => {
    const files = {};
    await Promise.all(RUNTIME.map(async (name) => {
      files[name] = await (await fetchOk(new URL(name, PYODIDE))).blob();
    }));
    const modules = await (await fetchOk(MODULES)).blob();
    const worker = await (await fetchOk(WORKER)).text();
    return { worker, runtime: { type: "runtime", files, modules } };
  })();
  runtime.catch(() => { runtime = null; });   // a failed fetch is tried again next time
  return runtime;
}

let snapshot = null;

/** Pyodide's memory once Python has started and imported what a player needs (bot-worker.js),
 * made once by a worker of the page's own, which runs no player's code, and kept as a Blob: each
 * sandbox restores a copy of it instead of starting Python afresh, which is faster (docs/lab.md).
 * Null if it could not be made; each sandbox then starts Python afresh. */
function loadSnapshot() {
  snapshot ??= loadRuntime().then((handed) => new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([handed.worker], { type: "text/javascript" }));
    const maker = new Worker(url);
    const done = (memory) => {
      maker.terminate();
      URL.revokeObjectURL(url);
      resolve(memory);
    };
    maker.onmessage = (event) => done(event.data?.type === "snapshot" && event.data.snapshot
      ? new Blob([event.data.snapshot]) : null);
    maker.onerror = (event) => {
      event.preventDefault();
      done(null);
    };
    maker.postMessage({ ...handed.runtime, make: true });
  }));
  snapshot.catch(() => { snapshot = null; });   // the runtime's fetch failed: tried again next time
  return snapshot;
}

/** Fetch the runtime and make the snapshot once the page is idle (the lab calls it when it is
 * ready), so that the first game's sandboxes do not wait for them. */
function prepare() {
  const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
  idle(() => loadSnapshot().catch(() => {}));
}

function create(onMessage, { afresh = false } = {}) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.hidden = true;
  frame.title = "a player's sandbox";
  let state = "starting";   // -> "handed" once the runtime is in -> "closed"
  const waiting = [];
  const listener = (event) => {
    if (state === "closed" || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (data === "frame-ready" && state === "starting") {
      state = "handing";
      Promise.all([loadRuntime(), afresh ? null : loadSnapshot()]).then(([handed, memory]) => {
        if (state === "closed") return;
        frame.contentWindow.postMessage({ worker: handed.worker, runtime: { ...handed.runtime, snapshot: memory } }, "*");
        state = "handed";
        for (const text of waiting.splice(0)) frame.contentWindow.postMessage(text, "*");
      }, (error) => onMessage(`the runtime could not be loaded: ${error.message || error}`, "host", 0));
      return;
    }
    // Only the frame's own script posts here: the envelope is the referee's, only text is the bot's.
    if (data === null || typeof data !== "object") return;
    if (data.kind === "worker") onMessage(String(data.text), "worker", Number(data.ms));
    else if (data.kind === "pong") onMessage("", "pong", 0);
    else if (data.kind === "over" || data.kind === "crash") onMessage(String(data.message), data.kind, 0);
  };
  addEventListener("message", listener);
  frame.srcdoc = FRAME;
  document.body.appendChild(frame);
  return {
    post(text) {
      if (state === "handed") frame.contentWindow.postMessage(String(text), "*");
      else if (state !== "closed") waiting.push(String(text));
    },
    // The page asks before it declares a player silent: the frame's pong
    // comes after every message the worker sent before it (one source, in order),
    // so an answer already on its way is never taken for a timeout.
    ping() {
      if (state !== "closed") frame.contentWindow.postMessage("kalah-ping", "*");
    },
    close() {
      state = "closed";
      removeEventListener("message", listener);
      frame.remove();
    },
  };
}

// The referee's sampler (static/js/referee-sampler.js): a worker of the page's own, which no
// sandbox can reach, measuring how much CPU a thread of the page gets while a move is waited on.
//
//   const sampler = window.kalahBotSandbox.sampler((slowdown) => ...);   // each reading
//   sampler.run(); sampler.pause();
//
// Returns null if the worker cannot be started (the referee then counts wall time).
function sampler(onReading) {
  let worker;
  try {
    worker = new Worker(new URL("./referee-sampler.js", import.meta.url));
  } catch (error) {
    return null;
  }
  worker.onmessage = (event) => onReading(Number(event.data));
  return {
    run() { worker.postMessage("run"); },
    pause() { worker.postMessage("pause"); },
  };
}

window.kalahBotSandbox = { create, prepare, loadRuntime, sampler };
