import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import { visualRuns } from "./bidi-line";

/**
 * Amiri (OFL, from the @expo-google-fonts/amiri package: TTF files, read from disk, never
 * downloaded): Arabic and Latin in one face, and each shaped Arabic glyph maps back to its letter, so
 * the text of the PDF can be copied and searched (docs/report-cards.md says why not Noto Sans Arabic).
 */
const FONT_DIR = path.join(process.cwd(), "node_modules", "@expo-google-fonts", "amiri");
const FONTS = { regular: "400Regular/Amiri_400Regular.ttf", bold: "700Bold/Amiri_700Bold.ttf" } as const;
let fontData: Record<keyof typeof FONTS, Buffer> | null = null;

function fonts() {
  fontData ??= {
    regular: readFileSync(path.join(FONT_DIR, FONTS.regular)),
    bold: readFileSync(path.join(FONT_DIR, FONTS.bold)),
  };
  return fontData;
}

/**
 * Given no features, pdfkit lays text out word by word, which breaks a right-to-left run's word order;
 * any features list (empty: the font's defaults) makes fontkit lay out and shape the whole run at once.
 */
const WHOLE_RUN = { features: [] };

export const A4 = { width: 595.28, height: 841.89, margin: 48 };
const BASE_SIZE = 10.5;
const LEADING = 1.5;

export type Style = { size?: number; bold?: boolean; muted?: boolean };

/**
 * An A4 document written line by line in the reader's direction: each line is laid out by the
 * bidirectional algorithm (bidi-line.ts) and drawn run by run, right-aligned for Arabic and Urdu.
 * Lines past the page's foot are left out rather than spilling onto a page of their own (one card a
 * page); lists ask `fits` first, so they end with a count of what is left out instead.
 */
export class CardWriter {
  readonly doc: PDFKit.PDFDocument;
  private y = A4.margin;
  private started = false;

  constructor(
    private readonly direction: "ltr" | "rtl",
    info: { title: string; author: string },
  ) {
    const { regular, bold } = fonts();
    this.doc = new PDFDocument({
      size: "A4",
      margin: A4.margin,
      autoFirstPage: false,
      info: { Title: info.title, Author: info.author },
      lang: direction === "rtl" ? "ar" : "en",
    });
    this.doc.registerFont("card", regular);
    this.doc.registerFont("card-bold", bold);
  }

  page(): void {
    this.doc.addPage({ size: "A4", margin: A4.margin });
    this.y = A4.margin;
    this.reserved = 0;
    this.started = true;
  }

  /** Points kept free at the page's foot for what must be on the card (the teacher's comment). */
  reserved = 0;

  /** Whether `lines` more lines of the given size fit above what is reserved. */
  fits(lines: number, size = BASE_SIZE): boolean {
    return this.y + lines * size * LEADING <= A4.height - A4.margin - this.reserved;
  }

  /** The height a paragraph takes, wrapped to the page's width. */
  heightOf(text: string, style: Style = {}): number {
    const size = style.size ?? BASE_SIZE;
    this.doc.font(style.bold ? "card-bold" : "card").fontSize(size);
    return this.wrap(text, A4.width - 2 * A4.margin).length * size * LEADING;
  }

  gap(points: number): void {
    this.y += points;
  }

  /** One paragraph, wrapped at word boundaries to the page's width. */
  line(text: string, style: Style = {}): void {
    if (!this.started) this.page();
    const size = style.size ?? BASE_SIZE;
    this.doc.font(style.bold ? "card-bold" : "card").fontSize(size);
    for (const piece of this.wrap(text, A4.width - 2 * A4.margin)) {
      const height = size * LEADING;
      if (this.y + height > A4.height - A4.margin - this.reserved) return;
      this.draw(piece, style);
      this.y += height;
    }
  }

  rule(): void {
    this.doc
      .moveTo(A4.margin, this.y + 2)
      .lineTo(A4.width - A4.margin, this.y + 2)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    this.y += 8;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const chunks: Buffer[] = [];
    this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      this.doc.on("end", () => resolve());
      this.doc.on("error", reject);
    });
    this.doc.end();
    await done;
    return new Uint8Array(Buffer.concat(chunks));
  }

  private width(text: string): number {
    return this.doc.widthOfString(text, WHOLE_RUN);
  }

  private wrap(text: string, max: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = current ? `${current} ${word}` : word;
        if (current && this.width(next) > max) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      lines.push(current);
    }
    return lines;
  }

  private draw(text: string, style: Style): void {
    const runs = visualRuns(text, this.direction).map((run) => ({ ...run, width: this.width(run.text) }));
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    let x = this.direction === "rtl" ? A4.width - A4.margin - total : A4.margin;
    this.doc.fillColor(style.muted ? "#555555" : "#000000");
    for (const run of runs) {
      this.doc.text(run.text, x, this.y, { ...WHOLE_RUN, lineBreak: false });
      x += run.width;
    }
  }
}
