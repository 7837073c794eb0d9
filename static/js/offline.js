// Offline start for every page: register sw.js once the page is ready (so its
// precache, Pyodide included, never competes with the page's own start), saying
// so in the footer with a way out, and asking first on a metered connection; then
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

  // The choice, kept: "yes" (keep the site for offline use) or "no". Not under "kalah.":
  // the play page reads any such key as a game it may have to resume.
  const CHOICE_KEY = "kalah-offline";
  // The page's language (kalah/web/common/page_language.py sets kalahTranslate before the page is
  // ready; English: none). The messages are extracted by scripts/build/i18n.py (keywords t, sized, N_).
  const t = (text) => (window.kalahTranslate ? window.kalahTranslate(text) : text);
  const N_ = (text) => text;
  const sized = (text) => t(text).replace("%(size)s", t(SIZE));
  const SIZE = N_("about 33 MB");  // what sw.js precaches: Pyodide, the endgame tables, the pages
  const readChoice = () => { try { return localStorage.getItem(CHOICE_KEY); } catch (error) { return null; } };
  const keepChoice = (value) => { try { localStorage.setItem(CHOICE_KEY, value); } catch (error) { /* blocked */ } };

  // A connection the browser says is paid by the byte or slow: ask before downloading.
  const metered = () => {
    const c = navigator.connection;
    return !!c && (c.saveData === true || c.type === "cellular" || /2g|3g/.test(c.effectiveType || ""));
  };

  // One line in the footer: text and buttons (text only, never HTML).
  const notice = (text, buttons) => {
    let box = document.getElementById("offline-notice");
    if (!box) {
      box = document.createElement("p");
      box.id = "offline-notice";
      box.className = "offline-notice";
      box.setAttribute("role", "status");
      (document.querySelector(".site-footer") || document.body).append(box);
    }
    const words = document.createElement("span");
    words.textContent = text;
    box.replaceChildren(words, ...buttons.map(([label, action]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.addEventListener("click", action);
      return button;
    }));
  };

  const forget = async () => {
    keepChoice("no");
    const registration = await navigator.serviceWorker.getRegistration(workerUrl);
    if (registration) await registration.unregister();
    for (const name of await caches.keys()) if (name.startsWith("kalah-")) await caches.delete(name);
    offer(t("Offline use is off: the site plays online as before."));
  };

  const offer = (text) => notice(text, [[sized("Keep for offline use (%(size)s)"), () => keep(true)]]);

  const keep = async (chosen) => {
    keepChoice("yes");
    if (chosen) notice(sized("Downloading the site for offline use (%(size)s, once)\u2026"), [[t("Stop"), forget]]);
    try {
      await navigator.serviceWorker.register(workerUrl);
    } catch (error) {
      console.warn("offline mode unavailable:", error);
      if (chosen) notice(t("This browser cannot keep the site for offline use; it plays online."), []);
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    if (chosen) notice(t("Saved for offline use."), [[t("Remove"), forget]]);
    const send = () => {
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name)
        .filter((url) => url.startsWith(location.origin + "/"));
      // The page's language (its head chose it): sw.js keeps its words and catalogs for every page.
      registration.active?.postMessage({ type: "cache", urls: [location.href.split("#")[0], ...urls],
                                         language: document.documentElement.lang });
    };
    send();
    // Files a page loads later (its analysis panel, the computer's worker) are
    // cached by the worker as they pass once it is in control; this catches
    // those that loaded in the gap before.
    setTimeout(send, 5000);
  };

  addEventListener("load", async () => {
    await pageReady();
    await new Promise((resolve) => setTimeout(resolve, 1000));  // let the first interactions go first
    const choice = readChoice();
    if (choice === "yes") {
      keep(false);  // already chosen (or said on a first visit): nothing more to say
    } else if (choice === "no") {
      offer(t("Offline use is off."));
    } else if (metered()) {
      keepChoice("no");  // until the player says otherwise: nothing is downloaded behind their back
      offer(t("This connection looks metered: the site plays online without downloading anything more. " +
              "Keep it for offline use?"));
    } else {
      // Said, with a way out: the download is large, though the connection looks unmetered.
      keep(true);
    }
  });
}
