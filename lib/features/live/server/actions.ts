"use server";

import { defineAction, type ActionContext } from "@/lib/actions/define-action";
import { can, type Subject } from "@/lib/authz/policy";
import type { Session } from "@/lib/contract";
import { writeThrough } from "@/lib/features/progress/write-through";
import { failureOf, isConflict, isNotFound, type V1Client } from "@/lib/v1";
import { markErrorsByStudent } from "./mark-errors";
import { RecordRecitationSchema, SaveMarksSchema } from "./schemas";
import type { ActionResult } from "@/lib/actions/result";
import type { RecordRecitationData, RecordRecitationInput, SaveMarksData, SaveMarksInput } from "../types";
import { dashboardDatabase } from "@/lib/db";
import { openSharedVersionGuard } from "./shared-version-guard";
import { VersionGuard, type MarkGuard } from "./version-guard";
import { writeMarks, writeRecitation, recitationBody, type LiveApi } from "./write-path";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { storedMarks } from "@/lib/features/progress/record-lookups";
import { observeRegisterSave } from "@/lib/ops/metrics";
import { saveMistakes } from "@/lib/features/notebook/store";
import { mistakesRefusal } from "@/lib/features/notebook/refusal";

/**
 * The live session screen's writes. Each one: the teacher or admin, the session loaded from the
 * school's API and checked with `can.*`, then the write. v1 calls: `getSession`, then one PUT
 * (marks), or one POST (recitation; plus one list on a retry after an unknown outcome or a 409).
 * Results carry `retryable` and `blocked` (defineAction) so the browser's queue knows whether to try
 * again, show the reason, or turn the register read-only.
 */

const ROLES = ["admin", "teacher"] as const;

/** Marks of one session by one person less than this far apart are one register save in the audit log. */
const REGISTER_SITTING_MS = 10 * 60_000;

const globalGuard = globalThis as typeof globalThis & { __liveVersionGuard?: Promise<MarkGuard> };

/**
 * The late-batch guard: in the dashboard's PostgreSQL, which every instance shares; in this process
 * when the store is PGlite, which only one process can open (docs/scaling.md).
 */
function markGuard(): Promise<MarkGuard> {
  globalGuard.__liveVersionGuard ??= dashboardDatabase().then((store) =>
    store.kind === "postgres" && process.env.DATABASE_URL
      ? openSharedVersionGuard(process.env.DATABASE_URL, Number(process.env.LIVE_GUARD_POOL ?? 10))
      : new VersionGuard(),
  );
  globalGuard.__liveVersionGuard.catch(() => (globalGuard.__liveVersionGuard = undefined));
  return globalGuard.__liveVersionGuard;
}

/** The live writes' calls to the school, each copied into the progress read model with the session `authorize` loaded. */
function liveApi(ctx: ActionContext, session: Session): LiveApi {
  const client: V1Client = ctx.client;
  const sessions = [session];
  return {
    async upsertAttendance(sessionId, rows) {
      let saved;
      try {
        saved = (await client.call("upsertAttendance", { params: { id: sessionId }, body: { rows } })).rows;
      } catch (error) {
        throw markErrorsByStudent(error, rows);
      }
      await writeThrough(ctx.actor.connectionId, client, { sessions, attendance: saved });
      return saved;
    },
    async createRecitation(sessionId, body, idempotencyKey) {
      const recitation = await client.call("createRecitation", {
        params: { id: sessionId },
        body: recitationBody(body),
        idempotencyKey,
      });
      await writeThrough(ctx.actor.connectionId, client, { sessions, recitations: [recitation] });
      return recitation;
    },
    async listRecitations(sessionId, filter) {
      return (
        await client.listAll("listSessionRecitations", {
          params: { id: sessionId },
          query: { ...filter, limit: API_PAGE_SIZE },
        })
      ).items;
    },
    isConflict: (error) => isConflict(failureOf(error)),
  };
}

/** The session as the API has it, when it exists for this school and `allowed` lets the actor write to it. */
async function writableSession(
  ctx: ActionContext,
  id: string,
  allowed: (subject: Subject, session: Session) => boolean,
): Promise<Session | false> {
  try {
    const session = await ctx.client.call("getSession", { params: { id } });
    return allowed(ctx.subject, session) && session;
  } catch (error) {
    if (isNotFound(failureOf(error))) return false;
    throw error;
  }
}

const sessionTarget = (input: { sessionId: string }) => ({ type: "session", id: input.sessionId });

const saveMarksAction = defineAction({
  name: "attendance.save",
  input: SaveMarksSchema,
  roles: ROLES,
  // Also each student's mark as the progress store holds it before the save, for the audit log's before → after.
  async authorize(ctx, input) {
    const session = await writableSession(ctx, input.sessionId, can.markAttendance);
    if (!session) return false;
    const scope = { connectionId: ctx.actor.connectionId, tenantId: (await ctx.client.tenant()).id };
    const marksBefore = await storedMarks(
      scope,
      session.id,
      input.marks.map((mark) => mark.student_id),
    ).catch(() => new Map<string, string>());
    return { session, marksBefore };
  },
  run: async (ctx, input) =>
    writeMarks(
      liveApi(ctx, ctx.loaded.session),
      await markGuard(),
      {
        connectionId: ctx.actor.connectionId,
        sessionId: input.sessionId,
        userId: ctx.actor.id,
        deviceId: input.deviceId,
      },
      input.marks,
    ),
  target: sessionTarget,
  details: ({ loaded: { marksBefore } }, _input, data) => ({
    marks: Object.fromEntries(
      data.rows.map((row) => [row.student_id, [marksBefore.get(row.student_id) ?? null, row.status]]),
    ),
  }),
  coalesceWithinMs: REGISTER_SITTING_MS,
});

const recordRecitationAction = defineAction({
  name: "recitation.record",
  input: RecordRecitationSchema,
  roles: ROLES,
  authorize: (ctx, input) => writableSession(ctx, input.sessionId, can.recordRecitation),
  run: async (ctx, input) => {
    const { sessionId, clientId, maybeSent, taps, ...body } = input;
    const data = await writeRecitation(liveApi(ctx, ctx.loaded), {
      sessionId,
      clientId,
      maybeSent: maybeSent ?? false,
      body: { ...body, mistakes: body.mistakes ?? null, note: body.note ?? null, recorded_at: body.recorded_at },
    });
    // Only once the school has accepted it, under the id it answered: a refused recitation leaves no detail.
    // Should this write fail, the queue retries (maybeSent), finds the recitation and writes the taps then.
    if (taps && taps.length > 0)
      await saveMistakes(
        { connectionId: ctx.actor.connectionId, tenantId: (await ctx.client.tenant()).id },
        data.recitation,
        taps,
        ctx.actor.id,
      );
    return data;
  },
  target: (input, data) =>
    data ? { type: "recitation", id: data.recitation.id } : { type: "session", id: input.sessionId },
});

/** Saves marks of one session: ONE `PUT /sessions/{id}/attendance` with only these students. */
export async function saveMarks(input: SaveMarksInput): Promise<ActionResult<SaveMarksData>> {
  const result = await saveMarksAction(input);
  observeRegisterSave(result.ok ? "saved" : result.code);
  return result;
}

/** Records a recitation once, whatever number of times it is sent (same `clientId`). */
export async function recordRecitation(input: RecordRecitationInput): Promise<ActionResult<RecordRecitationData>> {
  return (await mistakesRefusal(input)) ?? recordRecitationAction(input);
}
