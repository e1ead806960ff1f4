"use server";

import { signOut } from "@/auth";

/** Ends the session (the cookie is cleared) and returns to the login page. */
export async function logout(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}
