"""Firefox and WebKit, driven without any browser download, behind one small interface.

Why these drivers (issue 27): both speak a W3C standard to the browser Debian ships, so an
upgrade of either browser keeps them working.
- Firefox ESR: its built-in WebDriver BiDi server (--remote-debugging-port), spoken here over
  a websocket (websocket-client, which selenium pins). geckodriver is not in Debian, and
  Playwright's Firefox needs Playwright's own patched build.
- WebKitGTK (Safari's engine): WebKitWebDriver with MiniBrowser --automation under Xvfb,
  through selenium. WebKitGTK 2.50 has no BiDi yet, so the page's errors are read from a
  guard script the test server puts first in every page (guard.js), and requests leaving
  the loopback hosts go to a recording proxy that refuses them.

A Driver: goto(url), run(js) -> value (a function body: `return ...`), wait(js), click(css), tap(css),
keys(*keys) to the focused element, viewport(w, h), frame(css) to act inside an iframe,
errors() and offsite() for the guards, quit().
"""

import http.server
import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import threading
import time

import websocket

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
# WebKit sessions: tries, and how long one may take to start. A session that starts at all starts
# within a few seconds, busy or not (3 s idle; no other WebKit setup among the 30 slowest of any
# busy run; each try's log says how long it took), but some starts never answer: 4 of about 25 in
# the b971825 busy run, 2 of 25 in an idle run of 8ca3317, each waiting out the whole wait (120 s,
# then 45 s): 20 s keeps a margin of several times a start and gives the next try the rest.
SESSION_TRIES = 3
SESSION_SECONDS = 20
# Each WebKit session's stderr (WebKitWebDriver's, and the MiniBrowser's it starts, which
# inherits it), one file a session try: why a session did not start is there.
SESSION_LOGS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts" / "webkit-sessions"
DEFAULT_TIMEOUT = 90  # seconds; a wait costs nothing once its condition holds (see tests/browser/conftest.py)

# WebDriver key codes (the same in classic WebDriver and BiDi).
KEYS = {"ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
        "Enter": "\ue007", "Home": "\ue011", "End": "\ue010", "Tab": "\ue004", "Space": " "}


class TimeoutError_(AssertionError):
    pass


