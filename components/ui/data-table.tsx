import type { ReactNode } from "react";
import { ScrollTable } from "@/components/ui/scroll-table";
import { TableBody, TableCaption, TableHead, TableHeader, TableRow } from "@/components/ui/table";

export type Column = { label: string; align?: "start" | "end" };

/**
 * The bordered table of the halqa and student pages: an (invisible) caption, column headers, and
 * rows whose first cell is the row header (`<TableHead scope="row">`). It scrolls sideways in a
 * labelled region that a keyboard can scroll too (ScrollTable), whether or not its rows hold a link.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  const rows = (
    <>
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
    </>
  );
  return (
    <div className="rounded-xl border border-border bg-card">
      <ScrollTable label={caption}>{rows}</ScrollTable>
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
