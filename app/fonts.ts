import localFont from "next/font/local";

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
