"""The puzzles page's choice: its pickers (set, rule set, theme, difficulty, mode), filled from
kalah.study.puzzles, set from a choice and read back into one; and the links to what is shown."""

from kalah.i18n import LINK_KEY, _
from kalah.study import puzzles
from kalah.study.analysis_link import study_link
from kalah.web.common.dom import by_id, el


def fill_pickers():
    rules = by_id("pick-rules")
    for name in puzzles.SHIPPED_RULES:
        rules.append(el("option", name, attrs={"value": name}))
    themes = by_id("pick-theme")
    for theme in puzzles.THEMES:
        themes.append(el("option", _(puzzles.THEME_NAMES[theme]), attrs={"value": theme}))
    modes = by_id("pick-mode")
    for mode in puzzles.MODES:
        modes.append(el("option", _(puzzles.MODE_NAMES[mode]), attrs={"value": mode}))
    levels = by_id("pick-difficulty")
    for difficulty in puzzles.DIFFICULTIES:
        levels.append(el("option", "%d · %s" % (difficulty, _(puzzles.DIFFICULTY_NAMES[difficulty])),
                         attrs={"value": str(difficulty)}))


def show_choice(choice, yours):
    """The pickers set to `choice` (and the "From your games" panel shown with its set)."""
    by_id("pick-set").value = choice.set_name
    yours.show(choice.set_name == "yours")
    by_id("pick-rules").value = choice.rules.name
    by_id("pick-theme").value = choice.theme or ""
    by_id("pick-difficulty").value = "" if choice.difficulty is None else str(choice.difficulty)
    by_id("pick-mode").value = choice.mode


def picked(choice):
    """The choice the pickers now say (a timed run's length kept from `choice`)."""
    theme = by_id("pick-theme").value or None
    difficulty = by_id("pick-difficulty").value
    return puzzles.Choice(by_id("pick-rules").value, None, theme, int(difficulty) if difficulty else None,
                          by_id("pick-set").value, by_id("pick-mode").value, choice.seconds)


def draw_links(choice, puzzle, in_run):
    """The links to the puzzle shown, its set and its position; the fragment the page's address
    takes: a run's starts a new run (a reload too), not at the puzzle it had come to."""
    one = puzzles.format_link(puzzles.Choice(choice.rules.name, choice.pid, set_name=choice.set_name))
    themed = puzzles.format_link(puzzles.Choice(choice.rules.name, None, choice.theme, choice.difficulty,
                                                choice.set_name, choice.mode, choice.seconds))
    by_id("link-puzzle").setAttribute("href", "./puzzles.html#" + one)
    by_id("link-set").setAttribute("href", "./puzzles.html#" + themed)
    by_id("link-study").setAttribute("href", "./" + study_link(puzzle.board()))
    return "#" + (themed if in_run else puzzles.format_link(choice))


def kept_language(address):
    """'&lang=fr' when the page's address names its language (a teacher's link): the address the
    page writes as puzzles go by keeps it, so a reload stays in the course's language; the links
    the page gives do not carry it (a puzzle link opens in its reader's language)."""
    for part in address.lstrip("#").split("&"):
        if part.startswith(LINK_KEY + "="):
            return "&" + part
    return ""
