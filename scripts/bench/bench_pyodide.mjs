// Run a Python benchmark under Pyodide in node, with this repository's kalah/ package.
//   node scripts/bench/bench_pyodide.mjs FILE.py   -> prints what FILE.py prints
// Used by scripts/bench/bench_search.py to measure the same code under CPython and Pyodide.
import { loadKalahPyodide } from "./pyodide_kalah.mjs";
import { readFileSync } from "node:fs";

const pyodide = await loadKalahPyodide();
pyodide.setStdout({ batched: (line) => console.log(line) });
await pyodide.runPythonAsync(readFileSync(process.argv[2], "utf8"));
