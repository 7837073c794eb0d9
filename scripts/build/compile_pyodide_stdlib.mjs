// Precompile Pyodide's standard library: node scripts/build/compile_pyodide_stdlib.mjs ZIP
//
// The npm build of Pyodide ships python_stdlib.zip as source, so every start
// of the computer's worker compiles the ~200 modules Python imports while
// booting: most of the worker's start-up time. This replaces each module of
// ZIP (a copy in static/vendor/, never node_modules) by its bytecode, made
// by the same Pyodide build that will run it, so the magic number matches.
// Measured here in chromium: the worker starts about three times faster.
// Run by scripts/setup.sh; safe to run twice (a compiled zip is left as is).

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";

const zipPath = process.argv[2];
if (!zipPath) {
  console.error("usage: node scripts/build/compile_pyodide_stdlib.mjs path/to/python_stdlib.zip");
  process.exit(2);
}
if (zipPath.includes("node_modules")) {
  console.error("refusing to change node_modules; give the copy in static/vendor/");
  process.exit(2);
}

const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(zipPath));
// Unchecked hash-based .pyc files: zipimport loads them without looking for
// the source, which is left out (the zip stays about 4.5 MB).
const summary = pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import zipfile

compiled = kept = 0
with zipfile.ZipFile("/tmp/in.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for info in source.infolist():
        data = source.read(info.filename)
        if info.filename.endswith(".py"):
            try:
                code = compile(data, info.filename, "exec", dont_inherit=True)
            except SyntaxError:  # test data and the like: keep as it is
                out.writestr(info, data)
                kept += 1
                continue
            pyc = external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, pyc)
            compiled += 1
        else:
            out.writestr(info, data)
"%d modules compiled, %d kept as source" % (compiled, kept)
`);
if (summary.startsWith("0 modules")) {
  console.log(`compile_pyodide_stdlib: ${zipPath} holds no source, left as it is`);
} else {
  writeFileSync(zipPath + ".tmp", pyodide.FS.readFile("/tmp/out.zip"));
  renameSync(zipPath + ".tmp", zipPath);
  console.log(`compile_pyodide_stdlib: ${summary}`);
}
