import { beforeAll, describe, expect, it } from "vitest";
import type { Session, Sheikh } from "@/lib/contract";
import { adminOp, withPolicy } from "./admin";
import { as, call, dataOf, expectError, pageOf, type ApiResponse } from "./http";
import { classroom, createSession, createStudent, schoolOf, tag, type Classroom } from "./fixtures";
import { base, keys, lacksAdminRpc } from "./target";

/**
 * School policies (spec rules 8 and 9, part 7 "other 403 codes") and the documented check order,
 * driven through the school-admin RPC. Every change is undone in `finally`. These tests change
 * the whole school for a moment, so conformance files must not run in parallel against one
 * server (the harness sets fileParallelism: false); no other file changes school policy.
 */

const DENIED_NETWORK = ["192.0.2.0/24"]; // TEST-NET-1: never a real client
const loopback = () => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(base()).hostname);

type Fixture = { schoolId: string; room: Classroom; session: Session; studentId: string };

/** A classroom of this file's own, with a student and a session, in the admin key's school. */
async function fixture(): Promise<Fixture> {
  const admin = as(keys.admin);
  const room = await classroom(admin);
  const student = await createStudent(admin, room.halqa.id);
  return {
    schoolId: (await schoolOf(admin)).id,
    room,
    session: await createSession(admin, room),
    studentId: student.id,
  };
}

/** One request per write endpoint, with a plausible body; the policy is the only thing under test. */
function writes(f: Fixture): Array<() => Promise<ApiResponse>> {
  const admin = as(keys.admin);
  return [
    () => admin.post("/students", { halqa_id: f.room.halqa.id, full_name: tag("Student") }),
    () => admin.patch(`/students/${f.studentId}`, { preferred_name: tag("p") }),
    () => admin.post("/sessions", { halqa_id: f.room.halqa.id, sheikh_id: f.room.sheikh.id }),
    () => admin.patch(`/sessions/${f.session.id}`, { topic: tag("t") }),
    () => admin.post(`/sessions/${f.session.id}/end`),
    () => admin.put(`/sessions/${f.session.id}/attendance`, { rows: [{ student_id: f.studentId, status: "present" }] }),
    () =>
      admin.post(`/sessions/${f.session.id}/recitations`, {
        student_id: f.studentId,
        kind: "new_memorization",
        start: { surah: 1, ayah: 1 },
        end: { surah: 1, ayah: 7 },
        rating: 3,
      }),
  ];
}

const READS = ["/school", "/semesters", "/halqas", "/sheikhs", "/students", "/sessions", "/learning-plans"];

describe.skipIf(lacksAdminRpc("admin"))("policies: school policy denials", () => {
  const admin = as(keys.admin);
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });

  it("a suspended school gets 403 school_suspended on reads and writes, and recovers", async () => {
    await withPolicy(f.schoolId, { suspended: true }, async () => {
      for (const path of READS) expectError(await admin.get(path), 403, "school_suspended");
      for (const write of writes(f)) expectError(await write(), 403, "school_suspended");
    });
    for (const path of READS) expect((await admin.get(path)).status, path).toBe(200);
  });

  it("rollout ineligibility denies writes only (403 rollout_ineligible)", async () => {
    await withPolicy(f.schoolId, { writeRolloutEligible: false }, async () => {
      for (const path of READS) expect((await admin.get(path)).status, path).toBe(200);
      for (const write of writes(f)) expectError(await write(), 403, "rollout_ineligible");
    });
    dataOf(await admin.patch(`/students/${f.studentId}`, { preferred_name: tag("back") }));
  });

  it("write access not effective denies writes only (403 write_access_disabled)", async () => {
    await withPolicy(f.schoolId, { writeAccessEnabled: false }, async () => {
      for (const path of READS) expect((await admin.get(path)).status, path).toBe(200);
      for (const write of writes(f)) expectError(await write(), 403, "write_access_disabled");
    });
  });

  it("a scope policy without attendance:write denies attendance only (403 write_policy_denied)", async () => {
    await withPolicy(
      f.schoolId,
      { allowedWriteScopes: ["students:write", "sessions:write", "recitations:write"] },
      async () => {
        const rows = { rows: [{ student_id: f.studentId, status: "present" }] };
        expectError(await admin.put(`/sessions/${f.session.id}/attendance`, rows), 403, "write_policy_denied");
        const session = await createSession(admin, f.room);
        expect(dataOf<Session>(await admin.post(`/sessions/${session.id}/end`)).status).toBe("ended");
        expect((await admin.get(`/sessions/${f.session.id}/attendance`)).status).toBe(200);
      },
    );
  });

  it("an empty scope policy denies every write with write_policy_denied", async () => {
    await withPolicy(f.schoolId, { allowedWriteScopes: [] }, async () => {
      for (const write of writes(f)) expectError(await write(), 403, "write_policy_denied");
    });
  });

  it("network control outside the allowed ranges is 403 network_denied; inside them is allowed", async () => {
    await withPolicy(f.schoolId, { allowedNetworks: DENIED_NETWORK }, async () => {
      for (const path of READS) expectError(await admin.get(path), 403, "network_denied");
      for (const write of writes(f)) expectError(await write(), 403, "network_denied");
    });
    if (!loopback()) return;
    await withPolicy(f.schoolId, { allowedNetworks: ["127.0.0.0/8", "::1/128"] }, async () => {
      expect((await admin.get("/school")).status).toBe(200);
    });
  });

  it("Learning Plans disabled is 403 feature_unavailable with details.feature, other reads stay", async () => {
    await withPolicy(f.schoolId, { learningPlansEnabled: false }, async () => {
      const plan = await call("/learning-plans", { key: keys.admin });
      expect(expectError(plan, 403, "feature_unavailable").details?.feature).toBe("learning_plans");
      expect((await admin.get("/students")).status).toBe(200);
    });
    expect((await admin.get("/learning-plans")).status).toBe(200);
  });
});

