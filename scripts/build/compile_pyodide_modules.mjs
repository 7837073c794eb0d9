// Compile the kalah modules the Pyodide workers run into one archive of bytecode:
//     node scripts/build/compile_pyodide_modules.mjs [OUT]   (default static/pyc/kalah.zip)
//
// The workers used to fetch every module listed under [files] in pyscript.toml
// one by one (~80 requests) and Python compiled each from source at import:
// the larger part of the computer's start in WebKit (docs/browsers.md). They
// now fetch this one zip and unpack it (pyodide.unpackArchive). Each module
// is an unchecked hash-based .pyc beside where its source would be (no
// source: Python's sourceless loader imports it), made by the same pinned
// Pyodide that runs it, so the bytecode matches the runtime's Python exactly.
// pyscript.toml's [files] stays the one list of what goes in.
// Byte-reproducible: entries sorted, fixed timestamps and permissions; the
// file is rewritten only when its bytes change. Run by scripts/setup.sh.

import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// The workers' own reader of [files]; loaded as text, since node would take
// the file (outside any "type": "module" package) for CommonJS first and warn.
const { parseFiles } = await import("data:text/javascript," +
  encodeURIComponent(readFileSync(resolve(ROOT, "static/js/pyscript-files.js"), "utf8")));
const out = resolve(process.argv[2] || resolve(ROOT, "static/pyc/kalah.zip"));
const HOME = "/home/pyodide/";  // where the workers unpack it: tracebacks name the same paths as before

const pairs = parseFiles(readFileSync(resolve(ROOT, "pyscript.toml"), "utf8"));
if (!pairs.length) {
  console.error("compile_pyodide_modules: pyscript.toml lists no [files]");
  process.exit(1);
}
const pyodide = await loadPyodide();
const modules = {};
for (const [source, destination] of pairs) {
  const name = destination.replace(/^\.\//, "");
  if (!name.endsWith(".py")) {
    console.error(`compile_pyodide_modules: ${destination} is not a .py module`);
    process.exit(1);
  }
  modules[name] = readFileSync(resolve(ROOT, source), "utf8");
}
pyodide.globals.set("modules", pyodide.toPy(modules));
pyodide.globals.set("home", HOME);
pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import zipfile

with zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for name in sorted(modules):
        source = modules[name].encode()
        code = compile(source, home + name, "exec", dont_inherit=True)
        entry = zipfile.ZipInfo(name + "c", (1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o644 << 16
        out.writestr(entry, external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
`);
const bytes = pyodide.FS.readFile("/tmp/out.zip");
if (existsSync(out) && Buffer.compare(readFileSync(out), Buffer.from(bytes)) === 0) {
  console.log(`compile_pyodide_modules: ${out} is up to date (${pairs.length} modules)`);
} else {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out + ".tmp", bytes);
  renameSync(out + ".tmp", out);
  console.log(`compile_pyodide_modules: ${pairs.length} modules into ${out} (${bytes.length} bytes)`);
}
