"""The docs' screenshots of the analysis board in French and Arabic (issue 40; docs/translating.md).

    ./scripts/setup.sh && .venv/bin/python -m scripts.build.doc_screenshots

Serves this checkout, opens analysis.html on a position a few moves into a game (its study's moves,
values and best line all shown) in each language and width, waits until every value is proven,
and writes docs/screenshot-analysis-<lang>-<width>.png (the page's first screen).
"""

import pathlib

from playwright.sync_api import sync_playwright

from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]
# kalah(6,4) after C-F b (South's extra turn, then North's reply), with North's e as a variation.
STUDY = "analysis.html#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S&moves=362(5)&at=362"
SHOTS = (("fr", 360), ("fr", 1280), ("ar", 360), ("ar", 1280))
HEIGHT = {360: 1400, 1280: 900}
PROVEN = """() => {
    const board = document.getElementById('board');
    return document.body.dataset.ready === '1' && board.dataset.values
        && board.dataset.valuesPosition === board.dataset.position
        && Object.values(JSON.parse(board.dataset.values)).every((value) => value.exact)
        && document.querySelector('#line .line-note') !== null;
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
                page.screenshot(path=str(path))
                print("wrote", path.relative_to(ROOT))
                page.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
