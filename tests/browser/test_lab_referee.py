"""The page's referee against what a hostile sandbox sends (issue 25) and what it is refused
(issue 37): an answer nested too deep to check, a flood of messages, one huge message, a
`sys.monitoring` callback and an audit hook. Each forfeits the attacker's seat only, the page
answering meanwhile; and the flood's tournament has the standings of one with a harmless twin
(referee_attack.py says how, and why the time limit is 2 s).
"""

import pytest

from referee_attack import attack_forfeits_only_the_attacker, attacker

# A result whose move is nested 30,000 deep (60 KB, within the frame's bound): json.dumps fails in the referee.
NESTED = attacker('''def attack(board):
    js.postMessage('{"id": %d, "type": "result", "data": {"move": %s}}' % (call_id(), "[" * 30000 + "]" * 30000))
''')

# The same nested 100,000 deep: past the frame's bound of one move.
NESTED_DEEPER = attacker('''def attack(board):
    js.postMessage('{"id": %d, "type": "result", "data": {"move": %s}}' % (call_id(), "[" * 100000 + "]" * 100000))
''')

# 300,000 progress messages for the running call, then a legal move.
FLOOD = attacker('''def attack(board):
    text = '{"id": %d, "type": "progress", "data": {"depth": 1, "move": 1}}' % call_id()
    for _ in range(300000):
        js.postMessage(text)
''')

# One 64 MB message.
HUGE = attacker('''def attack(board):
    js.postMessage('{"id": %d, "type": "progress", "data": {"pad": "%s"}}' % (call_id(), "x" * (64 << 20)))
''')

# Code the interpreter runs untraced (issue 37: the referee waits while the worker's count advances).
# A sys.monitoring callback (Pyodide's 3.14) or an audit hook runs the bot's code untraced,
# at the events it chooses: before, either searched uncounted for as long as the frame's clock allowed.
MONITORING = attacker('''def search(*args):
    total = 0
    for number in range(3000000):
        total += number


def attack(board):
    monitoring = sys.monitoring
    monitoring.use_tool_id(2, "mallory")
    monitoring.register_callback(2, monitoring.events.PY_START, search)
    monitoring.set_events(2, monitoring.events.PY_START)
    board.legal_moves()
    monitoring.set_events(2, 0)
''')

AUDIT_HOOK = attacker('''def search(event, args):
    if event == "mallory.search":
        total = 0
        for number in range(3000000):
            total += number


def attack(board):
    sys.addaudithook(search)
    sys.audit("mallory.search")
''')

ATTACKS = {
    "nested": (NESTED, "invalid: the player's sandbox sent an answer the referee could not check (RuntimeError)"),
    "nested-deeper": (NESTED_DEEPER, "error: the player's sandbox failed: its sandbox was ended: it sent "),
    "flood": (FLOOD, "error: the player's sandbox failed: its sandbox was ended: it sent more than 256 messages "
                     "for one move"),
    "huge": (HUGE, "error: the player's sandbox failed: its sandbox was ended: it sent 6710"),
    "monitoring": (MONITORING, "error: refused: sys.monitoring.register_callback is not allowed in a player"),
    "audit-hook": (AUDIT_HOOK, "error: refused: sys.addaudithook is not allowed in a player"),
}

# One tournament stands for the attacks on what the sandbox sends: each ends the attacker's seat by
# the same forfeit (an error, or an invalid answer, at its second move), which the try game has
# already shown with its reason, and a tournament would repeat it in 4 of its 6 games (15-20 s
# each). The flood's is played: of these attacks it works the page hardest while the other games
# go on. The refused ones raise inside the sandbox at the second move, as the harmless twin does.
# The time rule's attacks play try games only (test_lab_referee_time.py says why).
TRY_GAME_ONLY = {"nested", "nested-deeper", "huge", "monitoring", "audit-hook"}


@pytest.mark.timeout(900)               # past the 10 minutes its tournament may take (its own wait says so first)
@pytest.mark.allow_console_errors      # the attacker's sandbox is ended mid-message
@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_sandbox_s_attack_forfeits_only_the_attacker(page, site_url, wait_for_python_ready, tmp_path, attack):
    source, reason = ATTACKS[attack]
    attack_forfeits_only_the_attacker(page, site_url, wait_for_python_ready, source, reason,
                                      tournament_in=None if attack in TRY_GAME_ONLY else tmp_path)
