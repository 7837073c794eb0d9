"""The page's referee against bots that play with its time rule (issue 37: the move's ceiling
is renewed while the worker's count advances): a sleeper, honest reports between sleeps, and
honest reports then a long call in C. Each forfeits on time, the attacker's seat only, the page
answering meanwhile (referee_attack.py says how, and why the time limit is 2 s).
"""

import pytest

from referee_attack import LIMIT, attack_forfeits_only_the_attacker, attacker

# Looks for its sandbox's work counter (refused while it counts: issue 37), then sleeps a minute,
# which nothing counts: only the frame's clock stops it (at 7 s; an answer it sent before the
# page's watchdog fired would forfeit it on time too, but with another reason).
SLEEPER = attacker('''def attack(board):
    import gc
    try:
        gc.get_objects()
    except BaseException:
        pass
    time.sleep(60)
''')

# Reports made honestly (counted calls, each burst a 32nd of its budget) between sleeps of most of a
# ceiling: the move's ceiling counts in effective time (kalah/web/lab/move_clock.py), which its
# sleeps do not stretch, so it is stopped about one ceiling after it began however often it reports
# (before the page's sampler: renewed at each look up to the cap, 70 s at 2 s).
REPORTS_WHILE_SLEEPING = attacker('''def step():
    return 1


def attack(board):
    while True:
        for _ in range(8000):
            step()
        time.sleep(5)
''')

# Reports made honestly, then a long call in C that reports nothing: stopped one ceiling after.
REPORTS_THEN_C = attacker('''def step():
    return 1


def attack(board):
    for _ in range(100000):
        step()
    sum(range(10 ** 14))
''')

ON_TIME = "time: no move within the time limit of %s s; the player was stopped" % LIMIT
ATTACKS = {
    "sleeper": (SLEEPER, ON_TIME),
    "reports-while-sleeping": (REPORTS_WHILE_SLEEPING, ON_TIME),
    "reports-then-c": (REPORTS_THEN_C, ON_TIME),
}

# Try games only: each attack forfeits on time at its second move, which the try game shows with its
# reason. A tournament would repeat that forfeit in 4 of its 6 games (7 s each); what a tournament
# adds, a sandbox ended mid-tournament while another game plays on and standings equal to the
# twin's, the flood's tournament shows (test_lab_referee.py), and the standings with forfeits on
# time the command line's referee tests do (tests/lab/test_referee_attacks.py: LOOPS and
# SLEEPS_AT_SECOND_MOVE). (Forged reports, the time rule's other attack: test_lab_forged_reports.py.)


@pytest.mark.allow_console_errors      # the attacker's sandbox is ended mid-message
@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_an_attack_on_the_time_rule_forfeits_only_the_attacker(page, site_url, wait_for_python_ready, attack):
    source, reason = ATTACKS[attack]
    attack_forfeits_only_the_attacker(page, site_url, wait_for_python_ready, source, reason)
