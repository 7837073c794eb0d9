"""Who played a game and which game it is: ids, content hashes, players' names.

Pure Python (CPython and MicroPython), below the history and the links that
both use it:

    short_hash(text)          FNV-1a in base 36, the same on every host
    fingerprint(record)       equal for two copies of the same game
    game_id(record)           the record's id (meta "id"), else one from its content
    valid_id(text)            what an id may be: 1-40 of [A-Za-z0-9_-]
    player_name(record, side) the name to show for a side
"""


def fingerprint(record):
    """A short text that is equal for two copies of the same game."""
    forfeit = record.forfeit or {}
    text = "|".join([record.rules, record.start or "", record.south or "", record.north or "",
                     ",".join(str(m) for m in record.moves), forfeit.get("by") or "",
                     forfeit.get("reason") or ""])
    return short_hash(text)


def short_hash(text, length=8):
    """FNV-1a (32 bit) of the text's UTF-8 bytes, in base 36: cheap and the same everywhere."""
    h = 0x811C9DC5
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while h:
        h, r = divmod(h, 36)
        out = digits[r] + out
    return (("0" * length) + out)[-length:]


def game_id(record):
    """The record's id (meta "id"), or one made from its content."""
    value = record.meta.get("id")
    if isinstance(value, str) and valid_id(value):
        return value
    return "g" + fingerprint(record)


def valid_id(value):
    """1 to 40 ASCII letters, digits, '-' or '_': an id safe in a link and a storage key."""
    if not 1 <= len(value) <= 40:
        return False
    for ch in value:
        if not (ch.isalpha() or ch.isdigit() or ch in "-_") or ord(ch) > 127:
            return False
    return True


def player_name(record, side, seat=True):
    """The name a person chose (the record's, or meta "south_name"), else 'Computer (level N)'
    as the play page says it (meta "south_player": "levelN"), else 'Person (South)'.

    seat=False leaves out '(South)' where the seat is shown beside the name.
    """
    key = "south" if side == 0 else "north"
    name = (record.south if side == 0 else record.north) or record.meta.get(key + "_name")
    if isinstance(name, str) and name.strip():
        return name.strip()[:80]
    player = record.meta.get(key + "_player")
    if not isinstance(player, str) or player == "human":
        return "Person (%s)" % ("South" if side == 0 else "North") if seat else "Person"
    if player.startswith("level") and player[5:].isdigit():
        return "Computer (level %s)" % player[5:]
    return "Computer (%s)" % player[:40]
