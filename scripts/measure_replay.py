"""Startup of the embed, the replay viewer and the history page against a baseline, in the same run.

The baseline is static/bench/minimal.html (PyScript starting MicroPython with
no kalah file: what no page of ours can beat). Pages load cold (fresh
context) then warm, one after the other in each round, so machine load hits
them alike; the ratios to the baseline are the figures to compare. The embed
should transfer under 1 MB and show its board within about a second.

    .venv/bin/python scripts/measure_replay.py [--runs 5] [--json]
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

GAME = "g=k1.K64.sAnn.nBob.m255246416253226456436112655163235466546161322&p=10"  # 45 plies
PAGES = (("baseline", "static/bench/minimal.html"), ("embed", "embed.html#" + GAME),
         ("replay", "replay.html#" + GAME), ("history", "history.html"))


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
                results[name].extend(r for r in measure(base + path, measure_options) if r["load"] == "cold")
    finally:
        server.shutdown()
    summary = {name: {"ready_ms": statistics.median(r["ready_ms"] for r in runs),
                      "bytes": statistics.median(r["bytes"] for r in runs)}
               for name, runs in results.items()}
    for name in summary:
        summary[name]["ready_vs_baseline"] = summary[name]["ready_ms"] / summary["baseline"]["ready_ms"]
    if options.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{'page':<9} {'cold ready ms':>14} {'bytes':>11} {'x baseline':>11}   (medians of {options.runs} runs)")
    for name, value in summary.items():
        print(f"{name:<9} {value['ready_ms']:>14.0f} {value['bytes']:>11,.0f} {value['ready_vs_baseline']:>10.2f}x")


if __name__ == "__main__":
    main()
