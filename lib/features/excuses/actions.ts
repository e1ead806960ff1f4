"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { dashboardDb } from "@/lib/db";
import { dateIn } from "@/lib/dates";
import { currentRecord } from "@/lib/features/family/queries";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { semestersFor } from "@/lib/features/reference";
import { fieldRefusal, notFoundFailure, type V1Error } from "@/lib/v1";
import { dateProblem, ExcuseInput } from "./rules";
import { createExcuse, isOwnChild } from "./store";
import { calledName } from "@/lib/features/students/display-names";

/** A refusal on one field of the form, in the catalogue's words (`excuses.validation.*`), audited as `failed`. */
function refuse(field: string, key: string): V1Error {
  return fieldRefusal(field, key, "Refused by the excuse rules");
}

/** The same answer for a child that is not theirs and one that does not exist: nothing is read or stored first. */
function notTheirs(): V1Error {
  return notFoundFailure("Not one of the parent's children");
}

/**
 * A parent says a child will miss the halqa on a school date (today or within 30 days), with a
 * short reason. Audited without the reason: the parent's text stays in the excuse's own row.
 */
export const requestExcuseAction = defineAction({
  name: "excuse.request",
  input: ExcuseInput,
  roles: ["parent"],
  authorize: () => true,
  async run(ctx, input) {
    if (!isOwnChild(ctx.actor, input.lineageId)) throw notTheirs();
    const [school, semesters, records] = await Promise.all([
      ctx.client.tenant(),
      semestersFor(ctx.actor.connectionId),
      ctx.client.listAll("listStudents", { query: { lineage_id: input.lineageId, limit: API_PAGE_SIZE } }),
    ]);
    const student = currentRecord(
      records.items.filter((record) => record.lineage_id === input.lineageId),
      semesters,
    );
    if (!student || !can.viewChild(ctx.subject, student)) throw notTheirs();
    const today = dateIn(school.time_zone);
    const problem = dateProblem(input.day, today);
    if (problem) throw refuse("day", problem);
    const outcome = await createExcuse(await dashboardDb(), ctx.actor, school.id, {
      lineageId: input.lineageId,
      childName: calledName(student),
      day: input.day,
      reason: input.reason,
      today,
    });
    if (!outcome.ok) throw outcome.code === "too_many" ? refuse("form", "excuses.validation.tooMany") : notTheirs();
    revalidatePath(`/family/children/${encodeURIComponent(input.lineageId)}`);
    return { id: outcome.id, day: input.day };
  },
  target: (input, data) => ({ type: "excuse_request", id: data?.id ?? input.lineageId }),
});
