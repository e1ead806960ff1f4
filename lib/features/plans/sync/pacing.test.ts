import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createV1Client } from "@/lib/v1";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import { startEmbeddedSchool, type EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import type { DashboardDb } from "@/lib/db/client";
import { apiSnapshot, storeSnapshot } from "@/tests/support/features/plans/snapshot";
import { syncPlans } from "./sync-plans";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const ALNOOR = DEMO_KEYS.alnoorAdmin;

/**
 * A real HTTP proxy in front of the embedded API that sees what a school's server sees: how many
 * of the sync's requests are in flight at once, when each arrives, and that answers some with
 * 429 and `Retry-After` instead of passing them on.
 */
type Seen = { at: number; path: string; answered: number };
async function startProxy(target: string, refuse: (path: string, index: number) => number | null) {
  const seen: Seen[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer(async (req, res) => {
    const index = seen.length;
    const path = req.url ?? "/";
    seen.push({ at: Date.now(), path, answered: 0 });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const retryAfter = refuse(path, index);
      if (retryAfter !== null) {
        seen[index]!.answered = 429;
        res.writeHead(429, { "content-type": "application/json", "retry-after": String(retryAfter) });
        res.end(JSON.stringify({ error: { code: "rate_limited", message: "Too many requests for this key" } }));
        return;
      }
      // Held a moment, so that requests overlap as they would over a network.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const upstream = await fetch(`${target}${path.replace(/^\/api\/v1/, "")}`, {
        headers: { authorization: req.headers.authorization ?? "", accept: "application/json" },
      });
      seen[index]!.answered = upstream.status;
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(await upstream.text());
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    seen,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let school: EmbeddedSchool;
let store: Awaited<ReturnType<typeof openMemoryStore>>;
let db: DashboardDb;

beforeAll(async () => {
  school = await startEmbeddedSchool();
  store = await openMemoryStore();
  db = store.db;
}, 120_000);

afterAll(async () => {
  await store?.close();
  await school?.close();
});

/** When the sync's client sent each request and received each answer, as the client sees it. */
type Sent = { sentAt: number; answeredAt: number; status: number };

/** A client without retries of its own (every 429 reaches the sync), that notes what it sends. */
function clientFor(url: string, log: Sent[] = []) {
  const fetchNoted: typeof fetch = async (input, init) => {
    const entry: Sent = { sentAt: Date.now(), answeredAt: 0, status: 0 };
    log.push(entry);
    const response = await fetch(input, init);
    entry.answeredAt = Date.now();
    entry.status = response.status;
    return response;
  };
  return createV1Client({
    baseUrl: url,
    apiKey: ALNOOR,
    timeoutMs: 60_000,
    retry: { maxAttempts: 1 },
    fetch: fetchNoted,
  });
}

describe("the sync's pace: bounded concurrency, 429 Retry-After honoured (real HTTP)", { timeout: 90_000 }, () => {
  it("never has more requests in flight than its concurrency, and uses it", async () => {
    const proxy = await startProxy(school.url, () => null);
    try {
      const result = await syncPlans("bounded", { db, client: clientFor(proxy.url), concurrency: 3, pageSize: 10 });
      expect(result.status).toBe("completed");
      expect(proxy.maxInFlight()).toBeLessThanOrEqual(3);
      expect(proxy.maxInFlight()).toBeGreaterThan(1);
      const stored = await storeSnapshot(db, "bounded");
      const api = await apiSnapshot(school.client(ALNOOR));
      expect(stored.planRows).toBe(api.plans.size);
      expect(stored.assignmentRows).toBe(api.assignments.size);
    } finally {
      await proxy.close();
    }
  });

  it("after a 429 no request is sent before Retry-After has passed; the refused one is sent again and nothing is lost", async () => {
    let refusals = 0;
    // The 8th request (a history) and the 20th are refused with Retry-After: 1.
    const proxy = await startProxy(school.url, (path, index) => {
      if ((index === 7 || index === 19) && path.includes("/assignments")) {
        refusals++;
        return 1;
      }
      return null;
    });
    const sent: Sent[] = [];
    try {
      const result = await syncPlans("paced", { db, client: clientFor(proxy.url, sent), concurrency: 4, pageSize: 10 });
      expect(result.status).toBe("completed");
      expect(refusals).toBe(2);
      const refused = sent.filter((request) => request.status === 429);
      expect(refused).toHaveLength(2);
      // A request another call sent while the 429's body was still being read cannot know of it: the
      // pause starts once the sync has the refusal, a few ms after the answer arrived (HANDLING_MS).
      const HANDLING_MS = 50;
      for (const { answeredAt } of refused) {
        const during = sent.filter(
          (request) => request.sentAt > answeredAt + HANDLING_MS && request.sentAt < answeredAt + 1000,
        );
        expect(during, "requests sent while the school asked to wait").toEqual([]);
      }
      const refusedPaths = proxy.seen.filter((request) => request.answered === 429).map((request) => request.path);
      for (const path of refusedPaths)
        expect(proxy.seen.filter((request) => request.path === path && request.answered === 200)).toHaveLength(1);
      const stored = await storeSnapshot(db, "paced");
      const api = await apiSnapshot(school.client(ALNOOR));
      expect(stored.planRows).toBe(api.plans.size);
      expect(stored.assignmentRows).toBe(api.assignments.size);
      expect([...stored.assignments.keys()].sort()).toEqual([...api.assignments.keys()].sort());
    } finally {
      await proxy.close();
    }
  });

  it("a Retry-After longer than the sync waits is an interruption the next run resumes", async () => {
    const proxy = await startProxy(school.url, (path, index) => (index === 5 ? 3600 : null));
    try {
      await expect(
        syncPlans("too-long", { db, client: clientFor(proxy.url), concurrency: 2, pageSize: 10 }),
      ).rejects.toMatchObject({ status: 429 });
    } finally {
      await proxy.close();
    }
    const resumed = await syncPlans("too-long", { db, client: school.client(ALNOOR), pageSize: 10 });
    expect(resumed.status).toBe("completed");
    if (resumed.status === "completed") expect(resumed.resumed).toBe(true);
  });
});
