// offline.html, which sw.js serves offline in place of a page it has not kept: it names the page
// asked for (the address stays that page's) and links every page of the site's navigation this
// device keeps. Text only (textContent), never HTML: the address is the visitor's.
(async () => {
  const asked = decodeURIComponent(location.pathname.split("/").pop() || "index.html");
  document.getElementById("offline-asked").textContent = asked;
  document.getElementById("offline-retry").addEventListener("click", () => location.reload());
  if (!("caches" in self)) return;  // the list as written: the pages every offline install keeps
  const kept = [];
  for (const link of document.querySelectorAll(".site-header nav a")) {
    if (await caches.match(link.href, { ignoreSearch: true })) kept.push([link.href, link.textContent]);
  }
  if (!kept.length) return;
  document.getElementById("offline-pages").replaceChildren(...kept.map(([href, label]) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = href;
    link.textContent = label;
    item.append(link);
    return item;
  }));
})();
