"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { defineAction, type ActionContext, type ActionResult } from "@/lib/actions/define-action";
import { currentActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { wellFormed, type Session } from "@/lib/contract";
import { kickNotices } from "@/lib/features/notices/trigger";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { writeThrough } from "@/lib/features/progress/write-through";
import { translator, type MessageKey } from "@/lib/i18n/core";
import { getSchoolLanguages, readerTranslator } from "@/lib/preferences/school-languages";
import { failureKindOf, isConflict } from "@/lib/v1";
import { sessionChanges } from "./changes";
import { fieldChanges } from "@/lib/audit/changes";
import { isCalendarDate, isTimeOfDay } from "@/lib/dates";
import { translateFieldErrors } from "./field-errors";
import { sameDaySessions, type SameDaySession } from "./same-day";
import { clientFor } from "@/lib/connections";
import { schoolTime } from "@/lib/i18n/school-time";

const Id = wellFormed(z.string().trim().min(1).max(255));
/** A form sends empty strings for fields left alone. */
const blank = (value: unknown) => (value === "" ? undefined : value);
/** A blank topic clears it; a missing one leaves it alone. */
const Topic = wellFormed(z.string().trim().max(500))
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const CreateInput = z.object({
  halqa_id: Id,
  sheikh_id: Id,
  topic: Topic,
  /** Made when the form is shown, so a double submit starts one session, not two. */
  idempotency_key: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/)
      .optional(),
  ),
});

const UpdateInput = z.object({
  id: Id,
  sheikh_id: z.preprocess(blank, Id.optional()),
  date: z.preprocess(blank, z.string().refine(isCalendarDate, "YYYY-MM-DD").optional()),
  /** Wall-clock `HH:MM` in the school's time zone; the API gets the instant. */
  starts_at: z.preprocess(blank, z.string().refine(isTimeOfDay, "HH:MM").optional()),
  topic: Topic,
});

const EndInput = z.object({
  id: Id,
  /** The confirmation step: ending cannot be undone through the API. */
  confirm: z.literal("yes"),
});

/** The session itself, when `allowed` lets the actor write to it: what the update and end steps act on. */
async function loadOwnSession(
  ctx: ActionContext,
  input: { id: string },
  allowed: typeof can.updateSession,
): Promise<Session | false> {
  const session = await ctx.client.call("getSession", { params: { id: input.id } });
  return allowed(ctx.subject, session) && session;
}

/** The session as the API answered a write, copied into the progress read model first. */
async function stored(ctx: ActionContext, session: Session): Promise<Session> {
  await writeThrough(ctx.actor.connectionId, ctx.client, { sessions: [session] });
  return session;
}

export const createSession = defineAction({
  name: "session.create",
  input: CreateInput,
  roles: ["admin", "teacher"],
  authorize: (ctx, input) => can.createSession(ctx.subject, input.halqa_id, input.sheikh_id),
  run: async (ctx, input) => {
    const session = await ctx.client.call("createSession", {
      body: { halqa_id: input.halqa_id, sheikh_id: input.sheikh_id, ...(input.topic ? { topic: input.topic } : {}) },
      idempotencyKey: input.idempotency_key,
    });
    // The register's roster as the school has it now, so that the head's overview counts a student
    // enrolled since the last progress sync among those still to mark (one more v1 call; the session
    // stands if it fails, and the next sync reads the students).
    const students = await ctx.client
      .listAll("listStudents", { query: { halqa_id: session.halqa_id, limit: API_PAGE_SIZE } })
      .then(
        (page) => page.items.filter((student) => student.halqa_id === session.halqa_id),
        () => [],
      );
    await writeThrough(ctx.actor.connectionId, ctx.client, { sessions: [session], students });
    return session;
  },
  target: (input, data) => ({ type: "session", id: data?.id }),
});

export const updateSession = defineAction({
  name: "session.update",
  input: UpdateInput,
  roles: ["admin", "teacher"],
  // The school (memoized GET /school) for its time zone: the edit's start time is a wall-clock time there.
  authorize: async (ctx, input) => {
    const session = await loadOwnSession(ctx, input, can.updateSession);
    return session && { session, timeZone: (await ctx.client.tenant()).time_zone };
  },
  run: async (ctx, input) => {
    const { session, timeZone } = ctx.loaded;
    const body = sessionChanges(session, input, timeZone);
    return body ? stored(ctx, await ctx.client.call("updateSession", { params: { id: session.id }, body })) : session;
  },
  target: (input) => ({ type: "session", id: input.id }),
  details: ({ loaded: { session, timeZone } }, input) => ({
    changes: fieldChanges(session, sessionChanges(session, input, timeZone) ?? {}),
  }),
});

