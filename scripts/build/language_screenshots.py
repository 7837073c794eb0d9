"""The translated pages' screenshots in docs/ (issue 40; docs/translating.md): the play page, the
embed and the analysis board in French and Arabic at 360 and 1280 px wide, and an embed in Arabic
at the frame's size the embed code declares.

    ./scripts/setup.sh && .venv/bin/python -m scripts.build.language_screenshots [--languages fr,ar]
        [--widths 360,1280] [--pages play,embed,analysis,embed-frame]

Serves this checkout in headless chromium (./scripts/setup.sh compiles its page modules first)
and writes docs/screenshot-PAGE-LANG-WIDTH.png, and docs/screenshot-embed-ar.png for the frame.
Each image is the viewport (a phone's first screen; the embed as a course page's frame holds it),
except the analysis board on a desktop: its whole page.
"""

import argparse
import pathlib

from kalah.library.links import EMBED_HEIGHT, EMBED_WIDTH
from scripts.bench.measure_replay import GAME
from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]
READY = "document.body.dataset.ready === '1'"
# The analysis board: kalah(6,4) after C-F b (South's extra turn, then North's reply), with North's e
# as a variation; shot once every value is proven and the main line's graph drawn.
STUDY = "analysis.html#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S&moves=362(5)&at=362"
PROVEN = """() => {
    const board = document.getElementById('board');
    return document.body.dataset.ready === '1' && board.dataset.values
        && board.dataset.valuesPosition === board.dataset.position
        && Object.values(JSON.parse(board.dataset.values)).every((value) => value.exact)
        && document.querySelector('#line .line-note') !== null && document.getElementById('graph').dataset.graph;
}"""
# Each page: its address, its height at each width, what to wait for, whether the whole page.
PAGES = {
    "play": ("index.html", {360: 820, 1280: 820}, READY, False),
    "embed": ("embed.html#" + GAME, {360: 340, 1280: 340}, READY, False),
    "analysis": (STUDY, {360: 1400, 1280: 900}, PROVEN, True),
}
# kalah(6,4): C-F, then North's b-a (b's last seed in North's store: an extra turn).
EMBED_FRAME = "embed.html#g=k1.K64.m3621&lang=ar"


def shoot(browser, base, name, language, width):
    address, heights, ready, whole = PAGES[name]
    context = browser.new_context(viewport={"width": width, "height": heights[width]}, locale="en-US",
                                  service_workers="block")
    page = context.new_page()
    page.goto(base + address + ("&" if "#" in address else "#") + "lang=" + language)
    page.wait_for_function(ready, timeout=120_000)
    page.evaluate("document.fonts.ready")
    path = ROOT / "docs" / ("screenshot-%s-%s-%d.png" % (name, language, width))
    page.screenshot(path=str(path), full_page=whole and width > 360)
    context.close()
    return path


def shoot_embed_frame(browser, base):
    page = browser.new_page(viewport={"width": EMBED_WIDTH, "height": EMBED_HEIGHT})
    page.goto(base + EMBED_FRAME)
    page.wait_for_function(READY, timeout=120_000)
    path = ROOT / "docs" / "screenshot-embed-ar.png"
    page.screenshot(path=str(path))
    page.close()
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="fr,ar")
    parser.add_argument("--widths", default="360,1280")
    parser.add_argument("--pages", default=",".join(list(PAGES) + ["embed-frame"]),
                        help="of: " + ", ".join(list(PAGES) + ["embed-frame"]))
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for name in options.pages.split(","):
                if name == "embed-frame":
                    print(shoot_embed_frame(browser, base).relative_to(ROOT))
                    continue
                for language in options.languages.split(","):
                    for width in options.widths.split(","):
                        print(shoot(browser, base, name, language, int(width)).relative_to(ROOT))
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
