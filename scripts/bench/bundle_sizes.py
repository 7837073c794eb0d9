"""Each page's bundle size (static/mpy/bundles/NAME.mpy), and the files it holds, against another checkout.

    .venv/bin/python -m scripts.bench.bundle_sizes [--against DIR]... [--modules] [--json]

Reads what the build wrote (run ./scripts/setup.sh, or python3 -m scripts.build.compile_mpy, in
each checkout first): a bundle's size is its .mpy's; the files it holds and their sizes are read
from the source it was compiled from (static/mpy/bundles/.NAME.py, whose FILES are (path, bytes)
pairs), so an older checkout, whatever its build scripts are called, is read the same way.
`--modules` lists, for each bundle, every file with its size in both trees: which files came or
went, and which grew.
"""

import argparse
import ast
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUNDLES = "static/mpy/bundles"


def bundle_files(kept):
    """{path: size} of the files a bundle's kept source (.NAME.py) holds, without running it."""
    for node in ast.parse(kept.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "FILES":
            return dict((path, len(data)) for path, data in ast.literal_eval(node.value))
    raise SystemExit("bundle_sizes: %s has no FILES" % kept)


def read_tree(root):
    """{bundle name: {"bytes": size of NAME.mpy, "files": {path: size}}} of a checkout's build."""
    folder = pathlib.Path(root) / BUNDLES
    if not folder.is_dir():
        raise SystemExit("bundle_sizes: %s is missing; build that checkout first" % folder)
    return dict((mpy.stem, {"bytes": mpy.stat().st_size, "files": bundle_files(folder / (".%s.py" % mpy.stem))})
                for mpy in sorted(folder.glob("*.mpy")))


def change(before, after):
    if before is None or after is None:
        return "-"
    return "%+d (%+.1f%%)" % (after - before, 100.0 * (after - before) / before) if before else "%+d" % after


def size(value):
    return "-" if value is None else "{:,}".format(value)


def table(here, others, labels=()):
    """A row a bundle: its bytes in each other checkout (--against, in the order given, headed by
    `labels`), here, and the change from the first."""
    names = sorted(set(here).union(*others))
    rows = ["| bundle |%s here | change | files |" % "".join(" %s |" % label for label in labels),
            "|---|%s---:|---:|---:|" % ("---:|" * len(others))]
    for name in names:
        sizes = [other.get(name, {}).get("bytes") for other in others]
        new = here.get(name, {}).get("bytes")
        files = [str(len(tree[name]["files"])) if name in tree else "-" for tree in others + [here]]
        rows.append("| %s |%s %s | %s | %s |" % (name, "".join(" %s |" % size(value) for value in sizes), size(new),
                                                change(sizes[0], new) if others else "-", " -> ".join(files)))
    return rows


def module_rows(here, there):
    """Each bundle's files, with their sizes here and in `there` (the first --against)."""
    rows = []
    for name in sorted(here):
        old = there.get(name, {"files": {}})["files"]
        new = here[name]["files"]
        rows.append("")
        rows.append("%s: %s files, %s bytes of files here; %s files, %s against" % (
            name, len(new), size(sum(new.values())), len(old), size(sum(old.values()))))
        for path in sorted(set(old) | set(new)):
            rows.append("  %-40s %8s %8s  %s" % (path, size(old.get(path)), size(new.get(path)),
                                                 change(old.get(path), new.get(path))))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", default=[],
                        help="another checkout, built, to compare with (again for more columns)")
    parser.add_argument("--modules", action="store_true", help="list each bundle's files against the first --against")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    here = read_tree(ROOT)
    others = [read_tree(folder) for folder in options.against]
    if options.json:
        print(json.dumps({"here": here, "against": dict(zip(options.against, others))}, indent=1))
        return
    print("\n".join(table(here, others, [pathlib.Path(folder).resolve().name for folder in options.against])))
    if options.modules:
        print("\n".join(module_rows(here, others[0] if others else {})))


if __name__ == "__main__":
    main()
