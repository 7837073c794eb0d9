"""The bot lab page (lab.html): write a player, try it, run tournaments.

The page's Python (MicroPython) is the referee: it holds the games and the
tournament. Every player runs in a sandbox of its own, for one game only:
its own Pyodide in a worker inside a sandboxed iframe with an opaque origin
and no network (`kalah.web.lab.bot_sandbox`, static/js/bot-sandbox.js), asked
one move at a time (`kalah.web.lab.games.GameRunner`). Inside the sandbox a
bot's work budget (`kalah.lab.work`) stops it at the move's limit; a bot
the count cannot reach is stopped here: past the time rule's ceiling, 3 x the limit
+ 1 s (`kalah.lab.game.wall_ceiling`), its sandbox is closed and the bot
forfeits on time. The page never waits on a player.

The modules of the page, by concern (each reports through callbacks):
players (names and the saved players), editor (the code editor), settings
(size, time limit, delay), games (one game), try_game (trying the player),
tournament (tournaments and their tables), kept_tournaments (tournaments kept in
this browser, and their exports), bot_sandbox (the sandboxes), and
this module (the player being written: draft, check, save, files; storage
of games; wiring).

The editor's text is kept under DRAFT_KEY as the student types, so a reload
loses nothing.
"""

import json

from pyscript import document, window

from kalah.errors import KalahError
from kalah.i18n import _, translated
from kalah.library.history import StorageFull
from kalah.web.common.dom import Timer, by_id, listen, missing, page_ready, proxy, show_message
from kalah.web.lab.bot_sandbox import SandboxClient, SandboxPool
from kalah.web.lab.editor import Editor
from kalah.web.lab.lab_words import load_error_text
from kalah.web.lab.players import MAX_NAME, MAX_SOURCE, PlayerShelf, fill_player_lists, valid_name
from kalah.web.lab.settings import LabSettings
from kalah.web.lab.tournament import TournamentPanel
from kalah.web.lab.try_game import TryGame

DRAFT_KEY = "kalah.lab.draft"
TEMPLATES = ("select_move", "algorithm")
CHECK_DELAY_MS = 700     # the editor checks the code this long after the last key


