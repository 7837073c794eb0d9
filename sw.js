// Offline start: once the site was visited, it starts with no network at all.
//
// Install: precache every page with what it references (styles, scripts,
// icons, its PyScript config and every Python file the config lists),
// pyscript.toml's files (the Pyodide worker reads that list), PyScript with
// the chunks its modules import, MicroPython, Pyodide and the worker bootstrap.
// Fetch: network first (so a visit online always gets the files on disk and
// refreshes the cache), the cache when the network fails or is too slow; a page
// neither gives is answered by the site's own offline page (OFFLINE_PAGE: what
// happened, what to do, the pages kept), never by the browser's raw error.
// Everything else the site fetches while online is cached as it passes, and
// pages send the files they loaded before this worker was in control, and their
// language, whose words and catalog of every page are then kept (LANGUAGE_FILES).
//
// Integrity: see build-manifest.js below.
//
// Versioning: file contents need no version (network first keeps the cache
// fresh); CACHE_VERSION changes only when this worker's cache layout does, and
// activating a new version deletes the caches of older ones.

// Served from the cache only when the content matches the site's build:
// build-manifest.js (written by scripts/setup.sh) holds the SHA-256 of every
// file the site serves. Any script on the origin can write into Cache
// Storage, so a cached copy is checked before it is served; the manifest
// itself is imported into this worker (a page cannot write the worker's own
// scripts), and without it nothing is served from the cache.
try {
  importScripts("./build-manifest.js");
} catch (error) {
  self.BUILD_MANIFEST = null;
}

const CACHE_VERSION = "v1";
const CACHE = `kalah-${CACHE_VERSION}`;
const NETWORK_TIMEOUT_MS = 4000;  // then serve the cached copy

// generated: pages, by scripts/build/pages.py
// Install fails without these pages (and what they reference): the play page and its rules.
const CORE_PAGES = ["./index.html", "./rules.html"];
// The other pages: cached when present.
const OPTIONAL_PAGES = ["./puzzles.html", "./history.html", "./analysis.html", "./lab.html", "./replay.html", "./embed.html"];
// Served offline in place of a page not kept (install fails without it).
const OFFLINE_PAGE = "./offline.html";
// Each language's words and catalog of every page (kalah/i18n LANGUAGES, but English, which
// needs none), cached for the language a page says it is in: cached when present.
const LANGUAGE_FILES = {
  "fr": ["./static/i18n/fr/play.json", "./static/i18n/fr/play.catalog.json", "./static/i18n/fr/puzzles.json", "./static/i18n/fr/puzzles.catalog.json", "./static/i18n/fr/rules.json", "./static/i18n/fr/rules.catalog.json", "./static/i18n/fr/history.json", "./static/i18n/fr/history.catalog.json", "./static/i18n/fr/analysis.json", "./static/i18n/fr/analysis.catalog.json", "./static/i18n/fr/lab.json", "./static/i18n/fr/lab.catalog.json", "./static/i18n/fr/replay.json", "./static/i18n/fr/replay.catalog.json", "./static/i18n/fr/embed.json", "./static/i18n/fr/embed.catalog.json"],
  "es": ["./static/i18n/es/play.json", "./static/i18n/es/play.catalog.json", "./static/i18n/es/puzzles.json", "./static/i18n/es/puzzles.catalog.json", "./static/i18n/es/rules.json", "./static/i18n/es/rules.catalog.json", "./static/i18n/es/history.json", "./static/i18n/es/history.catalog.json", "./static/i18n/es/analysis.json", "./static/i18n/es/analysis.catalog.json", "./static/i18n/es/lab.json", "./static/i18n/es/lab.catalog.json", "./static/i18n/es/replay.json", "./static/i18n/es/replay.catalog.json", "./static/i18n/es/embed.json", "./static/i18n/es/embed.catalog.json"],
  "pt": ["./static/i18n/pt/play.json", "./static/i18n/pt/play.catalog.json", "./static/i18n/pt/puzzles.json", "./static/i18n/pt/puzzles.catalog.json", "./static/i18n/pt/rules.json", "./static/i18n/pt/rules.catalog.json", "./static/i18n/pt/history.json", "./static/i18n/pt/history.catalog.json", "./static/i18n/pt/analysis.json", "./static/i18n/pt/analysis.catalog.json", "./static/i18n/pt/lab.json", "./static/i18n/pt/lab.catalog.json", "./static/i18n/pt/replay.json", "./static/i18n/pt/replay.catalog.json", "./static/i18n/pt/embed.json", "./static/i18n/pt/embed.catalog.json"],
  "de": ["./static/i18n/de/play.json", "./static/i18n/de/play.catalog.json", "./static/i18n/de/puzzles.json", "./static/i18n/de/puzzles.catalog.json", "./static/i18n/de/rules.json", "./static/i18n/de/rules.catalog.json", "./static/i18n/de/history.json", "./static/i18n/de/history.catalog.json", "./static/i18n/de/analysis.json", "./static/i18n/de/analysis.catalog.json", "./static/i18n/de/lab.json", "./static/i18n/de/lab.catalog.json", "./static/i18n/de/replay.json", "./static/i18n/de/replay.catalog.json", "./static/i18n/de/embed.json", "./static/i18n/de/embed.catalog.json"],
  "ar": ["./static/i18n/ar/play.json", "./static/i18n/ar/play.catalog.json", "./static/i18n/ar/puzzles.json", "./static/i18n/ar/puzzles.catalog.json", "./static/i18n/ar/rules.json", "./static/i18n/ar/rules.catalog.json", "./static/i18n/ar/history.json", "./static/i18n/ar/history.catalog.json", "./static/i18n/ar/analysis.json", "./static/i18n/ar/analysis.catalog.json", "./static/i18n/ar/lab.json", "./static/i18n/ar/lab.catalog.json", "./static/i18n/ar/replay.json", "./static/i18n/ar/replay.catalog.json", "./static/i18n/ar/embed.json", "./static/i18n/ar/embed.catalog.json"],
};
// end generated: pages
const CORE = [
  "./",
  "./manifest.webmanifest",
  "./pyscript.toml",
  "./static/icons/icon-192.png",
  "./static/icons/icon-512.png",
  "./static/vendor/pyscript/core.js",
  "./static/vendor/micropython/micropython.mjs",
  "./static/vendor/micropython/micropython.wasm",
];

