import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { failureOf, isMissing } from "@/lib/v1";

/**
 * One record by id, read once per request: a detail segment's layout asks whether it exists (so a
 * missing record is a real 404, decided before the page streams), and its page reads it again for
 * free. An id that names nothing (or another school's record) is null; other failures are thrown.
 */
export function orNull<T>(read: Promise<T>): Promise<T | null> {
  return read.catch(missingAsNull);
}

/** An id that names nothing (or something of another school) reads as absent; other failures are thrown. */
export function missingAsNull(error: unknown): null {
  if (isMissing(failureOf(error))) return null;
  throw error;
}

export const sessionRecord = cache((connectionId: string, id: string) =>
  orNull(clientFor(connectionId).call("getSession", { params: { id } })),
);
export const halqaRecord = cache((connectionId: string, id: string) =>
  orNull(clientFor(connectionId).call("getHalqa", { params: { id } })),
);
export const studentRecord = cache((connectionId: string, id: string) =>
  orNull(clientFor(connectionId).call("getStudent", { params: { id } })),
);

/** Whether the record exists and the actor may see it: the question a detail layout answers with a 404. */
export const visible = {
  async session(actor: Actor, id: string): Promise<boolean> {
    const [session, subject] = await Promise.all([sessionRecord(actor.connectionId, id), subjectOf(actor)]);
    return session !== null && can.viewSession(subject, session);
  },
  async halqa(actor: Actor, id: string): Promise<boolean> {
    const subject = await subjectOf(actor);
    return can.viewHalqa(subject, id) && (await halqaRecord(actor.connectionId, id)) !== null;
  },
  async student(actor: Actor, id: string): Promise<boolean> {
    const [student, subject] = await Promise.all([studentRecord(actor.connectionId, id), subjectOf(actor)]);
    return student !== null && can.viewStudent(subject, student);
  },
};
