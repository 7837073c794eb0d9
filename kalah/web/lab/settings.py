"""The bot lab's settings (board size, move time limit, delay, show the board), kept in
this browser under SETTINGS_KEY and checked like any input.

    settings = LabSettings(store, on_change)   # on_change(): valid settings were changed
    rules, time_limit, delay_ms, show = settings.read()   # or KalahError
"""

import json

from kalah.errors import KalahError
from kalah.library.history import StorageFull
from kalah.game.rules import find_rules
from kalah.i18n import _, translated
from kalah.web.common.dom import by_id, el, listen

SETTINGS_KEY = "kalah.lab.settings"


def rules_name(houses, seeds):
    return find_rules("kalah(%d,%d)" % (houses, seeds)).name


def number(text, what, low, high):
    try:
        value = float(str(text).strip())
    except ValueError:
        raise KalahError(_("%(what)s must be a number") % {"what": what})
    if not low <= value <= high:
        raise KalahError(_("%(what)s must be between %(low)s and %(high)s") % {"what": what, "low": "%g" % low,
                                                                               "high": "%g" % high})
    return value


class LabSettings:
    def __init__(self, store, on_change):
        self.store = store
        self._on_change = on_change
        self.fill()
        listen(by_id("settings"), "change", self.changed)
        listen(by_id("settings"), "input", self.changed)

    def fill(self):
        seeds, houses = by_id("seeds"), by_id("houses")
        for n in range(1, 13):
            seeds.appendChild(el("option", str(n), attrs={"value": n}))
        for m in range(1, 9):
            houses.appendChild(el("option", str(m), attrs={"value": m}))
        saved = {}
        text = self.store.get(SETTINGS_KEY)
        if text:
            try:
                saved = json.loads(text)
            except ValueError:
                saved = {}
        if not isinstance(saved, dict):
            saved = {}
        # Stored settings are checked like any input: out of range means the default.
        seeds.value = str(saved["seeds"] if saved.get("seeds") in range(1, 13) else 4)
        houses.value = str(saved["houses"] if saved.get("houses") in range(1, 9) else 6)
        for key, node in (("time", "time-limit"), ("delay", "move-delay")):
            if isinstance(saved.get(key), (int, float)):
                by_id(node).value = str(saved[key])
        if saved.get("show") is False:
            by_id("show-board").checked = False

    def read(self):
        """(rules name, time limit s, delay ms, show board), or KalahError."""
        try:
            rules = rules_name(int(by_id("houses").value), int(by_id("seeds").value))
        except ValueError:
            raise KalahError(_("choose the houses and the seeds"))
        time_limit = number(by_id("time-limit").value, _("The move time limit"), 0.05, 60)
        delay = number(by_id("move-delay").value, _("The move delay"), 0, 10)
        return rules, time_limit, int(delay * 1000), bool(by_id("show-board").checked)

    def changed(self, event=None):
        node = by_id("settings-error")
        try:
            rules, time_limit, delay_ms, show = self.read()
        except KalahError as error:
            node.textContent = translated(error)
            return
        node.textContent = ""
        data = {"seeds": int(by_id("seeds").value), "houses": int(by_id("houses").value),
                "time": time_limit, "delay": delay_ms / 1000, "show": show}
        try:
            self.store[SETTINGS_KEY] = json.dumps(data)
        except StorageFull:
            pass
        self._on_change()
