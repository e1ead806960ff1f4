import localFont from "next/font/local";

/**
 * Geist Sans, the face of every line in the Latin-script languages: preloaded, and its fallback matched
 * to it (a local Arial with size and metric overrides), so the swap when it arrives moves nothing. The
 * file is the geist package's variable font cut to the letters our pages set (39.6 KB instead of 69.7:
 * `scripts/fonts/subset-geist.ts`), because it comes on every first load, before the scripts, over the
 * tablet's slow network (issue 31, docs/scale.md "One face, fewer bytes").
 */
export const geistSans = localFont({
  src: "../assets/fonts/geist-sans-latin.woff2",
  variable: "--font-geist-sans",
  weight: "100 900",
  display: "swap",
  adjustFontFallback: "Arial",
});

/**
 * The Arabic face, through next/font so that its fallback gets metrics matched to it (size-adjust,
 * ascent and descent overrides on a local Arial): the swap when it arrives moves nothing. Not
 * preloaded: English pages never use it; Arabic ones show the matched fallback until it is there.
 */
export const notoSansArabic = localFont({
  src: "../node_modules/@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2",
  variable: "--font-noto-arabic",
  weight: "100 900",
  display: "swap",
  preload: false,
  adjustFontFallback: "Arial",
});

/**
 * The Urdu face, Noto Naskh Arabic (docs/glossary.md, "Urdu: the face"): legible at the tablet's
 * 14-16 px and no taller than the UI's line boxes, where Nastaliq's stacked letters are cut off.
 * Matched fallback as for Arabic; on Android, whose system Arabic face it is, the same letters.
 */
export const notoNaskhArabic = localFont({
  src: "../node_modules/@fontsource-variable/noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2",
  variable: "--font-noto-naskh",
  weight: "400 700",
  display: "swap",
  preload: false,
  adjustFontFallback: "Arial",
  fallback: ["Noto Naskh Arabic"],
});

/**
 * Geist Mono (the geist package's file and fallbacks), not preloaded: only a few lines use it (the
 * demo accounts on the sign-in page, error references, the admin's connection), and its 70 KB
 * preloaded on every page took the slow network from the scripts (issue 31).
 */
export const geistMono = localFont({
  src: "../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2",
  variable: "--font-geist-mono",
  weight: "100 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  fallback: [
    "ui-monospace",
    "SFMono-Regular",
    "Roboto Mono",
    "Menlo",
    "Monaco",
    "Liberation Mono",
    "DejaVu Sans Mono",
    "Courier New",
    "monospace",
  ],
});
