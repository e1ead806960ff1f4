import { describe, expect, it } from "vitest";
import type { Semester, Student } from "@/lib/contract";
import { currentRecord } from "./queries";

const semester = (id: string, status: Semester["status"]) => ({ id, status }) as Semester;
const record = (id: string, semester_id: string, created_at: string) => ({ id, semester_id, created_at }) as Student;

describe("a child's current record", () => {
  it("is the record of the active semester", () => {
    const semesters = [semester("old", "archived"), semester("now", "active"), semester("next", "planned")];
    expect(currentRecord([record("a", "old", "2025-01-01T00:00:00Z"), record("b", "now", "2026-01-01T00:00:00Z"), record("c", "next", "2026-09-01T00:00:00Z")], semesters)?.id).toBe("b");
  });

  it("else the newest record, and none without records", () => {
    const semesters = [semester("old", "archived")];
    expect(currentRecord([record("a", "old", "2025-01-01T00:00:00Z"), record("b", "old", "2025-06-01T00:00:00Z")], semesters)?.id).toBe("b");
    expect(currentRecord([], semesters)).toBeNull();
  });
});
