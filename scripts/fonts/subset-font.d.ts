// subset-font ships no types; this covers the call scripts/fonts/subset-geist.ts makes.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2";
      preserveNameIds?: number[];
      variationAxes?: Record<string, number>;
    },
  ): Promise<Buffer>;
}
