// Offline start for every page: register sw.js once the page is ready (so its
// precache, Pyodide included, never competes with the page's own start), then
// hand it the list of files this page already loaded before the worker was in
// control (styles and scripts pages add at run time), so they are cached too.
// Include with: <script src="./static/js/offline.js" async></script> (async: it must not
// hold back DOMContentLoaded, and so PyScript, while it waits behind the page's preloads).
if ("serviceWorker" in navigator) {
  // The site's root, whatever the page; found by its tag (an async script run from
  // the cache on a reload may have no document.currentScript).
  const workerUrl = new URL("../../sw.js", document.querySelector('script[src$="static/js/offline.js"]').src);

  // A page that runs Python is ready at <body data-ready>; a static page at load.
  const pageReady = () => new Promise((resolve) => {
    const hasPython = document.querySelector('script[type="mpy"], script[type="py"]');
    const check = () => (!hasPython || document.body.dataset.ready) ? resolve() : setTimeout(check, 250);
    check();
  });

  addEventListener("load", async () => {
    await pageReady();
    await new Promise((resolve) => setTimeout(resolve, 1000));  // let the first interactions go first
    try {
      await navigator.serviceWorker.register(workerUrl);
    } catch (error) {
      console.warn("offline mode unavailable:", error);
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    const send = () => {
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name)
        .filter((url) => url.startsWith(location.origin + "/"));
      registration.active?.postMessage({ type: "cache", urls: [location.href.split("#")[0], ...urls] });
    };
    send();
    // Files a page loads later (its analysis panel, the computer's worker) are
    // cached by the worker as they pass once it is in control; this catches
    // those that loaded in the gap before.
    setTimeout(send, 5000);
  });
}