describe.skipIf(lacksAdminRpc("admin", "legacy", "readonly"))("policies: the documented check order", () => {
  const admin = as(keys.admin);
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });
  const unsuspended = {
    allowedNetworks: DENIED_NETWORK,
    learningPlansEnabled: false,
    writeRolloutEligible: false,
    writeAccessEnabled: false,
    allowedWriteScopes: [],
  };
  const all = { suspended: true, ...unsuspended };

  it("401 before any policy, scope before suspension", async () => {
    await withPolicy(f.schoolId, all, async () => {
      expectError(await call("/school", { key: "conformance_unknown_key" }), 401, "invalid_api_key");
      expectError(await as(keys.legacy).get("/learning-plans"), 403, "insufficient_scope");
      expectError(await as(keys.readonly).post("/students", {}), 403, "insufficient_scope");
      expectError(await admin.get("/learning-plans"), 403, "school_suspended");
    });
  });

  it("then network_denied, then feature_unavailable and rollout_ineligible, then write_access_disabled, then write_policy_denied", async () => {
    await withPolicy(f.schoolId, unsuspended, async () => {
      expectError(await admin.get("/learning-plans"), 403, "network_denied");
      expectError(await writes(f)[0]!(), 403, "network_denied");
    });
    await withPolicy(
      f.schoolId,
      { learningPlansEnabled: false, writeRolloutEligible: false, writeAccessEnabled: false, allowedWriteScopes: [] },
      async () => {
        expectError(await admin.get("/learning-plans"), 403, "feature_unavailable");
        expectError(await writes(f)[0]!(), 403, "rollout_ineligible");
      },
    );
    await withPolicy(f.schoolId, { writeAccessEnabled: false, allowedWriteScopes: [] }, async () => {
      expectError(await writes(f)[0]!(), 403, "write_access_disabled");
    });
  });

  it("policy denials come before the handler: a bad body under a write policy denial is still 403", async () => {
    await withPolicy(f.schoolId, { allowedWriteScopes: [] }, async () => {
      expectError(await admin.post("/students", { nonsense: true }), 403, "write_policy_denied");
    });
  });
});

describe.skipIf(lacksAdminRpc("admin"))("policies: sheikh eligibility is current", () => {
  const admin = as(keys.admin);

  it("a sheikh made ineligible disappears (404), cannot start or end a session, and returns when active", async () => {
    const room = await classroom(admin);
    const session = await createSession(admin, room);
    await adminOp("set-sheikh-status", { sheikhId: room.sheikh.id, status: "inactive" });
    try {
      expectError(await admin.get(`/sheikhs/${room.sheikh.id}`), 404, "not_found");
      const listed = pageOf<Sheikh>(await admin.get("/sheikhs", { halqa_id: room.halqa.id, limit: 100 })).data;
      expect(listed.map((sheikh) => sheikh.id)).not.toContain(room.sheikh.id);
      const create = await admin.post("/sessions", { halqa_id: room.halqa.id, sheikh_id: room.sheikh.id });
      expect(Object.keys(expectError(create, 422, "validation_failed").details?.fields as object)).toContain(
        "sheikh_id",
      );
      expectError(await admin.post(`/sessions/${session.id}/end`), 422, "validation_failed");
      expect(dataOf<Session>(await admin.get(`/sessions/${session.id}`)).status).toBe("open");
    } finally {
      await adminOp("set-sheikh-status", { sheikhId: room.sheikh.id, status: "active" });
    }
    expect(dataOf<Sheikh>(await admin.get(`/sheikhs/${room.sheikh.id}`)).id).toBe(room.sheikh.id);
    expect(dataOf<Session>(await admin.post(`/sessions/${session.id}/end`)).status).toBe("ended");
  });
});
