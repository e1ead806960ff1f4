import { describe, expect, it } from "vitest";
import {
  CalendarDate,
  QuranPosition,
  RecitationCreate,
  SessionCreate,
  SessionListQuery,
  StudentCreate,
  StudentListQuery,
  Timestamp,
} from "@/lib/contract";

/** Issue 12 §4-5: what the database cannot store never gets past the contract. */
describe("contract: dates, text and nesting the database can store", () => {
  it("refuses dates and timestamps outside the years 1900-2200 (year 0000 was a 500)", () => {
    for (const bad of ["0000-01-01", "1899-12-31", "2201-01-01", "9999-12-31"])
      expect(CalendarDate.safeParse(bad).success, bad).toBe(false);
    for (const good of ["1900-01-01", "2026-11-24", "2200-12-31"])
      expect(CalendarDate.safeParse(good).success, good).toBe(true);
    for (const bad of [
      "0000-01-01T00:00:00.000Z",
      "1899-12-31T23:59:59Z",
      "2200-12-31T23:00:00-05:00",
      "9999-01-01T00:00:00Z",
    ]) {
      expect(Timestamp.safeParse(bad).success, bad).toBe(false);
    }
    expect(Timestamp.safeParse("2026-11-24T08:15:00.000Z").success).toBe(true);
  });

  it("refuses NUL and unpaired surrogates in every kind of text, body or query", () => {
    for (const bad of ["Ali\u0000", "\ud800", "a\udc00b", "x".repeat(121)]) {
      expect(StudentCreate.safeParse({ halqa_id: "h1", full_name: bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(StudentCreate.safeParse({ halqa_id: "h1", full_name: "Ali 😀 عبد الله" }).success).toBe(true);
    expect(StudentCreate.safeParse({ halqa_id: "h\u00001", full_name: "Ali" }).success).toBe(false);
    expect(SessionCreate.safeParse({ halqa_id: "h1", sheikh_id: "s1", topic: "al-\u0000Baqarah" }).success).toBe(false);
    expect(StudentListQuery.safeParse({ status: "active\u0000" }).success).toBe(false);
    expect(StudentListQuery.safeParse({ halqa_id: "\ud83d" }).success).toBe(false);
    expect(SessionListQuery.safeParse({ date_from: "0000-01-01" }).success).toBe(false);
    expect(StudentListQuery.safeParse({ updated_after: "0000-01-01T00:00:00Z" }).success).toBe(false);
  });

  it("nested objects are strict, and integers stay within 32 bits", () => {
    const body = {
      student_id: "st1",
      kind: "new_memorization",
      start: { surah: 2, ayah: 1 },
      end: { surah: 2, ayah: 5 },
      rating: 3,
    };
    expect(RecitationCreate.safeParse(body).success).toBe(true);
    expect(RecitationCreate.safeParse({ ...body, start: { surah: 2, ayah: 1, juz: 1 } }).success).toBe(false);
    expect(RecitationCreate.safeParse({ ...body, rating: 2 ** 31 }).success).toBe(false);
    // Responses stay tolerant: a school may add a field to a position, and clients ignore it.
    expect(QuranPosition.safeParse({ surah: 2, ayah: 1, juz: 1 }).success).toBe(true);
    expect(RecitationCreate.safeParse({ ...body, recorded_at: "0000-01-01T00:00:00.000Z" }).success).toBe(false);
  });
});
