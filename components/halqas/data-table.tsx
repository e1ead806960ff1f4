import type { ReactNode } from "react";
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from "@/components/ui/table";

export type Column = { label: string; align?: "start" | "end" };

/**
 * The bordered table of the halqa and student pages: an (invisible) caption, column headers, and
 * rows whose first cell is the row header (`<TableHead scope="row">`).
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card">
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader className="bg-muted/60">
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead key={column.label} className={column.align === "end" ? "text-end" : undefined}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** The first cell of a row, naming it for screen readers. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <TableHead scope="row" className="font-medium whitespace-normal text-foreground">
      {children}
    </TableHead>
  );
}
