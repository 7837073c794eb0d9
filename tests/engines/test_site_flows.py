"""The rest of issue 27's flows in Firefox and WebKit: a preset game against the computer, the
history, a replay from a share link stepped by keys, the embed on another site, the lab's
sandboxed bot and a small tournament. Start-up figures go to test-artifacts/engines-startup.json
(docs/browsers.md)."""

import json
import pathlib
import time

import pytest

from kalah.library.links import embed_fragment, share_fragment
from scripts.harness import lab_page
from scripts.harness.random_games import random_game
from tests.browser.course_page import HEIGHT_LISTENER
from tests.browser.play_driver import house_selector
from tests.lab.bots import FIRST, RIGHTMOST

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIGURES = ROOT / "test-artifacts" / "engines-startup.json"


def record_figure(engine, what, seconds):
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    figures.setdefault(engine.name, {})[what] = round(seconds, 2)
    FIGURES.parent.mkdir(exist_ok=True)
    FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True))


def fill(engine, selector, value):
    """Set a form field as typing would: its value, then input and change."""
    engine.run("const e = document.querySelector(arguments[0]); e.value = arguments[1];"
               "e.dispatchEvent(new Event('input', {bubbles: true}));"
               "e.dispatchEvent(new Event('change', {bubbles: true})); return 1;", selector, value)


def a_game(seed=11):
    return random_game(seed, south="Ann", north="Bob")


def test_a_preset_game_against_the_computer(engine, engine_site):
    started = time.monotonic()
    engine.goto(engine_site + "index.html#rules=kalah(6,4)&south=person&north=level3")
    engine.wait_ready()
    record_figure(engine, "play page ready", time.monotonic() - started)
    engine.click(house_selector(0, 2))   # 4 seeds from B: North moves next
    clicked = time.monotonic()
    # The computer (Pyodide in a worker) answers: North's store or a North house changed, South to move.
    engine.wait("/South/.test(document.getElementById('status').textContent) && "
                "!document.querySelector('#board').classList.contains('kb-animating') && "
                "[...document.querySelectorAll('#board .kb-house[data-side=\"1\"]')].some(b => b.dataset.count !== '4')",
                timeout=180)
    record_figure(engine, "computer's first answer", time.monotonic() - clicked)


def test_the_history_lists_a_game_and_opens_it(engine, engine_site):
    engine.goto(engine_site + "index.html#rules=kalah(6,4)&south=person&north=person")
    engine.wait_ready()
    engine.click(house_selector(0, 3))   # ends in the store: South again
    engine.wait("document.querySelector(%s).dataset.count === '0' && "
                "!document.querySelector('#board').classList.contains('kb-animating')" % json.dumps(house_selector(0, 3)))
    engine.click(house_selector(0, 6))
    engine.wait("/North/.test(document.getElementById('status').textContent)")
    engine.goto(engine_site + "history.html")
    engine.wait_ready()
    rows = engine.wait("document.querySelectorAll('#games-body tr').length && "
                       "[...document.querySelectorAll('#games-body tr')].map(r => r.innerText)")
    assert len(rows) == 1 and "kalah(6,4)" in rows[0] and "unfinished" in rows[0]
    engine.click("#games-body a")
    engine.wait("location.pathname.endsWith('replay.html')")
    engine.wait_ready()
    assert engine.wait("document.getElementById('ply-slider') && document.getElementById('ply-slider').value") == "2"


