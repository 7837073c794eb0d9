"""Startup of the play page against a baseline, measured in the same run.

The baseline (static/bench/minimal.html) is PyScript starting MicroPython and
setting data-ready with no kalah file and no page work: what no page of ours
can beat. Both pages are loaded cold (fresh context) then warm, alternately,
so machine load hits both alike; the ratio is the figure to compare.

    .venv/bin/python scripts/measure_play.py [--runs 5] [--json]

Also reports the play page's time to the computer being ready (its Pyodide
worker answering) when --computer is given.
"""

import argparse
import json
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from measure_startup import measure  # noqa: E402
from serve import start_server  # noqa: E402

PAGES = (("baseline", "static/bench/minimal.html"), ("play", ""))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    measure_options = argparse.Namespace(runs=1, ready_selector='body[data-ready="1"]', worker_ready=None,
                                         timeout=60)
    server, base = start_server(ROOT, port=0)
    results = {name: [] for name, _ in PAGES}
    try:
        for _ in range(options.runs):
            for name, path in PAGES:
                results[name].extend(measure(base + path, measure_options))
    finally:
        server.shutdown()
    summary = {}
    for name, _ in PAGES:
        for kind in ("cold", "warm"):
            runs = [r for r in results[name] if r["load"] == kind]
            summary[(name, kind)] = {"ready_ms": statistics.median(r["ready_ms"] for r in runs),
                                     "bytes": statistics.median(r["bytes"] for r in runs)}
    if options.json:
        print(json.dumps({"%s-%s" % key: value for key, value in summary.items()}, indent=2))
        return
    print(f"{'page':<9} {'load':<5} {'ready ms':>9} {'bytes':>11}   (medians of {options.runs} runs)")
    for (name, kind), value in summary.items():
        print(f"{name:<9} {kind:<5} {value['ready_ms']:>9.0f} {value['bytes']:>11,.0f}")
    for kind in ("cold", "warm"):
        ratio = summary[("play", kind)]["ready_ms"] / summary[("baseline", kind)]["ready_ms"]
        print(f"play/baseline {kind}: {ratio:.2f}x the time")


if __name__ == "__main__":
    main()
