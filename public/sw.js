/*
 * The dashboard's service worker (hand-written; see lib/features/live/README.md, "Offline after a reload").
 * - Build output (/_next/static, hashed, the same for everyone) and icons: cache first, shared.
 * - Pages a teacher needs in class without a network (/today and the registers opened, plus each
 *   register's last poll): network first, kept in a cache of the signed-in person only
 *   ("halqa-user-<key>", the key sent by the page). Another person's key, sign-out and the sign-in
 *   page delete those caches, so nothing of one person is ever served to another.
 * - Any other page opened without a network: our own offline page, in the person's language (its
 *   words come from the page with the person's key), linking to the pages kept for them.
 * - A page served from the kept copy is remembered for a minute, so the page can say so when asked.
 */
const STATIC_CACHE = "halqa-static-v1";
const USER_PREFIX = "halqa-user-";
const META_CACHE = "halqa-meta";
const USER_KEY_URL = "/__sw/user-key";
const OFFLINE_WORDS_URL = "/__sw/offline-words";
/** Paths served from a kept copy lately (path → when), for the page's "offline — as of" note. */
const servedFromCache = new Map();
const KEPT_PAGE = /^\/(today|sessions\/[^/]+\/live)$/;
const KEPT_POLL = /^\/api\/live\/sessions\/[^/]+$/;

let userKey = null;

async function currentKey() {
  if (userKey) return userKey;
  const meta = await caches.open(META_CACHE);
  const stored = await meta.match(USER_KEY_URL);
  userKey = stored ? await stored.text() : null;
  return userKey;
}

async function setKey(key) {
  userKey = key;
  const meta = await caches.open(META_CACHE);
  await meta.put(USER_KEY_URL, new Response(key));
  for (const name of await caches.keys())
    if (name.startsWith(USER_PREFIX) && name !== USER_PREFIX + key) await caches.delete(name);
}

async function forget() {
  userKey = null;
  await caches.delete(META_CACHE);
  for (const name of await caches.keys()) if (name.startsWith(USER_PREFIX)) await caches.delete(name);
}

function keepable(response) {
  return response.ok && !response.redirected && response.type === "basic";
}

async function keep(request, response) {
  const key = await currentKey();
  if (!key || !keepable(response)) return;
  const cache = await caches.open(USER_PREFIX + key);
  await cache.put(request, response);
}

async function networkFirst(event, url) {
  const key = await currentKey();
  try {
    const response = await fetch(event.request);
    if (key && key === userKey) event.waitUntil(keep(url.pathname, response.clone()));
    servedFromCache.delete(url.pathname);
    return response;
  } catch (error) {
    const cached = key ? await (await caches.open(USER_PREFIX + key)).match(url.pathname) : undefined;
    if (cached) {
      servedFromCache.set(url.pathname, Date.now());
      return cached;
    }
    if (event.request.mode === "navigate") return offlinePage();
    throw error;
  }
}

/** Any other page: the network, or our own offline page when there is none. */
async function networkOrOfflinePage(event) {
  try {
    return await fetch(event.request);
  } catch {
    return offlinePage();
  }
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** The pages kept for the signed-in person, each named by its own title. */
async function keptPages() {
  const key = await currentKey();
  if (!key) return [];
  const cache = await caches.open(USER_PREFIX + key);
  const pages = [];
  for (const request of await cache.keys()) {
    const path = new URL(request.url, self.location.origin).pathname;
    if (!KEPT_PAGE.test(path)) continue;
    const html = await (await cache.match(path)).text();
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? path;
    pages.push({ path, title });
  }
  return pages.sort((a, b) => (a.path === "/today" ? -1 : b.path === "/today" ? 1 : a.title.localeCompare(b.title)));
}

const DEFAULT_WORDS = {
  lang: "en",
  dir: "ltr",
  title: "You are offline",
  body: "This page was not kept on this device. These pages are:",
  none: "No page is kept on this device yet.",
  retry: "Try again",
};

function newNonce() {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== "undefined" && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function offlinePage() {
  const nonce = newNonce();
  const meta = await caches.open(META_CACHE);
  const stored = await meta.match(OFFLINE_WORDS_URL);
  const words = { ...DEFAULT_WORDS, ...(stored ? await stored.json().catch(() => ({})) : {}) };
  const pages = await keptPages();
  // Titles are kept as the page's HTML had them (already escaped): shown as they were.
  const links = pages.map((page) => `<li><a href="${escapeHtml(page.path)}">${page.title}</a></li>`).join("");
  const html = `<!doctype html><html lang="${escapeHtml(words.lang)}" dir="${escapeHtml(words.dir)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(words.title)}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111;background:#fff}a{color:#1d4ed8;display:inline-block;min-height:24px;padding:.25rem 0}li{margin:.25rem 0}</style></head>
<body><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(pages.length ? words.body : words.none)}</p>${pages.length ? `<ul>${links}</ul>` : ""}<p><a href="">${escapeHtml(words.retry)}</a></p></main></body></html>`;
  // The same protections as every page of the dashboard: a strict CSP (no script; this page's style by nonce), no framing, no sniffing.
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'self'; script-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  return new Response(html, { status: 503, headers });
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (
    url.search === "" &&
    ((request.mode === "navigate" && KEPT_PAGE.test(url.pathname)) || KEPT_POLL.test(url.pathname))
  ) {
    event.respondWith(networkFirst(event, url));
    return;
  }
  if (request.mode === "navigate" && !url.pathname.startsWith("/api/")) event.respondWith(networkOrOfflinePage(event));
});

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.type === "served" && typeof data.path === "string") {
    const at = servedFromCache.get(data.path);
    event.ports?.[0]?.postMessage({ cached: at !== undefined && Date.now() - at < 60_000 });
    return;
  }
  if (data.type === "user" && typeof data.key === "string") {
    event.waitUntil(
      currentKey().then(async (key) => {
        if (key !== data.key) await setKey(data.key);
        if (data.offline && typeof data.offline === "object")
          await (await caches.open(META_CACHE)).put(OFFLINE_WORDS_URL, new Response(JSON.stringify(data.offline)));
        // A page reached by a client-side navigation was never fetched as a document: fetch it once to keep it.
        for (const path of data.keep ?? []) {
          if (!KEPT_PAGE.test(path)) continue;
          const cache = await caches.open(USER_PREFIX + data.key);
          if (await cache.match(path)) continue;
          const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" } }).catch(
            () => null,
          );
          if (response && keepable(response) && userKey === data.key) await cache.put(path, response);
        }
        for (const url of data.assets ?? []) {
          const path = new URL(url, self.location.origin).pathname;
          if (path.startsWith("/_next/static/")) await cacheFirst(new Request(path)).catch(() => null);
        }
      }),
    );
  }
  if (data.type === "forget") event.waitUntil(forget());
});
