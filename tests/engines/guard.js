// Put first in every page the engine tests load (see drivers.py): keeps each console error
// and uncaught error of the page in window.__kalahErrors, for drivers that cannot see them
// (WebKitWebDriver has no log). A worker's own errors reach here only through the page.
(() => {
  const errors = window.__kalahErrors = [];
  const consoleError = console.error.bind(console);
  console.error = (...args) => { errors.push("console.error: " + args.map(String).join(" ")); consoleError(...args); };
  const text = (error) => String(error) + (error && error.stack ? "\n" + error.stack : "");  // WebKit's stack lacks the message
  addEventListener("error", (e) => errors.push("uncaught: " + (e.error ? text(e.error) : e.message)));
  addEventListener("unhandledrejection", (e) => errors.push("unhandled rejection: " + text(e.reason)));
  addEventListener("securitypolicyviolation", (e) => errors.push("CSP: " + e.violatedDirective + " " + e.blockedURI));
})();
