/*
 * The dashboard's service worker (hand-written; see lib/features/live/README.md, "Offline after a reload").
 * - Build output (/_next/static, hashed, the same for everyone) and icons: cache first, shared.
 * - Pages a teacher needs in class without a network (/today and the registers opened, plus each
 *   register's last poll): network first, kept in a cache of the signed-in person only
 *   ("halqa-user-<key>", the key sent by the page). Another person's key, sign-out and the sign-in
 *   page delete those caches, so nothing of one person is ever served to another.
 */
const STATIC_CACHE = "halqa-static-v1";
const USER_PREFIX = "halqa-user-";
const META_CACHE = "halqa-meta";
const USER_KEY_URL = "/__sw/user-key";
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
  for (const name of await caches.keys()) if (name.startsWith(USER_PREFIX) && name !== USER_PREFIX + key) await caches.delete(name);
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
    return response;
  } catch (error) {
    const cached = key ? await (await caches.open(USER_PREFIX + key)).match(url.pathname) : undefined;
    if (cached) return cached;
    throw error;
  }
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
  if (url.search === "" && ((request.mode === "navigate" && KEPT_PAGE.test(url.pathname)) || KEPT_POLL.test(url.pathname))) {
    event.respondWith(networkFirst(event, url));
  }
});

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.type === "user" && typeof data.key === "string") {
    event.waitUntil(
      currentKey().then(async (key) => {
        if (key !== data.key) await setKey(data.key);
        // A page reached by a client-side navigation was never fetched as a document: fetch it once to keep it.
        for (const path of data.keep ?? []) {
          if (!KEPT_PAGE.test(path)) continue;
          const cache = await caches.open(USER_PREFIX + data.key);
          if (await cache.match(path)) continue;
          const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" } }).catch(() => null);
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
