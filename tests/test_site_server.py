"""The local static server (scripts/build/serve.py): a browser that stops reading mid-download
(a page left or reloaded, a request aborted) is not reported; any other fault still is."""

import pytest

from scripts.build.serve import make_server


@pytest.fixture
def server():
    server, _ = make_server(port=0, quiet=True)
    yield server
    server.server_close()


def fault(server, error):
    """What the server does with `error` raised while it answered a request."""
    try:
        raise error
    except Exception:
        server.handle_error(None, ("127.0.0.1", 40000))


def test_a_browser_that_stops_reading_is_not_reported(server, capsys):
    fault(server, BrokenPipeError(32, "Broken pipe"))
    fault(server, ConnectionResetError(104, "Connection reset by peer"))
    assert capsys.readouterr().err == ""


def test_any_other_fault_is_reported_with_its_traceback(server, capsys):
    fault(server, ValueError("a fault of the site"))
    err = capsys.readouterr().err
    assert "Exception occurred during processing of request from ('127.0.0.1', 40000)" in err
    assert "ValueError: a fault of the site" in err
