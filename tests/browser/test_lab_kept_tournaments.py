"""The lab keeps a class's work (issue 37): a tournament's results and games survive a reload of
lab.html (the real localStorage), export as the command line's CSV and as one file that
history.html imports, and every name or reason from a student's file is shown as text only."""

import json

from kalah.lab.game import LabGame
from kalah.lab.saved_tournaments import PREFIX, TournamentShelf, settings_of
from kalah.lab.tournament import Tournament

from scripts.harness import lab_page
from tests.lab.bots import RIGHTMOST

TOURNAMENT_MS = 240_000
HONEST_LIMIT = "5"      # no starved sandbox on a busy machine reaches it: only the players decide


def open_lab(page, site_url, wait_for_python_ready):
    page.goto(site_url + "lab.html")
    wait_for_python_ready(page)


def wait_shown(page):
    """Until the latest saved tournament is read back (its games replayed) and shown."""
    page.wait_for_function("document.body.dataset.tournament === 'saved'")


def tables(page):
    return lab_page.standings(page), page.eval_on_selector_all("#crosstable tbody tr", lab_page.ROWS)


def downloaded(page, button, tmp_path):
    with page.expect_download() as download:
        page.click(button)
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path


def command_line_csv(tmp_path):
    """The same tournament's CSV from `python -m kalah tournament --csv`."""
    path = tmp_path / "cli.csv"
    lab_page.command_line("python -m kalah tournament right.py --players first --time " + HONEST_LIMIT,
                                {"right": RIGHTMOST}, tmp_path, "--csv", str(path), "--quiet")
    return path.read_bytes()


def test_a_tournament_survives_a_reload_exports_like_the_command_line_and_its_games_import(
        page, site_url, wait_for_python_ready, new_context, tmp_path, save_screenshot):
    open_lab(page, site_url, wait_for_python_ready)
    assert page.inner_text("#t-saved").strip() == "(none yet)"
    assert page.is_disabled("#t-export-csv") and page.is_disabled("#t-delete-all")
    lab_page.set_up(page, {"right": RIGHTMOST}, ("first",), HONEST_LIMIT)
    page.click("#t-start")
    lab_page.wait_finished(page, TOURNAMENT_MS)
    played = tables(page)
    assert played[0] == [["1", "right", "2", "2", "0", "0", "0", "4", "76"],
                         ["2", "first", "2", "0", "0", "2", "0", "0", "20"]]
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('%s'))" % PREFIX)
    assert len(keys) == 1
    label = page.inner_text("#t-saved option")
    assert label.endswith(" · round robin · 2 players · 2 games")

    csv = downloaded(page, "#t-export-csv", tmp_path)
    assert csv.name.startswith("tournament-") and csv.suffix == ".csv"
    assert csv.read_bytes() == command_line_csv(tmp_path)
    assert page.inner_text("#t-message") == "Exported the standings as %s." % csv.name
    games = downloaded(page, "#t-export-games", tmp_path)
    records = json.loads(games.read_text())
    assert [(r["south"], r["north"], r["meta"]["game"], r["meta"]["source"]) for r in records] == [
        ("right", "first", 1, "lab-tournament"), ("first", "right", 2, "lab-tournament")]
    # Each exported game is the history's own copy (its id): imported here, nothing is doubled.
    history_ids = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))"
                                ".map(k => k.slice(11)).sort()")
    assert sorted(r["meta"]["id"] for r in records) == history_ids

    # A reload: the same tables, read back from storage.
    page.reload()
    wait_for_python_ready(page)
    wait_shown(page)
    assert tables(page) == played
    assert page.inner_text("#t-progress-text").endswith(": finished, 2 games.")
    assert page.evaluate("document.body.dataset.tournament") == "saved"
    assert page.inner_text("#t-saved option") == label
    assert downloaded(page, "#t-export-csv", tmp_path).read_bytes() == csv.read_bytes()
    assert page.get_attribute("#crosstable tbody a", "href").startswith("./replay.html#l=")
    save_screenshot(page)

    # The games file in another browser's history page (empty storage): both games, by name.
    other = new_context().new_page()
    other.goto(site_url + "history.html")
    wait_for_python_ready(other)
    other.set_input_files("#import-file", str(games))
    # The import runs in slices ("Importing from …" first): wait for its outcome.
    other.wait_for_function("document.querySelector('#message').textContent.startsWith('Imported from %s')"
                            % games.name)
    assert other.inner_text("#message").startswith("Imported from %s: 2 new" % games.name)
    assert other.locator("#games-body tr").count() == 2
    assert "right" in other.inner_text("#games-body") and "first" in other.inner_text("#games-body")

    # Deleting it (after a confirmation) removes its key only; its games stay in the history.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#t-delete")
    assert page.inner_text("#t-message") == "Deleted the tournament %s; its games stay in the history." % label
    assert page.inner_text("#t-saved").strip() == "(none yet)"
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('%s')).length" % PREFIX) == 0
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.game.')).length") == 2


