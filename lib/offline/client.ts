/** The page's side of public/sw.js: who is signed in (per-person caches), and forgetting them at sign-out. */

export const USER_CACHE_PREFIX = "halqa-user-";

/** The words of the service worker's own offline page, in the person's language. */
export type OfflineWords = { lang: string; dir: string; title: string; body: string; none: string; retry: string };

export async function registerOffline(userKey: string, path: string, offline?: OfflineWords): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const worker =
    navigator.serviceWorker.controller ?? registration.active ?? (await navigator.serviceWorker.ready).active;
  const assets = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/_next/static/`));
  worker?.postMessage({ type: "user", key: userKey, keep: [path], assets, offline });
}

/** Whether the service worker answered this page from its kept copy (no network) in the last minute. */
export async function servedFromCache(path: string): Promise<boolean> {
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 2000);
    channel.port1.onmessage = (event: MessageEvent<{ cached?: boolean }>) => {
      clearTimeout(timer);
      resolve(event.data?.cached === true);
    };
    worker.postMessage({ type: "served", path }, [channel.port2]);
  });
}

/** At sign-out and on the sign-in page: this browser keeps nothing of the person who was here. */
export async function forgetOffline(): Promise<void> {
  if ("serviceWorker" in navigator) navigator.serviceWorker.controller?.postMessage({ type: "forget" });
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys())
    if (name.startsWith(USER_CACHE_PREFIX) || name === "halqa-meta") await caches.delete(name);
}
