"""'Learn from your mistakes': after a review, the reviewing player's own marked moves as puzzles.

The side is the person's (kalah.study.review.people_sides of the game's players); when both sides
were people, the player chooses one; a game between computers has none. Each puzzle is the
position before the mistake on the review's board: the player clicks a house. The best move
(or any move the worker values as high) is right; a wrong one is played on the board with
the opponent's best answer to it (its refutation), and its value is said beside the best's.

    lessons = MistakeLessons(container, board_view, client)
    lessons.start(review, players)    # after the review; lessons.house(side, house) on a click
"""

from kalah.game.board import Board
from kalah.game.notation import move_text, signed
from kalah.study.review import marked_plies, people_sides
from kalah.game.rules import NORTH, SOUTH
from kalah.i18n import _, ngettext, side_word
from kalah.web.common.dom import clear, el, listen

ANALYSE = "kalah.ai.worker_api:analyse"
REVIEW_MOVE = "kalah.ai.worker_api:review_move"
ANSWER_SECONDS = 0.3   # as the review's own search of a position


class MistakeLessons:
    def __init__(self, container, board_view, client):
        self.board_view = board_view
        self.client = client
        self.review = None
        self.side = None
        self.plies = []
        self.index = 0
        self.waiting = False
        self.shown = 0   # puzzles shown so far: an answer to a click on an earlier showing is dropped
        self.title = el("h3", _("Learn from your mistakes"), attrs={"id": "lessons-title"})
        self.choice = el("label", _("Your side") + " ", attrs={"id": "lessons-side-label"})
        self.side_menu = el("select", attrs={"id": "lessons-side"}, children=[
            el("option", side_word(side), attrs={"value": side}) for side in (SOUTH, NORTH)])
        self.choice.appendChild(self.side_menu)
        self.start_button = el("button", _("Replay my mistakes as puzzles"),
                               attrs={"type": "button", "id": "lessons-start"})
        self.status = el("p", attrs={"id": "lessons-status", "aria-live": "polite"})
        self.retry_button = el("button", _("Try again"), attrs={"type": "button", "id": "lessons-retry"})
        self.next_button = el("button", _("Next mistake"), attrs={"type": "button", "id": "lessons-next"})
        self.box = el("div", cls="lessons", attrs={"id": "lessons", "aria-labelledby": "lessons-title"}, children=[
            self.title, self.choice, self.start_button, self.status, self.retry_button, self.next_button])
        self.box.hidden = True
        container.appendChild(self.box)
        listen(self.start_button, "click", lambda event: self.begin(int(self.side_menu.value)))
        listen(self.retry_button, "click", lambda event: self.show(self.index))
        listen(self.next_button, "click", lambda event: self.show(self.index + 1))

    @property
    def active(self):
        return self.review is not None and self.side is not None and self.index < len(self.plies)

    def start(self, review, players):
        """Offer the lessons of a finished review (players: the game's (South, North) players)."""
        self.review, self.side, self.plies, self.waiting = review, None, [], False
        self.shown += 1
        people = people_sides(players)
        self.box.hidden = False
        self._buttons(False, False)
        self.choice.hidden = len(people) != 2
        self.start_button.hidden = not people
        if not people:
            self.status.textContent = _("Both sides were played by the computer: there are no mistakes of yours here.")
        elif len(people) == 1:
            self.side_menu.value = str(people[0])
            self.status.textContent = _("You played %(side)s.") % {"side": side_word(people[0])}
        else:
            self.status.textContent = _("Both sides were played by people: choose yours.")

    def stop(self):
        self.review, self.side, self.plies = None, None, []
        self.shown += 1
        self.box.hidden = True

    def begin(self, side):
        self.side = side
        self.plies = marked_plies(self.review.results, side=side)
        if not self.plies:
            self.status.textContent = _("%(side)s made no mistake in this game: nothing to replay.") % {
                "side": side_word(side)}
            self._buttons(False, False)
            return
        self.show(0)

    def show(self, index):
        """Puzzle `index`: the position before that mistake, the player's side to move."""
        self.index = index
        self.waiting = False
        self.shown += 1
        if index >= len(self.plies):
            count = len(self.plies)   # (the English says "mistakes" for one too, as the page always has)
            self.status.textContent = ngettext("That was the last of your %(count)d mistakes.",
                                               "That was the last of your %(count)d mistakes.", count) % {"count": count}
            self._buttons(False, False)
            return
        ply = self.plies[index]
        board = self.review.board_at(ply)
        self.board_view.render(board.rules, board.pits, board.turn, board.legal_moves, position=board.position())
        self._buttons(False, False)
        played = self.review.results[ply]["move"]
        self.status.textContent = _("Mistake %(number)d of %(count)d (move %(move)d): %(side)s to move. Find a better "
                                    "move than %(played)s.") % {
            "number": index + 1, "count": len(self.plies), "move": ply + 1, "side": side_word(board.turn),
            "played": move_text(board.turn, played)}

    def house(self, side, house):
        """A click on the review board's house while a puzzle waits for its answer."""
        if not self.active or self.waiting:
            return
        ply = self.plies[self.index]
        board = self.review.board_at(ply)
        if side != board.turn or house not in board.legal_moves:
            return
        result = self.review.results[ply]
        if house == result["best"]:
            self._right(board, house, result["best_value"])
            return
        self.waiting = True
        self.status.textContent = _("Checking %(house)s\u2026") % {"house": move_text(side, house)}
        shown = self.shown
        self.client.call(REVIEW_MOVE, {"position": board.position(), "move": house, "time": ANSWER_SECONDS},
                         lambda answer: self._judged(shown, ply, house, answer),
                         on_error=lambda message: self._failed(shown, message))

    def _right(self, board, house, value):
        self.waiting = True   # answered: the next puzzle waits for its button
        side = board.turn
        report = board.push(house)
        self.board_view.set_position(board.position())
        self.board_view.animate(report, lambda: None)
        self.status.textContent = _("Right: %(side)s %(house)s, worth %(value)s for %(side)s with best play.") % {
            "side": side_word(side), "house": move_text(side, house), "value": signed(value)}
        self._buttons(False, True)

    def _judged(self, shown, ply, house, answer):
        if shown != self.shown:   # the board was given to the game, or the puzzle shown again, meanwhile
            return
        board = self.review.board_at(ply)
        if answer["loss"] == 0:
            self._right(board, house, answer["played_value"])
            return
        side = board.turn
        result = self.review.results[ply]
        words = _("Not this one: %(house)s gives %(value)s, the better %(best)s gives %(best_value)s.") % {
            "house": move_text(side, house), "value": signed(answer["played_value"]),
            "best": move_text(side, result["best"]), "best_value": signed(answer["best_value"])}
        report = board.push(house)
        self.board_view.set_position(board.position())
        self.board_view.animate(report, lambda: None)
        if board.turn is None or board.turn == side:
            self._refuted(shown, board, words, None)
            return
        position = board.position()
        self.client.call(ANALYSE, {"position": position, "time": ANSWER_SECONDS},
                         lambda reply: self._refuted(shown, Board.from_position(position), words, reply.get("move")),
                         on_error=lambda message: self._refuted(shown, Board.from_position(position), words, None))

    def _refuted(self, shown, board, words, reply):
        """The wrong move is on the board; the opponent's best answer to it follows, then try again."""
        if shown != self.shown:
            return
        if reply is not None:
            replier = board.turn
            report = board.push(reply)
            self.board_view.set_position(board.position())
            self.board_view.animate(report, lambda: None)
            words += " " + _("%(side)s answers %(house)s.") % {"side": side_word(replier),
                                                                 "house": move_text(replier, reply)}
        self.status.textContent = words
        self._buttons(True, True)

    def _buttons(self, retry, next_one):
        self.retry_button.hidden = not retry
        self.next_button.hidden = not next_one

    def left(self):
        """The board was given to the game's positions: clicks wait until the puzzle is shown again."""
        if self.active:
            self.waiting = True
            self.shown += 1
            self._buttons(True, self.index + 1 < len(self.plies))

    def _failed(self, shown, message):
        if shown != self.shown:
            return
        self.waiting = False
        self.status.textContent = _("The computer could not check that move: %(reason)s") % {"reason": message}
