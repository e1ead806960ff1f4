import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryOf } from "@/lib/contract/endpoints";
import type { Session, Sheikh } from "@/lib/contract";
import type { Subject } from "@/lib/authz/policy";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import type { DashboardDb } from "@/lib/db/client";
import { addDays } from "@/lib/dates";
import { pageOfList } from "@/lib/features/paging";
import { syncProgress } from "@/lib/features/progress/sync";
import { startEmbeddedSchool, type EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import { DEMO_KEYS } from "@/school-api/seed-facts";
import type { V1Client } from "@/lib/v1";
import { sortNewestFirst, visibleSessions } from "./list";
import { sessionsFromStore } from "./store-list";

/**
 * The store-backed sessions list (store-list.ts) shows exactly what the API-backed list shows: the
 * same sessions in the same order, the same page and total, for every filter by the records' own
 * fields and every person; sessions created and ended after the last sync included.
 */
let school: EmbeddedSchool;
let store: Awaited<ReturnType<typeof openMemoryStore>>;
let db: DashboardDb;
let alnoor: V1Client;
let tenantId: string;
let today: string;
let sessions: Session[];
let sheikhs: Sheikh[];
let created: Session;
let ended: Session;

const admin: Subject = { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };
const teacherOf = (sheikh: Sheikh): Subject => ({
  role: "teacher",
  sheikhIds: [sheikh.id],
  halqaIds: new Set(sheikh.halqa_ids),
  studentLineageIds: [],
});

type Query = QueryOf<"listSessions">;

/** What the API-backed list shows (lib/features/sessions/queries.ts, its fallback). */
async function fromApi(subject: Subject, query: Query, page: number, perPage: number) {
  const { items } = await alnoor.listAll("listSessions", { query: { ...query, limit: 100 } });
  const { items: shown, ...rest } = pageOfList(sortNewestFirst(visibleSessions(subject, items)), page, perPage);
  return { ...rest, items: shown.map((s) => `${s.id} ${s.status}`) };
}

async function fromStore(subject: Subject, query: Query, page: number, perPage: number) {
  const result = await sessionsFromStore(
    alnoor,
    { connectionId: "alnoor", tenantId, subject, query, page, perPage },
    db,
  );
  expect(result, "the store serves the list").not.toBeNull();
  const { items, page: at, pages, total } = result!;
  return { page: at, pages, total, items: items.map((s) => `${s.id} ${s.status}`) };
}

beforeAll(async () => {
  school = await startEmbeddedSchool();
  store = await openMemoryStore();
  db = store.db;
  alnoor = school.client(DEMO_KEYS.alnoorAdmin);
  const profile = await alnoor.call("getSchool");
  tenantId = profile.id;
  const [open] = (await alnoor.listAll("listSessions", { query: { status: "open", limit: 100 } })).items;
  const start = () => alnoor.call("createSession", { body: { halqa_id: open!.halqa_id, sheikh_id: open!.sheikh_id } });
  const stillOpen = await start();
  const sync = await syncProgress("alnoor", { db, client: alnoor, pageSize: 7 });
  expect(sync.status).toBe("completed");
  // After the sync: one session ended and one created by the school's own application (not written through).
  ended = await alnoor.call("endSession", { params: { id: stillOpen.id } });
  created = await start();
  today = created.date;
  sessions = (await alnoor.listAll("listSessions", { query: { limit: 100 } })).items;
  sheikhs = (await alnoor.listAll("listSheikhs", { query: { limit: 100 } })).items;
}, 180_000);

afterAll(async () => {
  await store?.close();
  await school?.close();
});

describe("the sessions list from the progress store", { timeout: 180_000 }, () => {
  it("the default list shows the session created and the session ended after the sync, as the API does", async () => {
    const query = { date_from: addDays(today, -30), date_to: today };
    const expected = await fromApi(admin, query, 1, 50);
    expect(expected.items).toContain(`${created.id} open`);
    expect(expected.items).toContain(`${ended.id} ended`);
    expect(await fromStore(admin, query, 1, 50)).toEqual(expected);
  });

  it("filters by status count a session ended since the sync where it is now", async () => {
    for (const status of ["open", "ended"] as const) {
      const query = { date_from: addDays(today, -60), date_to: today, status };
      const expected = await fromApi(admin, query, 1, 500);
      expect(await fromStore(admin, query, 1, 500), status).toEqual(expected);
    }
  });

  it("any filter, person and page reads the same from the store as from the API", async () => {
    const halqaIds = [...new Set(sessions.map((s) => s.halqa_id))];
    const dates = [...new Set(sessions.map((s) => s.date))].sort();
    const subjects = [admin, ...sheikhs.slice(0, 4).map(teacherOf)];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          subject: fc.constantFrom(...subjects),
          halqa: fc.option(fc.constantFrom(...halqaIds), { nil: undefined }),
          status: fc.option(fc.constantFrom("open" as const, "ended" as const), { nil: undefined }),
          from: fc.constantFrom(...dates),
          days: fc.integer({ min: 0, max: 40 }),
          page: fc.integer({ min: 1, max: 6 }),
          perPage: fc.integer({ min: 1, max: 8 }),
        }),
        async ({ subject, halqa, status, from, days, page, perPage }) => {
          const query: Query = {
            date_from: from,
            date_to: addDays(from, days),
            ...(halqa ? { halqa_id: halqa } : {}),
            ...(status ? { status } : {}),
          };
          expect(await fromStore(subject, query, page, perPage)).toEqual(await fromApi(subject, query, page, perPage));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("before the first sync, or for another school's store, it does not serve the list", async () => {
    const request = {
      connectionId: "nobody",
      tenantId,
      subject: admin,
      query: { date_from: today, date_to: today },
      page: 1,
      perPage: 50,
    };
    expect(await sessionsFromStore(alnoor, request, db)).toBeNull();
    expect(await sessionsFromStore(alnoor, { ...request, connectionId: "alnoor", tenantId: "another" }, db)).toBeNull();
  });
});
