// Run a Python benchmark under Pyodide in node, with this repository's kalah/ package.
//   node scripts/bench_pyodide.mjs FILE.py   -> prints what FILE.py prints
// Used by scripts/bench_search.py to measure the same code under CPython and Pyodide.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const pyodide = await loadPyodide();

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      pyodide.FS.mkdirTree(target);
      copyTree(path);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree("/home/pyodide/kalah");
copyTree(join(root, "kalah"));
pyodide.setStdout({ batched: (line) => console.log(line) });
await pyodide.runPythonAsync(readFileSync(process.argv[2], "utf8"));
