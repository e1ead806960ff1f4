import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Recitation, Session, Student } from "@/lib/contract";
import { as, dataOf, expectError, expectInvalid, traverse, type Client } from "./http";
import {
  classroom,
  createSession,
  createStudent,
  expectNoSecretFields,
  ratings,
  schoolOf,
  twoClassrooms,
} from "./fixtures";
import { keys, lacks } from "./target";

/**
 * Recitations (spec rule 3: eligible student; rule 4: rating and Quran range validated against the
 * contract and the school's context). A range is real ayahs in mushaf order; the rating is a value
 * of the school's rating_scale from GET /school.
 */

type Setup = { session: Session; student: Student; rating: number; invalidRating: number };

async function setup(client: Client): Promise<Setup> {
  const room = await classroom(client);
  const student = await createStudent(client, room.halqa.id);
  const session = await createSession(client, room);
  const { valid, invalid } = ratings(await schoolOf(client));
  return { session, student, rating: valid, invalidRating: invalid };
}

function body(s: Setup, change: Record<string, unknown> = {}) {
  return {
    student_id: s.student.id,
    kind: "new_memorization",
    start: { surah: 1, ayah: 1 },
    end: { surah: 1, ayah: 7 },
    rating: s.rating,
    ...change,
  };
}

async function sessionRecitations(client: Client, session: Session) {
  return (await traverse<Recitation>(client, `/sessions/${session.id}/recitations`)).items;
}

describe.skipIf(lacks("admin"))("recitations: create", () => {
  const admin = as(keys.admin);

  it("a valid recitation is 201 and listed for the session and the student", async () => {
    const s = await setup(admin);
    const created = dataOf<Recitation>(
      await admin.post(`/sessions/${s.session.id}/recitations`, body(s, { mistakes: 2, note: "fluent" })),
      201,
    );
    expect(created).toMatchObject({
      session_id: s.session.id,
      student_id: s.student.id,
      kind: "new_memorization",
      range: { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 7 } },
      rating: s.rating,
      mistakes: 2,
      note: "fluent",
    });
    expectNoSecretFields(created, "POST recitation");
    expect((await sessionRecitations(admin, s.session)).map((r) => r.id)).toEqual([created.id]);
    const history = (await traverse<Recitation>(admin, `/students/${s.student.id}/recitations`)).items;
    expect(history.map((r) => r.id)).toContain(created.id);
    expectNoSecretFields(history, "GET student recitations");
  });

  it("a range spanning surahs (Al-Baqarah 280 to Al-Imran 5) is accepted", async () => {
    const s = await setup(admin);
    const response = await admin.post(
      `/sessions/${s.session.id}/recitations`,
      body(s, { start: { surah: 2, ayah: 280 }, end: { surah: 3, ayah: 5 } }),
    );
    expect(dataOf<Recitation>(response, 201).range.end).toEqual({ surah: 3, ayah: 5 });
  });

  it("recitations may be recorded after the session ended", async () => {
    const s = await setup(admin);
    dataOf<Session>(await admin.post(`/sessions/${s.session.id}/end`));
    dataOf<Recitation>(await admin.post(`/sessions/${s.session.id}/recitations`, body(s)), 201);
  });

  it("every rating of the school's scale is accepted", async () => {
    const s = await setup(admin);
    for (const level of ratings(await schoolOf(admin)).scale) {
      dataOf<Recitation>(
        await admin.post(`/sessions/${s.session.id}/recitations`, body(s, { rating: level.value })),
        201,
      );
    }
  });
});

