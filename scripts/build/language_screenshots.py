"""The translated pages' screenshots in docs/ (issue 40): the play page and the embed, in French and
Arabic, at 360 and 1280 px wide, as a first visit sees them once ready.

    .venv/bin/python -m scripts.build.language_screenshots [--languages fr,ar] [--widths 360,1280]

Writes docs/screenshot-PAGE-LANG-WIDTH.png (PAGE: play or embed), serving this checkout in
headless chromium. Each image is the viewport (the embed's frame is 340 px high, the play
page's first screen 820 px), not the whole page.
"""

import argparse
import pathlib

from scripts.bench.measure_replay import GAME
from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Each page: its address and the viewport's height (the embed as a course page's frame holds it).
PAGES = {"play": ("index.html", 820), "embed": ("embed.html#" + GAME, 340)}


def shoot(browser, base, name, language, width):
    address, height = PAGES[name]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  service_workers="block")
    page = context.new_page()
    page.goto(base + address + ("&" if "#" in address else "#") + "lang=" + language)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    page.evaluate("document.fonts.ready")
    path = ROOT / "docs" / ("screenshot-%s-%s-%d.png" % (name, language, width))
    page.screenshot(path=str(path))
    context.close()
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="fr,ar")
    parser.add_argument("--widths", default="360,1280")
    parser.add_argument("--pages", default=",".join(PAGES), help="of: " + ", ".join(PAGES))
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for name in options.pages.split(","):
                for language in options.languages.split(","):
                    for width in options.widths.split(","):
                        print(shoot(browser, base, name, language, int(width)).relative_to(ROOT))
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
