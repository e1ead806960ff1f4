import { randomUUID } from "node:crypto";
import { DEMO, expect, signIn, test } from "./fixtures";
import { rawRequest } from "./raw-http";

/**
 * Issue 30.2: on a school's network every tablet shares one address. A pupil guessing the teacher's
 * password, or a script trying many accounts from there, slows guessers down but never holds back
 * a person on a device they signed in from before (README, "Sign-in policy"). Each "client" is its
 * own loopback address (127.x.y.z all reach this machine).
 */
type Outcome = "signed-in" | "wrong" | "rate_limited";

function setCookies(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of [headers["set-cookie"] ?? []].flat()) {
    const [pair] = line.split(";");
    const index = pair!.indexOf("=");
    jar[pair!.slice(0, index)] = pair!.slice(index + 1);
  }
  return jar;
}

/** One sign-in through Auth.js's own endpoints, from `address`, showing `device` (a halqa-device value) if given. */
async function signInFrom(
  address: string,
  email: string,
  password: string,
  device?: string,
): Promise<{ outcome: Outcome; device?: string }> {
  const csrf = await rawRequest("GET", "/api/auth/csrf", { localAddress: address });
  const csrfCookie = Object.entries(setCookies(csrf.headers)).map(([name, value]) => `${name}=${value}`);
  const cookie = [...csrfCookie, ...(device ? [`halqa-device=${device}`] : [])].join("; ");
  const body = new URLSearchParams({
    email,
    password,
    csrfToken: (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken,
    callbackUrl: "/",
  }).toString();
  const response = await rawRequest("POST", "/api/auth/callback/credentials", {
    localAddress: address,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body,
  });
  expect(response.status).toBe(302);
  const location = String(response.headers.location ?? "");
  const jar = setCookies(response.headers);
  if (!location.includes("error=")) return { outcome: "signed-in", device: jar["halqa-device"] };
  return { outcome: location.includes("code=too_many_attempts") ? "rate_limited" : "wrong" };
}

test.describe("device cookies: no lock-out by a neighbour", () => {
  // Dozens of sign-ins, each a slow password hash.
  test.slow();
  // Both projects and a retry run this file against one server: each run has addresses of its own.
  const network = (info: { project: { name: string }; retry: number }) => (host: number) =>
    `127.${info.project.name === "tablet" ? 2 : 1}.${info.retry + 10}.${host}`;

  test("a pupil guessing on the school's network does not keep the teacher out on her tablet", async ({}, testInfo) => {
    const at = network(testInfo);
    const school = at(1);
    const teacher = DEMO.accounts.teacher;
    const first = await signInFrom(school, teacher, DEMO.password);
    expect(first.outcome).toBe("signed-in");
    expect(first.device).toBeTruthy();

    const guesses: Outcome[] = [];
    for (let i = 0; i < 6; i += 1) guesses.push((await signInFrom(school, teacher, `guess ${i}`)).outcome);
    expect(guesses.slice(0, 5)).toEqual(["wrong", "wrong", "wrong", "wrong", "wrong"]);
    expect(guesses[5]).toBe("rate_limited");
    // The pupil, even with the right password, is still slowed down…
    expect((await signInFrom(school, teacher, DEMO.password)).outcome).toBe("rate_limited");
    // …the teacher on her own tablet is not.
    expect((await signInFrom(school, teacher, DEMO.password, first.device)).outcome).toBe("signed-in");
    // Her device cookie says nothing for another account.
    for (let i = 0; i < 6; i += 1) await signInFrom(at(2), DEMO.accounts.parent, `guess ${i}`);
    expect((await signInFrom(at(2), DEMO.accounts.parent, DEMO.password, first.device)).outcome).toBe("rate_limited");
  });

  test("credential stuffing from the school's address slows it, but not a person on a known device", async ({}, testInfo) => {
    const at = network(testInfo);
    const home = at(3);
    const school = at(4);
    const parent = DEMO.accounts.parent;
    const known = await signInFrom(home, parent, DEMO.password);
    expect(known.outcome).toBe("signed-in");
    for (let i = 0; i < 20; i += 1)
      await signInFrom(school, `stuffed-${i}-${randomUUID()}@example.org`, "leaked password");
    // Someone who never signed in from the school's address, without a device cookie: slowed.
    expect((await signInFrom(school, parent, DEMO.password)).outcome).toBe("rate_limited");
    // The same person with the device cookie from home: let in.
    expect((await signInFrom(school, parent, DEMO.password, known.device)).outcome).toBe("signed-in");
  });

  test("a stolen device cookie is slowed down per device", async ({}, testInfo) => {
    const at = network(testInfo);
    const teacher = DEMO.accounts.teacher;
    const known = await signInFrom(at(5), teacher, DEMO.password);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 6; i += 1)
      outcomes.push((await signInFrom(at(6 + i), teacher, `guess ${i}`, known.device)).outcome);
    expect(outcomes[5]).toBe("rate_limited");
    expect((await signInFrom(at(20), teacher, DEMO.password, known.device)).outcome).toBe("rate_limited");
  });

  test("the login form leaves a device cookie the page's scripts cannot read", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await signIn(page, DEMO.accounts.admin);
    await expect(page).not.toHaveURL(/\/login/);
    const cookie = (await context.cookies()).find((each) => each.name === "halqa-device");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await context.close();
  });
});