describe.skipIf(lacks("admin"))("recitations: validation writes nothing", () => {
  const admin = as(keys.admin);

  it.for([
    ["an ayah beyond Al-Fatiha's 7", { end: { surah: 1, ayah: 8 } }, "end.ayah"],
    ["a start ayah beyond An-Nas's 6", { start: { surah: 114, ayah: 7 }, end: { surah: 114, ayah: 7 } }, "start.ayah"],
    ["ayah 0", { start: { surah: 1, ayah: 0 } }, "start.ayah"],
    ["surah 115", { end: { surah: 115, ayah: 1 } }, "end.surah"],
    ["surah 0", { start: { surah: 0, ayah: 1 } }, "start.surah"],
    ["end before start", { start: { surah: 2, ayah: 10 }, end: { surah: 2, ayah: 5 } }, "end"],
    ["end in an earlier surah", { start: { surah: 3, ayah: 1 }, end: { surah: 2, ayah: 286 } }, "end"],
    ["an unknown kind", { kind: "listening" }, "kind"],
    ["a fractional rating", { rating: 1.5 }, "rating"],
    ["negative mistakes", { mistakes: -1 }, "mistakes"],
    ["an unknown field", { private_note: "secret" }, "private_note"],
    ["a missing student_id", { student_id: undefined }, "student_id"],
  ] as const)("%s is 422 naming %s", async ([, change, field]) => {
    const s = await setup(admin);
    expectInvalid(await admin.post(`/sessions/${s.session.id}/recitations`, body(s, change)), field);
    expect(await sessionRecitations(admin, s.session)).toEqual([]);
  });

  it("a rating outside the school's rating_scale is 422 naming rating", async () => {
    const s = await setup(admin);
    expectInvalid(
      await admin.post(`/sessions/${s.session.id}/recitations`, body(s, { rating: s.invalidRating })),
      "rating",
    );
    expect(await sessionRecitations(admin, s.session)).toEqual([]);
  });

  it("a student of another halqa is 422 naming student_id", async () => {
    const [room, other] = await twoClassrooms(admin);
    const s = await setup(admin);
    const stranger = await createStudent(admin, other.halqa.id);
    expect(stranger.halqa_id).not.toBe(room.halqa.id);
    expectInvalid(
      await admin.post(`/sessions/${s.session.id}/recitations`, body(s, { student_id: stranger.id })),
      "student_id",
    );
    expect(await sessionRecitations(admin, s.session)).toEqual([]);
  });

  it("a student of the halqa who is not active is 422 naming student_id", async () => {
    const s = await setup(admin);
    const leaving = dataOf<Student>(await admin.patch(`/students/${s.student.id}`, { status: "withdrawn" }));
    expect(leaving.status).toBe("withdrawn");
    expectInvalid(await admin.post(`/sessions/${s.session.id}/recitations`, body(s)), "student_id");
    expect(await sessionRecitations(admin, s.session)).toEqual([]);
  });
});

describe.skipIf(lacks("admin"))("recitations: Idempotency-Key", () => {
  const admin = as(keys.admin);

  it("a replay returns the same id and records once", async () => {
    const s = await setup(admin);
    const headers = { "Idempotency-Key": `conformance-${randomUUID()}` };
    const first = await admin.post(`/sessions/${s.session.id}/recitations`, body(s), headers);
    const replay = await admin.post(`/sessions/${s.session.id}/recitations`, body(s), headers);
    expect(dataOf<Recitation>(replay, 201)).toEqual(dataOf<Recitation>(first, 201));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await sessionRecitations(admin, s.session)).map((r) => r.id)).toEqual([dataOf<Recitation>(first, 201).id]);
  });

  it("the same key with a different body is 409 conflict and records nothing more", async () => {
    const s = await setup(admin);
    const headers = { "Idempotency-Key": `conformance-${randomUUID()}` };
    const first = dataOf<Recitation>(await admin.post(`/sessions/${s.session.id}/recitations`, body(s), headers), 201);
    expectError(
      await admin.post(`/sessions/${s.session.id}/recitations`, body(s, { mistakes: 3 }), headers),
      409,
      "conflict",
    );
    expect((await sessionRecitations(admin, s.session)).map((r) => r.id)).toEqual([first.id]);
  });

  it("concurrent replays of one key record once; every success carries the same id", async () => {
    const s = await setup(admin);
    const headers = { "Idempotency-Key": `conformance-${randomUUID()}` };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => admin.post(`/sessions/${s.session.id}/recitations`, body(s), headers)),
    );
    for (const response of responses) expect([201, 409], response.text).toContain(response.status);
    const created = new Set(responses.filter((r) => r.status === 201).map((r) => dataOf<Recitation>(r, 201).id));
    expect(created.size).toBe(1);
    expect((await sessionRecitations(admin, s.session)).map((r) => r.id)).toEqual([...created]);
  });

  it("without a key, two identical posts record twice", async () => {
    const s = await setup(admin);
    dataOf<Recitation>(await admin.post(`/sessions/${s.session.id}/recitations`, body(s)), 201);
    dataOf<Recitation>(await admin.post(`/sessions/${s.session.id}/recitations`, body(s)), 201);
    expect(await sessionRecitations(admin, s.session)).toHaveLength(2);
  });
});
