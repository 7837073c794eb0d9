// Offline start: once the site was visited, it starts with no network at all.
//
// Install: precache what any page needs to start — the pages, the styles and
// icons, pyscript.toml and every Python file it lists (the page and the
// Pyodide worker both read that list), PyScript with the chunks its modules
// import, MicroPython, Pyodide and the worker bootstrap.
// Fetch: network first (so a visit online always gets the files on disk and
// refreshes the cache), the cache when the network fails or is too slow.
// Everything else the site fetches while online is cached as it passes.
//
// Versioning: file contents need no version (network first keeps the cache
// fresh); CACHE_VERSION changes only when this worker's cache layout does, and
// activating a new version deletes the caches of older ones.

const CACHE_VERSION = "v1";
const CACHE = `kalah-${CACHE_VERSION}`;
const NETWORK_TIMEOUT_MS = 4000;  // then serve the cached copy

// Needed for the play page to start offline: install fails without them.
const CORE = [
  "./",
  "./index.html",
  "./rules.html",
  "./manifest.webmanifest",
  "./pyscript.toml",
  "./play.toml",
  "./static/css/site.css",
  "./static/js/offline.js",
  "./static/icons/icon.svg",
  "./static/icons/icon-192.png",
  "./static/icons/icon-512.png",
  "./static/vendor/pyscript/core.js",
  "./static/vendor/micropython/micropython.mjs",
  "./static/vendor/micropython/micropython.wasm",
];

// The other pages and the computer's runtime: cached when present.
const OPTIONAL = [
  "./history.html",
  "./replay.html",
  "./embed.html",
  "./lab.html",
  "./static/js/pyodide-worker.js",
  "./static/vendor/pyodide/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/pyodide/python_stdlib.zip",
  "./static/vendor/pyodide/pyodide-lock.json",
];

const scope = new URL(self.registration.scope);

function onSite(url) {
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
}

// The Python files pyscript.toml lists under [files] (keys are site paths).
async function pythonFiles(cache) {
  const response = await fetch("./pyscript.toml", { cache: "no-cache" });
  if (!response.ok) throw new Error(`pyscript.toml: HTTP ${response.status}`);
  await cache.put("./pyscript.toml", response.clone());
  const text = await response.text();
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

// PyScript's hashed chunks: follow the relative imports from core.js.
async function pyscriptChunks(cache) {
  const base = new URL("./static/vendor/pyscript/", scope);
  const seen = new Set(["core.js"]);
  const queue = ["core.js"];
  while (queue.length) {
    const name = queue.shift();
    const response = await fetch(new URL(name, base), { cache: "no-cache" });
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    await cache.put(new URL(name, base), response.clone());
    const text = await response.text();
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
  await pyscriptChunks(cache);
  const python = await pythonFiles(cache);
  await cache.addAll(python);
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
    if (cached) return cached;
    return fromNetwork;  // still waiting, or the real error
  }
}

// A page sends the files it loaded before this worker was in control.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "cache" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === "string" && onSite(new URL(url)));
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
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
