// The [files] table of pyscript.toml: what scripts/build/compile_pyodide_modules.mjs
// compiles into static/pyc/kalah.zip, the modules both Pyodide hosts unpack (the
// computer's worker, pyodide-worker.js, and the lab's players' bot-worker.js).

/** [source, destination] pairs of pyscript.toml's [files] table. */
export function parseFiles(text) {
  const pairs = [];
  let inFiles = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) inFiles = line === "[files]";
    const match = inFiles && line.match(/^"([^"]+)"\s*=\s*"([^"]+)"/);
    if (match) pairs.push([match[1], match[2]]);
  }
  return pairs;
}
