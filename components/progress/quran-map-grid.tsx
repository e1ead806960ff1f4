"use client";

import { useMemo, useState, type FocusEvent, type MouseEvent } from "react";
import { JUZ_COUNT } from "@/lib/quran/quarters";
import { useLocale, useSeparator, useT } from "@/lib/i18n/client";
import { FILLS, type FillCode } from "./map-fills";
import { isRightToLeft } from "@/lib/i18n/locales";

type Props = {
  /** One code per quarter, in mushaf order (240). */
  fills: string;
  /** Percent memorised of partly memorised quarters, by quarter index (1 … 240). */
  parts: Record<number, number>;
  /** Per quarter: its ayahs, then (ever heard) memorised, last revision, last rating. */
  texts: string[][];
  /** Staff only: the weak passages' words, by quarter index (1 … 240); those cells carry a mark. */
  weak?: Record<number, string>;
  /** Leave out the details panel and the table (print). */
  printOnly?: boolean;
};

/** Drawn no narrower than MIN_WIDTH px, so a cell is a tap target of at least 24×24 px (WCAG 2.2 AA, 2.5.8). */
const CELL = { width: 40, height: 30, gap: 3 };
const LABEL = 62;
const PER_ROW = 8;
/** The table's column headings (`quranMap.table.*`). */
const COLUMNS = ["quarter", "range", "memorised", "revision", "rating"] as const;
const WIDTH = LABEL + PER_ROW * (CELL.width + CELL.gap);

/** A weak passage's mark: a triangle in the cell's top end corner, dark on any fill. */
export function WeakMark({ x, y, rtl }: { x: number; y: number; rtl: boolean }) {
  const size = 11;
  const points = rtl ? `${x},${y} ${x + size},${y} ${x},${y + size}` : `${x},${y} ${x - size},${y} ${x},${y + size}`;
  return <polygon points={points} className="fill-destructive stroke-background" strokeWidth={1} />;
}

/** The quarter (1 … 240) a tap or focus landed on: cells are the SVG's links, in mushaf order. */
function quarterOf(target: EventTarget | null): number | null {
  const cell = target instanceof Element ? target.closest("a") : null;
  const svg = cell?.closest("svg");
  if (!cell || !svg) return null;
  return [...svg.querySelectorAll("a")].indexOf(cell) + 1 || null;
}

/**
 * The Quran map as SVG, rendered on the server and taking compact props, so the page carries each
 * quarter's words once in its payload. Each cell is a link whose `<title>` is its hover text and
 * accessible name; tapping or focusing it shows the same words in the details panel. Without
 * JavaScript the link goes to the table. The table alternative (quarters ever heard) is drawn when opened.
 * Words: `quranMap` (label, juz, quarter, notHeard, details, table), from <ClientStrings> in quran-map.tsx.
 */
export function QuranMapGrid({ fills, parts, texts, weak, printOnly = false }: Props) {
  const t = useT("quranMap");
  const separator = useSeparator();
  const rtl = isRightToLeft(useLocale());
  const [selected, setSelected] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const rows = JUZ_COUNT;
  const height = rows * (CELL.height + CELL.gap);
  const xOf = (column: number) => {
    const x = LABEL + column * (CELL.width + CELL.gap);
    return rtl ? WIDTH - x - CELL.width : x;
  };
  const words = useMemo(
    () =>
      texts.map((text, at) => {
        const name = t("quarter", { juz: Math.floor(at / PER_ROW) + 1, quarter: (at % PER_ROW) + 1 });
        return text.length > 1 ? [name, ...text] : [name, ...text, t("notHeard")];
      }),
    [texts, t],
  );
  const heard = words.map((text, at) => ({ text, index: at + 1 })).filter((_, at) => (texts[at]?.length ?? 0) > 1);
  // A cell's name and details: its words, then (staff) its weak passages; the table keeps its five columns.
  const labels = weak ? words.map((text, at) => (weak[at + 1] ? [...text, weak[at + 1]!] : text)) : words;
  const grid = (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="group"
      aria-label={t("label")}
      className="qm-grid h-auto w-full min-w-[330px] max-w-lg [&_a:focus-visible>*]:stroke-foreground [&_a:focus-visible>*]:stroke-[3px] [&_a]:outline-none print:max-w-[11cm]"
    >
      <defs>
        <rect id="qc" width={CELL.width} height={CELL.height} rx={3} />
      </defs>
      {Array.from({ length: rows }, (_, row) => (
        <text
          key={row}
          x={rtl ? WIDTH - 4 : 4}
          y={row * (CELL.height + CELL.gap) + 20}
          className="fill-muted-foreground text-[12px]"
          aria-hidden="true"
        >
          {t("juz", { number: row + 1 })}
        </text>
      ))}
      {texts.map((_, at) => {
        const x = xOf(at % PER_ROW);
        const y = Math.floor(at / PER_ROW) * (CELL.height + CELL.gap);
        const fill = FILLS[(fills[at] ?? "b") as FillCode] ?? FILLS.b;
        const part = parts[at + 1];
        const width = part === undefined ? 0 : Math.max(Math.round((CELL.width * part) / 100), 4);
        return (
          <a key={at} href="#q-table">
            <title>{labels[at]!.join(separator)}</title>
            {/* A blank cell takes the grid's default fill (app/globals.css), so it needs no class. */}
            <use href="#qc" x={x} y={y} className={part === undefined && fills[at] !== "b" ? fill : undefined} />
            {part === undefined ? null : (
              <rect
                x={rtl ? x + CELL.width - width : x}
                y={y}
                width={width}
                height={CELL.height}
                rx={3}
                className={fill}
              />
            )}
            {weak?.[at + 1] ? <WeakMark x={rtl ? x : x + CELL.width} y={y} rtl={rtl} /> : null}
          </a>
        );
      })}
    </svg>
  );
  if (printOnly) return grid;
  const chosen = selected ? labels[selected - 1] : undefined;
  return (
    <div className="flex w-full max-w-lg flex-col gap-3">
      <div
        className="overflow-x-auto"
        // Taps and focus on the cells bubble here; each cell is a link, so keyboards reach them.
        onClick={(event: MouseEvent) => {
          const quarter = quarterOf(event.target);
          if (!quarter) return;
          event.preventDefault();
          setSelected(quarter);
        }}
        onFocus={(event: FocusEvent) => setSelected(quarterOf(event.target) ?? selected)}
      >
        {grid}
      </div>
      <section aria-label={t("details.title")} className="rounded-lg border border-border bg-card p-3 text-sm">
        <h3 className="font-medium">{t("details.title")}</h3>
        <p aria-live="polite" className={chosen ? "" : "text-muted-foreground"}>
          {chosen ? chosen.join(separator) : t("details.hint")}
        </p>
      </section>
      <details id="q-table" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium">{t("table.show")}</summary>
        {!tableOpen ? null : heard.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("table.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="pb-2 text-start text-muted-foreground">
                {t("table.caption", { rest: texts.length - heard.length })}
              </caption>
              <thead>
                <tr className="border-b border-border">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="p-2 text-start font-medium">
                      {t(`table.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {heard.map(({ text, index }) => (
                  <tr key={index} className="border-b border-border">
                    <th scope="row" className="p-2 text-start font-medium">
                      {text[0]}
                    </th>
                    {text.slice(1).map((value, column) => (
                      <td key={column} className="p-2">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </div>
  );
}
