"""The play page's game around the board: the status line, the buttons, the end of the game,
and the computer's problem, drawn from the game as it is (no state of their own).

    draw_game(view, session, orientation, paused, problem)   # after every change
"""

from kalah.i18n import _
from kalah.web.common import game_setup
from kalah.web.common.dom import by_id
from kalah.web.common.game_setup import turn_text


def draw_game(view, session, orientation, paused, problem):
    """The board (view, a BoardView) and everything around it. paused: the computers are
    stopped by the player; problem: why the computer could not move, or None."""
    board = session.board
    view.render(position=board.position(), **session.view(orientation))
    status = by_id("status")
    status.textContent = turn_text(board, session.players, session.names)
    outcome = board.outcome()
    kind = "" if outcome is None else " over " + game_setup.result_kind(outcome, session.human_seat())
    status.className = "status" + kind
    by_id("game-over").className = "game-over" + kind
    by_id("game").className = "game" + (" over" if outcome is not None else "")
    by_id("game-title").textContent = game_setup.rules_title(board.rules)
    by_id("rules-name").textContent = board.rules.name
    by_id("hint").textContent = game_setup.how_to_play(board, session.players, orientation)
    draw_controls(session, paused)
    show_end(session)
    show_problem(session, problem)


def draw_controls(session, paused):
    """The buttons the game turns on or off (undo with nothing to undo, resign on the computer's
    turn, ...): also once the page enables its controls, which it does after the first drawing."""
    board = session.board
    people_turn = board.turn is not None and not session.computer_to_move()
    by_id("undo").disabled = not session.can_undo()
    by_id("redo").disabled = not session.can_redo()
    by_id("resign").disabled = not people_turn
    resign = by_id("resign")
    resign.dataset.confirm = ""
    resign.textContent = _("Resign")
    swap = by_id("swap")
    swap.hidden = not (board.can_swap and people_turn)
    pause = by_id("pause")
    pause.hidden = not session.only_computers()
    pause.disabled = board.turn is None
    pause.textContent = _("Go on") if paused else _("Pause")
    pause.setAttribute("aria-pressed", "true" if paused else "false")


def show_end(session):
    board = session.board
    box = by_id("game-over")
    if board.turn is None:
        by_id("result").textContent = game_setup.result_headline(
            board.outcome(), session.seat_names(_), session.human_seat())
        box.hidden = False
    else:
        box.hidden = True


def show_problem(session, problem):
    box = by_id("computer-problem")
    if problem and session.computer_to_move():
        by_id("computer-reason").textContent = "The computer could not move: %s." % problem
        box.hidden = False
    else:
        box.hidden = True
