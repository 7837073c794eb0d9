"""The guards themselves: each engine's driver sees a page's console error, its uncaught error
and its request to another host, so a green flow means none happened."""

import time

from tests.engines import drivers
import pytest

PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script src="/__kalah_guard.js"></script>
<script>
  console.error("seen");
  fetch("http://example.invalid/x").catch(() => {});
  setTimeout(() => { document.body.dataset.done = "1"; throw new Error("thrown"); }, 0);
</script></body></html>"""


@pytest.fixture
def guard_page(other_site, engine_site):
    url, folder = other_site
    (folder / "__kalah_guard.js").write_bytes(drivers.GUARD_JS.encode())
    (folder / "bad.html").write_text(PAGE)
    return url + "bad.html"


def test_each_driver_sees_errors_and_requests_off_the_site(engine, guard_page):
    engine.goto(guard_page)
    engine.wait("document.body.dataset.done")
    engine.wait("document.readyState === 'complete'")
    deadline = time.monotonic() + 30
    while not (engine.offsite() and len(engine.errors()) >= 2) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert any("example.invalid" in url for url in engine.offsite())
    errors = "\n".join(engine.errors())
    assert "seen" in errors and "thrown" in errors
    engine.forget()  # what this test provoked is not a breach
