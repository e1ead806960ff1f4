import type { Actor } from "@/lib/auth/actor";

/**
 * The signed-in person a test stands in for: the real `@/lib/auth/session` is replaced by
 *   vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);
 * and the test sets `signedIn.actor` before each call.
 */
export const signedIn: { actor: Actor | null } = { actor: null };

/** Both functions answer the stand-in, signed out included (null). */
export const session = {
  currentActor: async () => signedIn.actor,
  requireActor: async () => signedIn.actor,
};

/** `requireActor` throws when nobody is signed in, as the real one never returns. */
export const strictSession = {
  currentActor: async () => signedIn.actor,
  requireActor: async () => {
    if (!signedIn.actor) throw new Error("signed out");
    return signedIn.actor;
  },
};

/** A signed-in person of the connection "alnoor" with nothing linked but a teacher's sheikh "s1". */
export const someone = (role: Actor["role"], locale: Actor["locale"] = "en"): Actor => ({
  id: "u1",
  email: "someone@example.org",
  name: "Someone",
  role,
  connectionId: "alnoor",
  locale,
  sheikhIds: role === "teacher" ? ["s1"] : [],
  studentLineageIds: [],
});
