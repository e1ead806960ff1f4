import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "./auth";
import type { Role } from "@/lib/db/schema";
import { noteActor } from "@/lib/ops/request-context";
import { loadActor, type Actor } from "./actor";

/**
 * The signed-in person for this request, read fresh from the store. A disabled user, or a session
 * made before the person's sessions were ended (sign-out, disabling, a role change), is signed out.
 */
export const currentActor = cache(async (): Promise<Actor | null> => {
  const session = await auth();
  const id = session?.user?.id;
  const version = session?.sessionVersion;
  const actor = id && typeof version === "number" ? await loadActor(id, version) : null;
  if (actor) noteActor(actor.id, actor.connectionId);
  return actor;
});

/**
 * For pages: the actor, or a redirect to sign in. A person of another role gets a 404, so a page
 * that is not theirs does not even admit it exists.
 */
export async function requireActor(roles?: readonly Role[]): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect("/login");
  if (roles && !roles.includes(actor.role)) notFound();
  return actor;
}
