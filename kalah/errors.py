"""The one exception type of the package, and the reasons it gives.

Every bad input (an illegal move, a malformed record or position, an unknown
rule set) raises KalahError with a message that says what was wrong and where,
so that each way in (the page, a link, a file, the command line, a student's
bot) can show it as it is.

A reason is an English template with named parameters, marked for the catalogs
(docs/translating.md), as python-chess keeps an error's parts beside its text:

    raise KalahError(N_("house %(house)d of %(side)s is empty"), house=3, side=SIDES[0])

str(error) is the English (the command line, records and every test read it);
a page shows kalah.i18n.translated(error), the same template from the page's
catalog. A parameter is shown as it is (a file name, a move, a position text:
data, never translated) unless it is a Reason itself (a side's name, where in
a file, or the KalahError a reason wraps), which is translated in its turn.
"""


def N_(message):
    """Marks a message for extraction where it is written; translated where it is shown."""
    return message


class Reason:
    """An English template and its parameters: words a person reads, in any language."""

    def __init__(self, template, **params):
        self.template = template
        self.params = params

    def __str__(self):
        return render(self.template, self.params, str)

    def __repr__(self):
        return "Reason(%r)" % str(self)


def render(template, params, text_of):
    """`template` filled with `params`, each Reason among them read by `text_of` (str: English)."""
    if not params:
        return template
    return template % dict((name, text_of(value) if isinstance(value, (Reason, KalahError)) else value)
                           for name, value in params.items())


class KalahError(ValueError):
    """Bad input to the kalah package: the message says what and where.

    KalahError(text) keeps a finished English text; KalahError(template, **params) keeps the
    template and its parameters too, for the pages to say it in their language; KalahError(reason)
    raises a Reason built beforehand."""

    def __init__(self, template, **params):
        if isinstance(template, Reason):
            template, params = template.template, template.params
        template = str(template)
        super().__init__(render(template, params, str))
        self.template = template
        self.params = params


# The sides as a reason names them (SIDES[side]): the same words as kalah.game.rules.SIDE_NAMES
# (the records'), which the pages say in their language (kalah.i18n.side_word).
SIDES = (Reason(N_("South")), Reason(N_("North")))
