"""Variants of level 8's search for the benchmarks, written NAME=VALUE[,NAME=VALUE...].

Two kinds, one syntax:
- kalah.ai.search's module settings, in capitals (`EXTEND_EXTRA_TURNS=1,QUIESCENCE=0`),
  or `shipped` for the settings as they are: `parse`, then `applied` switches them for a
  while. A Search reads these settings when it is made, so each variant's moves must come
  from a new searcher (the benchmarks start each move from an empty table anyway).
- Search's keyword arguments, in lower case (`extend_extra_turns=1,row_weight=0`):
  `keywords`, for the benchmarks that make their two searchers side by side
  (selfplay.py, bench_search.py).
"""

import contextlib

from kalah.ai import search

SHIPPED = "shipped"


def pairs(text):
    """'A=1,B=2' -> [(setting, name, value)] as written: ('A=1', 'A', '1'), ..."""
    return [(setting,) + setting.partition("=")[::2] for setting in text.split(",")]


def parse(variant):
    """'NAME=VALUE,NAME=VALUE' (or 'shipped') -> {NAME: value}, each of the type the module has now."""
    if variant == SHIPPED:
        return {}
    settings = {}
    for setting, name, value in pairs(variant):
        if not name.isupper() or not hasattr(search, name) or not value:
            raise SystemExit("not a setting of kalah.ai.search: %r (NAME=VALUE, NAME in capitals)" % setting)
        kind = type(getattr(search, name))
        settings[name] = kind(float(value)) if kind is not bool else bool(int(value))
    return settings


def keywords(text):
    """'name=1,name=0' -> Search's keyword arguments {name: int}; '' -> {} (Search as shipped)."""
    options = {}
    for setting, name, value in pairs(text) if text else []:
        if not name.islower() or not value.lstrip("-").isdigit():
            raise SystemExit("not a keyword argument of Search: %r (name=INTEGER, name in lower case)" % setting)
        options[name] = int(value)
    return options


@contextlib.contextmanager
def applied(settings):
    """The settings in force within the block, the shipped ones again after it."""
    saved = dict((name, getattr(search, name)) for name in settings)
    for name, value in settings.items():
        setattr(search, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(search, name, value)
