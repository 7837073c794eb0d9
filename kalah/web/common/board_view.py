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

The board's elements are those of kalah/web/common/board_markup.py's tree (the one
description of the board, also written into index.html by the build step, which
the view then takes as it is instead of building it).

Houses are <button>s with accessible names ("South's house C, 5 seeds",
"your house C, 5 seeds" for the side given as `you`). Keyboard: one tab stop
in the board (roving tabindex); arrow keys move between houses, Home/End go
to a row's ends, Enter or Space sows.
"""

from kalah.i18n import side_word
from kalah.game.rules import NORTH, SOUTH
from kalah.web.common.board_markup import (board_tree, house_name, legal_indices, nearest_legal, rows, seeds,
                                           store_name, turn_word, view_key)
from kalah.web.common.dom import Timer, build, closest, listen, missing, prefers_reduced_motion

STEP_MS = 120        # one seed
PAUSE_MS = 350       # before a capture or a sweep
LONG_MOVE_MS = 4000  # a long relay speeds up to end in about this time


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
            self._draw_whole(rules, pits, turn, legal, last_move, orientation, labels, you)
        else:
            self._draw_changes(rules, pits, turn, legal, last_move, labels, you)
        self.container.classList.toggle("kb-over", turn is None)
        if position is not None:
            self.container.setAttribute("data-position", position)

    def _draw_whole(self, rules, pits, turn, legal, last_move, orientation, labels, you):
        """Build the board (kalah/web/common/board_markup.py's tree), or take the one the page's HTML
        holds when it is that very tree (the play page's first board, written by the build
        step): then nothing is drawn at all."""
        key = view_key(rules, pits, turn, legal, last_move, orientation, labels, you)
        board = self.container.querySelector(".kb") if self._geometry is None else None
        if missing(board) or board.getAttribute("data-view") != key:
            board = build(board_tree(rules, pits, turn, legal, last_move, orientation, labels, you))
            self.container.replaceChildren(board)
        top_row, bottom_row = rows(rules, orientation)
        order = [rules.house_index(side, house) for side, house in top_row + bottom_row]
        buttons = list(board.querySelectorAll(".kb-house"))
        self._houses = dict((order[i], buttons[i]) for i in range(len(order)))
        top, bottom = 1 - orientation, orientation
        self._stores = {top: board.querySelector(".kb-store-top"), bottom: board.querySelector(".kb-store-bottom")}
        self._captions = {top: board.querySelector(".kb-caption-top"), bottom: board.querySelector(".kb-caption-bottom")}
        self._legal = legal_indices(rules, turn, legal)
        self._drawn = dict((index, pits[index]) for index in order)
        self._shown = list(pits)
        stop = nearest_legal(order, self._legal, None)
        self._stop = order[0] if stop is None else stop
        self._geometry = (rules.houses, orientation)

    def _draw_changes(self, rules, pits, turn, legal, last_move, labels, you):
        """Redraw the board already built for this geometry with another position."""
        m = rules.houses
        self._legal = legal_indices(rules, turn, legal)
        last = None
        if last_move is not None and last_move[1]:
            last = rules.house_index(last_move[0], last_move[1])
        names = labels or (side_word(SOUTH), side_word(NORTH))
        for side in (SOUTH, NORTH):
            for house in range(1, m + 1):
                index = rules.house_index(side, house)
                button = self._houses[index]
                button.setAttribute("aria-label", house_name(side, house, pits[index], you, index == last))
                if index in self._legal:
                    button.removeAttribute("aria-disabled")
                else:
                    button.setAttribute("aria-disabled", "true")
                button.classList.toggle("kb-last", index == last)
            store = self._stores[side]
            store.setAttribute("aria-label", store_name(side, pits[rules.stores[side]], you))
            caption = self._captions[side]
            caption.classList.toggle("kb-to-move", side == turn)
            caption.querySelector(".kb-name").textContent = names[side]
            caption.querySelector(".kb-turn").textContent = turn_word(side, turn)
        self._show_all(pits)
        self._place_tab_stop()

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
        new = count - 1 if grew and self._steps else -1
        button.firstChild.replaceChildren(*[build(tree) for tree in seeds(index, count, new)])  # the .kb-seeds span

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
        return nearest_legal([int(button.dataset.index) for button in self._visual_order()], self._legal, index)

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
