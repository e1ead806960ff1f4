/** The real browser around a live queue: clock, timers, connectivity and visibility events. */
import type { QueueEnv } from "./queue";

function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; a school LAN over plain http may not be one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function browserEnv(): QueueEnv {
  return {
    now: () => Date.now(),
    random: () => Math.random(),
    uuid,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    isOnline: () => navigator.onLine,
    on(event, listener) {
      if (event === "visible") {
        const onChange = () => {
          if (document.visibilityState === "visible") listener();
        };
        document.addEventListener("visibilitychange", onChange);
        // A page restored from the back/forward cache is visible again without a visibilitychange.
        window.addEventListener("pageshow", onChange);
        return () => {
          document.removeEventListener("visibilitychange", onChange);
          window.removeEventListener("pageshow", onChange);
        };
      }
      if (event === "hidden") {
        const onChange = () => {
          if (document.visibilityState === "hidden") listener();
        };
        document.addEventListener("visibilitychange", onChange);
        window.addEventListener("pagehide", listener);
        return () => {
          document.removeEventListener("visibilitychange", onChange);
          window.removeEventListener("pagehide", listener);
        };
      }
      window.addEventListener(event, listener);
      return () => window.removeEventListener(event, listener);
    },
  };
}
