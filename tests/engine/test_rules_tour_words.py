"""The rules tour's words (issue 36): plain English, the site's words in every lesson (houses and
seeds, never bowls and stones), and no capture said to come from an empty house."""

import pathlib
import re

from kalah.game.narration import describe_move
from kalah.study.rules_tour import LESSONS, find_lesson, try_move
from kalah import Board

RULES_PAGE = pathlib.Path(__file__).resolve().parents[2] / "rules.html"


def page_text():
    html = RULES_PAGE.read_text()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>|<!--.*?-->", " ", html, flags=re.S)


def test_the_empty_capture_lesson_takes_the_seed_from_its_own_house_only():
    verdict = try_move(find_lesson("empty-capture"), 1)
    assert verdict.right
    assert verdict.sentences[:2] == ["South sows house A (1 seed).", "South captures 1 seed from house B."]


def test_a_capture_with_seeds_facing_names_both_houses():
    board = Board(position="kalah(4,3)+empty-capture/1,0,2,1,4,4,1,3,4,4/S")
    report = board.push(1)
    assert describe_move(board.rules, report)[1] == "South captures 4 seeds from house B and house c."


def test_the_page_and_the_lessons_say_houses_and_seeds_in_plain_english():
    words = page_text() + " ".join(lesson.miss for lesson in LESSONS)
    assert re.findall(r"\b(bowls?|stones?)\b", words) == []
    assert "one a pit" not in words
