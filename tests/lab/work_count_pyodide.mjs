// tests/lab/work_count_sample.py in Pyodide under Node (the page's Python), for
// tests/lab/test_work_count.py:  node tests/lab/work_count_pyodide.mjs  (prints its JSON line)
import { loadKalahPyodide } from "../../scripts/bench/pyodide_kalah.mjs";
import { readFileSync } from "node:fs";

const pyodide = await loadKalahPyodide();
const lines = [];
pyodide.setStdout({ batched: (line) => lines.push(line) });
pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide')");
pyodide.runPython(readFileSync(new URL("work_count_sample.py", import.meta.url), "utf8"));
process.stdout.write(lines.join("\n") + "\n");
