"""Which plural form a count takes, per language: gettext's plural index.

The same rules as the catalogs' Plural-Forms headers (CLDR's, as Babel writes them), as Python
functions, so that MicroPython never evaluates a C expression; tests/test_i18n_catalogs.py checks
each against its catalog's header for counts 0..2000 and the millions.
"""


def _one_other(n):            # English, German: 1 seed, 0 seeds, 2 seeds
    return 0 if n == 1 else 1


def _one_many_other(n):       # Spanish: 1 semilla, 2 semillas; "many" is CLDR's millions (de semillas)
    if n == 1:
        return 0
    return 1 if n != 0 and n % 1000000 == 0 else 2


def _zero_one_many_other(n):  # French, Portuguese: 0 and 1 are singular (0 graine, 1 graine, 2 graines)
    if n in (0, 1):
        return 0
    return 1 if n % 1000000 == 0 else 2


def _arabic(n):               # zero, one, two, few (3-10), many (11-99), other (100, 101, 102...)
    if n in (0, 1, 2):
        return n
    if 3 <= n % 100 <= 10:
        return 3
    if 11 <= n % 100 <= 99:
        return 4
    return 5


PLURAL_RULES = {"en": _one_other, "de": _one_other, "es": _one_many_other, "fr": _zero_one_many_other,
                "pt": _zero_one_many_other, "ar": _arabic, "qps": _one_other}
# How many forms each language's catalog holds (its header's nplurals).
PLURAL_COUNTS = {"en": 2, "de": 2, "es": 3, "fr": 3, "pt": 3, "ar": 6, "qps": 2}
