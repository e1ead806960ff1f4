import type { Session } from "../../lib/contract";
import { actionId, percentile, signIn, type Cookies } from "./attendance";
import { v1Client } from "./v1-client";

/**
 * The absence leg of `npm run bench -- notices`: every open session of the grown school (one a
 * halqa: 167 for 5,000 students) gets a register with two absent and one late, taken through the
 * API as the school's own application would; then an admin ends them all at once in the dashboard
 * (the "End session" form's server action, as the browser posts it). The figure is the time from the first
 * end until the SMTP sink has every absence notice.
 */
export type AbsenceLeg = { sessions: number; expected: number; endP95Ms: number; seconds: number };

type Child = { id: string; halqa_id: string; status: string };

const ADMIN = { email: "admin@alnoor.demo", password: "demo1234" };

export async function endAllAtOnce(input: {
  origin: string;
  key: string;
  children: Child[];
  received: () => number;
  until: (what: string, read: () => Promise<true | null>, since: number) => Promise<unknown>;
  log: (line: string) => void;
  signal: AbortSignal;
}): Promise<AbsenceLeg> {
  const { origin, children, log } = input;
  const api = v1Client(origin, input.key, input.signal);
  const byHalqa = new Map<string, Child[]>();
  for (const child of children)
    if (child.status === "active") byHalqa.set(child.halqa_id, [...(byHalqa.get(child.halqa_id) ?? []), child]);
  // Checked by their own fields: a real school's API may ignore a status filter.
  const sessions = (await api.list<Session>("/sessions", { status: "open" })).filter(
    (session) => session.status === "open" && (byHalqa.get(session.halqa_id)?.length ?? 0) >= 3,
  );
  let expected = 0;
  for (let i = 0; i < sessions.length; i += 4) {
    await Promise.all(
      sessions.slice(i, i + 4).map((session) => {
        const rows = byHalqa
          .get(session.halqa_id)!
          .map((child, index) =>
            index < 2
              ? { student_id: child.id, status: "absent" }
              : index === 2
                ? { student_id: child.id, status: "late", late_minutes: 10 }
                : { student_id: child.id, status: "present" },
          );
        expected += 3;
        return api.send("PUT", `/sessions/${session.id}/attendance`, { rows }, 200);
      }),
    );
  }
  log(`${sessions.length} open sessions have their registers (${expected} absent or late); ending them all at once`);

  const cookies = await signIn(origin, ADMIN);
  const endSession = actionId("submitEndSession", "lib/features/sessions/actions.ts");
  const before = input.received();
  const started = performance.now();
  const endMs = await Promise.all(
    sessions.map(async (session) => {
      await submitEnd(origin, session.id, endSession, cookies);
      return performance.now() - started;
    }),
  );
  await input.until(
    `${expected} absence notices handed over`,
    async () => (input.received() - before >= expected ? true : null),
    started,
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    sessions: sessions.length,
    expected,
    endP95Ms: percentile(
      endMs.sort((a, b) => a - b),
      95,
    ),
    seconds,
  };
}

/** The "End session" form as the browser posts it (useActionState: the state, then the form's fields). */
export async function submitEnd(origin: string, sessionId: string, action: string, cookies: Cookies): Promise<void> {
  const form = new FormData();
  form.set("_1_id", sessionId);
  form.set("_1_confirm", "yes");
  form.set("0", JSON.stringify([null, "$K1"]));
  const response = await fetch(`${origin}/sessions/${encodeURIComponent(sessionId)}/end`, {
    method: "POST",
    redirect: "manual",
    headers: { "next-action": action, accept: "text/x-component", origin, cookie: cookies.header() },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  const redirect = response.headers.get("x-action-redirect") ?? "";
  if (!redirect.includes("ended=1"))
    throw new Error(
      `ending ${sessionId} answered ${response.status} without its redirect (${redirect || "none"}): ${text.slice(0, 300)}`,
    );
}
