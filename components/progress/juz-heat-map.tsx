import { ScrollTable } from "@/components/ui/scroll-table";
import { FILLS } from "./map-fills";
import { HeatMapScroller } from "./heat-map-scroller";
import type { I18n } from "@/lib/i18n/core";
import { JUZ_COUNT, type CurrencyBucket, type JuzCurrency } from "@/lib/features/progress/currency";
import { CURRENCY_DAYS } from "@/lib/features/progress/quran-map";
import type { GlanceStudent } from "@/lib/features/progress/glance";

/**
 * Students × juz, coloured by revision currency: a server-rendered SVG (one labelled image, each
 * cell with its own title for a pointer), mirrored right-to-left in Arabic, and the same data as
 * a table for screen readers and keyboards. The names stay put while the grid scrolls sideways on a
 * phone, opening at the first juz anyone was heard in. Colours are the student map's for the same
 * meaning (map-fills.ts): heard lately, within 30 days, longer ago, never.
 */
const CELL = 22;
const GAP = 2;
const NAMES = 150;
const HEAD = 22;

export const BUCKET_FILL: Record<CurrencyBucket, string> = {
  fresh: FILLS.w,
  month: FILLS.m,
  older: FILLS.o,
  never: FILLS.b,
};

type Props = {
  id: string;
  halqaName: string;
  students: readonly GlanceStudent[];
  i18n: Pick<I18n, "t" | "dir" | "number" | "date">;
};

export function JuzHeatMap({ id, halqaName, students, i18n }: Props) {
  const { t, dir } = i18n;
  const rtl = dir === "rtl";
  const gridWidth = JUZ_COUNT * (CELL + GAP);
  const height = HEAD + students.length * (CELL + GAP);
  const column = (juz: number) => (rtl ? (JUZ_COUNT - juz) * (CELL + GAP) : (juz - 1) * (CELL + GAP));
  const state = (cell: JuzCurrency) =>
    cell.lastHeard === null || cell.days === null
      ? t("glance.map.never")
      : t("glance.map.heard", { date: i18n.date(cell.lastHeard), days: cell.days });
  const legend: { bucket: CurrencyBucket; label: string }[] = [
    { bucket: "fresh", label: t("glance.map.fresh", { days: CURRENCY_DAYS.week }) },
    { bucket: "month", label: t("glance.map.month") },
    { bucket: "older", label: t("glance.map.older") },
    { bucket: "never", label: t("glance.map.never") },
  ];
  const juzOf = (student: GlanceStudent, bucket: CurrencyBucket) =>
    student.cells
      .filter((c) => c.bucket === bucket)
      .map((c) => i18n.number(c.juz))
      .join(rtl ? "، " : ", ");
  const heardJuz = students.flatMap((student) =>
    student.cells.filter((cell) => cell.bucket !== "never").map((cell) => cell.juz),
  );
  const firstJuz = heardJuz.length ? Math.min(...heardJuz) : 1;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start">
        {/* Names stay in view while the grid scrolls; each cell's title names its student too. */}
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${NAMES} ${height}`}
          width={NAMES}
          height={height}
          className="shrink-0"
          direction={dir}
        >
          {students.map((student, row) => (
            <text
              key={student.id}
              x={rtl ? 8 : NAMES - 8}
              y={HEAD + row * (CELL + GAP) + CELL - 6}
              textAnchor="end"
              className="fill-foreground text-[12px]"
            >
              {student.name}
            </text>
          ))}
        </svg>
        <HeatMapScroller
          label={t("glance.map.title")}
          hint={t("glance.map.scrollHint", { juz: i18n.number(firstJuz) })}
          offset={Math.max(0, (firstJuz - 1) * (CELL + GAP) - GAP)}
        >
          <svg
            role="img"
            aria-labelledby={`${id}-title`}
            viewBox={`0 0 ${gridWidth} ${height}`}
            width={gridWidth}
            height={height}
            className="max-w-none"
            direction={dir}
          >
            <title id={`${id}-title`}>{t("glance.map.label", { halqa: halqaName })}</title>
            {[1, 5, 10, 15, 20, 25, 30].map((juz) => (
              <text
                key={juz}
                x={column(juz) + CELL / 2}
                y={14}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {i18n.number(juz)}
              </text>
            ))}
            {students.map((student, row) => {
              const y = HEAD + row * (CELL + GAP);
              return (
                <g key={student.id}>
                  {student.cells.map((cell) => (
                    <rect
                      key={cell.juz}
                      x={column(cell.juz)}
                      y={y}
                      width={CELL}
                      height={CELL}
                      rx={3}
                      className={BUCKET_FILL[cell.bucket]}
                    >
                      <title>
                        {t("glance.map.cell", {
                          student: student.name,
                          juz: i18n.number(cell.juz),
                          state: state(cell),
                        })}
                      </title>
                    </rect>
                  ))}
                </g>
              );
            })}
          </svg>
        </HeatMapScroller>
      </div>
      <ul aria-label={t("glance.map.legend")} className="flex flex-wrap gap-4 text-sm">
        {legend.map(({ bucket, label }) => (
          <li key={bucket} className="flex items-center gap-2">
            <svg aria-hidden="true" width={14} height={14}>
              <rect width={14} height={14} rx={3} className={BUCKET_FILL[bucket]} />
            </svg>
            {label}
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-sm font-medium">{t("glance.map.showTable")}</summary>
        <div className="mt-2">
          <ScrollTable label={t("glance.map.tableCaption", { halqa: halqaName })} className="caption-top">
            <caption className="py-2 text-start text-muted-foreground">
              {t("glance.map.tableCaption", { halqa: halqaName })}
            </caption>
            <thead>
              <tr className="border-b border-border text-start">
                <th scope="col" className="py-2 pe-4 text-start">
                  {t("glance.map.student")}
                </th>
                {legend.slice(0, 3).map(({ bucket, label }) => (
                  <th key={bucket} scope="col" className="py-2 pe-4 text-start">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {students.map((student) => (
                <tr key={student.id} className="border-b border-border">
                  <th scope="row" className="py-2 pe-4 text-start font-medium">
                    <bdi>{student.name}</bdi>
                  </th>
                  {(["fresh", "month", "older"] as const).map((bucket) => (
                    <td key={bucket} className="py-2 pe-4">
                      {juzOf(student, bucket) || "—"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </div>
      </details>
    </div>
  );
}
