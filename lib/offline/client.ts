/** The page's side of public/sw.js: who is signed in (per-person caches), and forgetting them at sign-out. */

export const USER_CACHE_PREFIX = "halqa-user-";

export async function registerOffline(userKey: string, path: string): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const worker = navigator.serviceWorker.controller ?? registration.active ?? (await navigator.serviceWorker.ready).active;
  const assets = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/_next/static/`));
  worker?.postMessage({ type: "user", key: userKey, keep: [path], assets });
}

/** At sign-out and on the sign-in page: this browser keeps nothing of the person who was here. */
export async function forgetOffline(): Promise<void> {
  if ("serviceWorker" in navigator) navigator.serviceWorker.controller?.postMessage({ type: "forget" });
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) if (name.startsWith(USER_CACHE_PREFIX) || name === "halqa-meta") await caches.delete(name);
}