def test_a_replay_from_a_share_link_steps_by_keys(engine, engine_site):
    record = a_game()
    engine.goto(engine_site + "replay.html#" + share_fragment(record, 10))
    engine.wait_ready()
    assert engine.run("return document.getElementById('ply-slider').value;") == "10"
    engine.click("#ply-slider")   # a click anywhere in the viewer gives it the keys
    engine.run("document.getElementById('ply-slider').focus(); return 1;")
    engine.keys("Home")
    engine.wait("document.getElementById('ply-slider').value === '0'")
    engine.keys("ArrowRight", "ArrowRight")
    engine.wait("document.getElementById('ply-slider').value === '2'")

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course page</title>
<link rel="icon" href="data:,"><script src="/__kalah_guard.js"></script></head><body style="margin:8px">
<h1>Week 3</h1>
<iframe id="frame" src="%s" title="Kalah game" width="420" height="200"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" style="border:0;width:%dpx"></iframe>
""" + HEIGHT_LISTENER + "</body></html>"


@pytest.mark.parametrize("width", [360, 1280])
def test_the_embed_on_another_site_fits_takes_keys_after_a_click_or_tap(engine, engine_site, other_site, width):
    url, folder = other_site
    (folder / "__kalah_guard.js").write_text((ROOT / "tests" / "engines" / "guard.js").read_text())
    # The frame sized as the course page sizes it (a window may not shrink to a phone's width).
    record = a_game()
    (folder / "course.html").write_text(HOST % (engine_site + "embed.html#" + embed_fragment(record, ply=4), width))
    engine.goto(url + "course.html")
    engine.wait("window.heights.length > 0")
    engine.frame("#frame")
    engine.wait_ready()
    assert engine.run("return innerWidth;") == width
    assert engine.run("return document.getElementById('ply-slider').value;") == "4"
    # It fits: nothing wider than the frame.
    overflow = engine.run("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
    assert overflow <= 0
    assert not engine.run("return document.getElementById('board').classList.contains('failed');")
    engine.click("#board")   # a click anywhere in the embed gives it the keys
    engine.keys("ArrowRight")
    engine.wait("document.getElementById('ply-slider').value === '5'")
    # Back on the course page, the keys are the host's; a tap on the embed's text (nothing
    # focusable there) gives them to the embed again.
    engine.frame(None)
    engine.click("h1")
    engine.keys("ArrowRight")
    engine.frame("#frame")
    assert engine.run("return document.getElementById('ply-slider').value;") == "5"
    engine.tap("#ply-label")
    engine.keys("ArrowRight")
    engine.wait("document.getElementById('ply-slider').value === '6'")
    # "Open in a new tab": the game at the move shown, on the site's replay page (the embed stores nothing).
    link = engine.run("const a = document.getElementById('open-tab');"
                      "return [a.target, a.rel, a.href, a.getBoundingClientRect().right <= innerWidth];")
    assert link == ["_blank", "noopener", engine_site + "replay.html#" + share_fragment(record, 6), True]
    engine.frame(None)


def test_the_lab_plays_a_sandboxed_bot_and_a_small_tournament(engine, engine_site):
    started = time.monotonic()
    engine.goto(engine_site + "lab.html")
    engine.wait_ready()
    engine.run(lab_page.WATCH_STARTS + "; return 1;")
    for name, source in (("right", RIGHTMOST), ("first_bot", FIRST)):
        fill(engine, "#player-name", name)
        fill(engine, "#code", source)
        engine.click("#save")
        engine.wait(f"/Saved {name}/.test(document.getElementById('player-message').textContent)")
    fill(engine, "#time-limit", "5")
    fill(engine, "#move-delay", "0")
    fill(engine, "#opponent", "ai:random")
    engine.click("#play")
    # 240 s once at load average 20-39 in WebKit (docs/browsers.md): a wait, so room costs nothing.
    engine.wait("/to move|wins|Draw/.test(document.getElementById('game-status').textContent)", timeout=480)
    record_figure(engine, "lab players started", time.monotonic() - started)
    status = engine.wait("document.getElementById('stop').disabled && "
                         "/wins|Draw|forfeits/.test(document.getElementById('game-status').textContent) && "
                         "document.getElementById('game-status').textContent", timeout=240)
    assert "forfeits" not in status
    for value in ("saved:first_bot", "saved:right"):
        engine.click(f"#entrants input[value='{value}']")
    fill(engine, "#tournament-seed", "7")
    engine.click("#t-start")
    engine.wait("document.body.dataset.tournament === 'finished'", timeout=300)
    assert engine.run("return document.getElementById('t-progress-text').textContent;").startswith("Finished: ")
    # Every player's sandbox restored the page's snapshot of Python (none started afresh).
    starts = engine.run("return window.kalahStarts;")
    assert len(starts) >= 6 and set(starts) == {"snapshot"}, starts
