import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { needsAttention, type AttentionInput } from "./attention";

const TODAY = "2026-11-24";
const SCALE = [1, 2, 3, 4, 5];

/** Sessions every other day back from yesterday, oldest first. */
function sessions(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(TODAY, -2 * (count - i) + 1);
    return {
      id: `ses_${String(i).padStart(3, "0")}`,
      date,
      status: "ended" as const,
      starts_at: `${date}T13:00:00.000Z`,
    };
  });
}

function input(over: Partial<AttentionInput> = {}): AttentionInput {
  return {
    students: [{ id: "stu_a", status: "active", enrolled_on: null }],
    sessions: sessions(10),
    attendance: [],
    recitations: [],
    scale: SCALE,
    today: TODAY,
    notHeardDays: 7,
    ...over,
  };
}

const present = (
  sessionIds: string[],
  student = "stu_a",
  status: "present" | "absent" | "late" | "excused" = "present",
) => sessionIds.map((session_id) => ({ session_id, student_id: student, status }));
const heard = (sessionId: string, rating = 5, student = "stu_a") => ({
  session_id: sessionId,
  student_id: student,
  rating,
  recorded_at: "2026-11-01T13:30:00.000Z",
});

describe("needsAttention", () => {
  const all = sessions(10);
  const ids = all.map((s) => s.id);

  it("flags a student not heard in more than N days, and not one heard exactly N days ago", () => {
    const eightDaysAgo = all.find((s) => s.date === addDays(TODAY, -9))!;
    const quiet = needsAttention(input({ attendance: present(ids), recitations: [heard(eightDaysAgo.id)] }));
    expect(quiet).toEqual([
      { studentId: "stu_a", reasons: [{ kind: "not_heard", lastHeard: eightDaysAgo.date, days: 9 }] },
    ]);
    const sevenDaysAgo = all.find((s) => s.date === addDays(TODAY, -7))!;
    expect(needsAttention(input({ attendance: present(ids), recitations: [heard(sevenDaysAgo.id)] }))).toEqual([]);
    expect(
      needsAttention(input({ attendance: present(ids), notHeardDays: 10, recitations: [heard(eightDaysAgo.id)] })),
    ).toEqual([]);
    expect(needsAttention(input({ attendance: present(ids) }))[0]?.reasons).toEqual([
      { kind: "not_heard", lastHeard: null, days: null },
    ]);
  });

  it("flags ratings that fall over the last four sessions heard, by session mean, and not a dip that recovers", () => {
    const recent = ids.slice(-4);
    const falling = [
      heard(recent[0]!, 5),
      heard(recent[1]!, 5),
      heard(recent[1]!, 4),
      heard(recent[2]!, 4),
      heard(recent[3]!, 3),
    ];
    expect(needsAttention(input({ attendance: present(ids), recitations: falling }))[0]?.reasons).toEqual([
      { kind: "falling_ratings", ratings: [5, 4.5, 4, 3] },
    ]);
    const recovers = [heard(recent[0]!, 5), heard(recent[1]!, 3), heard(recent[2]!, 4), heard(recent[3]!, 3)];
    expect(needsAttention(input({ attendance: present(ids), recitations: recovers }))).toEqual([]);
    const flat = recent.map((id) => heard(id, 4));
    expect(needsAttention(input({ attendance: present(ids), recitations: flat }))).toEqual([]);
  });

  it("counts the latest run of absences; excused and unmarked sessions neither break nor extend it", () => {
    const attendance = [
      ...present(ids.slice(0, 7)),
      ...present([ids[7]!], "stu_a", "absent"),
      ...present([ids[8]!], "stu_a", "excused"),
      ...present([ids[9]!], "stu_a", "absent"),
    ];
    const recitations = ids.slice(0, 7).map((id) => heard(id));
    const reasons = needsAttention(input({ attendance, recitations }))[0]?.reasons ?? [];
    expect(reasons).toContainEqual({ kind: "absence_streak", sessions: 2 });
    expect(reasons).toContainEqual({ kind: "chronic_absence", missed: 2, counted: 9 });
  });

  it("chronic absence needs at least five counted sessions and a 10% rate", () => {
    const fourSessions = sessions(4);
    const few = needsAttention(
      input({
        sessions: fourSessions,
        attendance: [
          ...present(fourSessions.slice(0, 3).map((s) => s.id)),
          ...present([fourSessions[3]!.id], "stu_a", "absent"),
        ],
        recitations: fourSessions.map((s) => heard(s.id)),
      }),
    );
    expect(few.flatMap((e) => e.reasons).map((r) => r.kind)).not.toContain("chronic_absence");
    const ten = [...present(ids.slice(1)), ...present([ids[0]!], "stu_a", "absent")];
    expect(needsAttention(input({ attendance: ten, recitations: ids.map((id) => heard(id)) }))[0]?.reasons).toEqual([
      { kind: "chronic_absence", missed: 1, counted: 10 },
    ]);
  });

  it("ignores sessions before enrolment and students who are not active", () => {
    const late = { id: "stu_b", status: "active" as const, enrolled_on: addDays(TODAY, -3) };
    const gone = { id: "stu_c", status: "withdrawn" as const, enrolled_on: null };
    const open = { id: "ses_open", date: TODAY, status: "open" as const, starts_at: `${TODAY}T13:00:00.000Z` };
    const result = needsAttention(
      input({
        students: [late, gone],
        sessions: [...all, open],
        attendance: [
          ...present(ids.slice(0, 8), "stu_b", "absent"),
          ...present(ids.slice(8), "stu_b"),
          ...present(ids, "stu_c", "absent"),
          ...present(["ses_open"], "stu_b", "present"),
        ],
        recitations: ids.slice(8).map((id) => heard(id, 5, "stu_b")),
      }),
    );
    expect(result).toEqual([]);
  });
});