HOSTILE_NAMES = ('<img src=x onerror="document.body.dataset.pwned=1">', '"><b>bold</b><script>pwned()</script>')
HOSTILE_REASON = '<img src=y onerror="document.body.dataset.pwned=2">'


def stored_tournament(names, play_game):
    """A round robin of `names`, each game played by play_game(its LabGame), saved as the lab saves
    one: (the storage it makes, {key: text}; the tournament)."""
    specs = [{"name": name, "source": ""} for name in names]
    tournament = Tournament(specs)
    games = {}
    for game in tournament.pending():
        lab_game = LabGame((tournament.names[game["south"]], tournament.names[game["north"]]))
        play_game(lab_game)
        games[game["id"]] = lab_game
        tournament.start(game["id"])
        tournament.record(game["id"], lab_game.as_dict())
    store = {}
    TournamentShelf(store).save("t1", 1, "2026-11-27 08:05", settings_of(tournament, specs, "kalah(6,4)", 1.0),
                                tournament, games)
    return store, tournament


def put_in_storage(page, store):
    """The page starts with `store` in its localStorage: the top window only (the players' sandboxed
    frames have none)."""
    page.add_init_script("if (window === window.top) { const s = %s; for (const k in s) localStorage.setItem(k, s[k]); }"
                         % json.dumps(store))


def hostile_store():
    """A stored tournament whose names and forfeit reason are markup, as a student's file or another
    page's storage could make them: {key: text}."""
    return stored_tournament(HOSTILE_NAMES, lambda game: game.answer(
        {"forfeit": {"kind": "error", "reason": HOSTILE_REASON}}))[0]


def test_names_and_reasons_from_students_files_are_shown_as_text_only(page, site_url, wait_for_python_ready,
                                                                      tmp_path):
    put_in_storage(page, hostile_store())
    open_lab(page, site_url, wait_for_python_ready)
    wait_shown(page)
    standings, crosstable = tables(page)
    assert standings == [["1", HOSTILE_NAMES[0], "2", "1", "0", "1", "1", "2", "48"],
                         ["1", HOSTILE_NAMES[1], "2", "1", "0", "1", "1", "2", "48"]]
    assert crosstable[0][0] == "#1 " + HOSTILE_NAMES[0]
    title = page.get_attribute("#crosstable tbody tr:first-child a[title*='forfeit'], "
                               "#crosstable tbody tr:first-child span[title*='forfeit']", "title")
    assert title == "%s against %s, game 1 as South: lost 0-48 by forfeit (%s)" % (
        HOSTILE_NAMES[0], HOSTILE_NAMES[1], HOSTILE_REASON)
    assert page.evaluate("document.querySelectorAll('main img, main b, main script').length") == 0
    assert page.evaluate("document.body.dataset.pwned") is None
    rows = downloaded(page, "#t-export-csv", tmp_path).read_text().splitlines()
    assert rows[1].startswith('1,"<img src=x onerror=""document.body.dataset.pwned=1"">","<img')


def test_unreadable_saved_tournaments_are_kept_aside_and_reported(page, site_url, wait_for_python_ready):
    store = hostile_store()
    data = json.loads(store[PREFIX + "t1"])
    data["games"]["0"]["scores"] = [48, 0]          # a result its moves do not give
    stored = {PREFIX + "t1": json.dumps(data), PREFIX + "t2": "{not json"}
    put_in_storage(page, stored)
    open_lab(page, site_url, wait_for_python_ready)
    # The page lists the tournaments, then replays the latest's games a slice at a time.
    page.wait_for_function("document.getElementById('t-message').textContent.includes('t1 could not')")
    assert page.inner_text("#t-message") == (
        "Saved tournaments: the saved tournament t2 could not be read (not valid JSON: syntax error); "
        "it was kept under kalah.lab.tournament-aside.t2; the saved tournament t1 could not be read "
        "(a game result whose scores do not follow from its moves); it was kept under "
        "kalah.lab.tournament-aside.t1.")
    assert page.evaluate("localStorage.getItem('kalah.lab.tournament-aside.t1')") == stored[PREFIX + "t1"]
    assert page.evaluate("localStorage.getItem('kalah.lab.tournament-aside.t2')") == "{not json"
    assert page.inner_text("#t-saved").strip() == "(none yet)"
    assert page.is_hidden("#standings")
    # Delete all removes the copies kept aside too, once confirmed.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#t-delete-all")
    assert page.inner_text("#t-message") == "Deleted 2 saved tournaments; their games stay in the history."
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.lab.tournament')).length") == 0


