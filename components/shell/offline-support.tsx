"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { forgetOffline, registerOffline } from "@/lib/offline/client";

/** Registers the service worker for the signed-in person and names the page to keep (today, a register). */
export function OfflineSupport({ userKey }: { userKey: string }) {
  const pathname = usePathname();
  useEffect(() => {
    registerOffline(userKey, pathname).catch(() => undefined);
  }, [userKey, pathname]);
  return null;
}

/** On the sign-in page: whoever signed in before on this browser leaves nothing in its caches. */
export function ForgetOffline() {
  useEffect(() => {
    forgetOffline().catch(() => undefined);
  }, []);
  return null;
}
