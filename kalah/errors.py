"""The one exception type of the package.

Every bad input (an illegal move, a malformed record or position, an unknown
rule set) raises KalahError with a message that says what was wrong and where,
so that each way in (the page, a link, a file, the command line, a student's
bot) can show it as it is.
"""


class KalahError(ValueError):
    """Bad input to the kalah package: the message says what and where."""
