"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { FIELD_LABELS, IMPORT_COLUMNS, type ImportColumn } from "@/lib/features/students/import/fields";
import type { RowOutcome } from "@/lib/features/students/import/run-batch";
import { useNumber, useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";
import { outcomeText, problemText } from "./problem-text";
import type { PreviewRow } from "./use-import";

type Props = {
  rows: readonly PreviewRow[];
  halqas: readonly { id: string; name: string }[];
  statuses: readonly { value: string; label: string }[];
  /** After the import: what became of each sent row. */
  outcomes?: ReadonlyMap<number, RowOutcome>;
  editable: boolean;
  onToggle: (line: number, include: boolean) => void;
  onEdit: (line: number, column: ImportColumn, value: string) => void;
};

/**
 * The file's rows as the school would take them: a ready row reads as text; a row with a problem
 * can be fixed where it stands (its fields become inputs) or left out of the import.
 */
export function PreviewTable({ rows, halqas, statuses, outcomes, editable, onToggle, onEdit }: Props) {
  const t = useT("students");
  const number = useNumber();
  // A halqa or status chosen from a list is kept as its id or value; it reads as the list showed it.
  const shown = (column: ImportColumn, value: string) =>
    (column === "halqa" ? halqas.find((h) => h.id === value)?.name : undefined) ??
    (column === "status" ? statuses.find((s) => s.value === value)?.label : undefined) ??
    value;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <Table>
        <TableCaption className="sr-only">{t("import.caption")}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("import.line")}</TableHead>
            <TableHead>{t("import.include")}</TableHead>
            <TableHead>{t("import.check")}</TableHead>
            {IMPORT_COLUMNS.map((column) => (
              <TableHead key={column}>{t(`form.${FIELD_LABELS[column]}`)}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const outcome = outcomes?.get(row.line);
            const fixable = editable && row.include && row.problems.some((problem) => problem.key !== "exists");
            return (
              <TableRow key={row.line} className={cn(!row.include && "opacity-60")}>
                <TableCell className="tabular-nums">{number(row.line)}</TableCell>
                <TableCell>
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={row.include}
                    disabled={!editable}
                    aria-label={t("import.includeRow", { line: row.line })}
                    onChange={(event) => onToggle(row.line, event.target.checked)}
                  />
                </TableCell>
                <TableCell
                  className={cn(
                    "min-w-48 text-sm",
                    outcome
                      ? outcome.state === "created" || outcome.state === "exists"
                        ? "text-emerald-800 dark:text-emerald-300"
                        : "text-destructive"
                      : row.problems.length && row.problems.some((p) => p.key !== "exists")
                        ? "text-destructive"
                        : "text-muted-foreground",
                  )}
                >
                  {outcome
                    ? outcomeText(t, outcome)
                    : row.problems.length
                      ? row.problems.map((problem) => problemText(t, problem)).join(" ")
                      : t("import.ok")}
                </TableCell>
                {IMPORT_COLUMNS.map((column) => (
                  <TableCell key={column}>
                    {fixable ? (
                      <FieldInput
                        row={row}
                        column={column}
                        label={`${t(`form.${FIELD_LABELS[column]}`)} (${t("import.line")} ${number(row.line)})`}
                        halqas={halqas}
                        statuses={statuses}
                        onEdit={onEdit}
                      />
                    ) : (
                      <bdi>{shown(column, row.values[column])}</bdi>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function FieldInput({
  row,
  column,
  label,
  halqas,
  statuses,
  onEdit,
}: {
  row: PreviewRow;
  column: ImportColumn;
  label: string;
  halqas: Props["halqas"];
  statuses: Props["statuses"];
  onEdit: Props["onEdit"];
}) {
  const [value, setValue] = useState(row.values[column]);
  const invalid = row.problems.some((problem) => problem.column === column);
  const change = (next: string) => {
    setValue(next);
    onEdit(row.line, column, next);
  };
  if (column === "halqa" || column === "status") {
    const options = column === "halqa" ? halqas.map((h) => ({ value: h.id, label: h.name })) : statuses;
    const known = options.some((option) => option.value === value);
    return (
      <Select
        aria-label={label}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => change(event.target.value)}
        className="min-w-36"
      >
        {known ? null : <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      dir="auto"
      onChange={(event) => change(event.target.value)}
      className="min-w-36"
    />
  );
}
