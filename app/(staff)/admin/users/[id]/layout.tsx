import type { Actor } from "@/lib/auth/actor";
import { findUserOf } from "@/lib/features/admin/managed-users";
import { detailLayout } from "@/lib/failures/detail-layout";

const userExists = async (actor: Actor, id: string) => (await findUserOf(actor.connectionId, id)) !== null;

/** A user of another school, or none, is a real 404, decided before the page streams. */
export default detailLayout(userExists);
