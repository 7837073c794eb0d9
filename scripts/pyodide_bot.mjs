// One player's process under Node + Pyodide: the JSON-lines protocol of
// kalah/lab/bot_process.py, the bot in Pyodide's WebAssembly sandbox (the page's
// runtime). Measured against bubblewrap by scripts/bench_lab.py:
//   node scripts/pyodide_bot.mjs   (the referee writes to its stdin, reads its stdout)
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import readline from "node:readline";

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
// The bot's prints go to stderr (captured by the referee), never into the protocol.
pyodide.setStdout({ batched: (line) => process.stderr.write(line + "\n") });
pyodide.setStderr({ batched: (line) => process.stderr.write(line + "\n") });
const handle = pyodide.runPython("from kalah.lab.bot_process import Session\nSession().handle");
for await (const line of readline.createInterface({ input: process.stdin })) {
  process.stdout.write(handle(line) + "\n");
}
