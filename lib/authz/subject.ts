import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { clientFor } from "@/lib/connections";
import { failureOf, isNotFound } from "@/lib/v1";
import type { Subject } from "./policy";

/** The actor as the policy sees them; a teacher's halqas are read from their sheikh records, once per request. */
export const subjectOf = cache(async (actor: Actor): Promise<Subject> => {
  const halqaIds = new Set<string>();
  if (actor.role === "teacher") {
    const client = clientFor(actor.connectionId);
    const sheikhs = await Promise.all(
      actor.sheikhIds.map((id) =>
        client.call("getSheikh", { params: { id } }).catch((error: unknown) => {
          if (isNotFound(failureOf(error))) return null; // no longer eligible: teaches nothing now
          throw error;
        }),
      ),
    );
    for (const sheikh of sheikhs) for (const id of sheikh?.halqa_ids ?? []) halqaIds.add(id);
  }
  return { role: actor.role, sheikhIds: actor.sheikhIds, halqaIds, studentLineageIds: actor.studentLineageIds };
});
