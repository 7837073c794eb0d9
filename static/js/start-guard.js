// Never leave a page at "Starting…": if the runtime cannot load or the page's
// Python fails, say so in #status and set <body data-ready="error">.
// Loaded as a classic script in <head>, before PyScript, by every page.
// The words are the page's language's (docs/translating.md; extracted by scripts/build/i18n.py,
// keyword N_): said in English at once, then again from the catalog when there is one.
(() => {
  const N_ = (text) => text;
  const AGAIN = N_("Reload the page to try again; if it keeps failing, your browser may be too old for this site.");
  // The page's messages: kalahTranslate once its Python started (kalah/web/common/page_language.py);
  // before that, or when it never will, the page's catalog the head's language script fetched
  // (window.kalahCatalog, a promise of it parsed, null when it did not load; none for English,
  // and then the English stays).
  let catalog = null;
  const messages = () => catalog || (catalog = Promise.resolve(window.kalahCatalog)
    .then((read) => read.messages)
    .catch(() => ({})));
  const translate = async (text) => {
    if (window.kalahTranslate) return window.kalahTranslate(text);
    const found = (await messages())[text];
    return typeof found === "string" && found ? found : text;
  };
  // A message's %(name)s filled with values that are data (a file's address, an error): text only.
  const filled = (text, values) => text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
  let latest = 0;   // a later failure's words are not overwritten by an earlier one's translation
  const say = (status, message, values) => {
    const turn = ++latest;
    status.textContent = filled(message, values) + " " + AGAIN;
    if (document.documentElement.lang && document.documentElement.lang !== "en") {
      Promise.all([translate(message), translate(AGAIN)]).then(([said, again]) => {
        if (turn === latest) status.textContent = filled(said, values) + " " + again;
      }).catch(() => { /* the English stays: a failure here must not be reported as the page's */ });
    }
  };
  const fail = (message, values = {}) => {
    if (!document.body) return addEventListener("DOMContentLoaded", () => fail(message, values));
    if (document.body.dataset.ready === "1") return;
    document.body.dataset.ready = "error";
    // A page waiting for its language's messages (scripts/build/pages.py's head) shows itself to say so.
    document.documentElement.classList.remove("i18n-pending");
    const board = document.getElementById("board");
    if (board) board.classList.add("failed");
    const status = document.getElementById("status");
    status.className = "status error";
    status.setAttribute("role", "alert");
    say(status, message, values);
  };
  // Capture phase: a <script src> that fails to load does not bubble.
  addEventListener("error", (e) => {
    if (e.target instanceof HTMLScriptElement) fail(N_("The page could not start: %(file)s did not load."), { file: e.target.src });
    else if (e.message) fail(N_("The page could not start: %(error)s"), { error: e.message });
  }, true);
  addEventListener("unhandledrejection", (e) => fail(N_("The page could not start: %(error)s"), { error: e.reason }));
  // Fires after every <script type="mpy"> ran, also when one raised.
  addEventListener("py:all-done", () => fail(N_("The page could not start: its Python code failed (details below).")));
})();
