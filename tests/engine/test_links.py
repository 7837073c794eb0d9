"""Share, correspondence and embed links: round trips, refusals, and hostile fragments."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalah import Board, KalahError, NORTH, SOUTH
from kalah.library.links import (check_against_held, correspondence_checksum, correspondence_fragment, embed_code,
                         embed_fragment, parse_fragment, share_fragment)
from kalah.records.record import Record
from scripts.harness.random_games import random_game as play   # a game of random moves

SITE = "https://example.org/kalah/"


def sixty_move_game():
    for seed in range(1000):
        record = play(seed, south="Ann", north="Bob", date="2026-11-22")
        if len(record.moves) >= 60:
            return Record(record.rules, record.moves[:60], "Ann", "Bob", date="2026-11-22")
    raise AssertionError("no game of 60 moves")


def test_a_60_move_game_link_is_under_120_characters_after_the_site():
    record = sixty_move_game()
    link = "replay.html#" + share_fragment(record, ply=37, orientation=NORTH)
    assert len(link) < 120, link
    back = parse_fragment(link.split("#", 1)[1])
    assert back.record == record and back.ply == 37 and back.orientation == NORTH


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), plies=st.integers(0, 80),
       rules=st.sampled_from(["kalah(6,4)", "kalah(4,3)+empty-capture", "kalah(6,6)+pie", "owari", "oware",
                              "relay-kalaha", "kalah(6,3)+gamelink"]),
       south=st.one_of(st.none(), st.text(max_size=12)), north=st.one_of(st.none(), st.text(max_size=12)),
       orientation=st.sampled_from([SOUTH, NORTH]), data=st.data())
def test_share_and_embed_links_round_trip(seed, plies, rules, south, north, orientation, data):
    record = play(seed, plies, rules, south=south, north=north)
    ply = data.draw(st.integers(0, len(record.moves)))
    link = parse_fragment("#" + share_fragment(record, ply, orientation))
    assert link.record == record and link.shown_ply() == ply and link.orientation == orientation
    assert not link.is_correspondence
    speed = data.draw(st.sampled_from([0.25, 0.5, 1.0, 2.0, 8.0]))
    theme = data.draw(st.sampled_from(["auto", "light", "dark"]))
    embed = parse_fragment(embed_fragment(record, ply, orientation, autoplay=True, speed=speed,
                                          controls=False, theme=theme))
    assert (embed.autoplay, embed.speed, embed.controls, embed.theme) == (True, speed, False, theme)
    assert embed.record == record


def test_correspondence_link_says_whose_turn_and_round_trips():
    record = play(3, 7)
    fragment = correspondence_fragment(record, "game-1")
    link = parse_fragment(fragment)
    assert link.is_correspondence and link.game_id == "game-1"
    assert link.turn == record.board().turn and link.moves == 7
    assert check_against_held(link, None) is True
    assert check_against_held(link, play(3, 5)) is True
    assert check_against_held(link, record) is False


def test_the_correspondence_checksum_is_pinned():
    # Links made by one browser are checked by another (and by CPython in the tests): the checksum
    # is of the link's own parts only, the same under every Python.
    assert correspondence_checksum("k1.K32.sAnn.nBob.m", "corr1", "s", "0") == "vxfyjj"
    assert correspondence_fragment(Record.from_board(Board("kalah(3,2)"), south="Ann", north="Bob"), "corr1") == (
        "g=k1.K32.sAnn.nBob.m&i=corr1&t=s&n=0&h=vxfyjj")


def test_correspondence_refuses_tampered_and_stale_links():
    record = play(3, 7)
    fragment = correspondence_fragment(record, "game-1")
    game, rest = fragment.split("&", 1)
    # A move changed by hand, and the side to move changed by hand.
    for changed in (game[:-1] + ("1" if game[-1] != "1" else "2") + "&" + rest,
                    fragment.replace("&t=s&", "&t=X&").replace("&t=n&", "&t=s&").replace("&t=X&", "&t=n&")):
        with pytest.raises(KalahError, match="changed after it was made|cannot be read"):
            parse_fragment(changed)
    with pytest.raises(KalahError, match="incomplete"):
        parse_fragment(fragment.rsplit("&", 1)[0])
    # Stale: this device already holds the game two moves further on.
    with pytest.raises(KalahError, match="stale: it shows move 7.*at move 9"):
        check_against_held(parse_fragment(fragment), play(3, 9))
    # Not the same game at all.
    with pytest.raises(KalahError, match="does not continue the game you hold"):
        check_against_held(parse_fragment(fragment), play(4, 9))


@pytest.mark.parametrize("fragment, message", [
    ("", "holds no game"),
    ("#", "holds no game"),
    ("p=3", "no 'g=' part"),
    ("g=k1.K64.m7", "game cannot be read: .*7"),
    ("g=k2.K64.m3", "unknown version 'k2'"),
    ("g=k1.K64.m36&p=9", "ply must be 0..2"),
    ("g=k1.K64.m36&p=-1", "ply must be a whole number"),
    ("g=k1.K64.m36&o=x", "orientation must be s"),
    ("g=k1.K64.m36&zz=1", "unknown part 'zz'"),
    ("g=k1.K64.m36&g=k1.K64.m3", "gives 'g' twice"),
    ("g=k1.K64.m36&s=100", "speed must be"),
    ("g=k1.K64.m36&th=<b>", "character"),
    ("g=k1.K64.s<img src=x onerror=alert(1)>.m36", "no Kalah link has \\('<'\\)"),
    ("g=k1.K64.m36%20", "no Kalah link has \\('%'\\)"),
    ("g=k1.K64.m36&i=x", "incomplete"),
    ("g=k1.K64.m33", "cannot be read: .*house 3 of South is empty"),
    ("g=" + "k1.K64.m" + "3" * 9000, "the link is 9,010 characters; the most this site reads is 8,000"),
])
def test_malformed_fragments_say_what_is_wrong(fragment, message):
    with pytest.raises(KalahError, match=message):
        parse_fragment(fragment)


def test_a_hostile_name_survives_as_text_and_is_escaped_in_embed_code():
    record = play(1, 10, south='<img src=x onerror="alert(1)">', north="Bob & 'Co'")
    link = parse_fragment(share_fragment(record))
    assert link.record.south == '<img src=x onerror="alert(1)">'
    code = embed_code(SITE + "embed.html#" + share_fragment(record), "Kalah: %s vs %s" % (record.south, record.north))
    assert "<img" not in code and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in code
    assert 'loading="lazy"' in code and 'sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"' in code
    assert code.startswith("<iframe ") and code.endswith("></iframe>")


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-=&#%<>\"' \x00\u00e9\u202e"


def mutate(rng, text):
    """A damaged copy of a valid fragment: cut, spliced, characters changed."""
    kind = rng.randrange(5)
    if kind == 0 and text:
        return text[:rng.randrange(len(text))]
    if kind == 1:
        at = rng.randrange(len(text) + 1)
        return text[:at] + "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 6))) + text[at:]
    if kind == 2 and text:
        chars = list(text)
        for _ in range(rng.randrange(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice(ALPHABET)
        return "".join(chars)
    if kind == 3:
        parts = text.split("&")
        rng.shuffle(parts)
        return "&".join(parts[:rng.randrange(1, len(parts) + 1)] * rng.randrange(1, 3))
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 40)))


def test_a_thousand_damaged_fragments_raise_only_kalah_error():
    rng = random.Random(2026)
    valid = [share_fragment(play(s, rng.randrange(0, 70), south="Ann")) for s in range(5)]
    valid += [correspondence_fragment(play(s, 9), "g%d" % s) for s in range(5)]
    valid += [embed_fragment(play(s, 20), 5, NORTH, True, 2.0, False, "dark") for s in range(5)]
    refused = 0
    for i in range(1000):
        fragment = mutate(rng, rng.choice(valid))
        try:
            link = parse_fragment(fragment)
        except KalahError as error:
            refused += 1
            assert str(error)
            continue
        assert 0 <= link.shown_ply() <= len(link.record.moves)
    assert refused > 500


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_raises_only_kalah_error(text):
    try:
        parse_fragment(text)
    except KalahError:
        pass
