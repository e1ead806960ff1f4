import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Session, Sheikh } from "@/lib/contract";
import { as, call, dataOf, expectError, expectInvalid, traverse } from "./http";
import { classroom, createSession, demoHas, halqaWhere, missingIdLike, tag } from "./fixtures";
import { keys, lacks } from "./target";

/** Sessions (spec rule 2: an eligible halqa and an eligible sheikh on create, update and end; part 3: end). */

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.skipIf(lacks("admin"))("sessions: create", () => {
  const admin = as(keys.admin);

  it("POST /sessions with an eligible halqa and sheikh is 201 and open", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    expect(session).toMatchObject({
      halqa_id: room.halqa.id,
      sheikh_id: room.sheikh.id,
      semester_id: room.semester.id,
      status: "open",
      ended_at: null,
    });
    expect(session.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(session.starts_at).toMatch(TIMESTAMP);
    expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`))).toEqual(session);
  });

  it("date, starts_at and topic are kept as given", async () => {
    const room = await classroom(admin);
    const given = { date: "2030-01-15", starts_at: "2030-01-15T16:30:00.000Z", topic: tag("topic") };
    expect(await createSession(admin, room, given)).toMatchObject(given);
  });

  it("a sheikh not eligible for the halqa is 422 naming sheikh_id", async (context) => {
    const room = await classroom(admin);
    const sheikhs = (await traverse<Sheikh>(admin, "/sheikhs")).items;
    const stranger = sheikhs.find((sheikh) => !sheikh.halqa_ids.includes(room.halqa.id));
    if (!stranger) return demoHas(context, false, "sheikh who does not teach this halqa");
    expectInvalid(await admin.post("/sessions", { halqa_id: room.halqa.id, sheikh_id: stranger.id }), "sheikh_id");
  });

  it("an unknown sheikh is 422 naming sheikh_id", async () => {
    const room = await classroom(admin);
    expectInvalid(
      await admin.post("/sessions", { halqa_id: room.halqa.id, sheikh_id: missingIdLike(room.sheikh.id) }),
      "sheikh_id",
    );
  });

  it.for(["inactive", "not_active_semester"] as const)(
    "a halqa that is %s is 422 naming halqa_id",
    async (kind, context) => {
      const room = await classroom(admin);
      const halqa = await halqaWhere(admin, kind);
      if (!halqa) return demoHas(context, false, `${kind} halqa`);
      const linked = (await traverse<Sheikh>(admin, "/sheikhs", { halqa_id: halqa.id })).items[0] ?? room.sheikh;
      expectInvalid(await admin.post("/sessions", { halqa_id: halqa.id, sheikh_id: linked.id }), "halqa_id");
    },
  );

  it.for([
    ["halqa_id missing", { halqa_id: undefined }, "halqa_id"],
    ["sheikh_id missing", { sheikh_id: undefined }, "sheikh_id"],
    ["status given", { status: "ended" }, "status"],
    ["bad date", { date: "2030-02-30" }, "date"],
    ["bad starts_at", { starts_at: "tomorrow" }, "starts_at"],
  ] as const)("%s is 422 naming the field", async ([, change, field]) => {
    const room = await classroom(admin);
    expectInvalid(
      await admin.post("/sessions", { halqa_id: room.halqa.id, sheikh_id: room.sheikh.id, ...change }),
      field,
    );
  });

  it("Idempotency-Key replays the first session; another body is 409", async () => {
    const room = await classroom(admin);
    const headers = { "Idempotency-Key": `conformance-${randomUUID()}` };
    const body = { halqa_id: room.halqa.id, sheikh_id: room.sheikh.id, topic: tag("topic") };
    const first = dataOf<Session>(await admin.post("/sessions", body, headers), 201);
    const again = await admin.post("/sessions", body, headers);
    expect(dataOf<Session>(again, 201)).toEqual(first);
    expectError(await admin.post("/sessions", { ...body, topic: tag("other") }, headers), 409, "conflict");
  });
});

describe.skipIf(lacks("admin"))("sessions: update", () => {
  const admin = as(keys.admin);

  it("PATCH topic, and topic: null, on an open session", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    const topic = tag("topic");
    expect(dataOf<Session>(await admin.patch(`/sessions/${session.id}`, { topic })).topic).toBe(topic);
    expect(dataOf<Session>(await admin.patch(`/sessions/${session.id}`, { topic: null })).topic).toBeNull();
  });

  it("PATCH to a sheikh not eligible for the halqa is 422 and nothing changes", async (context) => {
    const room = await classroom(admin);
    const stranger = (await traverse<Sheikh>(admin, "/sheikhs")).items.find(
      (sheikh) => !sheikh.halqa_ids.includes(room.halqa.id),
    );
    if (!stranger) return demoHas(context, false, "sheikh who does not teach this halqa");
    const session = await createSession(admin, room);
    expectInvalid(await admin.patch(`/sessions/${session.id}`, { sheikh_id: stranger.id }), "sheikh_id");
    expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`))).toEqual(session);
  });

  it.for([["halqa_id"], ["status"], ["ended_at"]] as const)(
    "PATCH %s is 422 (not an updatable field)",
    async ([field]) => {
      const room = await classroom(admin);
      const session = await createSession(admin, room);
      expectInvalid(
        await admin.patch(`/sessions/${session.id}`, { [field]: field === "status" ? "ended" : room.halqa.id }),
        field,
      );
    },
  );

  it.for([["sheikh_id"], ["date"], ["starts_at"]] as const)("PATCH %s: null is 422", async ([field]) => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    expectInvalid(await admin.patch(`/sessions/${session.id}`, { [field]: null }), field);
  });

  it("PATCH of a missing session is 404", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    expectError(await admin.patch(`/sessions/${missingIdLike(session.id)}`, { topic: "x" }), 404, "not_found");
  });
});

describe.skipIf(lacks("admin"))("sessions: end", () => {
  const admin = as(keys.admin);

  it("POST /sessions/{id}/end is 200 with status ended and ended_at", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    const ended = dataOf<Session>(await admin.post(`/sessions/${session.id}/end`));
    expect(ended).toMatchObject({ id: session.id, status: "ended" });
    expect(ended.ended_at).toMatch(TIMESTAMP);
    expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`))).toEqual(ended);
  });

  it("ending with an empty JSON object body is accepted", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    expect(dataOf<Session>(await admin.post(`/sessions/${session.id}/end`, {})).status).toBe("ended");
  });

  it("ending with a body that has fields is 422", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    expectError(
      await admin.post(`/sessions/${session.id}/end`, { ended_at: "2030-01-01T00:00:00.000Z" }),
      422,
      "validation_failed",
    );
    expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`)).status).toBe("open");
  });

  it("ending again is 409 conflict and changes nothing", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    const ended = dataOf<Session>(await admin.post(`/sessions/${session.id}/end`));
    expectError(await admin.post(`/sessions/${session.id}/end`), 409, "conflict");
    expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`))).toEqual(ended);
  });

  it("PATCH after end is 409 conflict and changes nothing", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    const ended = dataOf<Session>(await admin.post(`/sessions/${session.id}/end`));
    expectError(await admin.patch(`/sessions/${session.id}`, { topic: tag("late") }), 409, "conflict");
    expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`))).toEqual(ended);
  });

  it("ending a missing session is 404", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    expectError(
      await call(`/sessions/${missingIdLike(session.id)}/end`, { method: "POST", key: keys.admin }),
      404,
      "not_found",
    );
  });
});
