import type { MetadataRoute } from "next";
import { translator } from "@/lib/i18n/core";

/**
 * The web app manifest: teachers add the dashboard to a tablet's home screen, where it opens
 * standalone at today's sessions and, unlike a tab in Safari, keeps its storage (pending marks and
 * recitations live in IndexedDB). Icons: public/icons, drawn by scripts/make-icons.mjs.
 */
export default function manifest(): MetadataRoute.Manifest {
  const t = translator("en");
  const ar = translator("ar");
  return {
    id: "/today",
    name: t("common.appName"),
    short_name: t("common.appName"),
    description: `${t("common.appName")} · ${ar("common.appName")}`,
    start_url: "/today",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#f6fbf9",
    theme_color: "#0f6b5c",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