// The computer's runtime and tables: cached when present.
const OPTIONAL = [
  "./static/js/pyodide-worker.js",
  "./static/pyc/kalah.zip",  // the kalah modules as bytecode, for pyodide-worker.js and bot-sandbox.js
  "./static/js/bot-worker.js",  // fetched by the lab's bot-sandbox.js, handed into each player's frame
  "./static/js/referee-sampler.js",  // the lab's referee's sampler, started by bot-sandbox.js
  "./static/vendor/pyodide/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/pyodide/python_stdlib.zip",
  "./static/vendor/pyodide/pyodide-lock.json",
  // The computer's tables: the endgame database (read by the worker) and the
  // opening books (read by the page for level 8), so it plays at full
  // strength offline even if it never played that rule set while online.
  "./static/data/endgame-kalah6.bin",
  "./static/data/endgame-kalah6-empty-capture.bin",
  "./static/data/book-kalah6-4.bin",
  "./static/data/book-kalah6-4-empty-capture.bin",
  // The puzzles page's sets.
  "./static/data/puzzles-kalah6-4.json",
  "./static/data/puzzles-kalah6-4-empty-capture.json",
  "./static/data/puzzles-kalah6-3.json",
  "./static/data/puzzles-kalah4-3.json",
];

const scope = new URL(self.registration.scope);

function onSite(url) {
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
}

// Fetch url into the cache; returns its text (for pages, configs and scripts).
async function store(cache, url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(url, response.clone());
  return response.text();
}

// The site paths a PyScript config lists under [files].
function configFiles(text) {
  const files = [];
  let inFiles = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) inFiles = line === "[files]";
    const match = inFiles && line.match(/^"([^"]+)"\s*=/);
    if (match) files.push(match[1]);
  }
  return files;
}

// The same from a PyScript config written as JSON.
function jsonConfigFiles(text) {
  try {
    return Object.keys(JSON.parse(text).files || {});
  } catch (error) {
    return [];
  }
}

