// Never leave a page at "Starting…": if the runtime cannot load or the page's
// Python fails, say so in #status and set <body data-ready="error">.
// Loaded as a classic script in <head>, before PyScript, by every page.
(() => {
  const fail = (message) => {
    if (!document.body) return addEventListener("DOMContentLoaded", () => fail(message));
    if (document.body.dataset.ready === "1") return;
    document.body.dataset.ready = "error";
    // A page waiting for its language's messages (scripts/build/pages.py's head) shows itself to say so.
    document.documentElement.classList.remove("i18n-pending");
    const board = document.getElementById("board");
    if (board) board.classList.add("failed");
    const status = document.getElementById("status");
    status.className = "status error";
    status.setAttribute("role", "alert");
    status.textContent = message + " Reload the page to try again; if it keeps failing, your browser may be too old for this site.";
  };
  // Capture phase: a <script src> that fails to load does not bubble.
  addEventListener("error", (e) => {
    if (e.target instanceof HTMLScriptElement) fail("The page could not start: " + e.target.src + " did not load.");
    else if (e.message) fail("The page could not start: " + e.message);
  }, true);
  addEventListener("unhandledrejection", (e) => fail("The page could not start: " + e.reason));
  // Fires after every <script type="mpy"> ran, also when one raised.
  addEventListener("py:all-done", () => fail("The page could not start: its Python code failed (details below)."));
})();