describe("needsAttention properties", () => {
  const all = sessions(12);
  const status = fc.constantFrom("present", "late", "absent", "excused", null);
  const student = fc.record({
    marks: fc.array(status, { minLength: 12, maxLength: 12 }),
    ratings: fc.array(fc.option(fc.integer({ min: 1, max: 5 })), { minLength: 12, maxLength: 12 }),
  });
  const world = fc
    .record({ students: fc.array(student, { minLength: 1, maxLength: 6 }), days: fc.integer({ min: 1, max: 30 }) })
    .map(({ students, days }) => {
      const rows = students.flatMap((s, n) =>
        s.marks.flatMap((mark, i) => (mark ? [{ session_id: all[i]!.id, student_id: `stu_${n}`, status: mark }] : [])),
      );
      const recitations = students.flatMap((s, n) =>
        s.ratings.flatMap((rating, i) =>
          rating !== null && s.marks[i] !== "absent" ? [heard(all[i]!.id, rating, `stu_${n}`)] : [],
        ),
      );
      return input({
        students: students.map((_, n) => ({ id: `stu_${n}`, status: "active", enrolled_on: null })),
        sessions: all,
        attendance: rows,
        recitations,
        notHeardDays: days,
      });
    });

  it("does not depend on the order records come in", () => {
    fc.assert(
      fc.property(world, fc.integer(), (base, seed) => {
        const shuffle = <T>(items: readonly T[]) =>
          [...items].sort(
            (a, b) => ((JSON.stringify(a).length * 31 + seed) % 7) - ((JSON.stringify(b).length * 31 + seed) % 7),
          );
        const again = {
          ...base,
          sessions: shuffle(base.sessions),
          attendance: shuffle(base.attendance),
          recitations: shuffle(base.recitations),
        };
        expect(needsAttention(again)).toEqual(needsAttention(base));
      }),
    );
  });

  it("a student heard within N days is never 'not heard'; one more recitation never adds a reason", () => {
    fc.assert(
      fc.property(world, (base) => {
        const since = addDays(TODAY, -base.notHeardDays);
        const result = needsAttention(base);
        for (const entry of result) {
          const recent = base.recitations.some(
            (r) => r.student_id === entry.studentId && base.sessions.find((s) => s.id === r.session_id)!.date >= since,
          );
          if (recent) expect(entry.reasons.map((r) => r.kind)).not.toContain("not_heard");
          expect(entry.reasons.length).toBeGreaterThan(0);
        }
        const last = all.at(-1)!;
        const more = {
          ...base,
          recitations: [...base.recitations, ...base.students.map((s) => heard(last.id, 5, s.id))],
        };
        const kinds = new Map(needsAttention(more).map((e) => [e.studentId, e.reasons.map((r) => r.kind)]));
        for (const entry of result)
          for (const kind of kinds.get(entry.studentId) ?? [])
            if (kind !== "falling_ratings") expect(entry.reasons.map((r) => r.kind)).toContain(kind);
      }),
    );
  });

  it("streaks and chronic absence agree with a direct count of the marks", () => {
    fc.assert(
      fc.property(world, (base) => {
        const result = new Map(needsAttention(base).map((e) => [e.studentId, e.reasons]));
        for (const s of base.students) {
          const counted = all
            .map((session) => base.attendance.find((r) => r.student_id === s.id && r.session_id === session.id)?.status)
            .filter((m) => m === "present" || m === "late" || m === "absent");
          const missed = counted.filter((m) => m === "absent").length;
          let streak = 0;
          while (streak < counted.length && counted[counted.length - 1 - streak] === "absent") streak++;
          const reasons = result.get(s.id) ?? [];
          expect(reasons.find((r) => r.kind === "absence_streak")).toEqual(
            streak >= 2 ? { kind: "absence_streak", sessions: streak } : undefined,
          );
          const chronic = counted.length >= 5 && missed / counted.length >= 0.1;
          expect(reasons.find((r) => r.kind === "chronic_absence")).toEqual(
            chronic ? { kind: "chronic_absence", missed, counted: counted.length } : undefined,
          );
        }
      }),
    );
  });
});
