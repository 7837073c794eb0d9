"""Write build-manifest.js: the SHA-256 of every file the site serves.

    python3 -m scripts.build.build_manifest        (scripts/setup.sh runs it)

sw.js loads it with importScripts() and serves a cached response only when
its content hashes to the value here, so a cache poisoned from a page (Cache
Storage is writable by any script on the origin) is never served. It is a
script imported by the service worker, not a JSON file fetched into the
cache, because a page cannot write into the worker's own script storage;
and a change of any file changes it, so the browser updates the worker.
"""

import hashlib
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = "build-manifest.js"
ROOT_TYPES = (".html", ".toml", ".json", ".webmanifest")
FOLDERS = ("static", "kalah")


def site_files():
    """The paths (relative, with /) of the files the site serves."""
    for name in sorted(os.listdir(ROOT)):
        if name.endswith(ROOT_TYPES) and name not in ("package.json", "package-lock.json") \
                and os.path.isfile(os.path.join(ROOT, name)):
            yield name
    for folder in FOLDERS:
        # Links followed: static/vendor may be a link to a shared copy of the runtimes.
        for here, dirs, files in os.walk(os.path.join(ROOT, folder), followlinks=True):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(files):
                if not name.startswith(".") and not name.endswith(".pyc"):
                    yield os.path.relpath(os.path.join(here, name), ROOT).replace(os.sep, "/")


def digest(path):
    sha = hashlib.sha256()
    with open(os.path.join(ROOT, path), "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def main():
    files = {path: digest(path) for path in site_files()}
    text = ("// Written by scripts/build/build_manifest.py (scripts/setup.sh): do not edit.\n"
            "self.BUILD_MANIFEST = %s;\n" % json.dumps({"files": files}, indent=0, sort_keys=True))
    target = os.path.join(ROOT, OUTPUT)
    old = open(target).read() if os.path.exists(target) else None
    if text != old:            # unchanged: leave the file (and the service worker) alone
        with open(target + ".part", "w") as handle:
            handle.write(text)
        os.replace(target + ".part", target)
    print("setup: %s lists %d files" % (OUTPUT, len(files)))


if __name__ == "__main__":
    main()
