"use server";

import { signOut } from "./auth";
import { currentActor } from "@/lib/auth/session";
import { endSessions } from "@/lib/auth/actor";

/** Ends every session of this person (a cookie copied before is refused too) and returns to the login page. */
export async function logout(): Promise<void> {
  const actor = await currentActor();
  if (actor) await endSessions(actor.id);
  await signOut({ redirectTo: "/login" });
}
