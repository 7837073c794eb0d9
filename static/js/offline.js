// Offline start for every page: register sw.js after the page has loaded (so
// it never slows the first start), then hand it the list of files this page
// already loaded before the worker was in control (styles and scripts that
// pages add at run time), so that they are cached too.
// Include with: <script src="./static/js/offline.js" defer></script>
if ("serviceWorker" in navigator) {
  const workerUrl = new URL("../../sw.js", document.currentScript.src);  // the site's root, whatever the page
  addEventListener("load", async () => {
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
