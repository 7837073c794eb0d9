"""Importing a large history file never holds the history page for long.

The page reads and merges the file a slice at a time (about 12 ms of work
each: slices end by elapsed time), shows its progress, and draws the table a
slice of rows at a time, rows the browser lays out as they come (flex boxes,
not a table it re-measures whole). The issue's goal: no task during the
import of 1,500 games holds the page for more than 100 ms.

What is asserted is each task's CPU time on the page's main thread (a
chromium trace's thread time), not its wall time: on this 2-core machine
kept busy by other work, the scheduler stretches any task, whoever runs it.
At load average 10-13 a fixed 15 ms JavaScript loop in the same page took up
to 180-480 ms of wall time during an import, and the import's own tasks up
to 137-349 ms, while none used more than 40 ms of CPU (26-40 ms in 3 runs of
scripts/bench/measure_history_import.py; 87-108 ms before the table was laid out
as rows). The page does no synchronous waiting (localStorage is written in
memory), so a task's CPU time is how long it holds the page on an idle
machine. The file goes into the page before the measurement (carrying 600 kB
in through the test driver is a long task of the driver's own), then is
chosen as a user chooses it.
"""

from scripts.harness.chromium import main_thread_tasks, traced
from scripts.harness.history_import import CHOOSE_FILE, GAMES, PUT_FILE, history_file

MAX_TASK_CPU_MS = 100

WATCH = """() => {
  window.longTasks = [];
  window.progressSeen = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
  }).observe({type: 'longtask'});
  new MutationObserver(() => {
    const bar = document.getElementById('import-progress');
    if (!bar.hidden) window.progressSeen.push(Number(bar.value));
  }).observe(document.getElementById('import-step'), {childList: true, characterData: true, subtree: true});
}"""


def test_a_large_import_never_holds_the_page_for_long(page, site_url, wait_for_python_ready):
    text = history_file(GAMES)
    assert len(text) > 500_000
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    page.evaluate(PUT_FILE, text)
    page.evaluate(WATCH)

    def import_it():
        page.evaluate(CHOOSE_FILE)
        page.wait_for_function("document.body.dataset.import === 'done'")
        page.wait_for_function("n => document.querySelectorAll('#games-body tr').length === n", arg=GAMES)

    tasks = main_thread_tasks(traced(page, import_it))
    assert page.inner_text("#message") == "Imported from big.json: %d new, 0 updated, 0 already here." % GAMES
    seen = page.evaluate("window.progressSeen")
    assert len(seen) >= 10 and seen == sorted(seen), "the progress moved forward, slice by slice"
    assert len(tasks) > len(seen), "the trace holds the page's tasks"
    longest = sorted(tasks, reverse=True)[:5]
    wall = page.evaluate("window.longTasks")
    assert longest[0][0] < MAX_TASK_CPU_MS, (
        "tasks (CPU ms, wall ms, posted by): %s; long tasks (wall ms): %s" % (longest, wall))


def test_a_png_imported_into_the_history_is_called_what_it_is(page, site_url, wait_for_python_ready):
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"
    page.set_input_files("#import-file", files=[{"name": "board.png", "mimeType": "image/png", "buffer": png}])
    page.wait_for_function("document.body.dataset.import === 'failed'")
    assert page.inner_text("#message") == (
        "Nothing was imported from board.png: this file is not a game record or history export: "
        "it looks like a PNG image. Your history is unchanged.")
