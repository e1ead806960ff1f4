import "server-only";
import { createHash } from "node:crypto";
import type { ActionContext } from "@/lib/actions/define-action";
import { recordAudit } from "@/lib/audit";
import type { Student, StudentCreate } from "@/lib/contract";
import { failureMessage, failureOf, isInvalidInput, isRateLimited } from "@/lib/v1";
import { dateIn } from "@/lib/dates";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { normalizeForSearch } from "@/lib/text-search";
import { checkRows, type ImportValues, type RowProblem } from "./check-rows";

/** What became of one line of the file (docs/student-import.md). */
export type RowOutcome =
  | { line: number; state: "created"; studentId: string }
  | { line: number; state: "exists" }
  | { line: number; state: "problem"; problems: RowProblem[] }
  | { line: number; state: "refused"; message: string; retryable: boolean }
  | { line: number; state: "notSent" };

export type BatchResult = { outcomes: RowOutcome[]; blocked: string | null };

/** A 429's wait is honoured up to this long, this many times per row; then the row is "refused, try again". */
const MAX_WAIT_SECONDS = 60;
const MAX_WAITS = 3;

type Options = { sleep?: (ms: number) => Promise<void> };

/**
 * One batch of an import, in the file's order: each row checked again against the school as it is
 * now (the halqas of the semester, the students of the halqas named), then created one at a time.
 * A write is keyed by the student it creates (connection, semester, halqa, name), so a batch sent
 * twice, or the same file imported again, creates nobody twice; a school that ignores the key is
 * still protected by the check against its students. A 429 is waited out (`Retry-After`); a
 * refusal that blocks every write stops the import there: the rest is "not sent". Each created or
 * refused student is its own `student.create` entry of the audit log, as when added by hand.
 */
export async function runImportBatch(
  ctx: ActionContext,
  semesterId: string,
  rows: readonly { line: number; values: ImportValues }[],
  options: Options = {},
): Promise<BatchResult> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const halqas = (await ctx.client.listAll("listHalqas", { query: { semester_id: semesterId, limit: API_PAGE_SIZE } }))
    .items;
  const named = new Set(rows.map((row) => row.values.halqa));
  const targets = halqas.filter(
    (halqa) =>
      halqa.semester_id === semesterId &&
      (named.has(halqa.id) || [...named].some((name) => normalizeForSearch(name) === normalizeForSearch(halqa.name))),
  );
  const existing: Student[] = [];
  for (const halqa of targets)
    existing.push(
      ...(
        await ctx.client.listAll("listStudents", {
          query: { semester_id: semesterId, halqa_id: halqa.id, limit: API_PAGE_SIZE },
        })
      ).items,
    );
  const today = dateIn((await ctx.client.tenant()).time_zone);
  const checked = checkRows(rows, { halqas, existing, semesterId, today });

  const outcomes: RowOutcome[] = [];
  let blocked: string | null = null;
  for (const row of checked) {
    if (blocked) outcomes.push({ line: row.line, state: "notSent" });
    else if (row.problems.some((problem) => problem.key === "exists"))
      outcomes.push({ line: row.line, state: "exists" });
    else if (!row.body) outcomes.push({ line: row.line, state: "problem", problems: row.problems });
    else {
      const outcome = await createOne(ctx, semesterId, row.line, row.body, sleep);
      if ("blocked" in outcome) {
        blocked = outcome.message;
        outcomes.push({ line: row.line, state: "refused", message: outcome.message, retryable: false });
      } else outcomes.push(outcome);
    }
  }
  return { outcomes, blocked };
}

async function createOne(
  ctx: ActionContext,
  semesterId: string,
  line: number,
  body: StudentCreate,
  sleep: (ms: number) => Promise<void>,
): Promise<RowOutcome | { blocked: true; message: string }> {
  const idempotencyKey = importKey(ctx.actor.connectionId, semesterId, body);
  for (let waits = 0; ; waits++) {
    try {
      const student = await ctx.client.call("createStudent", { body, idempotencyKey });
      await recordAudit(ctx.actor, {
        action: "student.create",
        result: "ok",
        targetType: "student",
        targetId: student.id,
        details: { label: body.full_name, import: true },
      });
      return { line, state: "created", studentId: student.id };
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) throw error;
      const wait = isRateLimited(failure) ? (failure.retryAfter ?? 5) : null;
      if (wait !== null && wait <= MAX_WAIT_SECONDS && waits < MAX_WAITS) {
        await sleep(wait * 1000);
        continue;
      }
      const invalid = isInvalidInput(failure);
      await recordAudit(ctx.actor, {
        action: "student.create",
        result: invalid ? "failed" : "denied",
        targetType: "student",
        details: { label: body.full_name, import: true, code: failure.code, status: failure.status },
      });
      const message = failureMessage(failure, ctx.t);
      return failure.blocksWrites
        ? { blocked: true, message }
        : { line, state: "refused", message, retryable: failure.retryable };
    }
  }
}

/** The same student of the same semester always gets the same key; any other student another. */
export function importKey(connectionId: string, semesterId: string, body: StudentCreate): string {
  const identity = [connectionId, semesterId, body.halqa_id, normalizeForSearch(body.full_name)].join("\n");
  return `import-${createHash("sha256").update(identity).digest("hex").slice(0, 40)}`;
}
