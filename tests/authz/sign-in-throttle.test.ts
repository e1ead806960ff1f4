/**
 * Issue 12.2: sign-in limits locked owners out. Throttling is per (account, address) with growing
 * waits, and per address by the number of accounts tried, against the dashboard's real store.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { checkPassword, type SignInResult } from "@/lib/auth/sign-in";
import { SIGN_IN_POLICY, pairDelaySeconds } from "@/lib/auth/throttle";
import { dashboardDb } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { connectEmbeddedSchool, demoActors } from "./harness";

const PASSWORD = "the owner's long password";
let connectionId = "";

async function person(): Promise<string> {
  const email = `throttle-${newId("t").toLowerCase()}@example.org`;
  const db = await dashboardDb();
  await db.insert(users).values({
    id: newId("usr"),
    connectionId,
    email,
    name: "Owner",
    role: "teacher",
    passwordHash: await hashPassword(PASSWORD),
  });
  return email;
}

const seconds = (from: Date, n: number) => new Date(from.getTime() + n * 1000);
const waitOf = (result: SignInResult, now: Date) =>
  !result.ok && result.reason === "throttled" ? (result.retryAt.getTime() - now.getTime()) / 1000 : 0;

beforeAll(async () => {
  connectEmbeddedSchool();
  connectionId = (await demoActors()).admin.connectionId;
});

describe("per (account, address)", () => {
  it("slows guesses from one address without locking the owner out elsewhere", async () => {
    const email = await person();
    const t0 = new Date();
    for (let i = 0; i < SIGN_IN_POLICY.freeFailures; i += 1) {
      expect(await checkPassword(email, "wrong guess", "198.51.100.7", t0)).toEqual({ ok: false, reason: "invalid" });
    }
    const refused = await checkPassword(email, PASSWORD, "198.51.100.7", seconds(t0, 1));
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(waitOf(refused, seconds(t0, 1))).toBe(SIGN_IN_POLICY.firstDelaySeconds - 1);
    // The owner, from their own network, is let in at once.
    expect(await checkPassword(email, PASSWORD, "203.0.113.20", seconds(t0, 1))).toMatchObject({ ok: true });
    // From the guessing address too, once the wait is over.
    expect(
      await checkPassword(email, PASSWORD, "198.51.100.7", seconds(t0, SIGN_IN_POLICY.firstDelaySeconds)),
    ).toMatchObject({ ok: true });
  });

  it("grows the wait after each further failure, and never past the cap", async () => {
    const email = await person();
    let now = new Date();
    const waits: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const result = await checkPassword(email, "wrong guess", "198.51.100.8", now);
      if (!result.ok && result.reason === "throttled") {
        waits.push(waitOf(result, now));
        now = result.retryAt;
        i -= 1;
        continue;
      }
      expect(result).toEqual({ ok: false, reason: "invalid" });
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900, 900]);
    expect(pairDelaySeconds(1000)).toBe(SIGN_IN_POLICY.maxDelaySeconds);
    expect(
      await checkPassword(email, PASSWORD, "198.51.100.8", seconds(now, SIGN_IN_POLICY.maxDelaySeconds)),
    ).toMatchObject({ ok: true });
  });
});

describe("per address, by accounts tried", () => {
  it("slows an address that tries many accounts, except for people who signed in from it before", async () => {
    const known = await person();
    const t0 = new Date();
    expect(await checkPassword(known, PASSWORD, "192.0.2.50", t0)).toMatchObject({ ok: true });
    // Many wrong passwords for one account from a shared network do not slow anyone else.
    const typist = await person();
    for (let i = 0; i < SIGN_IN_POLICY.freeFailures; i += 1) await checkPassword(typist, "typo", "192.0.2.50", t0);
    const colleague = await person();
    expect(await checkPassword(colleague, PASSWORD, "192.0.2.50", t0)).toMatchObject({ ok: true });

    for (let i = 0; i < SIGN_IN_POLICY.addressAccounts; i += 1) {
      await checkPassword(`stuffed-${i}-${known}`, "leaked password", "192.0.2.50", seconds(t0, 1));
    }
    const next = await person();
    const refused = await checkPassword(next, PASSWORD, "192.0.2.50", seconds(t0, 2));
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(waitOf(refused, seconds(t0, 2))).toBeLessThanOrEqual(SIGN_IN_POLICY.addressMaxDelaySeconds);
    expect(await checkPassword(known, PASSWORD, "192.0.2.50", seconds(t0, 2))).toMatchObject({ ok: true });
    expect(await checkPassword(next, PASSWORD, "203.0.113.21", seconds(t0, 2))).toMatchObject({ ok: true });
  });

  it("lets only one of many parallel guesses past a full pair", async () => {
    const email = await person();
    const now = new Date();
    for (let i = 0; i < SIGN_IN_POLICY.freeFailures - 1; i += 1)
      await checkPassword(email, "wrong guess", "198.51.100.9", now);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => checkPassword(email, "wrong guess", "198.51.100.9", now)),
    );
    expect(burst.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(1);
  });
});

describe("per device (issue 30.2: a neighbour on the same network cannot lock a person out)", () => {
  it("lets the owner in on their own device while a guesser on the same address is slowed", async () => {
    const email = await person();
    const t0 = new Date();
    const device = "device-of-the-owner-000001";
    for (let i = 0; i <= SIGN_IN_POLICY.freeFailures; i += 1)
      await checkPassword(email, "pupil's guess", "192.0.2.60", t0);
    expect(await checkPassword(email, PASSWORD, "192.0.2.60", seconds(t0, 1))).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    expect(await checkPassword(email, PASSWORD, "192.0.2.60", seconds(t0, 1), device)).toMatchObject({ ok: true });
  });

  it("is not slowed by credential stuffing from its address, but its own failures slow it", async () => {
    const email = await person();
    const t0 = new Date();
    for (let i = 0; i < SIGN_IN_POLICY.addressAccounts; i += 1)
      await checkPassword(`stuffed-${i}-${email}`, "leaked", "192.0.2.61", t0);
    expect(await checkPassword(email, PASSWORD, "192.0.2.61", seconds(t0, 1))).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    const device = "device-of-the-owner-000002";
    expect(await checkPassword(email, PASSWORD, "192.0.2.61", seconds(t0, 1), device)).toMatchObject({ ok: true });
    for (let i = 0; i < SIGN_IN_POLICY.freeFailures; i += 1)
      await checkPassword(email, "stolen cookie", "192.0.2.62", seconds(t0, 2), device);
    const refused = await checkPassword(email, PASSWORD, "192.0.2.63", seconds(t0, 3), device);
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(waitOf(refused, seconds(t0, 3))).toBe(SIGN_IN_POLICY.firstDelaySeconds - 1);
  });
});