def _wait_until(check, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError_(f"waited {timeout} s for: {what}")
        time.sleep(0.05)


class Driver:
    name = ""

    def wait(self, condition, timeout=DEFAULT_TIMEOUT):
        """Wait until the JS expression `condition` is truthy in the current frame; returns its value."""
        return _wait_until(lambda: self.run(f"return ({condition});"), timeout, condition)

    def wait_ready(self, timeout=DEFAULT_TIMEOUT):
        """The site's page convention: <body data-ready="1"> once its Python has drawn it."""
        state = self.wait("document.body && document.body.dataset.ready", timeout)
        assert state == "1", f'page reported data-ready="{state}": ' + self.run("return document.body.innerText")


class Firefox(Driver):
    """One firefox-esr for the session; each test gets its own user context (fresh storage)."""

    name = "firefox"

    def __init__(self, allowed_origins):
        self.allowed = allowed_origins
        self.profile = tempfile.mkdtemp(prefix="kalah-firefox-")
        # Firefox's Remote Agent sets its recommended prefs (no updates, no telemetry) itself.
        # Third-party storage blocked, as Safari always does and as course platforms (another
        # site) then see the embed: cookieBehavior 1 (Firefox's default partitions it instead).
        pathlib.Path(self.profile, "user.js").write_text('user_pref("network.cookie.cookieBehavior", 1);\n')
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port=0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = None
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                url = found.group(1)
                break
        assert url, "firefox-esr did not start its WebDriver BiDi server"
        # Keep reading stderr so the browser never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in self.process.stderr], daemon=True).start()
        self.ws = websocket.create_connection(url + "/session", suppress_origin=True, timeout=DEFAULT_TIMEOUT * 2)
        self.next_id = 0
        self.events = []
        self.send("session.new", {"capabilities": {}})
        self.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent",
                                                   "browsingContext.contextCreated"]})
        self.user_context = None

    def send(self, method, params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise AssertionError(f"{method}: {message['error']}: {message['message']}")
                return message["result"]
            if message.get("type") == "event":
                self.events.append(message)

    def new_test(self):
        self.events.clear()
        self.user_context = self.send("browser.createUserContext", {})["userContext"]
        self.top = self.send("browsingContext.create", {"type": "tab", "userContext": self.user_context})["context"]
        self.context = self.top
        self.send("browsingContext.setViewport", {"context": self.top, "viewport": {"width": 1280, "height": 900}})

    def end_test(self):
        self.send("browser.removeUserContext", {"userContext": self.user_context})

    def goto(self, url):
        self.context = self.top
        self.send("browsingContext.navigate", {"context": self.top, "url": url, "wait": "complete"})

    def run(self, body, *args):
        result = self.send("script.callFunction", {
            "functionDeclaration": f"async function() {{ {body} }}", "awaitPromise": True,
            "arguments": [{"type": "string", "value": a} if isinstance(a, str) else {"type": "number", "value": a}
                          for a in args],
            "target": {"context": self.context}, "resultOwnership": "none"})
        if result["type"] == "exception":
            raise AssertionError(f"script failed: {result['exceptionDetails']['text']}\n{body}")
        return _deserialize(result["result"])

    def _element(self, css):
        self.wait(f"document.querySelector({json.dumps(css)})")
        result = self.send("script.evaluate", {"expression": f"document.querySelector({json.dumps(css)})",
                                               "target": {"context": self.context}, "awaitPromise": False,
                                               "resultOwnership": "root"})
        return {"sharedId": result["result"]["sharedId"]}

    def click(self, css, pointer="mouse"):
        element = self._element(css)
        self.run(f"document.querySelector({json.dumps(css)}).scrollIntoView({{block: 'center'}}); return 1;")
        self.send("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": pointer, "parameters": {"pointerType": pointer}, "actions": [
                {"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": element}},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.send("input.releaseActions", {"context": self.context})

    def tap(self, css):
        """A finger's tap on the element's centre (a touch pointer, not a mouse)."""
        self.click(css, pointer="touch")

    def keys(self, *keys):
        actions = []
        for key in keys:
            value = KEYS.get(key, key)
            actions += [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self.send("input.performActions", {"context": self.context,
                                           "actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def viewport(self, width, height):
        self.send("browsingContext.setViewport", {"context": self.top,
                                                  "viewport": {"width": width, "height": height}})

    def frame(self, css=None):
        """Act inside the iframe `css` of the top page (None: back to the top page)."""
        if css is None:
            self.context = self.top
            return
        self.wait(f"document.querySelector({json.dumps(css)})")
        index = self.run(f"return [...document.querySelectorAll('iframe')].indexOf(document.querySelector({json.dumps(css)}));")
        tree = self.send("browsingContext.getTree", {"root": self.top})
        self.context = tree["contexts"][0]["children"][index]["context"]

    def errors(self):
        self.send("browsingContext.getTree", {"root": self.top})  # reads the events sent so far
        found = []
        for event in self.events:
            if event["method"] == "log.entryAdded" and event["params"]["level"] == "error":
                found.append(f"{event['params']['type']}: {event['params']['text']}")
        return found

    def forget(self):
        """Drop what the guards saw so far (tests/engines/test_guards.py provokes it)."""
        self.errors()
        self.events.clear()

    def offsite(self):
        urls = [e["params"]["request"]["url"] for e in self.events if e["method"] == "network.beforeRequestSent"]
        return [u for u in urls if not _allowed(u, self.allowed)]

    def quit(self):
        try:
            self.send("browser.close", {})
        except Exception:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def _deserialize(value):
    kind = value["type"]
    if kind in ("undefined", "null"):
        return None
    if kind == "array":
        return [_deserialize(v) for v in value["value"]]
    if kind == "object":
        return {k if isinstance(k, str) else _deserialize(k): _deserialize(v) for k, v in value["value"]}
    if kind in ("string", "number", "boolean"):
        return value["value"]
    return kind  # nodes, functions...: their type is enough here


def _allowed(url, origins):
    return url.startswith(("data:", "blob:", "about:")) or any(url == o or url.startswith(o + "/") for o in origins)


class _Refuse(http.server.BaseHTTPRequestHandler):
    """The WebKit session's proxy: records every request that left the loopback hosts, refuses it."""

    def do_GET(self):
        self.server.seen.append(self.requestline.split(" ")[1])
        self.send_response(403)
        self.end_headers()

    do_POST = do_HEAD = do_CONNECT = do_GET

    def log_message(self, *args):
        pass


class WebKit(Driver):
    """A fresh MiniBrowser session per test (WebKitWebDriver holds one session at a time)."""

    name = "webkit"
    xvfb = None

    @classmethod
    def start_display(cls):
        if cls.xvfb is None:
            cls.xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            cls.display = ":" + cls.xvfb.stdout.readline().decode().strip()
            cls.proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Refuse)
            cls.proxy.seen = []
            threading.Thread(target=cls.proxy.serve_forever, daemon=True).start()

    @classmethod
    def stop_display(cls):
        if cls.xvfb is not None:
            cls.proxy.shutdown()
            cls.xvfb.terminate()
            cls.xvfb.wait()
            cls.xvfb = None

    def __init__(self, allowed_origins, label="session"):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        self.start_display()
        self.allowed = allowed_origins
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument("--enable-itp")  # Safari's Intelligent Tracking Prevention: third-party storage blocked
        proxy = f"127.0.0.1:{self.proxy.server_address[1]}"
        options.set_capability("proxy", {"proxyType": "manual", "httpProxy": proxy, "sslProxy": proxy,
                                         "noProxy": ["127.0.0.1", "localhost", "127.0.0.2"]})
        env = {**os.environ, "DISPLAY": self.display}
        self.seen_before = len(self.proxy.seen)
        self.session = self._new_session(
            lambda log: Service(executable_path=WEBKIT_DRIVER, env=env, log_output=log),
            lambda service: webdriver.WebKitGTK(options=options, service=service), label)
        self.session.set_script_timeout(DEFAULT_TIMEOUT)
        self.viewport(1280, 900)

    @staticmethod
    def _new_session(make_service, make_session, label):
        """A session, tried again when WebKitWebDriver never answers: under load its MiniBrowser
        was once seen not to start, and the session request then waits forever (it has no timeout).
        Each try's stderr goes to SESSION_LOGS/<label>-<try>.log."""
        SESSION_LOGS.mkdir(parents=True, exist_ok=True)
        logs = []
        for attempt in range(1, SESSION_TRIES + 1):
            logs.append(SESSION_LOGS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', label)}-{attempt}.log")
            log = open(logs[-1], "w")
            log.write(f"{time.strftime('%H:%M:%S')} load average {os.getloadavg()}: starting {WEBKIT_DRIVER}\n")
            log.flush()
            service = make_service(log)
            started = {}

            def start():
                try:
                    started["session"] = make_session(service)
                except Exception as error:   # the driver killed below, or it refused
                    started["error"] = error
            thread = threading.Thread(target=start, daemon=True)
            thread.start()
            thread.join(SESSION_SECONDS)
            if "session" in started:
                log.write(f"{time.strftime('%H:%M:%S')} session started\n")
                log.flush()
                started["session"].kalah_log = log  # closed by quit()
                return started["session"]
            log.write(f"{time.strftime('%H:%M:%S')} no session after {SESSION_SECONDS} s: WebKitWebDriver killed\n")
            log.close()
            process = getattr(service, "process", None)
            if process is not None:
                process.kill()
            thread.join(30)
        raise AssertionError("WebKitWebDriver started no MiniBrowser session in %d tries of %d s (last: %r); "
                             "their stderr: %s" % (SESSION_TRIES, SESSION_SECONDS, started.get("error"),
                                                   ", ".join(map(str, logs))))

    def new_test(self):
        pass

    def end_test(self):
        pass

    def goto(self, url):
        self.session.switch_to.default_content()
        self.session.get(url)

    def run(self, body, *args):
        # execute_async_script so a body may await; its last argument is the callback.
        script = (f"const done = arguments[arguments.length - 1];"
                  f"(async function() {{ {body} }}).apply(null, [...arguments].slice(0, -1))"
                  f".then(done, e => done({{__error: String(e && e.stack || e)}}));")
        value = self.session.execute_async_script(script, *args)
        if isinstance(value, dict) and "__error" in value:
            raise AssertionError(f"script failed: {value['__error']}\n{body}")
        return value

    def click(self, css):
        from selenium.webdriver.common.by import By
        self.wait(f"document.querySelector({json.dumps(css)})")
        self.session.find_element(By.CSS_SELECTOR, css).click()

    def tap(self, css):
        """A finger's tap on the element's centre (a touch pointer, not a mouse)."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        from selenium.webdriver.common.by import By
        self.wait(f"document.querySelector({json.dumps(css)})")
        actions = ActionBuilder(self.session, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(self.session.find_element(By.CSS_SELECTOR, css)).pointer_down().pointer_up()
        actions.perform()

    def keys(self, *keys):
        from selenium.webdriver.common.action_chains import ActionChains
        chain = ActionChains(self.session)
        for key in keys:
            chain.send_keys(KEYS.get(key, key))
        chain.perform()

    def viewport(self, width, height):
        # The window's size holds MiniBrowser's toolbar: grow it until the page's own viewport fits.
        self.session.set_window_size(width, height)
        inner = self.session.execute_script("return [innerWidth, innerHeight]")
        self.session.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def frame(self, css=None):
        from selenium.webdriver.common.by import By
        self.session.switch_to.default_content()
        if css is not None:
            self.wait(f"document.querySelector({json.dumps(css)})")
            self.session.switch_to.frame(self.session.find_element(By.CSS_SELECTOR, css))

    def errors(self):
        """What guard.js saw in the top page and in each of its frames."""
        from selenium.webdriver.common.by import By
        self.session.switch_to.default_content()
        found = list(self.session.execute_script("return window.__kalahErrors || []"))
        for frame in self.session.find_elements(By.TAG_NAME, "iframe"):
            self.session.switch_to.frame(frame)
            found += self.session.execute_script("return window.__kalahErrors || []")
            self.session.switch_to.default_content()
        return found

    def offsite(self):
        return self.proxy.seen[self.seen_before:]

    def forget(self):
        """Drop what the guards saw so far (tests/engines/test_guards.py provokes it)."""
        self.seen_before = len(self.proxy.seen)
        self.goto("about:blank")

    def quit(self):
        self.session.quit()
        self.session.kalah_log.close()


GUARD_JS = pathlib.Path(__file__).with_name("guard.js").read_text()
