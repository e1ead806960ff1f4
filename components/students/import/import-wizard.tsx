"use client";

import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { ProgressBar } from "@/components/ui/progress-bar";
import { toCsv } from "@/lib/csv";
import { IMPORT_COLUMNS, type ImportColumn, type ImportValues } from "@/lib/features/students/import/fields";
import { useT } from "@/lib/i18n/client";
import { outcomeText } from "./problem-text";
import { PreviewTable } from "./preview-table";
import { isSendable, useImport, type ImportError } from "./use-import";

type Props = {
  semesterId: string;
  halqas: readonly { id: string; name: string }[];
  statuses: readonly { value: string; label: string }[];
};

/** Choose a file, check the preview (fix or leave out rows), import with a progress bar, keep what was not added. */
export function ImportWizard({ semesterId, halqas, statuses }: Props) {
  const t = useT("students");
  const state = useImport(semesterId);
  const file = useRef<HTMLInputElement>(null);
  const [edits, setEdits] = useState<Map<number, ImportValues>>(new Map());
  const { phase, rows, outcomes } = state;
  const busy = phase === "busy" || phase === "importing";

  const onRead = (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (chosen) void state.read(chosen);
  };
  const onEdit = (line: number, column: ImportColumn, value: string) =>
    setEdits((current) =>
      new Map(current).set(line, {
        ...(current.get(line) ?? rows.find((row) => row.line === line)!.values),
        [column]: value,
      }),
    );
  const recheck = () => {
    void state.recheck(edits);
    setEdits(new Map());
  };

  const sendable = rows.filter(isSendable).length;
  const counts = {
    ready: sendable,
    problems: rows.filter((row) => row.include && row.body === null && !row.problems.some((p) => p.key === "exists"))
      .length,
    exists: rows.filter((row) => row.problems.some((p) => p.key === "exists")).length,
  };
  const finished = [...outcomes.values()];
  const enrolled = (row: (typeof rows)[number]) => {
    const outcome = outcomes.get(row.line)?.state;
    return outcome === "created" || outcome === "exists" || (!outcome && row.problems.some((p) => p.key === "exists"));
  };
  const notAdded = rows.filter((row) => row.include && !enrolled(row));
  const downloadNotAdded = () => {
    const header = ["#", ...IMPORT_COLUMNS.map((column) => column), t("import.reason")];
    const lines = notAdded.map((row) => {
      const outcome = outcomes.get(row.line);
      return [
        row.line,
        ...IMPORT_COLUMNS.map((column) => row.values[column]),
        outcome ? outcomeText(t, outcome) : t("import.outcome.problem"),
      ];
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([toCsv(header, lines)], { type: "text/csv;charset=utf-8" }));
    link.download = "students-not-added.csv";
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div className="flex flex-col gap-4">
      {state.error ? (
        <Alert variant="destructive" role="alert">
          {errorText(t, state.error)}
        </Alert>
      ) : null}
      {phase === "choose" || (phase === "busy" && rows.length === 0) ? (
        <form onSubmit={onRead} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor="import-file">{t("import.fileLabel")}</Label>
            <input
              id="import-file"
              ref={file}
              name="file"
              type="file"
              required
              accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="text-base"
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t("import.reading") : t("import.read")}
          </Button>
        </form>
      ) : null}
      {rows.length ? (
        <>
          <p role="status">
            {phase === "done"
              ? t("import.done", {
                  created: finished.filter((o) => o.state === "created").length,
                  exists: counts.exists + finished.filter((o) => o.state === "exists").length,
                  failed: notAdded.length,
                })
              : t("import.summary", counts)}
          </p>
          {state.ignored.length ? (
            <p className="text-sm text-muted-foreground">
              {t("import.ignored", { columns: state.ignored.join(", ") })}
            </p>
          ) : null}
          {state.blocked ? <Alert variant="destructive">{t("import.blocked", { reason: state.blocked })}</Alert> : null}
          {phase === "importing" || phase === "done" ? (
            <ProgressBar
              label={t("import.title")}
              percent={Math.round((100 * outcomes.size) / Math.max(1, sendable))}
              text={t("import.progress", { done: outcomes.size, total: sendable })}
            />
          ) : null}
          <div className="flex flex-wrap gap-3">
            {phase === "preview" || phase === "busy" ? (
              <>
                <Button onClick={() => void state.start()} disabled={busy || sendable === 0 || edits.size > 0}>
                  {t("import.start", { count: sendable })}
                </Button>
                <Button variant="outline" onClick={recheck} disabled={busy}>
                  {busy ? t("import.checking") : t("import.recheck")}
                </Button>
              </>
            ) : null}
            {phase === "done" && notAdded.length ? (
              <Button variant="outline" onClick={downloadNotAdded}>
                {t("import.failedFile")}
              </Button>
            ) : null}
            {phase === "done" || phase === "preview" ? (
              <Button variant="ghost" onClick={state.reset}>
                {t("import.again")}
              </Button>
            ) : null}
          </div>
          <PreviewTable
            rows={rows}
            halqas={halqas}
            statuses={statuses}
            outcomes={phase === "importing" || phase === "done" ? outcomes : undefined}
            editable={phase === "preview"}
            onToggle={state.toggle}
            onEdit={onEdit}
          />
        </>
      ) : null}
    </div>
  );
}

function errorText(t: ReturnType<typeof useT<"students">>, error: ImportError): string {
  if ("message" in error) return t("import.file.failed", { reason: error.message });
  return t(`import.file.${error.key as "empty"}`, error.values);
}
