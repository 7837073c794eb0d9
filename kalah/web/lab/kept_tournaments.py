"""The lab's tournaments kept in this browser: saved after every game, listed, shown again after
a reload, deleted, and exported (the standings as CSV, the games as one file).

Storage and its checks are `kalah.lab.saved_tournaments` (pure Python): one localStorage key a
tournament, `kalah.lab.tournament.<id>`, versioned; an entry that cannot be read is kept aside
and reported here, never lost. The exports are `kalah.lab.exports`, the command line's own
(`python -m kalah tournament --csv F --games F`). Names and reasons from students' files go
into the page as text only (`el`, `textContent`).
"""

from pyscript import window

from kalah.errors import KalahError
from kalah.i18n import _, ngettext
from kalah.library.history import StorageFull
from kalah.lab.exports import games_file, standings_csv, tournament_records
from kalah.lab.saved_tournaments import TournamentShelf, settings_of
from kalah.web.common.dom import Timer, by_id, clear, el, listen

SLICE_MS = 12       # reading a saved tournament back works this long, then lets the page answer

GAMES_SOURCE = "lab-tournament"     # the records' meta "source": played in the lab page


def clock_ms():
    return window.performance.now()


class Shown:
    """The tournament on the page, whether running or read back: what the exports need."""

    def __init__(self, tournament, games, specs, date):
        self.tournament = tournament
        self.games = games          # {game id: LabGame} of its finished games
        self.specs = specs
        self.date = date


def tournament_label(data):
    """A stored tournament as one line for the list, in the page's language: date, system, players,
    games played (kalah.lab.saved_tournaments.label says it in the records' English)."""
    settings = data["settings"]
    players, games = len(settings["players"]), len(data["games"])
    return " · ".join((data["date"], _("round robin") if settings["system"] == "robin" else _("Swiss"),
                       ngettext("%(count)d player", "%(count)d players", players) % {"count": players},
                       ngettext("%(count)d game", "%(count)d games", games) % {"count": games}))