// A page and what it references by relative address: its styles, scripts,
// icons, PyScript config (and that config's Python files).
async function storePage(cache, page) {
  const pageUrl = new URL(page, scope);
  const html = await store(cache, pageUrl);
  const refs = new Set();
  for (const match of html.matchAll(/(?:href|src|config)="(\.[^"#?]*)"/g)) {
    const url = new URL(match[1], pageUrl);
    if (onSite(url) && url.pathname !== pageUrl.pathname) refs.add(url.href);
  }
  // A reference that fails (a link to a page not written yet) costs only itself.
  await Promise.all([...refs].map(async (url) => {
    const text = await store(cache, url).catch(() => "");
    const files = url.endsWith(".toml") ? configFiles(text) : url.endsWith(".json") ? jsonConfigFiles(text) : [];
    await cache.addAll(files.map((f) => new URL(f, url).href));
  }));
}

// PyScript's hashed chunks: follow the relative imports from core.js.
async function pyscriptChunks(cache) {
  const base = new URL("./static/vendor/pyscript/", scope);
  const seen = new Set(["core.js"]);
  const queue = ["core.js"];
  while (queue.length) {
    const name = queue.shift();
    const text = await store(cache, new URL(name, base).href);
    for (const match of text.matchAll(/["']\.\/([\w.-]+\.(?:js|css))["']/g)) {
      if (!seen.has(match[1])) {
        seen.add(match[1]);
        queue.push(match[1]);
      }
    }
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(CORE);
  for (const page of [...CORE_PAGES, OFFLINE_PAGE]) await storePage(cache, page);
  await pyscriptChunks(cache);
  const workerFiles = configFiles(await store(cache, new URL("./pyscript.toml", scope).href));
  await cache.addAll(workerFiles);
  await Promise.all(OPTIONAL_PAGES.map((page) => storePage(cache, page).catch(() => null)));
  await Promise.all(OPTIONAL.map((url) => cache.add(url).catch(() => null)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("kalah-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("network timeout")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); },
                 (error) => { clearTimeout(timer); reject(error); });
  });
}

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// True when `response` (from the cache) holds the build's content for `request`.
async function matchesBuild(request, response) {
  const files = self.BUILD_MANIFEST && self.BUILD_MANIFEST.files;
  if (!files) return false;
  let path = decodeURIComponent(new URL(request.url).pathname.slice(scope.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  const want = Object.prototype.hasOwnProperty.call(files, path) ? files[path] : null;
  if (!want) return false;
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return hex(digest) === want;
}

// The last resort, when even the offline page is not kept (or not the build's): fixed words.
const BARE_OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Kalah — offline</title>
<link rel="icon" href="data:,"></head>
<body><main><h1>This page is not on this device</h1><p>The site cannot be reached (this device looks
offline), and this page was not kept for offline use. Connect to the network and reload, or open
<a href="./index.html">Play</a> or <a href="./rules.html">Rules</a>.</p></main></body></html>`;

// A page the network did not give and the cache does not keep: the offline page (status 200:
// browsers log any other status as a page error).
async function offlinePage(cache) {
  const url = new URL(OFFLINE_PAGE, scope).href;
  const kept = await cache.match(url);
  const body = kept && await matchesBuild({ url }, kept) ? await kept.text() : BARE_OFFLINE_PAGE;
  return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const fromNetwork = fetch(request).then((response) => {
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  });
  try {
    return await withTimeout(fromNetwork, NETWORK_TIMEOUT_MS);
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (cached && await matchesBuild(request, cached)) return cached;
    if (request.mode !== "navigate") return fromNetwork;  // still waiting, or the real error
    return fromNetwork.catch(() => offlinePage(cache));   // a slow network still gets its time
  }
}

// A page sends the files it loaded before this worker was in control, and the language it is
// in: that language's words and catalog of every page are cached too, so that each page kept
// starts offline in it as it does online (with its words before its Python, no English flash).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "cache" || !Array.isArray(data.urls)) return;
  const language = Object.hasOwn(LANGUAGE_FILES, data.language) ? LANGUAGE_FILES[data.language] : [];
  const urls = data.urls.filter((url) => typeof url === "string" && onSite(new URL(url)))
    .concat(language.map((path) => new URL(path, scope).href));
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    // A cache emptied under a worker still in control (storage eviction, a browser's tracking
    // prevention) is filled again whole, as at install: pages this one never fetched included.
    if (!(await cache.match(new URL(OFFLINE_PAGE, scope).href))) await precache().catch(() => null);
    for (const url of urls) {
      if (!(await cache.match(url))) await cache.add(url).catch(() => null);
    }
  }));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !onSite(url)) return;
  event.respondWith(networkFirst(event.request));
});
