import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AttendanceRow, Session } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import { translator } from "@/lib/i18n/core";
import { needsAttention } from "./attention";
import { tableCsv } from "@/lib/csv";
import { progressTable } from "./export-table";
import { wholePercent } from "@/lib/percent";
import { attendanceFacts, attendanceWindow, latestSessions, rateOfMarks, withLive } from "./figures";
import { halqaRows } from "./report";

const TODAY = "2026-11-26";
const HALQA = "hal_1";
const STAMP = "2026-01-01T00:00:00.000Z";
type Mark = AttendanceRow["status"] | null;

/**
 * One halqa's records as the API gives them: sessions (some still open, one dated after today),
 * students enrolled on various days, and their marks. Each view below builds its figure the way its
 * page does; every view must say the same.
 */
const world = fc
  .record({
    days: fc.array(fc.record({ back: fc.integer({ min: -1, max: 80 }), open: fc.boolean() }), {
      minLength: 1,
      maxLength: 30,
    }),
    students: fc.array(
      fc.record({
        enrolledBack: fc.option(fc.integer({ min: 0, max: 90 })),
        marks: fc.array(fc.constantFrom<Mark>("present", "late", "absent", "excused", null), {
          minLength: 30,
          maxLength: 30,
        }),
      }),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
  })
  .map(({ days, students }) => {
    const sessions: Session[] = days.map(({ back, open }, at) => {
      const date = addDays(TODAY, -back);
      return {
        id: `ses_${String(at).padStart(2, "0")}`,
        halqa_id: HALQA,
        sheikh_id: "shk",
        semester_id: "sem",
        status: open || back < 0 ? "open" : "ended",
        date,
        starts_at: `${date}T0${at % 10}:00:00.000Z`,
        ended_at: null,
        topic: null,
        created_at: STAMP,
        updated_at: STAMP,
      };
    });
    const roster = students.map((s, n) => ({
      id: `stu_${n}`,
      halqa_id: HALQA,
      status: "active" as const,
      enrolled_on: s.enrolledBack === null ? null : addDays(TODAY, -s.enrolledBack),
    }));
    const attendance: AttendanceRow[] = students.flatMap((s, n) =>
      sessions.flatMap((session, at) => {
        const status = s.marks[at];
        return status
          ? [
              {
                id: `att_${n}_${at}`,
                session_id: session.id,
                student_id: `stu_${n}`,
                status,
                late_minutes: status === "late" ? 5 : null,
                note: null,
                created_at: STAMP,
                updated_at: STAMP,
              },
            ]
          : [];
      }),
    );
    return { sessions, roster, attendance };
  });

/** What studentHistory hands the student and family pages: every session of the halqa, with the student's row. */
function historyOf(sessions: readonly Session[], attendance: readonly AttendanceRow[], studentId: string) {
  return sessions.map((session) => ({
    session,
    row: attendance.find((r) => r.session_id === session.id && r.student_id === studentId) ?? null,
  }));
}

/** A minimal RFC 4180 reader for the export's cells (quoted, comma separated, CRLF lines). */
function csvRows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

describe("one truth per figure: every view of a student's attendance agrees", () => {
  it("student page, family page, needs attention (halqa page and Today), the halqa report and the CSV", () => {
    const t = translator("en");
    fc.assert(
      fc.property(world, ({ sessions, roster, attendance }) => {
        const attention = new Map(
          needsAttention({
            students: roster,
            sessions,
            attendance,
            recitations: [],
            scale: [1, 2, 3, 4, 5],
            today: TODAY,
            notHeardDays: 7,
          }).map((entry) => [entry.studentId, entry.reasons]),
        );
        const report = new Map(
          halqaRows(
            roster,
            {
              sessions: sessions.filter((s) => s.date <= TODAY).toSorted((a, b) => a.date.localeCompare(b.date)),
              attendance,
              recitations: [],
            },
            new Map(),
            "UTC",
          ).map((row) => [row.student.id, row.attendance]),
        );
        const csv = csvRows(
          tableCsv(progressTable({ sessions, attendance, recitations: [], names: new Map() }, t)),
        ).slice(1);

        for (const student of roster) {
          // The student page and the family page: the window of the student's history.
          const window = attendanceWindow(historyOf(sessions, attendance, student.id), student, TODAY);
          const facts = attendanceFacts(window);
          expect(facts.attended + facts.missed).toBe(facts.counted);
          expect(facts.present + facts.late).toBe(facts.attended);
          if (facts.rate !== null)
            expect(wholePercent(facts.rate)).toBe(Math.floor((facts.attended * 100) / facts.counted));

          // The family table lists the newest sessions of the same window: its newest counted mark is the streak's.
          const table = latestSessions(window, 10);
          const newestCounted = table.find((entry) => entry.row && entry.row.status !== "excused");
          if (facts.streak)
            expect(newestCounted?.row?.status === "absent" ? "missed" : "attended").toBe(facts.streak.kind);
          else expect(newestCounted).toBeUndefined();

          // Needs attention (halqa page, Today) counts the same sessions.
          const reasons = attention.get(student.id) ?? [];
          const streak = reasons.find((r) => r.kind === "absence_streak");
          expect(streak ? { kind: "missed", sessions: streak.sessions } : null).toEqual(
            facts.streak?.kind === "missed" && facts.streak.sessions >= 2 ? facts.streak : null,
          );
          const chronic = reasons.find((r) => r.kind === "chronic_absence");
          if (chronic)
            expect(chronic).toEqual({ kind: "chronic_absence", missed: facts.missed, counted: facts.counted });

          // The halqa report over every session up to today.
          const row = report.get(student.id)!;
          expect({ counted: row.counted, missed: row.missed, streak: row.streak }).toEqual({
            counted: facts.counted,
            missed: facts.missed,
            streak: facts.streak,
          });

          // The CSV's lines of the student in the window say as many absences and attendances.
          const inWindow = new Set(window.map((entry) => entry.session.id));
          const lines = csv.filter((cells) => cells[4] === student.id && inWindow.has(cells[2]!));
          expect(lines.filter((cells) => cells[5] === t("live.status.absent")).length).toBe(facts.missed);
          expect(
            lines.filter((cells) => cells[5] === t("live.status.present") || cells[5] === t("live.status.late")).length,
          ).toBe(facts.attended);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("counts a mark in a class still in progress, and never a session dated after today or before enrolment", () => {
    const entry = (id: string, date: string, status: "open" | "ended", mark: Mark) => ({
      session: { id, date, starts_at: `${date}T08:00:00Z`, status, halqa_id: HALQA },
      row: mark ? { status: mark } : null,
    });
    const history = [
      entry("today", TODAY, "open", "present"),
      entry("tomorrow", addDays(TODAY, 1), "open", "absent"),
      entry("before", addDays(TODAY, -30), "ended", "absent"),
      entry("a", addDays(TODAY, -2), "ended", "absent"),
      entry("b", addDays(TODAY, -4), "ended", "absent"),
      entry("other-halqa", addDays(TODAY, -1), "ended", "absent"),
    ];
    history[5]!.session.halqa_id = "hal_2";
    const facts = attendanceFacts(
      attendanceWindow(history, { halqa_id: HALQA, enrolled_on: addDays(TODAY, -10) }, TODAY),
    );
    expect(facts).toMatchObject({ counted: 3, attended: 1, missed: 2, streak: { kind: "attended", sessions: 1 } });
  });

  it("takes the live copy of a session over the stored one, and adds a session the store has not seen yet", () => {
    const entry = (id: string, mark: Mark) => ({
      session: { id, date: TODAY, starts_at: `${TODAY}T08:00:00Z`, status: "ended" as const },
      row: mark ? { status: mark } : null,
    });
    const merged = withLive([entry("a", "absent"), entry("b", null)], [entry("b", "present"), entry("c", "late")]);
    expect(attendanceFacts(merged)).toMatchObject({ counted: 3, attended: 2, missed: 1 });
  });
});

describe("rateOfMarks", () => {
  it("counts as attendanceFacts counts, over many registers at once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("present", "late", "absent", "excused", "unknown_state"), { maxLength: 60 }),
        (marks) => {
          const counts: Record<string, number> = {};
          for (const mark of marks) counts[mark] = (counts[mark] ?? 0) + 1;
          const history = marks.map((status, i) => ({
            session: {
              id: `s${i}`,
              date: "2026-01-01",
              starts_at: `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`,
              status: "ended" as const,
            },
            row: { status: status as "present" },
          }));
          const facts = attendanceFacts(history);
          expect(rateOfMarks(counts)).toEqual({ attended: facts.attended, counted: facts.counted, rate: facts.rate });
        },
      ),
    );
  });
});
