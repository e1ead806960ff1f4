import fc from "fast-check";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import type { AttendanceRow, Recitation } from "@/lib/contract";
import { allPresent, countRegister, fresher, mergeRegister, reuseRows, rowNames } from "./merge";
import type { QueueMark, QueueRecitation, QueueSnapshot, SavedRecitation } from "./outbox/queue";
import type { LiveSnapshot, MarkStatus, RecitationKind, RosterStudent } from "./types";

const student = (id: string, status = "active"): RosterStudent => ({
  id,
  lineage_id: `lin_${id}`,
  full_name: `Student ${id}`,
  preferred_name: null,
  status,
});
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 8, 0, seconds)).toISOString();
const row = (studentId: string, status: AttendanceRow["status"], seconds: number): AttendanceRow => ({
  id: `att_${studentId}`,
  session_id: "ses",
  student_id: studentId,
  status,
  late_minutes: null,
  note: null,
  created_at: at(0),
  updated_at: at(seconds),
});
const recitation = (id: string, studentId: string, seconds: number): Recitation => ({
  id,
  session_id: "ses",
  student_id: studentId,
  kind: "recent_revision",
  range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 10 } },
  rating: 3,
  mistakes: null,
  note: null,
  recorded_at: at(seconds),
  created_at: at(seconds),
  updated_at: at(seconds),
});
const localMark = (
  studentId: string,
  status: AttendanceRow["status"],
  state: "pending" | "failed" = "pending",
  sending = false,
): QueueMark => ({
  student_id: studentId,
  value: { status, late_minutes: null, note: null },
  version: 1,
  state,
  changedAt: 0,
  sending,
  ...(state === "failed" ? { reason: "refused" } : {}),
});

type Server = Pick<LiveSnapshot, "roster" | "ineligible" | "attendance" | "recitations">;
type Local = Pick<QueueSnapshot, "marks" | "recitations" | "savedRows" | "savedRecitations">;

const server = (over: Partial<Server> = {}): Server => ({
  roster: [student("a"), student("b"), student("c")],
  ineligible: [],
  attendance: [],
  recitations: [],
  ...over,
});
const local = (
  over: Partial<{
    marks: QueueMark[];
    recitations: QueueRecitation[];
    savedRows: AttendanceRow[];
    savedRecitations: SavedRecitation[];
  }> = {},
): Local => ({
  marks: new Map((over.marks ?? []).map((m) => [m.student_id, m])),
  recitations: over.recitations ?? [],
  savedRows: new Map((over.savedRows ?? []).map((r) => [r.student_id, r])),
  savedRecitations: over.savedRecitations ?? [],
});

