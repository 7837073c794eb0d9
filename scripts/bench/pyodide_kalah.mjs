// Pyodide under Node with this repository's kalah/ package in its file system,
// for the scripts that run our Python there (bench_pyodide.mjs, pyodide_bot.mjs).
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

export async function loadKalahPyodide() {
  const pyodide = await loadPyodide();
  const copyTree = (dir) => {
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
  };
  pyodide.FS.mkdirTree("/home/pyodide/kalah");
  copyTree(join(root, "kalah"));
  return pyodide;
}
