# Attack 37: search where nothing counts its work. An audit hook of the bot's own runs untraced
# (CPython calls hooks with tracing off): its search of 600,000 line events, six times the budget
# of a 0.2 s move, was free, and the bot played on. The guard now refuses the hook (and a
# sys.monitoring callback, in Pyodide), so its first move forfeits. Twin: RAISES.
import sys

searched = []


def search(event, args):
    if event == "mallory.search":
        total = 0
        for number in range(300000):
            total += number
        searched.append(total)


def select_move(board, lookahead):
    if not searched:
        sys.addaudithook(search)
    if lookahead == 1:
        sys.audit("mallory.search")
    return board.legal_moves()[0]
