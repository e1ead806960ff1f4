import type { RatingLevel } from "@/lib/contract";
import type { TrendPoint } from "@/lib/features/progress/student-facts";
import type { MapWords } from "./map-text";

const SIZE = { width: 320, height: 96, pad: 8 };

/** Mean rating per day as a small line (the school's scale, lowest at the bottom), with a table alternative. */
export function RatingTrend({
  points,
  scale,
  words,
}: {
  points: TrendPoint[];
  scale: readonly RatingLevel[];
  words: MapWords;
}) {
  const { t, number, date } = words;
  if (!points.length) return <p className="text-sm text-muted-foreground">{t("quranMap.trend.empty")}</p>;
  const values = scale.map((level) => level.value);
  const low = Math.min(...values, ...points.map((p) => p.mean));
  const high = Math.max(...values, ...points.map((p) => p.mean));
  const x = (at: number) =>
    SIZE.pad +
    (points.length === 1 ? (SIZE.width - 2 * SIZE.pad) / 2 : (at * (SIZE.width - 2 * SIZE.pad)) / (points.length - 1));
  const y = (mean: number) =>
    SIZE.height - SIZE.pad - ((mean - low) / (high - low || 1)) * (SIZE.height - 2 * SIZE.pad);
  const line = points.map((point, at) => `${x(at).toFixed(1)},${y(point.mean).toFixed(1)}`).join(" ");
  const label = t("quranMap.trend.label", { count: points.length });
  const mean = (value: number) => `${number(Math.round(value * 10) / 10)} (${words.rating(Math.round(value))})`;
  return (
    <figure className="flex flex-col gap-2">
      {/* Time runs left to right in both languages, as on a printed chart; the table carries the values. */}
      <svg viewBox={`0 0 ${SIZE.width} ${SIZE.height}`} role="img" aria-label={label} className="h-24 w-full max-w-sm">
        <line x1={SIZE.pad} x2={SIZE.width - SIZE.pad} y1={y(low)} y2={y(low)} className="stroke-border" />
        <line x1={SIZE.pad} x2={SIZE.width - SIZE.pad} y1={y(high)} y2={y(high)} className="stroke-border" />
        <polyline points={line} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" />
        {points.map((point, at) => (
          <circle key={point.day} cx={x(at)} cy={y(point.mean)} r={2.5} className="fill-primary" />
        ))}
      </svg>
      <figcaption className="text-xs text-muted-foreground">{label}</figcaption>
      <details className="print:hidden">
        <summary className="cursor-pointer text-sm font-medium">{t("quranMap.trend.show")}</summary>
        <table className="mt-2 text-sm">
          <thead>
            <tr>
              <th scope="col" className="p-1 text-start font-medium">
                {t("quranMap.trend.day")}
              </th>
              <th scope="col" className="p-1 text-start font-medium">
                {t("quranMap.trend.mean")}
              </th>
              <th scope="col" className="p-1 text-start font-medium">
                {t("quranMap.trend.recitations")}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.toReversed().map((point) => (
              <tr key={point.day}>
                <th scope="row" className="p-1 text-start font-normal">
                  {date(point.day)}
                </th>
                <td className="p-1 tabular-nums">{mean(point.mean)}</td>
                <td className="p-1 tabular-nums">{number(point.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
