"""The board view every page shares: it draws a position and reports clicks.

Like chessground, the view knows no rules: it is given the pits, the side to
move, the legal houses and the last move, and tells its owner which house was
chosen through `on_house(side, house)`. It reports clicks on any house (also
illegal ones, so the page can say why nothing happened); only the houses it
was told are legal look and announce themselves as enabled.

    view = BoardView(document.getElementById("board"), on_house=chosen)
    view.render(board.rules, board.pits, board.turn, board.legal_moves)
    view.set_position(board.position())  # data-position: the game, at once
    view.animate(report, on_done)   # before rendering the position after it (moves queue up)

Houses are <button>s with accessible names ("South's house C, 5 seeds",
"your house C, 5 seeds" for the side given as `you`). Keyboard: one tab stop
in the board (roving tabindex); arrow keys move between houses, Home/End go
to a row's ends, Enter or Space sows.
"""

from kalah.notation import house_letter
from kalah.rules import NORTH, SIDE_NAMES, SOUTH
from kalah.web.common.dom import Timer, closest, el, listen, prefers_reduced_motion

MAX_DOTS = 12        # beyond this a house shows its count instead of dots
STEP_MS = 120        # one seed
PAUSE_MS = 350       # before a capture or a sweep
LONG_MOVE_MS = 4000  # a long relay speeds up to end in about this time
SIDE_MARKS = ("\u25cf", "\u25b2")  # South: a disc, North: a triangle (shape, not colour)
SIDE_CLASSES = ("kb-s", "kb-n")


STONE_TONES = 4      # kb-tone0..3 in site.css
STONE_OFFSETS = 5    # kb-dx0..4 and kb-dy0..4: -2..2 px
STONE_TURNS = 6      # kb-turn0..5: 0..150 degrees


