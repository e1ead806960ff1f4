import { describe, expect, it } from "vitest";
import type { AttendanceRow } from "@/lib/contract";
import { needsAttention } from "@/lib/features/progress/attention";
import { juzCoverage } from "@/lib/quran/cover";
import { buildDemoSchool } from "./demo";
import { ALNOOR, ARQAM } from "./demo-layout";
import { SCENARIOS } from "./history";
import { localDate } from "./time";

const NOW = new Date("2026-11-24T09:00:00.000Z");

describe.each([
  ["alnoor", ALNOOR],
  ["arqam", ARQAM],
] as const)("the demo's recitation history (%s)", (school, spec) => {
  const rows = buildDemoSchool(school, spec, NOW);
  const today = localDate(NOW, spec.timeZone);
  const active = rows.semesters.find((s) => s.status === "active")!;
  const running = rows.halqas.filter(
    (h) => h.semesterId === active.id && rows.sessions.some((s) => s.halqaId === h.id && s.status === "ended"),
  );

  it("is the same on every run", () => {
    const again = buildDemoSchool(school, spec, NOW);
    const shape = (r: typeof rows) =>
      r.recitations.map((x) => [
        x.kind,
        x.startSurah,
        x.startAyah,
        x.endSurah,
        x.endAyah,
        x.rating,
        x.recordedAt.toISOString(),
      ]);
    expect(shape(again)).toEqual(shape(rows));
    expect(again.attendance.map((a) => a.status)).toEqual(rows.attendance.map((a) => a.status));
  });

  it("covers many juz with revisions, and leaves some of each student's parts stale", () => {
    const juz = new Set(
      rows.recitations.flatMap((r) =>
        juzCoverage({
          start: { surah: r.startSurah, ayah: r.startAyah },
          end: { surah: r.endSurah, ayah: r.endAyah },
        }).map((c) => c.unit),
      ),
    );
    expect(juz.size).toBeGreaterThanOrEqual(15);
    expect(rows.recitations.filter((r) => r.kind === "old_revision").length).toBeGreaterThan(
      rows.recitations.length / 3,
    );
  });

  it("makes 'needs attention' non-empty in every running halqa, with each kind of reason", () => {
    const kinds = new Set<string>();
    for (const halqa of running) {
      const roster = rows.students.filter((s) => s.halqaId === halqa.id);
      const sessions = rows.sessions.filter((s) => s.halqaId === halqa.id);
      const ids = new Set(sessions.map((s) => s.id));
      const result = needsAttention({
        students: roster.map((s) => ({ id: s.id, status: s.status ?? "active", enrolled_on: s.enrolledOn ?? null })),
        sessions: sessions.map((s) => ({
          id: s.id,
          date: s.date,
          status: s.status === "open" ? ("open" as const) : ("ended" as const),
          starts_at: s.startsAt.toISOString(),
        })),
        attendance: rows.attendance
          .filter((a) => ids.has(a.sessionId))
          .map((a) => ({
            session_id: a.sessionId,
            student_id: a.studentId,
            status: a.status as AttendanceRow["status"],
          })),
        recitations: rows.recitations
          .filter((r) => ids.has(r.sessionId))
          .map((r) => ({
            session_id: r.sessionId,
            student_id: r.studentId,
            rating: r.rating,
            recorded_at: r.recordedAt.toISOString(),
          })),
        scale: spec.ratingScale.map((l) => l.value),
        today,
        notHeardDays: 7,
      });
      expect(result.length, halqa.name).toBeGreaterThan(0);
      const activeRoster = roster.filter((s) => s.status === "active");
      const reasonsOf = (index: number) =>
        result.find((e) => e.studentId === activeRoster[index]?.id)?.reasons.map((r) => r.kind) ?? [];
      if (activeRoster.length > SCENARIOS.chronicAbsence) {
        expect(reasonsOf(SCENARIOS.notHeard)).toContain("not_heard");
        expect(reasonsOf(SCENARIOS.absenceStreak)).toContain("absence_streak");
        expect(reasonsOf(SCENARIOS.fallingRatings)).toContain("falling_ratings");
        expect(reasonsOf(SCENARIOS.chronicAbsence)).toContain("chronic_absence");
      }
      for (const entry of result) for (const reason of entry.reasons) kinds.add(reason.kind);
      // Not everyone: the list is a shortlist.
      expect(result.length).toBeLessThan(activeRoster.length);
    }
    expect([...kinds].sort()).toEqual(["absence_streak", "chronic_absence", "falling_ratings", "not_heard"]);
  });
});
