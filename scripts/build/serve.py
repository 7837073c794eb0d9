"""Serve the static site from the repository root on 127.0.0.1.

Run: python -m scripts.build.serve [--port 8000] [--quiet]   (port 0 picks a free one)
Tests import it: server, url = start_server(root, port=0); server.shutdown()
"""

import argparse
import functools
import http.server
import pathlib
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Browsers refuse ES modules and WebAssembly streaming compilation when the
# MIME type is wrong, and Python's mimetypes table varies between systems, so
# every type the site uses is fixed here.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".map": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self):
        # Revalidate on every load so a reload always shows the files on disk.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True  # a hung browser connection must not block shutdown

    def handle_error(self, request, client_address):
        # A browser that stopped reading (a page left or reloaded mid-download, a request the
        # page aborted) is no fault of the site: its traceback would only bury real ones.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(root=ROOT, port=8000, quiet=False):
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    return server, url


def start_server(root=ROOT, port=0, quiet=True):
    """Serve root in a background thread; returns (server, url). Stop with server.shutdown()."""
    server, url = make_server(root, port, quiet)
    threading.Thread(target=server.serve_forever, name="kalah-site", daemon=True).start()
    return server, url


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    server, url = make_server(args.root, args.port, args.quiet)
    print(f"Serving Kalah at {url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