export const endSession = defineAction({
  name: "session.end",
  input: EndInput,
  roles: ["admin", "teacher"],
  authorize: (ctx, input) => loadOwnSession(ctx, input, can.endSession),
  run: async (ctx, input) => {
    const ended = await ctx.client.call("endSession", { params: { id: input.id } });
    // The register settled: its rows as the school has them (marks may come from another device or
    // system) go into the read model with the session, and its absence notices go now (lib/features/notices).
    const rows = await ctx.client
      .listAll("listAttendance", { params: { id: ended.id }, query: { limit: API_PAGE_SIZE } })
      .then(
        ({ items }) => items,
        () => [],
      );
    await writeThrough(ctx.actor.connectionId, ctx.client, { sessions: [ended], attendance: rows });
    kickNotices(ctx.actor.connectionId);
    return ended;
  },
  target: (input) => ({ type: "session", id: input.id }),
  details: ({ loaded }, _input, data) => ({
    changes: fieldChanges({ status: loaded.status }, { status: data.status }),
  }),
});

// ------------------------------------------------------------------ forms (useActionState)

/** What a session form shows after a submit; `sameDay`: the halqa's sessions of today, asked about before a second. */
export type SessionFormState = {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  sameDay?: (SameDaySession & { time: string })[];
} | null;

async function readerT() {
  const actor = await currentActor();
  return actor ? readerTranslator(actor) : translator("en");
}

/** Field errors in the reader's words; a conflict on an existing session means it has ended. */
async function toFormState(result: ActionResult<unknown>, conflict?: MessageKey): Promise<SessionFormState> {
  const t = await readerT();
  if (result.ok) return { ok: true, message: "" };
  const message = conflict && isConflict({ kind: failureKindOf(result.code, null) }) ? t(conflict) : result.message;
  return {
    ok: false,
    message,
    fieldErrors: result.fieldErrors ? translateFieldErrors(result.fieldErrors, t) : undefined,
  };
}

export async function submitStartSession(_: SessionFormState, form: FormData): Promise<SessionFormState> {
  const asked = await askBeforeSecond(form);
  if (asked) return asked;
  const result = await createSession(null, form);
  if (!result.ok) return toFormState(result, "sessions.errors.resubmitted");
  revalidatePath("/today");
  revalidatePath("/sessions");
  redirect(`/sessions/${encodeURIComponent(result.data.id)}/live`);
}

/**
 * A halqa that already has a session today gets a second one only when the teacher says so and why
 * (issue 58.1): "Start a second session today" ticked and a topic given. Until then the form answers
 * with today's sessions, each a link to its register, so that continuing the one already there is one tap.
 */
async function askBeforeSecond(form: FormData): Promise<SessionFormState> {
  const actor = await currentActor();
  const halqaId = form.get("halqa_id");
  // Only a well-formed id is looked up; anything else goes on to createSession, whose schema refuses it (4xx).
  if (!actor || !Id.safeParse(halqaId).success) return null;
  const sessions = await sameDaySessions(actor, String(halqaId));
  if (!sessions.length) return null;
  const confirmed = form.get("second_session") === "yes";
  const topic = String(form.get("topic") ?? "").trim();
  if (confirmed && topic) return null;
  const [{ formats }, school] = await Promise.all([
    getSchoolLanguages(actor.connectionId),
    clientFor(actor.connectionId).tenant(),
  ]);
  const t = translator(actor.locale, formats.numerals);
  const clock = schoolTime(actor.locale, school.time_zone, formats);
  return {
    ok: false,
    message: t("sessions.start.sameDay.message", { n: sessions.length }),
    sameDay: sessions.map((session) => ({ ...session, time: clock.time(session.startsAt) })),
    fieldErrors: confirmed ? { topic: t("sessions.start.sameDay.why") } : undefined,
  };
}

export async function submitUpdateSession(_: SessionFormState, form: FormData): Promise<SessionFormState> {
  const result = await updateSession(null, form);
  if (!result.ok) return toFormState(result, "sessions.errors.alreadyEnded");
  revalidatePath(`/sessions/${encodeURIComponent(result.data.id)}`);
  return { ok: true, message: (await readerT())("sessions.update.saved") };
}

export async function submitEndSession(_: SessionFormState, form: FormData): Promise<SessionFormState> {
  const result = await endSession(null, form);
  if (!result.ok) return toFormState(result, "sessions.errors.alreadyEnded");
  revalidatePath("/today");
  revalidatePath(`/sessions/${encodeURIComponent(result.data.id)}`);
  redirect(`/sessions/${encodeURIComponent(result.data.id)}?ended=1`);
}