describe("mergeRegister", () => {
  it("shows saved marks on a reopened register, and unmarked students as unmarked (never a default)", () => {
    const register = mergeRegister(server({ attendance: [row("a", "absent", 5)] }), local());
    expect(register.rows.map((r) => [r.student.id, r.state, r.mark?.status ?? null])).toEqual([
      ["a", "saved", "absent"],
      ["b", "unmarked", null],
      ["c", "unmarked", null],
    ]);
  });

  it("overlays local pending and failed marks on the server's rows: a poll never overwrites a mark being edited", () => {
    const register = mergeRegister(
      server({ attendance: [row("a", "present", 50), row("b", "present", 50)] }),
      local({ marks: [localMark("a", "late", "pending", true), localMark("b", "excused", "failed")] }),
    );
    const [a, b] = register.rows;
    expect(a).toMatchObject({
      state: "pending",
      sending: true,
      mark: { status: "late" },
      saved: { status: "present" },
    });
    expect(b).toMatchObject({ state: "failed", reason: "refused", mark: { status: "excused" } });
  });

  it("keeps this device's saved row over a stale poll, but takes a newer row from another device", () => {
    const stalePoll = server({ attendance: [row("a", "present", 10), row("b", "present", 30)] });
    const register = mergeRegister(stalePoll, local({ savedRows: [row("a", "absent", 20), row("b", "late", 20)] }));
    expect(register.rows[0]).toMatchObject({ state: "saved", mark: { status: "absent" } }); // our save is newer than the poll
    expect(register.rows[1]).toMatchObject({ state: "saved", mark: { status: "present" } }); // another tablet wrote later
    expect(fresher(row("a", "present", 10), row("a", "absent", 10))?.status).toBe("present"); // a tie goes to the server
  });

  it("joins recitations: the server's, this device's saved ones not polled yet, and local ones, per student in order", () => {
    const saved: SavedRecitation = { ...recitation("rec_2", "a", 20), clientId: "c2" };
    const pending: QueueRecitation = {
      clientId: "c3",
      draft: {
        student_id: "a",
        kind: "new_memorization",
        start: { surah: 1, ayah: 1 },
        end: { surah: 1, ayah: 7 },
        rating: 4,
        mistakes: 0,
        note: null,
      },
      recorded_at: at(30),
      attempts: 1,
      state: "pending",
      createdAt: 0,
      sending: false,
    };
    const register = mergeRegister(
      server({ recitations: [recitation("rec_1", "a", 10), recitation("rec_9", "b", 5)] }),
      local({ savedRecitations: [saved, { ...recitation("rec_1", "a", 10), clientId: "c1" }], recitations: [pending] }),
    );
    expect(register.rows[0]!.recitations.map((r) => [r.key, r.state])).toEqual([
      ["rec_1", "saved"],
      ["rec_2", "saved"],
      ["c3", "pending"],
    ]);
    expect(register.rows[1]!.recitations.map((r) => r.key)).toEqual(["rec_9"]);
    expect(register.rows[2]!.recitations).toEqual([]);
  });

  it("explains ineligible students who have marks instead of hiding them, and reports local work for unknown students", () => {
    const register = mergeRegister(
      server({
        ineligible: [student("w", "withdrawn"), student("g", "graduated")],
        attendance: [row("w", "present", 1)],
      }),
      local({ marks: [localMark("zz", "present")] }),
    );
    expect(register.rows.map((r) => [r.student.id, r.eligible])).toEqual([
      ["a", true],
      ["b", true],
      ["c", true],
      ["w", false],
    ]);
    expect(register.orphans).toEqual({ marks: ["zz"], recitations: [] });
  });
});

describe("countRegister", () => {
  it("counts what the teacher sees over eligible students, and who is not marked yet", () => {
    const register = mergeRegister(
      server({
        roster: [student("a"), student("b"), student("c"), student("d"), student("e")],
        ineligible: [student("w", "withdrawn")],
        attendance: [row("a", "present", 1), row("b", "present", 1), row("w", "absent", 1)],
      }),
      local({ marks: [localMark("b", "late"), localMark("c", "excused", "failed"), localMark("w", "present")] }),
    );
    expect(countRegister(register)).toEqual({
      present: 1,
      absent: 0,
      late: 1,
      excused: 1,
      unmarked: 2,
      total: 5,
      unsavedRows: 3,
      failedRows: 1,
      unmarkedIds: ["d", "e"],
    });
  });
});

describe("helpers", () => {
  it("all present marks only the eligible students without a mark", () => {
    const register = mergeRegister(
      server({ attendance: [row("a", "absent", 1)] }),
      local({ marks: [localMark("b", "late")] }),
    );
    expect(allPresent(register)).toEqual([["c", "present"]]);
  });
});

describe("types", () => {
  it("the browser's status and kind lists are the contract's", () => {
    expectTypeOf<MarkStatus>().toEqualTypeOf<AttendanceRow["status"]>();
    expectTypeOf<RecitationKind>().toEqualTypeOf<Recitation["kind"]>();
  });
});

describe("rowNames", () => {
  const named = (id: string, full: string, preferred: string | null) => ({
    id,
    full_name: full,
    preferred_name: preferred,
  });

  it("uses the preferred name when it is unique", () => {
    expect(rowNames([named("a", "Abdulmalik Rahman", "Malik"), named("b", "Yusuf Ali", null)])).toEqual(
      new Map([
        ["a", "Malik"],
        ["b", "Yusuf Ali"],
      ]),
    );
  });

  it("falls back to full names when preferred names collide, and numbers identical full names", () => {
    const names = rowNames([
      named("a", "Abdulmalik Rahman", "Malik"),
      named("b", "Abdulmalik Osman", "Malik"),
      named("c", "Omar Hassan", null),
      named("d", "Omar Hassan", null),
    ]);
    expect(names).toEqual(
      new Map([
        ["a", "Abdulmalik Rahman"],
        ["b", "Abdulmalik Osman"],
        ["c", "Omar Hassan (1)"],
        ["d", "Omar Hassan (2)"],
      ]),
    );
    expect(new Set(names.values()).size).toBe(4);
  });
});