def stone(pit, k, new=False):
    """The k-th seed of a pit as a stone: its tone, offset and turn vary from stone to stone but
    are fixed by (pit, k), so redrawing a house never shuffles its stones. Classes, not an inline
    style: one call into JS less a stone, and stones alike share their computed style."""
    mix = (pit * 7919 + k * 104729 + 13) % 9973
    return el("i", cls="kb-seed kb-tone%d kb-dx%d kb-dy%d kb-turn%d%s" % (
        mix % STONE_TONES, mix % STONE_OFFSETS, (mix // STONE_OFFSETS) % STONE_OFFSETS,
        (mix // STONE_OFFSETS ** 2) % STONE_TURNS, " kb-new" if new else ""))


def seeds_word(count):
    return "1 seed" if count == 1 else "%d seeds" % count


class BoardView:
    """A board drawn into `container`; see the module docstring."""

    def __init__(self, container, on_house=None):
        self.container = container
        self.on_house = on_house
        self.rules = None
        self.orientation = SOUTH
        self._geometry = None    # (houses, orientation) the elements were built for
        self._houses = {}        # pit index -> house button
        self._stores = {}        # side -> store element
        self._captions = {}      # side -> caption element
        self._shown = None       # pit counts as drawn
        self._drawn = {}         # house index -> count its seeds show
        self._legal = set()      # pit indices of the legal houses
        self._stop = None        # pit index holding the board's one tab stop
        self._steps = []         # queued animation steps; ("call", on_done) ends a move
        self.on_step = None      # on_step(kind, count): "seed" or "take" drawn (the play page's sound)
        self._timer = Timer(self._step)
        document = container.ownerDocument
        listen(container, "click", self._clicked)
        listen(container, "keydown", self._key)
        # Capture phase on the whole document: any click or key skips an animation.
        listen(document, "click", self._skip_event, True)
        listen(document, "keydown", self._skip_event, True)

    # -- drawing ---------------------------------------------------------
    def render(self, rules, pits, turn, legal=(), last_move=None, orientation=SOUTH,
               labels=None, you=None, position=None):
        """Draw a position.

        position: the position's text (Board.position()), kept in the board
        element's data-position for host pages and tests.
        legal: the houses (1..m) of `turn` that may be played; other values
        (the pie rule's swap) are ignored. last_move: (side, house) or None.
        labels: captions for (South, North), e.g. ("South · you", "North · level 5").
        you: the side whose houses are called "your house".
        """
        if self._steps:
            self._finish(run_callback=False)
        self.rules = rules
        self.orientation = orientation
        if self._geometry != (rules.houses, orientation):
            self._build(rules, orientation)
        m = rules.houses
        self._legal = set()
        if turn is not None:
            for house in legal:
                if 1 <= house <= m:
                    self._legal.add(rules.house_index(turn, house))
        last = None
        if last_move is not None and last_move[1]:
            last = rules.house_index(last_move[0], last_move[1])
        names = labels or SIDE_NAMES
        for side in (SOUTH, NORTH):
            possessive = "your" if side == you else SIDE_NAMES[side] + "'s"
            for house in range(1, m + 1):
                index = rules.house_index(side, house)
                button = self._houses[index]
                name = "%s house %s, %s" % (possessive, house_letter(side, house), seeds_word(pits[index]))
                if index == last:
                    name += ", last move"
                button.setAttribute("aria-label", name)
                if index in self._legal:
                    button.removeAttribute("aria-disabled")
                else:
                    button.setAttribute("aria-disabled", "true")
                button.classList.toggle("kb-last", index == last)
            store = self._stores[side]
            store.setAttribute("aria-label", "%s store, %s" % (possessive, seeds_word(pits[rules.stores[side]])))
            caption = self._captions[side]
            caption.classList.toggle("kb-to-move", side == turn)
            caption.querySelector(".kb-name").textContent = names[side]
            caption.querySelector(".kb-turn").textContent = "to move" if side == turn else ""
        self.container.classList.toggle("kb-over", turn is None)
        if position is not None:
            self.container.setAttribute("data-position", position)
        self._show_all(pits)
        self._place_tab_stop()

    def _build(self, rules, orientation):
        self._houses = {}
        self._stores = {}
        self._captions = {}
        self._shown = None
        self._drawn = {}
        self._stop = None
        m = rules.houses
        top, bottom = 1 - orientation, orientation
        self._captions[top] = self._caption(top, "kb-caption-top")
        self._captions[bottom] = self._caption(bottom, "kb-caption-bottom")
        # Each row reads left to right as seen from the bottom: the top side's
        # houses run m..1, the bottom side's 1..m.
        grid = el("div", cls="kb-grid", children=[
            self._store(top, "kb-store-top"),
            self._row(rules, top, range(m, 0, -1), "kb-row-top"),
            self._row(rules, bottom, range(1, m + 1), "kb-row-bottom"),
            self._store(bottom, "kb-store-bottom")])
        board = el("div", cls="kb", attrs={"role": "group", "aria-label": "Board", "style": "--houses:%d" % m},
                   children=[self._captions[top], grid, self._captions[bottom]])
        self.container.replaceChildren(board)
        self._geometry = (m, orientation)

    def _caption(self, side, cls):
        return el("p", cls="kb-caption %s %s" % (cls, SIDE_CLASSES[side]), children=[
            el("span", SIDE_MARKS[side], cls="kb-mark", attrs={"aria-hidden": "true"}),
            el("span", SIDE_NAMES[side], cls="kb-name"),
            el("span", "", cls="kb-turn"),
        ])

    def _store(self, side, cls):
        store = el("div", cls="kb-store %s %s" % (cls, SIDE_CLASSES[side]), attrs={"role": "img"}, children=[
            el("span", "", cls="kb-store-count", attrs={"aria-hidden": "true"}),
            el("span", SIDE_MARKS[side] + " " + SIDE_NAMES[side], cls="kb-store-label", attrs={"aria-hidden": "true"})])
        self._stores[side] = store
        return store

    def _row(self, rules, side, houses, cls):
        # The row's first house is built, the others are copies of it: a copy is one call into JS,
        # building one is about fifteen, and the page waits for the board to be drawn.
        first = el("button", cls="kb-house " + SIDE_CLASSES[side], attrs={
            "type": "button", "tabindex": "-1", "data-side": side}, children=[
            el("span", cls="kb-seeds", attrs={"aria-hidden": "true"}),
            el("span", cls="kb-letter", attrs={"aria-hidden": "true"})])
        buttons = []
        for house in houses:
            index = rules.house_index(side, house)
            button = first.cloneNode(True) if buttons else first
            button.setAttribute("data-house", str(house))
            button.setAttribute("data-index", str(index))
            button.lastChild.textContent = house_letter(side, house)
            self._houses[index] = button
            buttons.append(button)
        return el("div", cls="kb-row %s %s" % (cls, SIDE_CLASSES[side]), children=buttons)

    def _show_all(self, pits):
        for index in range(len(pits)):
            self._show(index, pits[index])
        self._shown = list(pits)

    def _show(self, index, count):
        """Draw one pit's seeds (dots up to MAX_DOTS, then the number)."""
        rules = self.rules
        if self._shown is not None:
            self._shown[index] = count
        if rules.is_store(index):
            store = self._stores[rules.owner(index)]
            store.querySelector(".kb-store-count").textContent = str(count)
            store.setAttribute("data-count", str(count))
            return
        button = self._houses[index]
        if self._drawn.get(index) == count:
            return
        grew = self._drawn.get(index, count) + 1 == count
        self._drawn[index] = count
        button.setAttribute("data-count", str(count))
        if count > MAX_DOTS:
            shown = [el("span", str(count), cls="kb-many")]
        else:
            shown = [stone(index, k, new=grew and bool(self._steps) and k == count - 1) for k in range(count)]
            shown.append(el("span", str(count), cls="kb-count"))
        button.firstChild.replaceChildren(*shown)  # the .kb-seeds span

    # -- keyboard and clicks --------------------------------------------
    def _place_tab_stop(self):
        """One house is in the tab order: the focused one if still legal, else the first legal one."""
        had_focus = self._has_focus()
        stop = self._stop
        if stop not in self._legal:
            stop = self._nearest_legal(stop)
            if stop is None:
                stop = self._stop if self._stop in self._houses else int(self._visual_order()[0].dataset.index)
        for index in self._houses:
            self._houses[index].setAttribute("tabindex", "0" if index == stop else "-1")
        self._stop = stop
        if had_focus:
            self._houses[stop].focus()

    def _nearest_legal(self, index):
        """The legal house nearest to `index` on screen (its own row first), or None."""
        order = [int(button.dataset.index) for button in self._visual_order()]
        m = len(order) // 2
        at = order.index(index) if index in order else m
        best, best_key = None, None
        for position in range(len(order)):
            if order[position] not in self._legal:
                continue
            key = (position // m != at // m, abs(position % m - at % m), position % m)
            if best_key is None or key < best_key:
                best, best_key = order[position], key
        return best

    def _has_focus(self):
        active = self.container.ownerDocument.activeElement
        return bool(active) and bool(self.container.contains(active))

    def _visual_order(self):
        return list(self.container.querySelectorAll(".kb-house"))

    def _clicked(self, event):
        button = closest(event.target, ".kb-house")
        if button is None:
            return
        self._move_stop(int(button.dataset.index), focus=False)
        if self.on_house is not None:
            self.on_house(int(button.dataset.side), int(button.dataset.house))

    def _key(self, event):
        button = closest(event.target, ".kb-house")
        if button is None:
            return
        key = event.key
        row = list(button.parentElement.querySelectorAll(".kb-house"))
        index = button.dataset.index
        at = 0
        for i in range(len(row)):  # by data-index: two proxies of one element need not be equal
            if row[i].dataset.index == index:
                at = i
        target = None
        if key == "ArrowLeft":
            target = row[max(0, at - 1)]
        elif key == "ArrowRight":
            target = row[min(len(row) - 1, at + 1)]
        elif key == "Home":
            target = row[0]
        elif key == "End":
            target = row[-1]
        elif key in ("ArrowUp", "ArrowDown"):
            rows = list(self.container.querySelectorAll(".kb-row"))
            other = rows[1] if key == "ArrowDown" else rows[0]
            others = list(other.querySelectorAll(".kb-house"))
            target = others[min(at, len(others) - 1)]
        if target is not None:
            event.preventDefault()
            self._move_stop(int(target.dataset.index), focus=True)

    def _move_stop(self, index, focus):
        if self._stop in self._houses:
            self._houses[self._stop].setAttribute("tabindex", "-1")
        self._stop = index
        button = self._houses[index]
        button.setAttribute("tabindex", "0")
        if focus:
            button.focus()

    def focus(self):
        """Put the keyboard focus on the board's tab stop."""
        if self._stop in self._houses:
            self._houses[self._stop].focus()

    # -- animation -------------------------------------------------------
    @property
    def animating(self):
        return bool(self._steps)

    def set_position(self, position):
        """Keep the game's position text in data-position now, while the seeds are still moving:
        host pages and tests read the game, and the view catches up."""
        self.container.setAttribute("data-position", position)

    def animate(self, report, on_done):
        """Play a MoveReport's sowing seed by seed, then call on_done().

        Call it while the view shows the position before the move, or while it
        still animates the moves before it: moves queue up, each on_done runs
        after that move's last seed. Any click or key skips every queued move
        to its end, then goes on to what it was aimed at (so a click on a house
        during the opponent's sowing is a move). Under prefers-reduced-motion
        (or with nothing drawn yet) on_done runs at once.
        """
        steps = self._plan(report) if self._shown is not None else []
        if not steps or prefers_reduced_motion():
            if steps and self.on_step is not None:  # drawn at once: its steps at once too
                for kind in ("seed", "take"):
                    count = sum(1 for step in steps if step[0] == kind)
                    if count:
                        self.on_step(kind, count)
            if self._steps:
                self._steps.append(("call", on_done))  # after the moves before it
            else:
                on_done()
            return
        seeds = sum(1 for step in steps if step[0] == "seed")
        delay = STEP_MS if seeds * STEP_MS <= LONG_MOVE_MS else max(15, LONG_MOVE_MS // seeds)
        steps = [step + (delay,) if step[0] in ("lift", "seed") else step for step in steps]
        idle = not self._steps
        self._steps.extend(steps)
        self._steps.append(("call", on_done))
        if idle:
            self.container.classList.add("kb-animating")
            self._step()

    def _plan(self, report):
        """The animation as a list of steps: ("lift", pit), ("seed", pit), ("take", pits, store, count)."""
        rules = self.rules
        steps = []
        for event in report.events:
            kind = event[0]
            if kind == "sow":
                steps.append(("lift", event[1]))
                for pit in event[2]:
                    steps.append(("seed", pit))
            elif kind == "capture":
                steps.append(("take", event[2], rules.stores[event[1]], event[3]))
            elif kind == "sweep":
                side = event[1]
                row = [rules.house_index(side, h) for h in range(1, rules.houses + 1)]
                steps.append(("take", row, rules.stores[side], event[2]))
        return steps

    def _step(self):
        """Show the next step; a move's on_done runs once its last seed has been seen."""
        self._unmark()
        while self._steps and self._steps[0][0] == "call":
            done = self._steps.pop(0)[1]
            if not self._steps:
                self.container.classList.remove("kb-animating")
                done()
                return  # an animation done() starts runs on its own
            done()
        step = self._steps.pop(0)
        kind = step[0]
        if kind != "lift" and self.on_step is not None:
            self.on_step(kind, 1)
        if kind == "lift":
            self._mark(step[1], "kb-lift")
            self._show(step[1], 0)
            delay = step[2]
        elif kind == "seed":
            self._mark(step[1])
            self._show(step[1], self._shown[step[1]] + 1)
            delay = step[2]
        else:
            pits, store, count = step[1], step[2], step[3]
            for pit in pits:
                self._mark(pit)
                self._show(pit, 0)
            self._mark(store)
            self._show(store, self._shown[store] + count)
            delay = PAUSE_MS
        if self._steps and self._steps[0][0] == "take":
            delay = PAUSE_MS
        self._timer.start(delay)

    def _mark(self, index, cls="kb-hot"):
        node = self._stores[self.rules.owner(index)] if self.rules.is_store(index) else self._houses[index]
        node.classList.add(cls)

    def _unmark(self):
        for node in list(self.container.querySelectorAll(".kb-hot, .kb-lift")):
            node.classList.remove("kb-hot")
            node.classList.remove("kb-lift")

    def _skip_event(self, event):
        # The click or key is not stopped: after the skip it does what it was aimed at.
        if self._steps:
            self._finish(run_callback=True)

    def _finish(self, run_callback):
        """Jump past every queued move; with run_callback, their on_done in order."""
        self._timer.stop()
        callbacks = [step[1] for step in self._steps if step[0] == "call"]
        self._steps = []
        self._unmark()
        self.container.classList.remove("kb-animating")
        if run_callback:
            for done in callbacks:
                done()
