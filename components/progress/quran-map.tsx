import type { MapCell, QuranMap } from "@/lib/features/progress/quran-map";
import { wholePercent } from "@/lib/percent";
import { ClientStrings } from "@/components/i18n/client-strings";
import type { WeakAyah } from "@/lib/features/notebook/weak-passages";
import { memorisedText, rangeText, ratingText, revisionText, weakTexts, type MapWords } from "./map-text";
import { FILLS, type FillCode } from "./map-fills";
import { QuranMapGrid, WeakMark } from "./quran-map-grid";

const codeOf = (cell: MapCell): FillCode =>
  !cell.lastHeard ? "b" : ({ week: "w", month: "m", older: "o", never: "n" } as const)[cell.currency];

/** The words of each quarter: its ayahs, then (ever heard) memorised, last revision, last rating. The grid adds its name. */
function textsOf(map: QuranMap, words: MapWords): string[][] {
  return map.cells.map((cell) => {
    const range = rangeText(cell.quarter.first, cell.quarter.last, words);
    return cell.lastHeard
      ? [range, memorisedText(cell, words), revisionText(cell, words), ratingText(cell, words)]
      : [range];
  });
}

function gridProps(map: QuranMap, words: MapWords) {
  const parts: Record<number, number> = {};
  for (const cell of map.cells)
    if (cell.memorised === "part") parts[cell.quarter.index] = wholePercent(cell.memorisedAyahs / cell.ayahCount);
  return { fills: map.cells.map(codeOf).join(""), parts, texts: textsOf(map, words) };
}

function Legend({ words, weak }: { words: MapWords; weak: boolean }) {
  const { t } = words;
  const items = [
    ["week", FILLS.w],
    ["month", FILLS.m],
    ["older", FILLS.o],
    ["never", FILLS.n],
    ["blank", FILLS.b],
  ] as const;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <h3 className="font-medium">{t("quranMap.legend.title")}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {items.map(([key, fill]) => (
          <li key={key} className="flex items-center gap-2">
            <svg viewBox="0 0 20 12" className="h-3 w-5 shrink-0" aria-hidden="true">
              <rect width={20} height={12} rx={2} className={fill} />
            </svg>
            {t(`quranMap.legend.${key}`)}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <svg viewBox="0 0 20 12" className="h-3 w-5 shrink-0" aria-hidden="true">
            <rect width={20} height={12} rx={2} className={FILLS.b} />
            <rect width={8} height={12} rx={2} className={FILLS.w} />
          </svg>
          {t("quranMap.legend.part")}
        </li>
        {weak ? (
          <li className="flex items-center gap-2">
            <svg viewBox="0 0 20 12" className="h-3 w-5 shrink-0" aria-hidden="true">
              <rect width={20} height={12} rx={2} className={FILLS.w} />
              <WeakMark x={20} y={0} rtl={false} />
            </svg>
            {t("quranMap.legend.weak")}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * A student's Quran map with its summary line and key; `print` leaves out what only a screen needs.
 * `weak` (staff pages only: never a family page or a report) marks the quarters of weak passages.
 */
export function QuranMapView({
  map,
  words,
  weak,
  print = false,
}: {
  map: QuranMap;
  words: MapWords;
  weak?: readonly Pick<WeakAyah, "at" | "mistakes">[];
  print?: boolean;
}) {
  const { t, number } = words;
  return (
    <div className="flex flex-col gap-4">
      {print ? null : <p className="max-w-prose text-sm text-muted-foreground">{t("quranMap.intro")}</p>}
      <p className="font-medium">
        {t("quranMap.summary", {
          quarters: map.memorisedQuarters,
          ayahs: number(map.memorisedAyahs),
          percent: number(map.memorisedPercent),
        })}
      </p>
      <Legend words={words} weak={!!weak?.length} />
      <ClientStrings
        parts={[
          "quranMap.label",
          "quranMap.juz",
          "quranMap.quarter",
          "quranMap.notHeard",
          "quranMap.details",
          "quranMap.table",
        ]}
      >
        <QuranMapGrid
          {...gridProps(map, words)}
          weak={weak?.length ? weakTexts(weak, words) : undefined}
          printOnly={print}
        />
      </ClientStrings>
    </div>
  );
}
