"use client";

import { useState } from "react";
import type { CheckedRow, ImportValues } from "@/lib/features/students/import/check-rows";
import { IMPORT_BATCH_SIZE } from "@/lib/features/students/import/limits";
import { importStudentBatch } from "@/lib/features/students/import/actions";
import type { RowOutcome } from "@/lib/features/students/import/run-batch";

export type PreviewRow = CheckedRow & { include: boolean };
export type Phase = "choose" | "busy" | "preview" | "importing" | "done";
export type ImportError = { key: string; values?: Record<string, string | number> } | { message: string };

type Answer = {
  ok?: boolean;
  rows?: CheckedRow[];
  problem?: { key: string; values?: Record<string, string | number> };
  ignored?: string[];
  message?: string;
};

/** A row is sent only when it is included and ready (not a problem, not a student the semester already has). */
export const isSendable = (row: PreviewRow) => row.include && row.body !== null;

/**
 * The import's steps in the browser: the file goes to the read route as it is (the server reads
 * and checks it), edited rows go to the check route, included ready rows go to the import action
 * in batches, in the file's order, the progress moving after each batch.
 */
export function useImport(semesterId: string) {
  const [phase, setPhase] = useState<Phase>("choose");
  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [error, setError] = useState<ImportError | null>(null);
  const [outcomes, setOutcomes] = useState<Map<number, RowOutcome>>(new Map());
  const [blocked, setBlocked] = useState<string | null>(null);

  const post = async (path: string, body: BodyInit): Promise<Answer | null> => {
    try {
      const response = await fetch(path, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => ({}))) as Answer;
      if (!response.ok) setError({ message: answer.message ?? String(response.status) });
      return response.ok ? answer : null;
    } catch (failure) {
      setError({ message: failure instanceof Error ? failure.message : String(failure) });
      return null;
    }
  };

  const take = (answer: Answer | null, previous: PreviewRow[]) => {
    if (answer?.problem) setError(answer.problem);
    else if (answer?.ok === false && answer.message) setError({ message: answer.message });
    else if (answer?.rows) {
      const included = new Map(previous.map((row) => [row.line, row.include]));
      setRows(answer.rows.map((row) => ({ ...row, include: included.get(row.line) ?? true })));
      if (answer.ignored) setIgnored(answer.ignored);
      setPhase("preview");
      return;
    }
    setPhase(previous.length ? "preview" : "choose");
  };

  async function read(file: File) {
    setError(null);
    setPhase("busy");
    take(await post(`/students/import/read?semester=${encodeURIComponent(semesterId)}`, file), []);
  }

  async function recheck(values: ReadonlyMap<number, ImportValues>) {
    setError(null);
    setPhase("busy");
    const sent = rows
      .filter((row) => row.include)
      .map((row) => ({ line: row.line, values: values.get(row.line) ?? row.values }));
    const answer = await post("/students/import/check", JSON.stringify({ semesterId, rows: sent }));
    const dropped = rows.filter((row) => !row.include);
    take(
      answer?.rows ? { ...answer, rows: [...answer.rows, ...dropped].sort((a, b) => a.line - b.line) } : answer,
      rows,
    );
  }

  async function start() {
    setError(null);
    setPhase("importing");
    const sendable = rows.filter(isSendable);
    const done = new Map<number, RowOutcome>();
    const notSent = (from: number) =>
      sendable.slice(from).forEach((row) => done.set(row.line, { line: row.line, state: "notSent" }));
    for (let i = 0; i < sendable.length; i += IMPORT_BATCH_SIZE) {
      const batch = sendable.slice(i, i + IMPORT_BATCH_SIZE).map((row) => ({ line: row.line, values: row.values }));
      const result = await importStudentBatch({ semesterId, rows: batch }).catch((failure: unknown) => ({
        ok: false as const,
        message: failure instanceof Error ? failure.message : String(failure),
      }));
      if (!result.ok) {
        setError({ message: result.message });
        notSent(i);
        break;
      }
      for (const outcome of result.data.outcomes) done.set(outcome.line, outcome);
      setOutcomes(new Map(done));
      if (result.data.blocked) {
        setBlocked(result.data.blocked);
        notSent(i + IMPORT_BATCH_SIZE);
        break;
      }
    }
    setOutcomes(new Map(done));
    setPhase("done");
  }

  const toggle = (line: number, include: boolean) =>
    setRows((current) => current.map((row) => (row.line === line ? { ...row, include } : row)));
  const reset = () => {
    setPhase("choose");
    setRows([]);
    setOutcomes(new Map());
    setBlocked(null);
    setError(null);
  };
  return { phase, rows, ignored, error, outcomes, blocked, read, recheck, start, toggle, reset };
}
