// Where a Pyodide start goes, in a module worker as static/js/pyodide-worker.js starts it
// (tests/engines/measure_pyodide_start.py serves this at /__kalah_pyodide_phases.js).
// Told "source" (how the workers loaded our modules before: every file under pyscript.toml's
// [files] fetched as text, compiled at import) or "archive" (static/pyc/kalah.zip, bytecode,
// one fetch, as they do now); posts {phases: {name: ms}}, each measured in this worker.
import { loadPyodide } from "/static/vendor/pyodide/pyodide.mjs";
import { parseFiles } from "/static/js/pyscript-files.js";

const base = new URL("/static/vendor/pyodide/", location.href);
const phases = {};
const time = async (name, work) => {
  const t = performance.now();
  const value = await work();
  phases[name] = Math.round(performance.now() - t);
  return value;
};

// Pyodide's own steps, seen from outside: its WebAssembly instantiation (streaming or not)
// and its fetches (until the response's headers; the body streams into the compiler).
const wasm = WebAssembly;
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = wasm[name].bind(wasm);
  wasm[name] = (...args) => {
    const t = performance.now();
    return original(...args).then((result) => {
      marks.instantiated = Math.max(marks.instantiated ?? 0, performance.now() - start);
      const key = `  in loadPyodide: WebAssembly.${name} (fetch + compile + instantiate)`;
      phases[key] = (phases[key] ?? 0) + Math.round(performance.now() - t);
      return result;
    });
  };
}

// When each of Pyodide's fetches answered and when its WebAssembly was instantiated, from the
// start: what is left of loadPyodide after the last of them is Python starting up.
let start = 0;
let loaded = false;
const marks = {};
const plainFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  const name = new URL(String(input && input.url ? input.url : input), location.href).pathname.split("/").pop();
  if (!loaded && !(name in marks)) marks[name] = performance.now() - start;
  return response;
};

addEventListener("message", async (event) => {
  const mode = event.data;
  try {
    start = performance.now();
    const pyodide = await time("loadPyodide (whole)", () => loadPyodide({ indexURL: base.href }));
    loaded = true;
    marks.instantiated = marks.instantiated ?? 0;
    phases["  in loadPyodide: its last fetch answered or its wasm instantiated, from the start"] =
      Math.round(Math.max(...Object.values(marks)));
    phases["  in loadPyodide: Python starting up after that"] =
      phases["loadPyodide (whole)"] - phases["  in loadPyodide: its last fetch answered or its wasm instantiated, from the start"];
    // Our files (pyscript.toml's [files]) into its file system, then the computer's imports.
    await time("our files: fetch and write them", async () => {
      if (mode === "archive") {
        const archive = await (await fetch("/static/pyc/kalah.zip")).arrayBuffer();
        pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/" });
        return;
      }
      const config = await (await fetch("/pyscript.toml")).text();
      for (const [source, destination] of parseFiles(config)) {
        const text = await (await fetch(new URL(source, new URL("/pyscript.toml", location.href)))).text();
        const path = "/home/pyodide/" + destination.replace(/^\.\//, "");
        pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        pyodide.FS.writeFile(path, text);
      }
    });
    await time("import kalah.ai.worker_api (the computer's module)", () => pyodide.runPython("import kalah.ai.worker_api"));
    phases["start to ready (whole)"] = Math.round(performance.now() - start);
    // The same steps again on their own, the files now in the HTTP cache (revalidated):
    const bytes = await time("alone: fetch pyodide.asm.wasm (9.6 MB) to an ArrayBuffer",
      async () => (await fetch(new URL("pyodide.asm.wasm", base))).arrayBuffer());
    await time("alone: WebAssembly.compile of those bytes", () => WebAssembly.compile(bytes));
    await time("alone: WebAssembly.compileStreaming(fetch(pyodide.asm.wasm))",
      () => WebAssembly.compileStreaming(fetch(new URL("pyodide.asm.wasm", base))));
    await time("alone: fetch python_stdlib.zip (4.5 MB)",
      async () => (await fetch(new URL("python_stdlib.zip", base))).arrayBuffer());
    phases["wasm Content-Type"] = (await fetch(new URL("pyodide.asm.wasm", base), { method: "HEAD" })).headers.get("Content-Type");
    postMessage({ phases });
  } catch (error) {
    postMessage({ error: String(error && error.stack || error) });
  }
});
