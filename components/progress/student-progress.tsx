import type { ReactNode } from "react";
import { quranMap, type MapRecitation } from "@/lib/features/progress/quran-map";
import { ratingTrend } from "@/lib/features/progress/student-facts";
import type { RatingLevel } from "@/lib/contract";
import type { WeakAyah } from "@/lib/features/notebook/weak-passages";
import { QuranMapView } from "./quran-map";
import { RatingTrend } from "./rating-trend";
import type { MapWords } from "./map-text";

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 break-inside-avoid"
    >
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

type Props = {
  recitations: readonly MapRecitation[];
  scale: readonly RatingLevel[];
  today: string;
  timeZone: string;
  words: MapWords;
  /** The panels beside the map after the rating trend (attendance, plan), each with its own heading. */
  panels: { id: string; title: string; body: ReactNode }[];
  /** Staff pages only: weak passages marked on the map. */
  weak?: readonly WeakAyah[];
};

/** The pages' trend covers the last days with recitations (the printed reports cover their period). */
const TREND_DAYS = 12;

/** The Quran map with the rating trend and the other panels beside it (staff page, family page and reports). */
export function StudentProgress({ recitations, scale, today, timeZone, words, panels, weak }: Props) {
  const map = quranMap(recitations, today, timeZone);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,32rem)_minmax(0,1fr)] print:grid-cols-[12cm_1fr]">
      <QuranMapView map={map} words={words} weak={weak} />
      <div className="flex flex-col gap-4">
        <Panel id="rating-trend-heading" title={words.t("quranMap.trend.title")}>
          <RatingTrend points={ratingTrend(recitations, timeZone, TREND_DAYS)} scale={scale} words={words} />
        </Panel>
        {panels.map((panel) => (
          <Panel key={panel.id} id={panel.id} title={panel.title}>
            {panel.body}
          </Panel>
        ))}
      </div>
    </div>
  );
}
