// One player's process under Node + Pyodide: the JSON-lines protocol of
// kalah/lab/bot_process.py, the bot in Pyodide's WebAssembly sandbox (the page's
// runtime). Measured against bubblewrap by scripts/bench/bench_lab.py:
//   node scripts/bench/pyodide_bot.mjs   (the referee writes to its stdin, reads its stdout)
import { loadKalahPyodide } from "./pyodide_kalah.mjs";
import readline from "node:readline";

const pyodide = await loadKalahPyodide();
// The bot's prints go to stderr (captured by the referee), never into the protocol.
pyodide.setStdout({ batched: (line) => process.stderr.write(line + "\n") });
pyodide.setStderr({ batched: (line) => process.stderr.write(line + "\n") });
const handle = pyodide.runPython("from kalah.lab.bot_process import Session\nSession().handle");
for await (const line of readline.createInterface({ input: process.stdin })) {
  process.stdout.write(handle(line) + "\n");
}
