"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { forgetOffline, registerOffline, servedFromCache, type OfflineWords } from "@/lib/offline/client";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

type Props = {
  userKey: string;
  /** The service worker's own offline page, in the person's language. */
  words: OfflineWords;
  /** "Offline — as of 16:05": the time this page was made, in the school's zone (a kept copy keeps its own). */
  asOf: string;
};

/**
 * Registers the service worker for the signed-in person and names the page to keep (today, a
 * register). Without a network, or when the page came from the kept copy, it says so and since when, at
 * the foot of the window, until the network is back.
 */
export function OfflineSupport({ userKey, words, asOf }: Props) {
  const pathname = usePathname();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const router = useRouter();
  const [fromCache, setFromCache] = useState(false);
  useEffect(() => {
    registerOffline(userKey, pathname, words).catch(() => undefined);
  }, [userKey, pathname, words]);
  useEffect(() => {
    // Back online: the kept copy gives way to the page as it is now, and the note leaves with it (it
    // stayed while the register's own bar already said "All changes saved").
    const back = () => {
      setFromCache(false);
      router.refresh();
    };
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [router]);
  useEffect(() => {
    let live = true;
    servedFromCache(pathname)
      .then((cached) => live && setFromCache(cached))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathname]);
  if (online && !fromCache) return null;
  // At the foot of the window, over the page and letting taps through, with as much room added after the page:
  // it comes and goes with the Wi-Fi, and in the flow above the page it moved everything under the teacher's
  // finger (the register's roster by 36 px). Only ever rendered in the browser (the server's snapshot is online).
  return createPortal(
    <>
      <div aria-hidden="true" className="h-10" />
      <p
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
      >
        {asOf}
      </p>
    </>,
    document.body,
  );
}

/** On the sign-in page: whoever signed in before on this browser leaves nothing in its caches. */
export function ForgetOffline() {
  useEffect(() => {
    forgetOffline().catch(() => undefined);
  }, []);
  return null;
}
