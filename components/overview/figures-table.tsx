import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { FigureRow, FigureSort, SortKey } from "@/lib/features/overview/figure-rows";
import { wholePercent } from "@/lib/percent";
import type { I18n } from "@/lib/i18n/core";

type Props = { rows: FigureRow[]; sort: FigureSort; i18n: I18n; href: (sort: FigureSort) => string; caption: string };

const COLUMNS: {
  key: SortKey;
  label:
    | "halqa"
    | "attendanceWeek"
    | "attendanceLast"
    | "attendanceTerm"
    | "recitationsWeek"
    | "recitationsTerm"
    | "heard"
    | "currency";
}[] = [
  { key: "name", label: "halqa" },
  { key: "attendanceWeek", label: "attendanceWeek" },
  { key: "attendanceLast", label: "attendanceLast" },
  { key: "attendanceTerm", label: "attendanceTerm" },
  { key: "recitationsWeek", label: "recitationsWeek" },
  { key: "recitationsTerm", label: "recitationsTerm" },
  { key: "heard", label: "heard" },
  { key: "currency", label: "currency" },
];

/** Each halqa's figures, sortable by any column through links (no script needed), with its 12-week trend. */
export function FiguresTable({ rows, sort, i18n, href, caption }: Props) {
  const { t } = i18n;
  const percent = (share: number | null) =>
    share === null
      ? t("overview.home.figures.none")
      : t("overview.home.figures.percent", { value: wholePercent(share) });
  const perStudent = (value: number | null) =>
    value === null ? t("overview.home.figures.none") : i18n.number(Math.round(value * 10) / 10);
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((column) => {
            const current = sort.key === column.key;
            const next: FigureSort = {
              key: column.key,
              dir: current && sort.dir === "desc" ? "asc" : current ? "desc" : column.key === "name" ? "asc" : "desc",
            };
            return (
              <TableHead
                key={column.key}
                aria-sort={current ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
              >
                <Link href={href(next)} prefetch={false} scroll={false} className="underline-offset-4 hover:underline">
                  {t(`overview.home.figures.columns.${column.label}`)}
                </Link>
              </TableHead>
            );
          })}
          <TableHead>{t("overview.home.figures.columns.trend")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableHead scope="row" className="font-medium">
              <Link
                href={`/halqas/${encodeURIComponent(row.id)}/report`}
                prefetch={false}
                className="underline-offset-4 hover:underline"
              >
                <bdi>{row.name}</bdi>
              </Link>
            </TableHead>
            <TableCell>{percent(row.attendance.week.rate)}</TableCell>
            <TableCell>{percent(row.attendance.last.rate)}</TableCell>
            <TableCell>{percent(row.attendance.term.rate)}</TableCell>
            <TableCell>{perStudent(row.recitations.week)}</TableCell>
            <TableCell>{perStudent(row.recitations.term)}</TableCell>
            <TableCell>{percent(row.heard)}</TableCell>
            <TableCell>{percent(row.currency)}</TableCell>
            <TableCell>
              <Trend trend={row.trend} label={t("overview.home.figures.trendOf", { halqa: row.name })} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A small line of weekly attendance rates, oldest to newest (weeks without a counted mark are gaps). */
function Trend({ trend, label }: { trend: (number | null)[]; label: string }) {
  const width = 96;
  const height = 24;
  const step = trend.length > 1 ? width / (trend.length - 1) : 0;
  const segments: string[] = [];
  let open = false;
  trend.forEach((rate, i) => {
    if (rate === null) {
      open = false;
      return;
    }
    const point = `${(i * step).toFixed(1)},${(height - 2 - rate * (height - 4)).toFixed(1)}`;
    segments.push(`${open ? "L" : "M"}${point}`);
    open = true;
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className="overflow-visible text-primary rtl:-scale-x-100"
    >
      <path d={segments.join(" ")} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
