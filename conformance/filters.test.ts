import { describe, expect, it } from "vitest";
import type {
  Assignment,
  AttendanceRow,
  Halqa,
  LearningPlan,
  Recitation,
  Semester,
  Session,
  Sheikh,
  Student,
} from "@/lib/contract";
import { as, dataOf, expectError, pageOf, traverse } from "./http";
import { activeSemester, classroom, demoHas, ids } from "./fixtures";
import { base, keys, lacks, SLOW } from "./target";

/** Filters named by the spec (parts 2 and 4, rule 7) and by docs/contract.md, each checked on real data. */

function expectEvery<T>(items: T[], predicate: (item: T) => boolean, what: string) {
  expect(
    items.filter((item) => !predicate(item)),
    what,
  ).toEqual([]);
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

describe.skipIf(lacks("admin"))("filters: semesters", () => {
  const admin = as(keys.admin);

  it("status narrows semesters to planned, active or archived", async () => {
    const all = (await traverse<Semester>(admin, "/semesters")).items;
    for (const status of ["planned", "active", "archived"]) {
      const filtered = (await traverse<Semester>(admin, "/semesters", { status })).items;
      expect(ids(filtered).sort(), status).toEqual(ids(all.filter((s) => s.status === status)).sort());
    }
    expectError(await admin.get("/semesters", { status: "current" }), 400, "bad_request");
  });
});

describe.skipIf(lacks("admin"))("filters: halqas", () => {
  const admin = as(keys.admin);

  it(
    "semester_id returns exactly that semester's halqas",
    async (context) => {
      const all = (await traverse<Halqa>(admin, "/halqas")).items;
      const semesters = (await traverse<Semester>(admin, "/semesters")).items;
      demoHas(context, new Set(semesters.map((s) => s.status)).size === 3, "planned, active and archived semesters");
      for (const semester of semesters) {
        const filtered = (await traverse<Halqa>(admin, "/halqas", { semester_id: semester.id })).items;
        expect(ids(filtered).sort()).toEqual(ids(all.filter((h) => h.semester_id === semester.id)).sort());
      }
    },
    SLOW,
  );

  it(
    "active=true and active=false split the halqas by their active state",
    async (context) => {
      const all = (await traverse<Halqa>(admin, "/halqas")).items;
      const active = (await traverse<Halqa>(admin, "/halqas", { active: "true" })).items;
      const inactive = (await traverse<Halqa>(admin, "/halqas", { active: "false" })).items;
      expectEvery(active, (h) => h.is_active, "active=true");
      expectEvery(inactive, (h) => !h.is_active, "active=false");
      expect([...ids(active), ...ids(inactive)].sort()).toEqual(ids(all).sort());
      demoHas(context, inactive.length > 0, "inactive halqa");
    },
    SLOW,
  );

  it.for(["yes", "1", "TRUE", ""])("active=%s is 400 bad_request", async (value) => {
    expectError(await admin.get("/halqas", { active: value }), 400, "bad_request");
  });

  it(
    "carried-forward halqas share lineage_id across semesters and lineage_id filters them",
    async (context) => {
      const all = (await traverse<Halqa>(admin, "/halqas")).items;
      const carried = [...groupBy(all, (h) => h.lineage_id).entries()].find(
        ([, group]) => new Set(group.map((h) => h.semester_id)).size > 1,
      );
      demoHas(context, carried !== undefined, "halqa carried forward into another semester");
      const [lineage, group] = carried!;
      const filtered = (await traverse<Halqa>(admin, "/halqas", { lineage_id: lineage })).items;
      expect(ids(filtered).sort()).toEqual(ids(group).sort());
    },
    SLOW,
  );

  it("filters combine: semester_id and active", async () => {
    const semester = await activeSemester(admin);
    const filtered = (await traverse<Halqa>(admin, "/halqas", { semester_id: semester.id, active: "true" })).items;
    expect(filtered.length).toBeGreaterThan(0);
    expectEvery(filtered, (h) => h.semester_id === semester.id && h.is_active, "semester_id + active");
  });
});

describe.skipIf(lacks("admin"))("filters: students", () => {
  const admin = as(keys.admin);

  it(
    "status, halqa_id and semester_id each narrow to matching students",
    async () => {
      const room = await classroom(admin);
      const byStatus = (await traverse<Student>(admin, "/students", { status: "active" })).items;
      expectEvery(byStatus, (s) => s.status === "active", "status=active");
      const byHalqa = (await traverse<Student>(admin, "/students", { halqa_id: room.halqa.id })).items;
      expect(byHalqa.length).toBeGreaterThan(0);
      expectEvery(byHalqa, (s) => s.halqa_id === room.halqa.id, "halqa_id");
      const bySemester = (await traverse<Student>(admin, "/students", { semester_id: room.semester.id })).items;
      expectEvery(bySemester, (s) => s.semester_id === room.semester.id, "semester_id");
      expect(ids(bySemester)).toEqual(expect.arrayContaining(ids(byHalqa)));
    },
    SLOW,
  );

  it("a status no student has returns an empty page, not an error", async () => {
    expect(pageOf(await admin.get("/students", { status: "conformance_unknown_status" })).data).toEqual([]);
  });

  it(
    "lineage_id returns the student's semester-specific records",
    async (context) => {
      const all = (await traverse<Student>(admin, "/students")).items;
      const carried = [...groupBy(all, (s) => s.lineage_id).entries()].find(([, group]) => group.length > 1);
      if (!carried) return demoHas(context, false, "student carried across semesters");
      const [lineage, group] = carried;
      expect(new Set(group.map((s) => s.semester_id)).size, "one record per semester").toBe(group.length);
      const filtered = (await traverse<Student>(admin, "/students", { lineage_id: lineage })).items;
      expect(ids(filtered).sort()).toEqual(ids(group).sort());
    },
    SLOW,
  );

  it("halqa_id and status combine", async () => {
    const room = await classroom(admin);
    const filtered = (await traverse<Student>(admin, "/students", { halqa_id: room.halqa.id, status: "active" })).items;
    expectEvery(filtered, (s) => s.halqa_id === room.halqa.id && s.status === "active", "halqa_id + status");
  });
});

describe.skipIf(lacks("admin"))("filters: sheikhs", () => {
  const admin = as(keys.admin);

  it("halqa_id lists only sheikhs eligible for that halqa", async () => {
    const room = await classroom(admin);
    const sheikhs = (await traverse<Sheikh>(admin, "/sheikhs", { halqa_id: room.halqa.id })).items;
    expect(sheikhs.length).toBeGreaterThan(0);
    expectEvery(sheikhs, (s) => s.halqa_ids.includes(room.halqa.id), "halqa_ids include the filtered halqa");
  });

  it(
    "for every halqa, ?halqa_id agrees with each listed sheikh's halqa_ids (a current eligibility lookup)",
    async () => {
      const halqas = (await traverse<Halqa>(admin, "/halqas")).items;
      const disagreements: string[] = [];
      for (const halqa of halqas) {
        for (const sheikh of (await traverse<Sheikh>(admin, "/sheikhs", { halqa_id: halqa.id })).items) {
          if (!sheikh.halqa_ids.includes(halqa.id))
            disagreements.push(
              `${sheikh.id} listed for ${halqa.id} (active ${halqa.is_active}, semester ${halqa.semester_id})`,
            );
        }
      }
      expect(disagreements).toEqual([]);
    },
    SLOW,
  );

  it(
    "a sheikh who taught sessions but is not eligible now is invisible (404)",
    async (context) => {
      const listed = new Set(ids((await traverse<Sheikh>(admin, "/sheikhs")).items));
      const taught = new Set((await traverse<Session>(admin, "/sessions")).items.map((s) => s.sheikh_id));
      const hidden = [...taught].filter((id) => !listed.has(id));
      if (hidden.length === 0) return demoHas(context, false, "sheikh with sessions who is no longer eligible");
      for (const id of hidden) expectError(await admin.get(`/sheikhs/${id}`), 404, "not_found");
    },
    SLOW,
  );

  it(
    "every listed sheikh is readable: the list holds only eligible sheikhs",
    async () => {
      const sheikhs = (await traverse<Sheikh>(admin, "/sheikhs")).items;
      for (const sheikh of sheikhs) expect(dataOf<Sheikh>(await admin.get(`/sheikhs/${sheikh.id}`)).id).toBe(sheikh.id);
    },
    SLOW,
  );
});

describe.skipIf(lacks("admin"))("filters: sessions", () => {
  const admin = as(keys.admin);

  it(
    "halqa_id, status, sheikh_id and semester_id narrow to matching sessions",
    async () => {
      const room = await classroom(admin);
      const byHalqa = (await traverse<Session>(admin, "/sessions", { halqa_id: room.halqa.id })).items;
      expect(byHalqa.length).toBeGreaterThan(0);
      expectEvery(byHalqa, (s) => s.halqa_id === room.halqa.id, "halqa_id");
      for (const status of ["open", "ended"]) {
        expectEvery(
          (await traverse<Session>(admin, "/sessions", { status, halqa_id: room.halqa.id })).items,
          (s) => s.status === status,
          status,
        );
      }
      const sheikh = byHalqa[0]!.sheikh_id;
      expectEvery(
        (await traverse<Session>(admin, "/sessions", { sheikh_id: sheikh })).items,
        (s) => s.sheikh_id === sheikh,
        "sheikh_id",
      );
      expectEvery(
        (await traverse<Session>(admin, "/sessions", { semester_id: room.semester.id })).items,
        (s) => s.semester_id === room.semester.id,
        "semester_id",
      );
    },
    SLOW,
  );

  it(
    "date_from and date_to bound the session date, inclusively",
    async (context) => {
      const room = await classroom(admin);
      const dates = [
        ...new Set((await traverse<Session>(admin, "/sessions", { halqa_id: room.halqa.id })).items.map((s) => s.date)),
      ].sort();
      demoHas(context, dates.length > 2, "halqa with sessions on several dates");
      const from = dates[1]!;
      const to = dates[dates.length - 2]!;
      const ranged = (
        await traverse<Session>(admin, "/sessions", { halqa_id: room.halqa.id, date_from: from, date_to: to })
      ).items;
      expectEvery(ranged, (s) => s.date >= from && s.date <= to, `date in [${from}, ${to}]`);
      expect(
        ranged.some((s) => s.date === from) && ranged.some((s) => s.date === to),
        "both bounds are inclusive",
      ).toBe(true);
    },
    SLOW,
  );

  it.for([{ status: "closed" }, { date_from: "2024-13-01" }, { date_to: "yesterday" }])(
    "a bad filter value %o is 400 bad_request",
    async (query) => {
      expectError(await admin.get("/sessions", query), 400, "bad_request");
    },
  );

  it("a repeated filter is 400 bad_request", async () => {
    const response = await fetch(`${base()}/sessions?status=open&status=ended`, {
      headers: { Authorization: `Bearer ${keys.admin}`, Accept: "application/json" },
    });
    expect(response.status).toBe(400);
  });
});

describe.skipIf(lacks("admin"))("filters: attendance and recitations", () => {
  const admin = as(keys.admin);

  it(
    "attendance status, session recitations student_id and kind, student recitations kind",
    async (context) => {
      const sessions = pageOf<Session>(await admin.get("/sessions", { status: "ended", limit: 20 })).data;
      let checked = false;
      for (const session of sessions) {
        const rows = (await traverse<AttendanceRow>(admin, `/sessions/${session.id}/attendance`)).items;
        const recitations = (await traverse<Recitation>(admin, `/sessions/${session.id}/recitations`)).items;
        const first = recitations[0];
        if (rows.length === 0 || !first) continue;
        const status = rows[0]!.status;
        const present = (await traverse<AttendanceRow>(admin, `/sessions/${session.id}/attendance`, { status })).items;
        expect(ids(present).sort()).toEqual(ids(rows.filter((r) => r.status === status)).sort());
        const ofStudent = (
          await traverse<Recitation>(admin, `/sessions/${session.id}/recitations`, { student_id: first.student_id })
        ).items;
        expect(ids(ofStudent).sort()).toEqual(ids(recitations.filter((r) => r.student_id === first.student_id)).sort());
        const ofKind = (await traverse<Recitation>(admin, `/sessions/${session.id}/recitations`, { kind: first.kind }))
          .items;
        expectEvery(ofKind, (r) => r.kind === first.kind, "kind");
        const history = (
          await traverse<Recitation>(admin, `/students/${first.student_id}/recitations`, { kind: first.kind })
        ).items;
        expect(ids(history)).toContain(first.id);
        expectEvery(
          history,
          (r) => r.kind === first.kind && r.student_id === first.student_id,
          "student recitations kind",
        );
        checked = true;
        break;
      }
      if (!checked) demoHas(context, false, "ended session with attendance and recitations");
    },
    SLOW,
  );
});

describe.skipIf(lacks("admin"))("filters: learning plans and assignments", () => {
  const admin = as(keys.admin);

  it(
    "status and student_id narrow plans",
    async () => {
      const plans = (await traverse<LearningPlan>(admin, "/learning-plans")).items;
      expect(plans.length).toBeGreaterThan(0);
      for (const status of new Set(plans.map((p) => p.status))) {
        const filtered = (await traverse<LearningPlan>(admin, "/learning-plans", { status })).items;
        expect(ids(filtered).sort()).toEqual(ids(plans.filter((p) => p.status === status)).sort());
      }
      const student = plans[0]!.student_id;
      const ofStudent = (await traverse<LearningPlan>(admin, "/learning-plans", { student_id: student })).items;
      expect(ids(ofStudent).sort()).toEqual(ids(plans.filter((p) => p.student_id === student)).sort());
    },
    SLOW,
  );

  it(
    "assignment status narrows a plan's history",
    async () => {
      const plans = (await traverse<LearningPlan>(admin, "/learning-plans")).items;
      for (const plan of plans.slice(0, 10)) {
        const history = (await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`)).items;
        for (const status of new Set(history.map((a) => a.status))) {
          const filtered = (await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`, { status }))
            .items;
          expect(ids(filtered)).toEqual(ids(history.filter((a) => a.status === status)));
        }
      }
    },
    SLOW,
  );
});
