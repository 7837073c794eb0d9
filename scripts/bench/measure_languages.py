"""The pages in French and Arabic against English, paired in the same run (issue 40).

Each page is opened in English, in French and in Arabic (PAGE#lang=fr: the head chooses the
language before anything is painted; English as PAGE#lang=en, the same address but the
language), cold (fresh context, empty cache) then warm (the same context again). In each round
the languages take turns going first, so that machine load hits them alike; a language's figure
over English's in the same run is the figure to compare.

For each load: the browser's first paint and first contentful paint (Paint Timing: a page kept
unseen while its words come in has its first contentful paint only once it shows), the page's
ready state (<body data-ready="1">), the page's own Python time (PyScript's `mpy:ready` to
data-ready: imports, drawing, the words it puts in) and the bytes it transferred. How a page is
loaded and timed is scripts/bench/measure_play.py's (no DevTools protocol attached, the service
worker blocked).

    .venv/bin/python -m scripts.bench.measure_languages [--runs 5] [--pages play,embed]
        [--languages fr,ar] [--json]
"""

import argparse
import json
import statistics

from scripts.bench import measure_play
from scripts.bench.measure_replay import GAME
from scripts.build.serve import start_server

SOURCE = "en"
# The pages by their short names: the address each opens (the embed and the replay viewer a game).
PAGES = {"play": "index.html", "embed": "embed.html#" + GAME, "rules": "rules.html", "history": "history.html",
         "replay": "replay.html#" + GAME, "puzzles": "puzzles.html", "analysis": "analysis.html", "lab": "lab.html"}
FIGURES = (("paint", "first paint"), ("contentful", "first contentful paint"), ("ready", "ready"),
           ("python", "own Python"))


def address(path, language):
    """The page's address in `language`, English too (lang=en), so that the pages of a pair differ
    only in their language: a fragment alone makes the play page read its address as a link."""
    return path + ("&" if "#" in path else "#") + "lang=" + language


def summarize(results, pages, languages):
    """{page: {load: {language: {figure: median ms, "bytes": median}, and "<lang>/en": {figure: ratio}}}}."""
    summary = {}
    for page in pages:
        summary[page] = {}
        for load in ("cold", "warm"):
            medians = {}
            for language in (SOURCE,) + languages:
                runs = results["%s-%s" % (page, language)][load]
                medians[language] = {key: round(statistics.median(run[key] for run in runs))
                                     for key, _ in FIGURES + (("bytes", ""),)}
            for language in languages:
                medians[language + "/" + SOURCE] = {
                    key: round(medians[language][key] / medians[SOURCE][key], 2) if medians[SOURCE][key] else None
                    for key, _ in FIGURES}
            summary[page][load] = medians
    return summary


def report(summary, languages, runs):
    print("medians of %d runs, ms from navigation start (own Python: PyScript's mpy:ready to data-ready)" % runs)
    print(f"{'page':<9} {'load':<5} {'lang':<5} {'paint':>6} {'FCP':>6} {'ready':>6} {'Python':>7} {'bytes':>10}")
    for page, loads in summary.items():
        for load, medians in loads.items():
            for language in (SOURCE,) + languages:
                value = medians[language]
                print(f"{page:<9} {load:<5} {language:<5} {value['paint']:>6} {value['contentful']:>6} "
                      f"{value['ready']:>6} {value['python']:>7} {value['bytes']:>10,}")
            for language in languages:
                ratio = medians[language + "/" + SOURCE]
                print(f"{page:<9} {load:<5} {language}/en " + ", ".join(
                    "%s %s" % (name, "-" if ratio[key] is None else "%.2fx" % ratio[key]) for key, name in FIGURES))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", default="play,embed", help="comma-separated, of: " + ", ".join(PAGES))
    parser.add_argument("--languages", default="fr,ar", help="comma-separated codes, each paired with English")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    pages = tuple(name for name in options.pages.split(",") if name)
    unknown = [name for name in pages if name not in PAGES]
    if unknown:
        parser.error("no page named %s (the pages: %s)" % (", ".join(unknown), ", ".join(PAGES)))
    languages = tuple(code for code in options.languages.split(",") if code and code != SOURCE)
    server, base = start_server(measure_play.ROOT, port=0)
    try:
        results = {}
        for page in pages:   # one page at a time, its languages alternating within each round
            targets = [("%s-%s" % (page, language), base + address(PAGES[page], language))
                       for language in (SOURCE,) + languages]
            results.update(measure_play.measure(targets, options.runs, rotate=True))
    finally:
        server.shutdown()
    summary = summarize(results, pages, languages)
    if options.json:
        print(json.dumps(summary, indent=2))
    else:
        report(summary, languages, options.runs)


if __name__ == "__main__":
    main()
