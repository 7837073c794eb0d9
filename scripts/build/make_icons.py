"""Render static/icons/icon.svg to the PNG sizes the web manifest lists.

Run after editing the SVG: .venv/bin/python -m scripts.build.make_icons
(uses the same headless chromium as the tests; the PNGs are committed).
"""

import pathlib

from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]
ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)


def main():
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0;background:transparent">'
                             f'<div style="width:{size}px;height:{size}px">{svg}</div></body>')
            page.locator("svg").evaluate(f"svg => {{ svg.setAttribute('width', {size}); svg.setAttribute('height', {size}); }}")
            target = ICONS / f"icon-{size}.png"
            page.locator("svg").screenshot(path=str(target), omit_background=True)
            print(f"wrote {target.relative_to(ROOT)}")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
