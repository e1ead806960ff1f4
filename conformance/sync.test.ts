import { describe, expect, it } from "vitest";
import type { Session, Student } from "@/lib/contract";
import { as, dataOf, pageOf, traverse, type Client } from "./http";
import { classroom, createSession, createStudent, ids, tag } from "./fixtures";
import { keys, lacks, SLOW } from "./target";

/**
 * Synchronization (spec part 4, procedure step 5): the watermark of a complete traversal, passed
 * as `updated_after`, returns the records changed after it and no record last changed before it.
 * The watermark may lie a little before the traversal (docs/contract.md: a few records may come
 * again), so "unchanged" means updated_at at or before the watermark. Only records this test
 * created are required to appear, so concurrent writers elsewhere do not matter.
 */

type Synced = { id: string; updated_at: string };

async function snapshot<T extends Synced>(client: Client, path: string, query: Record<string, string>) {
  const { items, watermark } = await traverse<T>(client, path, query, 100);
  expect(watermark, `sync_watermark of ${path}`).toBeTypeOf("string");
  return { items, mark: watermark as string };
}

function expectOnlyChangedAfter(delta: Synced[], mark: string, before: Synced[]) {
  for (const item of delta)
    expect(item.updated_at > mark, `${item.id} updated_at ${item.updated_at} must be after ${mark}`).toBe(true);
  const stale = before.filter((item) => item.updated_at <= mark);
  expect(stale.length, "records last changed before the watermark (seed data)").toBeGreaterThan(0);
  const deltaIds = new Set(ids(delta));
  const returnedStale = stale.filter(
    (item) => deltaIds.has(item.id) && delta.find((d) => d.id === item.id)?.updated_at === item.updated_at,
  );
  expect(ids(returnedStale), "unchanged records returned after the watermark").toEqual([]);
}

describe.skipIf(lacks("admin"))("sync: updated_after", () => {
  const admin = as(keys.admin);

  it(
    "students: changed and new students come after the watermark, unchanged ones do not",
    async () => {
      const room = await classroom(admin);
      const changed = await createStudent(admin, room.halqa.id);
      const { items: before, mark } = await snapshot<Student>(admin, "/students", { halqa_id: room.halqa.id });
      expect(ids(before)).toContain(changed.id);

      dataOf<Student>(await admin.patch(`/students/${changed.id}`, { preferred_name: tag("renamed") }));
      const created = await createStudent(admin, room.halqa.id);

      const delta = (await traverse<Student>(admin, "/students", { updated_after: mark, halqa_id: room.halqa.id }, 100))
        .items;
      expect(ids(delta)).toContain(changed.id);
      expect(ids(delta)).toContain(created.id);
      for (const item of delta) expect(item.halqa_id).toBe(room.halqa.id);
      expectOnlyChangedAfter(delta, mark, before);
    },
    SLOW,
  );

  it(
    "students: the delta without filters also holds the change",
    async () => {
      const room = await classroom(admin);
      const { mark } = await snapshot<Student>(admin, "/students", {});
      const student = await createStudent(admin, room.halqa.id);
      const delta = (await traverse<Student>(admin, "/students", { updated_after: mark }, 100)).items;
      expect(ids(delta)).toContain(student.id);
      for (const item of delta) expect(item.updated_at > mark).toBe(true);
    },
    SLOW,
  );

  it(
    "sessions: an updated session comes after the watermark",
    async () => {
      const room = await classroom(admin);
      const touched = await createSession(admin, room);
      const { items: before, mark } = await snapshot<Session>(admin, "/sessions", { halqa_id: room.halqa.id });
      dataOf<Session>(await admin.patch(`/sessions/${touched.id}`, { topic: tag("topic") }));
      const delta = (await traverse<Session>(admin, "/sessions", { updated_after: mark, halqa_id: room.halqa.id }, 100))
        .items;
      expect(ids(delta)).toContain(touched.id);
      expectOnlyChangedAfter(delta, mark, before);
    },
    SLOW,
  );

  it(
    "sessions: ending a session counts as a change",
    async () => {
      const room = await classroom(admin);
      const session = await createSession(admin, room);
      const { mark } = await snapshot<Session>(admin, "/sessions", { halqa_id: room.halqa.id });
      const ended = dataOf<Session>(await admin.post(`/sessions/${session.id}/end`));
      expect(ended.updated_at > mark).toBe(true);
      const delta = ids(
        (await traverse<Session>(admin, "/sessions", { updated_after: mark, halqa_id: room.halqa.id }, 100)).items,
      );
      expect(delta).toContain(session.id);
    },
    SLOW,
  );

  it(
    "updates during a traversal neither skip nor repeat a record",
    async () => {
      const room = await classroom(admin);
      const mine: string[] = [];
      for (let i = 0; i < 4; i++) mine.push((await createStudent(admin, room.halqa.id)).id);
      const expected = ids((await traverse<Student>(admin, "/students", { halqa_id: room.halqa.id })).items);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = pageOf<Student>(
          await admin.get("/students", { halqa_id: room.halqa.id, limit: 3, ...(cursor ? { cursor } : {}) }),
        );
        seen.push(...ids(page.data));
        // Touch one of ours already seen and one not yet seen: neither may move in the order.
        const earlier = mine.find((id) => seen.includes(id));
        const later = mine.find((id) => !seen.includes(id));
        for (const id of [earlier, later]) {
          if (id) dataOf<Student>(await admin.patch(`/students/${id}`, { preferred_name: tag("moved") }));
        }
        cursor = page.pagination.next_cursor ?? undefined;
      } while (cursor);
      expect(
        seen.filter((id, index) => seen.indexOf(id) !== index),
        "repeated",
      ).toEqual([]);
      expect(
        expected.filter((id) => !seen.includes(id)),
        "skipped",
      ).toEqual([]);
    },
    SLOW,
  );
});
