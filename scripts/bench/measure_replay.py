"""Startup of the embed, the replay viewer, the history page and the bot lab against a baseline, in the same run.

The baseline is static/bench/minimal.html (PyScript starting MicroPython with
no kalah file: what no page of ours can beat). Pages load cold (fresh
context) then warm, one after the other in each round, so machine load hits
them alike; the ratios to the baseline are the figures to compare. The embed
should transfer under 1 MB and show its board within about a second. How the
pages are loaded and timed is scripts/bench/measure_play.py's.

    .venv/bin/python -m scripts.bench.measure_replay [--runs 7] [--json] [--against DIR]
"""

import argparse


from scripts.bench import measure_play

GAME = "g=k1.K64.sAnn.nBob.m255246416253226456436112655163235466546161322&p=10"  # 45 plies
PAGES = (("baseline", "static/bench/minimal.html"), ("embed", "embed.html#" + GAME),
         ("replay", "replay.html#" + GAME), ("history", "history.html"), ("lab", "lab.html"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    measure_play.add_options(parser)
    measure_play.run(PAGES, parser.parse_args(argv))


if __name__ == "__main__":
    main()
