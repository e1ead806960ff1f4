import { describe, expect, it } from "vitest";
import { recentSessions, RECENT_SESSION_LIMIT, summarizeAttendance } from "./attendance";
import { describeRange, newestRecitationsFirst, ratingLabel } from "./recitations";
import { toCreateBody, toUpdateBody } from "./inputs";

describe("attendance summary", () => {
  it("takes the most recent sessions, at most the limit", () => {
    const sessions = Array.from({ length: 14 }, (_, i) => ({ id: `s${i}`, date: `2026-01-${String(i + 1).padStart(2, "0")}`, starts_at: `2026-01-${String(i + 1).padStart(2, "0")}T13:00:00.000Z` }));
    const recent = recentSessions(sessions);
    expect(recent).toHaveLength(RECENT_SESSION_LIMIT);
    expect(recent[0]?.id).toBe("s13");
    expect(recent.at(-1)?.id).toBe("s4");
    expect(recentSessions(sessions.slice(0, 3))).toHaveLength(3);
  });

  it("counts the student's rows per status and the sessions without a mark", () => {
    const rows = [
      { session_id: "a", student_id: "me", status: "present" as const },
      { session_id: "b", student_id: "me", status: "late" as const },
      { session_id: "c", student_id: "me", status: "present" as const },
      { session_id: "c", student_id: "other", status: "absent" as const },
      { session_id: "old", student_id: "me", status: "absent" as const },
    ];
    expect(summarizeAttendance(["a", "b", "c", "d"], rows, "me")).toEqual({
      sessions: 4,
      counts: { present: 2, absent: 0, late: 1, excused: 0 },
      unmarked: 1,
    });
    expect(summarizeAttendance([], rows, "me")).toEqual({ sessions: 0, counts: { present: 0, absent: 0, late: 0, excused: 0 }, unmarked: 0 });
  });
});

describe("recitations", () => {
  const scale = [
    { value: 1, label: "Needs repetition", label_ar: "يحتاج إلى إعادة" },
    { value: 5, label: "Excellent", label_ar: "ممتاز" },
  ];

  it("labels ratings from the school's scale in the reader's language", () => {
    expect(ratingLabel(scale, 5, "en")).toBe("Excellent");
    expect(ratingLabel(scale, 5, "ar")).toBe("ممتاز");
    expect(ratingLabel(scale, 3, "en")).toBe("3");
  });

  it("orders newest first", () => {
    const list = [
      { id: "r1", recorded_at: "2026-01-01T10:00:00.000Z" },
      { id: "r2", recorded_at: "2026-01-02T10:00:00.000Z" },
    ];
    expect(newestRecitationsFirst(list).map((r) => r.id)).toEqual(["r2", "r1"]);
  });

  it("describes ranges within one surah or across two", () => {
    const surahs = new Map([
      [2, { number: 2, name_arabic: "البقرة", name_transliteration: "Al-Baqarah" }],
      [3, { number: 3, name_arabic: "آل عمران", name_transliteration: "Aal-i-Imraan" }],
    ]);
    expect(describeRange({ start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } }, surahs)).toEqual({ kind: "within", surah: surahs.get(2), from: 1, to: 5 });
    const across = describeRange({ start: { surah: 2, ayah: 280 }, end: { surah: 3, ayah: 4 } }, surahs);
    expect(across).toMatchObject({ kind: "across", start: { ayah: 280 }, end: { ayah: 4 } });
  });
});

describe("form inputs to API bodies", () => {
  it("turns empty optional fields into null and keeps what was typed", () => {
    expect(toCreateBody({ full_name: "Yusuf Al-Harbi", preferred_name: " ", halqa_id: "h1", status: "active", enrolled_on: "" })).toEqual({
      full_name: "Yusuf Al-Harbi",
      preferred_name: null,
      halqa_id: "h1",
      status: "active",
      enrolled_on: null,
    });
  });

  it("never writes a status the dashboard does not know", () => {
    const body = toUpdateBody({ id: "s1", full_name: "A", preferred_name: "B", halqa_id: "h1", status: "suspended_by_school", enrolled_on: "2026-01-01" });
    expect(body).toEqual({ full_name: "A", preferred_name: "B", halqa_id: "h1", enrolled_on: "2026-01-01" });
    expect(body).not.toHaveProperty("status");
  });
});