# -- the page ------------------------------------------------------------------------
class LabPage:
    def __init__(self):
        from kalah.web.common import storage
        self.storage = storage
        self.store = storage.local_store()
        self.shelf = PlayerShelf(self.store)
        self.history = None
        self.editor = Editor(self.code_changed)
        self.checker = None
        self.check_timer = Timer(self.check_code)
        self.check_serial = 0
        self.saved_check = None   # (name, source) of a save whose compile check has not answered
        self.draft_timer = Timer(self.save_draft)
        self.pool = SandboxPool()
        self.tournament = TournamentPanel(self.settings, self.shelf.source, self.store_game, self.pool, self.store)
        self.lab_settings = LabSettings(self.store, self.tournament.update_command)
        self.try_game = TryGame(self.settings, self.editor, self.shelf.source, self.store_game, self.pool)
        self.fill_players()
        self.wire()
        self.restore_draft()
        if self.shelf.problem:
            self.player_message(self.shelf.problem, problem=True)
        self.tournament.update_command()
        self.tournament.kept.load()

    # -- small helpers -----------------------------------------------------
    def player_message(self, text, problem=False):
        # Each press of Save, Open or Delete is answered, even with the same words as before.
        show_message(by_id("player-message"), text, problem, again=True)

    def settings(self):
        """(rules name, time limit s, delay ms, show board), or KalahError."""
        return self.lab_settings.read()

    def fill_players(self):
        fill_player_lists(self.shelf.names())

    def template(self, kind):
        with open("kalah/lab/templates/%s.py" % kind) as handle:
            return handle.read()

    # -- editing, saving, files -----------------------------------------------------
    def restore_draft(self):
        text = self.store.get(DRAFT_KEY)
        draft = None
        if text:
            try:
                draft = json.loads(text)
            except ValueError:
                draft = None
        if isinstance(draft, dict) and isinstance(draft.get("source"), str):
            by_id("player-name").value = str(draft.get("name") or "my_player")[:MAX_NAME]
            self.editor.set_text(draft["source"])
        else:
            self.editor.set_text(self.template("select_move"))
        self.check_timer.start(10)

    def save_draft(self):
        try:
            self.store[DRAFT_KEY] = json.dumps({"name": str(by_id("player-name").value), "source": self.editor.text})
        except StorageFull:
            self.player_message(_("Browser storage is full: export your player (.py) so as not to lose it."), True)

    def code_changed(self):
        self.draft_timer.start(300)
        self.check_timer.start(CHECK_DELAY_MS)

    def check_code(self):
        """Ask a worker to compile the code; show an error at its line."""
        if self.checker is None or self.checker.failure is not None:
            self.checker = SandboxClient()
        self.check_serial += 1
        serial = self.check_serial
        source = self.editor.text
        name = str(by_id("player-name").value).strip() or "bot"

        def checked(data):
            if serial != self.check_serial:
                return   # the code changed meanwhile
            if data.get("ok"):
                show_message(by_id("code-error"), "")
                self.editor.mark_error(None)
                by_id("code").removeAttribute("aria-invalid")
            else:
                show_message(by_id("code-error"), load_error_text(data))
                self.editor.mark_error(data.get("line"))
                by_id("code").setAttribute("aria-invalid", "true")

        def failed(message):
            by_id("code-error").textContent = _("The code could not be checked: %(reason)s") % {
                "reason": translated(message)}

        if self.checker.busy():
            # A file that loops while loading must not hold the checker: a new sandbox (which
            # takes over a save's compile check that was waiting).
            self.checker.terminate()
            self.checker = SandboxClient()
            if self.saved_check is not None:
                self.check_saved(*self.saved_check)
        self.checker.call("kalah.lab.worker_api:check", {"source": source, "name": name}, checked, None, failed)

    def save_player(self, event=None):
        try:
            name = valid_name(str(by_id("player-name").value))
            source = self.editor.text
            if len(source) > MAX_SOURCE:
                raise KalahError(_("the file is longer than %(count)d characters") % {"count": MAX_SOURCE})
            self.shelf.save(name, source)
        except KalahError as error:
            self.player_message(_("Not saved: %(reason)s.") % {"reason": translated(error)}, True)
            return
        except StorageFull:
            self.player_message(_("Not saved: browser storage is full. Export the player (.py) or delete old games "
                                  "on the History page."), True)
            return
        by_id("player-name").value = name
        self.fill_players()
        by_id("saved").value = name
        self.player_message(_("Saved %(player)s in this browser.") % {"player": name})
        self.check_saved(name, source)

    def check_saved(self, name, source):
        """Say at once, not at its first game, when the player saved does not compile. Its code is
        compiled by the Python that runs it (Pyodide's, in a sandbox), never run: the page's
        MicroPython gives no column and refuses Python it lacks (a `match` statement)."""
        if self.checker is None or self.checker.failure is not None:
            self.checker = SandboxClient()
        self.saved_check = (name, source)

        def checked(data):
            if self.saved_check != (name, source):
                return   # saved again meanwhile: that save's check speaks
            self.saved_check = None
            if not data.get("ok"):
                self.player_message(_("Saved %(player)s in this browser, but it cannot play yet: %(reason)s.") % {
                    "player": name, "reason": load_error_text(data)}, True)
                self.editor.mark_error(data.get("line"))
        self.checker.call("kalah.lab.worker_api:syntax", {"source": source, "filename": name + ".py"}, checked)

    def keeps_unsaved_work(self, what):
        """False when the editor holds work that is neither saved nor a template
        and the student does not want `what` to replace it."""
        text = self.editor.text
        name = str(by_id("player-name").value).strip()
        if not text.strip() or text in [self.template(kind) for kind in TEMPLATES]:
            return True
        if name in self.shelf.players and self.shelf.source(name) == text:
            return True
        return bool(window.confirm(_("Replace the code in the editor with %(what)s? Its changes are not saved: "
                                     "Cancel, then Save or Export them to keep them.") % {"what": what}))

    def open_player(self, event=None):
        name = str(by_id("saved").value)
        if not name:
            self.player_message(_("No saved player to open yet: write one and press Save."), True)
            return
        if not self.keeps_unsaved_work(name):
            return
        self.editor.set_text(self.shelf.source(name))
        by_id("player-name").value = name
        self.save_draft()
        self.check_timer.start(10)
        self.player_message(_("Opened %(player)s.") % {"player": name})

    def delete_player(self, event=None):
        name = str(by_id("saved").value)
        if not name:
            return
        if not window.confirm(_("Delete the saved player %(player)s? Export it first to keep a copy.") % {
                "player": name}):
            return
        try:
            self.shelf.delete(name)
        except StorageFull:
            self.player_message(_("Could not delete: browser storage refused the change."), True)
            return
        self.fill_players()
        self.player_message(_("Deleted %(player)s; the editor still holds its code.") % {"player": name})

    def new_from_template(self, kind):
        if not self.keeps_unsaved_work(_("the %(template)s template") % {"template": kind}):
            return
        self.editor.set_text(self.template(kind))
        self.save_draft()
        self.check_timer.start(10)
        self.player_message(_("A new player from the %(template)s template.") % {"template": kind})

    def export_player(self, event=None):
        from kalah.web.common.files import download
        name = str(by_id("player-name").value).strip() or "player"
        safe = "".join(c if (c.isalpha() or c.isdigit() or c in "_-") else "_" for c in name)
        download(self.editor.text, "text/x-python", safe + ".py")
        self.player_message(_("Exported %(file)s.") % {"file": safe + ".py"})

    def import_player(self, event):
        files = event.target.files
        if missing(files) or files.length == 0:
            return
        handle = files.item(0)
        file_name = str(handle.name)
        if int(handle.size) > MAX_SOURCE:
            self.player_message(_("%(file)s is too large for a player (more than %(count)d characters).") % {
                "file": file_name, "count": MAX_SOURCE}, True)
            return

        def loaded(text):
            text = str(text)
            event.target.value = ""
            if "\x00" in text:
                self.player_message(_("%(file)s is not a text file.") % {"file": file_name}, True)
                return
            if not self.keeps_unsaved_work(file_name):
                return
            self.editor.set_text(text.replace("\r\n", "\n"))
            stem = file_name[:-3] if file_name.endswith(".py") else file_name
            by_id("player-name").value = stem[:MAX_NAME]
            self.save_draft()
            self.check_timer.start(10)
            self.player_message(_("Imported %(file)s: press Save to keep it under its name.") % {"file": file_name})

        handle.text().then(proxy(loaded))

    # -- history ------------------------------------------------------------------------
    def store_game(self, game, meta):
        """Save a finished game in the history; its id, or None when storage is full."""
        record = game.record(meta)
        record.meta["id"] = self.storage.new_game_id()
        record.meta["date"] = self.storage.iso_now()
        try:
            if self.history is None:
                self.history = self.storage.open_history()
            return self.history.save(record, self.storage.now_ms(), self.storage.tab_token())
        except StorageFull:
            if meta.get("source") == "lab-tournament":
                by_id("t-message").textContent = _("Browser storage is full: games are no longer stored in the "
                                                   "history. Delete old games on the History page.")
            return None

    # -- wiring ----------------------------------------------------------------------------
    def wire(self):
        listen(by_id("save"), "click", self.save_player)
        listen(by_id("open"), "click", self.open_player)
        listen(by_id("delete"), "click", self.delete_player)
        listen(by_id("export"), "click", self.export_player)
        listen(by_id("import"), "change", self.import_player)
        for kind in TEMPLATES:
            listen(by_id("template-" + kind), "click", self._template_handler(kind))
        listen(by_id("player-name"), "input", lambda event: self.code_changed())
        # A reload or a closed tab within the draft timer's delay keeps the latest edit too.
        listen(document.defaultView, "pagehide", lambda event: self.save_draft())
        for node in document.querySelectorAll("[data-needs-python]"):
            node.disabled = False

    def _template_handler(self, kind):
        return lambda event: self.new_from_template(kind)


PAGE = None


def main():
    global PAGE
    PAGE = LabPage()
    page_ready()
    PAGE.pool.prepare()
