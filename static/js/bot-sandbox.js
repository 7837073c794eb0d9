// The page's side of a bot's sandbox: a hidden <iframe sandbox="allow-scripts">
// (no allow-same-origin: an opaque origin, so no access to the site's
// localStorage, IndexedDB, caches or service worker) whose document allows no
// connection (connect-src 'none') and starts one module worker from a Blob:
// static/js/bot-worker.js, which runs one bot in its own Pyodide. Nothing in
// the frame can fetch: the runtime (Pyodide's files as bytes) and the kalah
// package are fetched here once, by the page, and handed in by postMessage.
//
//   const sandbox = window.kalahBotSandbox.create((text) => ...);  // JSON text out of the worker
//   sandbox.post(text);    // a JSON call for the worker ({id, call, args})
//   sandbox.ping();        // the frame answers "kalah-pong" after what the worker sent so far
//   sandbox.close();       // removes the frame (and so ends its worker)
//
// A message counts only when it comes from this sandbox's own frame
// (event.source), so whatever a bot posts reaches only its own seat's client.
// No game logic lives here: the page's Python (kalah/web/bot_sandbox.py) is
// the referee and checks every answer.

import { parseFiles } from "./pyscript-files.js";

const PYODIDE = new URL("../vendor/pyodide/", import.meta.url);
const CONFIG = new URL("../../pyscript.toml", import.meta.url);
const WORKER = new URL("./bot-worker.js", import.meta.url);
const RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

const POLICY = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:; " +
  "worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'";

// The frame's whole document: it starts the worker from the source it is
// handed, then relays text both ways (and reports a worker that died).
const FRAME = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<script>
let worker = null;
addEventListener("message", (event) => {
  if (event.source !== parent) return;
  // Answered by this frame, after everything the worker sent before: see ping() below.
  if (event.data === "kalah-ping") return parent.postMessage("kalah-pong", "*");
  if (worker === null) {
    const url = URL.createObjectURL(new Blob([event.data.worker], { type: "text/javascript" }));
    worker = new Worker(url);
    worker.onmessage = (e) => parent.postMessage(typeof e.data === "string" ? e.data : "", "*");
    worker.onerror = (e) => {
      e.preventDefault();
      parent.postMessage(JSON.stringify({ id: null, type: "crash",
        data: { message: String(e.message || "the worker stopped") } }), "*");
    };
    worker.postMessage(event.data.runtime);
    return;
  }
  worker.postMessage(event.data);
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
      files[name] = await (await fetchOk(new URL(name, PYODIDE))).arrayBuffer();
    }));
    const pairs = parseFiles(await (await fetchOk(CONFIG)).text());
    const python = await Promise.all(pairs.map(async ([source, destination]) =>
      [destination, await (await fetchOk(new URL(source, CONFIG))).text()]));
    const worker = await (await fetchOk(WORKER)).text();
    return { worker, runtime: { type: "runtime", files, python } };
  })();
  runtime.catch(() => { runtime = null; });   // a failed fetch is tried again next time
  return runtime;
}

function create(onMessage) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.hidden = true;
  frame.title = "a player's sandbox";
  let state = "starting";   // -> "handed" once the runtime is in -> "closed"
  const waiting = [];
  // The second argument says the page's side wrote it (nothing in the frame can).
  const crash = (message) => onMessage(JSON.stringify({ id: null, type: "crash", data: { message } }), true);
  const listener = (event) => {
    if (state === "closed" || event.source !== frame.contentWindow || typeof event.data !== "string") return;
    if (event.data === "frame-ready" && state === "starting") {
      state = "handing";
      loadRuntime().then((handed) => {
        if (state === "closed") return;
        frame.contentWindow.postMessage(handed, "*");
        state = "handed";
        for (const text of waiting.splice(0)) frame.contentWindow.postMessage(text, "*");
      }, (error) => crash(`the runtime could not be loaded: ${error.message || error}`));
      return;
    }
    onMessage(event.data, false);
  };
  addEventListener("message", listener);
  frame.srcdoc = FRAME;
  document.body.appendChild(frame);
  return {
    post(text) {
      if (state === "handed") frame.contentWindow.postMessage(String(text), "*");
      else if (state !== "closed") waiting.push(String(text));
    },
    // The page asks before it declares a player silent: the frame's "kalah-pong"
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

window.kalahBotSandbox = { create, loadRuntime };
