"""Rule sets declare which of the computer's tools model them (kalah.game.rules.TOOLS), and each
tool asks the rule set: an option added to kalah/game/rules.py that declares nothing is refused
by the numba solver, the endgame table, the opening book and the proof, and the learned
evaluation falls back to the store difference, rather than any of them valuing a game it
does not play."""

import pytest

from kalah.game import rules as rules_module
from kalah.ai import book, endgame, evaluation, search
from kalah.cli.solve import numba_solver
from kalah.ai.proof import Prover
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import ENDGAME_TABLE, NUMBA_SOLVER, PROOF, TOOLS, Kalah, Option, find_rules

FAKE = "kalah(6,4)+fake"
REFUSED = "cannot value kalah\\(6,4\\)\\+fake: it does not model the option 'fake'"


@pytest.fixture
def fake(monkeypatch):
    """Kalah(6,4) with an option 'fake' that declares no tool (and plays as plain Kalah)."""
    monkeypatch.setitem(rules_module.OPTIONS, "fake", Option("fake"))
    monkeypatch.setattr(Kalah, "allowed_options", Kalah.allowed_options + ("fake",))
    monkeypatch.setattr(rules_module, "_cache", {})
    endgame.unload()
    yield find_rules(FAKE)
    endgame.unload()


def test_the_declarations_name_the_missing_option_or_family(fake):
    assert fake.name == FAKE and Board(fake).legal_moves == [1, 2, 3, 4, 5, 6]
    for tool in TOOLS:
        assert not fake.modelled_by(tool)
        assert fake.why_not_modelled(tool) == "does not model the option 'fake'"
    assert find_rules("owari").why_not_modelled(PROOF) == "models only Kalah, not Owari"
    assert find_rules("relay-kalaha").why_not_modelled(ENDGAME_TABLE) == "models only Kalah, not Relay Kalaha"
    assert find_rules("kalah(6,4)+gamelink").why_not_modelled(NUMBA_SOLVER) == (
        "does not model the option 'gamelink'")
    with pytest.raises(KalahError, match="unknown tool 'oracle'"):
        fake.modelled_by("oracle")


def test_every_tool_takes_kalah_with_empty_capture():
    # The control: what the tools do model passes every check below.
    ruled = find_rules("kalah(6,4)+empty-capture")
    assert all(ruled.modelled_by(tool) for tool in TOOLS)
    assert endgame.db_key(ruled) == "kalah6+empty-capture"
    assert Prover.applies(ruled) and Prover(ruled, None).rules is ruled


def test_the_numba_solver_refuses_the_fake_option(fake):
    pytest.importorskip("numpy")
    from kalah import solver
    assert not solver.supports(fake) and solver.supports("kalah(6,4)")
    with pytest.raises(KalahError, match="the numba solver \\(kalah.solver\\) " + REFUSED):
        solver.Solver(fake, table_seeds=-1)
    with pytest.raises(KalahError, match="the numba solver \\(kalah.solver\\) " + REFUSED):
        solver.build_table(fake, 2)
    assert numba_solver(fake) is None


def test_the_endgame_table_refuses_the_fake_option(fake):
    assert endgame.db_key(fake) is None and endgame.table_for(fake) is None
    with pytest.raises(KalahError, match="an endgame table " + REFUSED):
        endgame.build(fake, 2)
    blob = endgame.build("kalah(6,4)", 1).to_bytes()
    with pytest.raises(KalahError, match="an endgame table " + REFUSED):
        endgame.load(fake, blob)
    assert endgame.loaded() == []


def test_the_opening_book_refuses_the_pie_rule_it_would_value_without_the_swap():
    blob = book.encode("kalah(6,4)+pie", 6, 1, [])
    with pytest.raises(KalahError, match="an opening book cannot value kalah\\(6,4\\)\\+pie: it does not model "
                                         "the option 'pie'"):
        book.load("kalah(6,4)+pie", blob)
    assert endgame.db_key("kalah(6,4)+pie") == "kalah6" and Prover.applies(find_rules("kalah(6,4)+pie"))


def test_the_opening_book_refuses_the_fake_option(fake):
    blob = book.encode(FAKE, 6, 1, [])
    with pytest.raises(KalahError, match="an opening book " + REFUSED):
        book.load(FAKE, blob)
    assert book.loaded(FAKE) is None and book.book_for(FAKE) is None
    assert search.book_analysis(Board(fake)) is None


def test_the_proof_refuses_the_fake_option(fake):
    assert not Prover.applies(fake)
    with pytest.raises(KalahError, match="a proof \\(kalah.ai.proof\\) " + REFUSED):
        Prover(fake, None)
    assert search.Search(fake).prover is None


def test_the_learned_evaluation_falls_back_to_the_store_difference(fake):
    assert evaluation.applies(find_rules("kalah(6,4)")) and evaluation.applies(find_rules("kalah(6,4)+pie"))
    assert not evaluation.applies(fake)
    searcher = search.Search(fake)
    assert search.evaluation_for(fake) is None and searcher.evaluate is None
    # The search still plays the fake rule set, on its plain evaluation.
    assert searcher.analyse(Board(fake), None, max_depth=2).move in range(1, 7)


def test_an_option_that_changes_only_the_first_turn_keeps_the_tools_that_model_the_rest(monkeypatch):
    monkeypatch.setitem(rules_module.OPTIONS, "opening-toss", Option("opening-toss", first_turn_only=True))
    monkeypatch.setattr(Kalah, "allowed_options", Kalah.allowed_options + ("opening-toss",))
    monkeypatch.setattr(rules_module, "_cache", {})
    tossed = find_rules("kalah(6,4)+opening-toss")
    assert tossed.after_first_turn() == find_rules("kalah(6,4)")
    assert evaluation.applies(tossed)          # the game after the first turn is the one it was fitted on
    assert not tossed.modelled_by(PROOF)       # but a tool still needs the option to say it models it
    assert endgame.db_key(tossed) is None
