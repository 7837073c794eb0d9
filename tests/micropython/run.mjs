// Runs Python code under the MicroPython build the page uses (node_modules'
// @micropython/micropython-webassembly-pyscript), with the working tree's
// kalah/ package copied into its file system.
//
//   node tests/micropython/run.mjs SCRIPT.py     (or the code on stdin)
//
// Prints what the code prints; a Python exception goes to stderr, status 1.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pkg = join(root, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const { loadMicroPython } = await import(pathToFileURL(pkg).href);

const code = process.argv[2] ? readFileSync(process.argv[2], "utf8") : readFileSync(0, "utf8");
const out = [];
const mp = await loadMicroPython({
  heapsize: 64 * 1024 * 1024,
  stdout: (line) => out.push(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/" + relative(root, path).split("\\").join("/");
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      mp.FS.mkdir(target);
      copyTree(path);
    } else if (name.endsWith(".py")) {
      mp.FS.writeFile(target, readFileSync(path));
    }
  }
}
mp.FS.mkdir("/kalah");
copyTree(join(root, "kalah"));

let status = 0;
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\n");
  mp.runPython(code);
} catch (error) {
  process.stderr.write(String(error && error.message ? error.message : error) + "\n");
  status = 1;
}
// The last line, when it has no newline, is still in MicroPython's line buffer.
const rest = mp._module._stdoutBuffer;
if (rest && rest.length) out.push(new TextDecoder().decode(new Uint8Array(rest)));
process.stdout.write(out.join(""));
process.exitCode = status;
