import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { HalqaRow } from "@/lib/features/halqas/rows";
import type { Translate } from "@/lib/i18n/core";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { linkClass } from "@/components/ui/text-link";

type Props = {
  rows: HalqaRow[];
  caption: string;
  t: Translate;
  number: (n: number) => string;
  list: (items: string[]) => string;
};

/** The halqas of a semester: name (to the detail page), state, student count, eligible sheikhs. */
export function HalqaTable({ rows, caption, t, number, list }: Props) {
  const columns = [
    { label: t("halqas.list.name") },
    { label: t("halqas.list.state") },
    { label: t("halqas.list.students"), align: "end" as const },
    { label: t("halqas.list.sheikhs") },
  ];
  return (
    <DataTable caption={caption} columns={columns}>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <RowHeader>
            <Link href={`/halqas/${encodeURIComponent(row.id)}`} className={linkClass}>
              {row.name}
            </Link>
          </RowHeader>
          <TableCell>
            <Badge variant={row.isActive ? "default" : "secondary"}>
              {row.isActive ? t("halqas.list.active") : t("halqas.list.inactive")}
            </Badge>
          </TableCell>
          <TableCell className="text-end tabular-nums">{number(row.studentCount)}</TableCell>
          <TableCell>
            {row.sheikhNames.length ? (
              list(row.sheikhNames)
            ) : (
              <span className="text-muted-foreground">{t("halqas.list.noSheikhs")}</span>
            )}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