def class_round_robin(players=24, seed=1):
    """A stored round robin of a class (24 players, 552 games of random moves): (store, standings rows)."""
    import random
    rng = random.Random(seed)

    def random_moves(game):
        while not game.is_over():
            game.answer({"move": rng.choice(game.board.legal_moves)})
    store, tournament = stored_tournament(["student%02d" % i for i in range(players)], random_moves)
    return store, [[str(row[key]) for key in lab_page.STANDING_KEYS] for row in tournament.standings()]


def test_a_class_round_robin_is_shown_at_once_and_its_games_checked_a_slice_at_a_time(page, site_url,
                                                                                  wait_for_python_ready):
    store, rows = class_round_robin()
    put_in_storage(page, store)
    # What the page says, in order: its ready mark, the tournament shown and checked.
    page.add_init_script("""if (window === window.top) {
        window.seen = [];
        new MutationObserver(() => {
            const body = document.body, text = document.getElementById('t-progress-text');
            const now = [body && body.dataset.ready, body && body.dataset.tournament, text && text.textContent];
            const last = window.seen[window.seen.length - 1];
            if (!last || now.some((v, i) => v !== last[i])) window.seen.push(now);
        }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    }""")
    open_lab(page, site_url, wait_for_python_ready)
    wait_shown(page)
    assert tables(page)[0] == rows
    seen = page.evaluate("window.seen")
    ready = [k for k, (mark, shown, text) in enumerate(seen) if mark == "1"][0]
    # The standings were shown from the stored results as the page became ready (its buttons
    # answer), and the games' moves checked afterwards, a slice at a time.
    assert seen[ready][1:] == ["checking", "Saved tournament of 2026-11-27 08:05: finished, 552 games. "
                                           "Checking its games…"]
    assert page.inner_text("#t-progress-text") == "Saved tournament of 2026-11-27 08:05: finished, 552 games."


def test_with_storage_full_the_tournament_plays_on_says_so_and_still_exports(page, site_url, wait_for_python_ready,
                                                                             tmp_path):
    # Storage refuses every tournament (the top window only: the sandboxes have none).
    page.add_init_script("""if (window === window.top) {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith('kalah.lab.tournament.')) throw new DOMException('full', 'QuotaExceededError');
            return setItem.call(this, key, value);
        };
    }""")
    open_lab(page, site_url, wait_for_python_ready)
    lab_page.set_up(page, {"right": RIGHTMOST}, ("first",), HONEST_LIMIT)
    page.click("#t-start")
    full = ("Browser storage is full: this tournament is no longer saved in this browser (a reload loses its "
            "results). Export its standings and games, or delete old tournaments or games.")
    assert page.inner_text("#t-message") == full        # said at its start, in the click's handler
    lab_page.wait_finished(page, TOURNAMENT_MS)
    assert page.inner_text("#t-message") == full
    assert page.inner_text("#t-saved").strip() == "(none yet)"
    assert downloaded(page, "#t-export-csv", tmp_path).read_bytes() == command_line_csv(tmp_path)


def test_a_tournament_cut_short_by_a_reload_plays_on_to_the_command_lines_standings(
        page, site_url, wait_for_python_ready, tmp_path):
    # One game at a time (the page plays as many as the machine has cores), so that the
    # tournament is surely unfinished when paused after its first game.
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 1})")
    open_lab(page, site_url, wait_for_python_ready)
    command = lab_page.set_up(page, {"right": RIGHTMOST}, ("first", "random"), HONEST_LIMIT, seed=3)
    assert command == "python -m kalah tournament right.py --players random,first --rounds robin --time 5 --seed 3"
    page.click("#t-start")
    page.wait_for_function("parseInt(document.getElementById('t-progress').value) >= 1", timeout=TOURNAMENT_MS)
    page.click("#t-pause")          # no game starts after the second; the reload cuts that one short
    page.reload()
    wait_for_python_ready(page)
    wait_shown(page)
    stopped = page.inner_text("#t-progress-text")
    assert " stopped after " in stopped and stopped.endswith(" of 6 games.")
    page.click("#t-continue")
    assert page.evaluate("document.body.dataset.tournament") == "running"
    lab_page.wait_finished(page, TOURNAMENT_MS)
    played = tables(page)[0]
    page.reload()
    wait_for_python_ready(page)
    wait_shown(page)
    assert page.inner_text("#t-progress-text").endswith(": finished, 6 games.")
    assert tables(page)[0] == played
    assert page.locator("#t-saved option").count() == 1      # the same tournament, played on
    assert played == lab_page.command_line_standings(command, {"right": RIGHTMOST}, tmp_path)
