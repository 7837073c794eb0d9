"""The docs' screenshots of the analysis board in French and Arabic and of an embed in Arabic
(issue 40; docs/translating.md).

    ./scripts/setup.sh && .venv/bin/python -m scripts.build.doc_screenshots

Serves this checkout (./scripts/setup.sh compiles its page modules first), opens analysis.html
on a position a few moves into a game (its study's moves, values and best line all shown) in each
language and width, waits until every value is proven and the main line's graph drawn, and
writes docs/screenshot-analysis-<lang>-<width>.png (a phone's first screen, a desktop's whole
page); then an embed of a four-move game in Arabic, at the frame's size the embed code declares:
docs/screenshot-embed-ar.png.
"""

import pathlib

from playwright.sync_api import sync_playwright

from kalah.library.links import EMBED_HEIGHT, EMBED_WIDTH
from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]
# kalah(6,4) after C-F b (South's extra turn, then North's reply), with North's e as a variation.
STUDY = "analysis.html#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S&moves=362(5)&at=362"
SHOTS = (("fr", 360), ("fr", 1280), ("ar", 360), ("ar", 1280))
HEIGHT = {360: 1400, 1280: 900}
# kalah(6,4): C-F, then North's b-a (b's last seed in North's store: an extra turn).
EMBED = "embed.html#g=k1.K64.m3621&lang=ar"
PROVEN = """() => {
    const board = document.getElementById('board');
    return document.body.dataset.ready === '1' && board.dataset.values
        && board.dataset.valuesPosition === board.dataset.position
        && Object.values(JSON.parse(board.dataset.values)).every((value) => value.exact)
        && document.querySelector('#line .line-note') !== null && document.getElementById('graph').dataset.graph;
}"""


def main():
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for language, width in SHOTS:
                page = browser.new_page(viewport={"width": width, "height": HEIGHT[width]})
                page.goto("%s%s&lang=%s" % (url, STUDY, language))
                page.wait_for_function(PROVEN, timeout=120_000)
                path = ROOT / "docs" / ("screenshot-analysis-%s-%d.png" % (language, width))
                page.screenshot(path=str(path), full_page=width > 360)   # a phone: its first screen
                print("wrote", path.relative_to(ROOT))
                page.close()
            page = browser.new_page(viewport={"width": EMBED_WIDTH, "height": EMBED_HEIGHT})
            page.goto(url + EMBED)
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
            page.screenshot(path=str(ROOT / "docs" / "screenshot-embed-ar.png"))
            print("wrote docs/screenshot-embed-ar.png")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