class KeptTournaments:
    """The saved tournaments' list, its buttons and the two exports. `is_running()`: a tournament is
    being played (none is shown or deleted meanwhile); `on_show(saved, checking)` shows a
    `kalah.lab.saved_tournaments.SavedTournament` (`checking`: its games are being checked), or
    hides the one shown (`saved` None: its check failed); `say(text, problem)` writes the
    tournament's message line."""

    def __init__(self, store, is_running, on_show, say):
        self.shelf = TournamentShelf(store)
        self.is_running = is_running
        self.on_show = on_show
        self.say = say
        self.shown = None           # a Shown, once a tournament is on the page
        self.shown_id = None        # its id in the store
        self.settings = None        # the running tournament's, as stored
        self.saved = None           # the saved tournament shown, once its games are checked
        self.job = None             # the saved tournament being read (an Opening), if any
        self.job_problems = []
        self.job_timer = Timer(self._open_slice)
        self.full = False           # storage refused the running tournament's last save
        listen(by_id("t-open"), "click", self.show_selected)
        listen(by_id("t-delete"), "click", self.delete_selected)
        listen(by_id("t-delete-all"), "click", self.delete_all)
        listen(by_id("t-export-csv"), "click", self.export_csv)
        listen(by_id("t-export-games"), "click", self.export_games)

    # -- the list ------------------------------------------------------------------------
    def load(self):
        """Read the saved tournaments, say what could not be read, and show the latest."""
        self.shelf.load()
        ids = self.shelf.newest_first()
        self.fill_list(ids[0] if ids else None)
        if self.shelf.problems:
            self.say(_("Saved tournaments: %(problems)s.") % {"problems": "; ".join(self.shelf.problems)}, True)
        if ids:
            self.open(ids[0], self.shelf.problems)

    def fill_list(self, selected=None):
        box = by_id("t-saved")
        clear(box)
        ids = self.shelf.newest_first()
        if not ids:
            box.appendChild(el("option", _("(none yet)"), attrs={"value": ""}))
        for entry_id in ids:
            box.appendChild(el("option", tournament_label(self.shelf.entries[entry_id]), attrs={"value": entry_id}))
        if selected in ids:
            box.value = selected
        by_id("t-delete-all").disabled = not ids and not self.shelf.problems

    def open(self, entry_id, problems=()):
        """Show a saved tournament from its stored results at once, then check its games (their
        moves replayed, a slice at a time: a class's round robin takes seconds under MicroPython)
        while the page answers; its exports wait for the check. `problems` were met before and
        are said again with any this meets."""
        self.job_problems = list(problems)
        try:
            self.job = self.shelf.opening(entry_id)
        except KalahError as error:
            self._failed(error)
            return
        saved = self.job.saved
        self.saved = None
        self.shown = Shown(saved.tournament, saved.games, saved.specs(), saved.date)
        self.shown_id = saved.id
        self.on_show(saved, True)
        by_id("t-export-csv").disabled = by_id("t-export-games").disabled = True
        self.job_timer.start(0)

    def _failed(self, error):
        self.job = None
        self.fill_list()
        self.say(_("Saved tournaments: %(problems)s.") % {"problems": "; ".join(self.job_problems + [str(error)])},
                 True)

    def _open_slice(self):
        job = self.job
        if job is None:
            return
        try:
            done = job.run(clock_ms, SLICE_MS)
        except KalahError as error:
            self._failed(error)
            self.on_show(None, False)
            return
        if not done:
            self.job_timer.start(0)
            return
        self.job = None
        self.saved = job.saved
        self.on_show(job.saved, False)
        self.enable_exports()

    def show_selected(self, event=None):
        entry_id = str(by_id("t-saved").value)
        if not entry_id:
            self.say(_("No saved tournament yet: start one."), True)
            return
        if self.is_running():
            self.say(_("A tournament is running: stop it first to show another."), True)
            return
        self.say("")
        self.open(entry_id)

    def delete_selected(self, event=None):
        entry_id = str(by_id("t-saved").value)
        if not entry_id:
            return
        if self.is_running() and self.shown_id == entry_id:
            self.say(_("This tournament is running: stop it before deleting it."), True)
            return
        text = tournament_label(self.shelf.entries[entry_id])
        if not window.confirm(_("Delete the saved tournament %(tournament)s? Export it first to keep a copy.") % {
                "tournament": text}):
            return
        self.shelf.delete(entry_id)
        if entry_id == self.shown_id:
            self.saved = None       # still shown, but no longer one to continue
            by_id("t-continue").disabled = True
        self.fill_list()
        self.say(_("Deleted the tournament %(tournament)s; its games stay in the history.") % {"tournament": text})

    def delete_all(self, event=None):
        if self.is_running():
            self.say(_("A tournament is running: stop it before deleting the saved ones."), True)
            return
        if not window.confirm(_("Delete every saved tournament (and the copies set aside that could not be read)? "
                                "Export them first to keep a copy; their games stay in the history.")):
            return
        count = self.shelf.delete_all()
        self.saved = None
        by_id("t-continue").disabled = True
        self.fill_list()
        self.say(ngettext("Deleted %(count)d saved tournament; their games stay in the history.",
                          "Deleted %(count)d saved tournaments; their games stay in the history.", count) % {
            "count": count})

    # -- the running tournament --------------------------------------------------------
    def begin(self, tournament, specs, rules, time_limit, games):
        """A new tournament starts: shown, and saved (again after each game by `save`)."""
        from kalah.web.common import storage
        self.job = None             # a tournament being read back gives way to the new one
        self.saved = None
        self.shown_id = "t" + storage.base36(storage.now_ms()) + storage.base36(int(window.Math.random() * 36 ** 4))
        self.shown = Shown(tournament, games, specs, storage.iso_now())
        self.settings = settings_of(tournament, specs, rules, time_limit)
        self.full = False
        self.enable_exports()
        self.save()
        self.fill_list(self.shown_id)

    def unfinished(self):
        """The saved tournament shown, checked and unfinished, that could be played on; else None."""
        shown = self.saved
        if shown is None or self.job is not None or shown.tournament.finished():
            return None
        return shown

    def carry_on(self, saved, specs, games):
        """The saved tournament shown plays on: saved again under its own key after each game."""
        self.saved = None
        self.shown = Shown(saved.tournament, games, specs, saved.date)
        self.shown_id = saved.id
        self.settings = saved.settings
        self.full = False

    def save(self):
        """Keep the running tournament as it is now; say once when storage is full."""
        from kalah.web.common import storage
        shown = self.shown
        try:
            self.shelf.save(self.shown_id, storage.now_ms(), shown.date, self.settings, shown.tournament, shown.games)
        except StorageFull:
            if not self.full:
                self.say(_("Browser storage is full: this tournament is no longer saved in this browser "
                           "(a reload loses its results). Export its standings and games, or delete old "
                           "tournaments or games."), True)
            self.full = True
            return
        if self.full:
            self.full = False
            self.say("")
        self.fill_list(str(by_id("t-saved").value) or self.shown_id)

    # -- exports ---------------------------------------------------------------------------
    def enable_exports(self):
        by_id("t-export-csv").disabled = False
        by_id("t-export-games").disabled = False

    def file_stem(self):
        # The date came from storage: only its digits and dashes go into a file name.
        date = "".join(c for c in self.shown.date.replace(" ", "-") if c.isdigit() or c == "-")
        return "tournament-" + date

    def export_csv(self, event=None):
        from kalah.web.common.files import download
        shown = self.shown
        name = self.file_stem() + ".csv"
        download(standings_csv(shown.tournament, shown.specs), "text/csv", name)
        self.say(_("Exported the standings as %(file)s.") % {"file": name})

    def export_games(self, event=None):
        from kalah.web.common.files import download
        shown = self.shown
        records = tournament_records(shown.tournament, shown.games, GAMES_SOURCE)
        ids = [game["id"] for game in shown.tournament.games if game["id"] in shown.games]
        for record, game_id in zip(records, ids):
            key = shown.tournament.results[game_id].get("key")
            if key:
                record.meta["id"] = key      # the same game as the history's: imported, it is not doubled
            record.meta["date"] = shown.date
        name = self.file_stem() + "-games.json"
        download(games_file(records), "application/json", name)
        # (the English says "games" for one too, as the page always has)
        self.say(ngettext("Exported %(count)d games as %(file)s: the History page imports them.",
                          "Exported %(count)d games as %(file)s: the History page imports them.", len(records)) % {
            "count": len(records), "file": name})
