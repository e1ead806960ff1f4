/**
 * Issue 12.3: sign-out did not end the session. A session carries the user's session version from
 * sign-in; signing out, being disabled or getting another role raises it, and every session made
 * before is refused on its next request. next-auth is stood in for by the token it would decode.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

type Session = { user: { id: string }; sessionVersion: number | undefined };
const state = vi.hoisted(() => ({ session: null as Session | null, signedOut: 0 }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => state.session,
  signOut: async () => {
    state.signedOut += 1;
  },
}));

import { logout } from "@/lib/auth/sign-out-action";
import { currentActor } from "@/lib/auth/session";
import { sessionVersionOf } from "@/lib/auth/actor";
import { createUser, setUserDisabled, setUserRole } from "@/lib/features/admin/actions";
import { type Actor, connectEmbeddedSchool, demoActors } from "./harness";

let admin: Actor;

/** What the cookie of a sign-in made now holds (auth.ts, the jwt callback). */
async function signIn(userId: string): Promise<Session> {
  return { user: { id: userId }, sessionVersion: (await sessionVersionOf(userId)) ?? undefined };
}

async function actorWith(session: Session | null): Promise<Actor | null> {
  state.session = session;
  try {
    return await currentActor();
  } finally {
    state.session = null;
  }
}

async function asAdmin<T>(run: () => Promise<T>): Promise<T> {
  state.session = await signIn(admin.id);
  try {
    return await run();
  } finally {
    state.session = null;
  }
}

async function newTeacher(): Promise<string> {
  const email = `sessions-${Math.random().toString(36).slice(2, 10)}@example.org`;
  const result = await asAdmin(() =>
    createUser({ email, name: "Session Teacher", role: "teacher", password: "a long initial password" }),
  );
  if (!result.ok) throw new Error(`could not create a user: ${JSON.stringify(result)}`);
  return result.data.id;
}

beforeAll(async () => {
  connectEmbeddedSchool();
  ({ admin } = await demoActors());
});

describe("ending sessions", () => {
  it("sign-out refuses a session captured before it, on every copy of the cookie", async () => {
    const id = await newTeacher();
    const captured = await signIn(id);
    const otherDevice = await signIn(id);
    expect((await actorWith(captured))?.id).toBe(id);

    state.session = captured;
    await logout();
    state.session = null;
    expect(state.signedOut).toBeGreaterThan(0);

    expect(await actorWith(captured)).toBeNull();
    expect(await actorWith(otherDevice)).toBeNull();
    expect((await actorWith(await signIn(id)))?.id).toBe(id);
  });

  it("disabling ends every session, and enabling does not bring the old ones back", async () => {
    const id = await newTeacher();
    const captured = await signIn(id);
    expect(await asAdmin(() => setUserDisabled({ userId: id, disabled: true }))).toMatchObject({ ok: true });
    expect(await asAdmin(() => setUserDisabled({ userId: id, disabled: false }))).toMatchObject({ ok: true });
    expect(await actorWith(captured)).toBeNull();
    expect((await actorWith(await signIn(id)))?.id).toBe(id);
  });

  it("a role change ends every session", async () => {
    const id = await newTeacher();
    const captured = await signIn(id);
    expect(await asAdmin(() => setUserRole({ userId: id, role: "parent" }))).toMatchObject({ ok: true });
    expect(await actorWith(captured)).toBeNull();
    expect((await actorWith(await signIn(id)))?.role).toBe("parent");
  });

  it("refuses a session without a version (made before versions existed)", async () => {
    expect(await actorWith({ user: { id: admin.id }, sessionVersion: undefined })).toBeNull();
  });
});