describe("reuseRows (the roster re-renders only the rows that changed)", () => {
  it("keeps every row and the list itself when a poll or the queue brings nothing new", () => {
    const before = mergeRegister(server({ attendance: [row("a", "present", 1)] }), local()).rows;
    const after = mergeRegister(server({ attendance: [row("a", "present", 1)] }), local()).rows;
    expect(after[0]).not.toBe(before[0]);
    expect(reuseRows(before, after)).toBe(before);
  });

  it("replaces only the row whose mark, state or recitations changed", () => {
    const before = mergeRegister(server(), local()).rows;
    const tapped = reuseRows(before, mergeRegister(server(), local({ marks: [localMark("b", "absent")] })).rows);
    expect(tapped[0]).toBe(before[0]);
    expect(tapped[1]).not.toBe(before[1]);
    expect(tapped[1]).toMatchObject({ state: "pending", mark: { status: "absent" } });
    expect(tapped[2]).toBe(before[2]);
    const sending = reuseRows(
      tapped,
      mergeRegister(server(), local({ marks: [localMark("b", "absent", "pending", true)] })).rows,
    );
    expect(sending[1]).not.toBe(tapped[1]);
    expect(sending[1]!.sending).toBe(true);
    const recited = reuseRows(
      sending,
      mergeRegister(
        server({ recitations: [recitation("r1", "c", 5)] }),
        local({ marks: [localMark("b", "absent", "pending", true)] }),
      ).rows,
    );
    expect(recited.slice(0, 2)).toEqual(sending.slice(0, 2));
    expect(recited[0]).toBe(sending[0]);
    expect(recited[2]).not.toBe(sending[2]);
  });

  it("reuses a row whose fields are the very same objects without serialising it, and only then", () => {
    const snapshot = server({ attendance: [row("a", "present", 1)] });
    const before = mergeRegister(snapshot, local()).rows;
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      expect(reuseRows(before, mergeRegister(snapshot, local()).rows)).toBe(before);
      expect(stringify).not.toHaveBeenCalled();
      const tapped = reuseRows(before, mergeRegister(snapshot, local({ marks: [localMark("a", "late")] })).rows);
      expect(tapped[0]).not.toBe(before[0]);
      expect(tapped[0]).toMatchObject({ state: "pending", mark: { status: "late" } });
      expect(tapped[1]).toBe(before[1]);
    } finally {
      stringify.mockRestore();
    }
  });

  it("never keeps a stale row: whatever it reuses equals the new merge (property)", () => {
    const statuses = ["present", "absent", "late", "excused"] as const;
    const marks = fc.array(
      fc.tuple(
        fc.constantFrom("a", "b", "c"),
        fc.constantFrom(...statuses),
        fc.constantFrom("pending" as const, "failed" as const),
      ),
      { maxLength: 4 },
    );
    const saved = fc.array(
      fc.tuple(fc.constantFrom("a", "b", "c"), fc.constantFrom(...statuses), fc.integer({ min: 0, max: 3 })),
      { maxLength: 4 },
    );
    const build = (m: [string, MarkStatus, "pending" | "failed"][], s: [string, MarkStatus, number][]) =>
      mergeRegister(
        server({ attendance: s.map(([id, status, at]) => row(id, status, at)) }),
        local({ marks: m.map(([id, status, state]) => localMark(id, status, state)) }),
      ).rows;
    fc.assert(
      fc.property(marks, saved, marks, saved, (m1, s1, m2, s2) => {
        const next = build(m2, s2);
        const kept = reuseRows(build(m1, s1), next);
        expect(kept).toEqual(next);
      }),
    );
    // One poll's snapshot under two states of the queue: the rows share their objects (the fast path).
    fc.assert(
      fc.property(saved, marks, marks, (s, m1, m2) => {
        const snapshot = server({ attendance: s.map(([id, status, at]) => row(id, status, at)) });
        const merge = (m: typeof m1) =>
          mergeRegister(snapshot, local({ marks: m.map(([id, status, state]) => localMark(id, status, state)) })).rows;
        const next = merge(m2);
        expect(reuseRows(merge(m1), next)).toEqual(next);
      }),
    );
  });
});
