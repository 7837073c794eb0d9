"""Variants of level 8's search for the benchmarks: kalah.ai.search's module settings, switched for a while.

A variant is written NAME=VALUE[,NAME=VALUE...] (for example
`EXTEND_EXTRA_TURNS=1,QUIESCENCE=0`), or `shipped` for the settings as they are.
A Search reads these settings when it is made, so each variant's moves must come
from a new searcher (the benchmarks start each move from an empty table anyway).
"""

import contextlib

from kalah.ai import search

SHIPPED = "shipped"


def parse(variant):
    """'NAME=VALUE,NAME=VALUE' (or 'shipped') -> {NAME: value}, each of the type the module has now."""
    if variant == SHIPPED:
        return {}
    settings = {}
    for setting in variant.split(","):
        name, _, value = setting.partition("=")
        if not name.isupper() or not hasattr(search, name) or not value:
            raise SystemExit("not a setting of kalah.ai.search: %r (NAME=VALUE, NAME in capitals)" % setting)
        kind = type(getattr(search, name))
        settings[name] = kind(float(value)) if kind is not bool else bool(int(value))
    return settings


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
