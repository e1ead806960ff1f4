import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASSIGNMENT_STATUSES, type Assignment } from "@/lib/contract";
import { surahInfo } from "@/lib/quran";
import {
  PARENT_VISIBLE_ASSIGNMENT_STATES,
  isParentVisibleState,
  splitParentAssignments,
  toParentAssignments,
} from "./parent-view";

const ALLOWED: readonly string[] = PARENT_VISIBLE_ASSIGNMENT_STATES;

/** Every state the contract knows, plus strings it does not (near-misses of allowed ones included). */
const status = fc.oneof(
  fc.constantFrom(...ASSIGNMENT_STATUSES),
  fc.constantFrom(
    "Published",
    "PUBLISHED",
    " published",
    "completed ",
    "in-progress",
    "archived",
    "__proto__",
    "toString",
    "",
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

const timestamp = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString());
const position = fc.record({ surah: fc.integer({ min: 1, max: 114 }), ayah: fc.integer({ min: 1, max: 286 }) });

/**
 * A history whose ids and explanations are distinct tokens (so a substring search of the serialized
 * view model finds one only if it was copied), with every field filled in both ways.
 */
const history = fc
  .uniqueArray(
    fc.uuid().map((u) => u.replaceAll("-", "")),
    { minLength: 0, maxLength: 25 },
  )
  .chain((tokens) =>
    fc.tuple(
      ...tokens.map((token, index) =>
        fc.record({
          id: fc.constant(`asg_${token}`),
          plan_id: fc.constant(`pln_PLANID${token.slice(0, 12)}`),
          student_id: fc.constant("stu_child"),
          due_date: fc.constant(`2031-01-${String((index % 28) + 1).padStart(2, "0")}`),
          status,
          source: fc.constantFrom("automatic", "staff", "something_new"),
          explanation: fc.option(fc.constant(`EXPLANATION_${token}`), { nil: null }),
          published_at: fc.option(timestamp, { nil: null }),
          started_at: fc.option(timestamp, { nil: null }),
          completed_at: fc.option(timestamp, { nil: null }),
          superseded_at: fc.option(timestamp, { nil: null }),
          replaced_by_assignment_id: fc.option(fc.constant(`asg_REPLACEMENT${token}`), { nil: null }),
          segments: fc.array(
            fc.record({
              order: fc.integer({ min: 1, max: 20 }),
              track_type: fc.constantFrom("new_memorization", "recent_revision", "old_revision"),
              range: fc.record({ start: position, end: position }),
            }),
            { maxLength: 4 },
          ),
          created_at: timestamp,
          updated_at: timestamp,
          // A field the contract does not know (a future one, or a leak upstream): must never be copied.
          staff_note: fc.constant(`STAFF_NOTE_${token}`),
        }),
      ),
    ),
  )
  .map((items) => items as unknown as Assignment[]);

describe("the parent view model", () => {
  it("PROPERTY: never contains a non-allowed state, nor a hidden assignment's id or explanation", () => {
    fc.assert(
      fc.property(history, (assignments) => {
        const view = toParentAssignments(assignments);
        const json = JSON.stringify(view);
        for (const item of view) expect(ALLOWED).toContain(item.status);
        for (const assignment of assignments) {
          const token = assignment.id.slice(4);
          if (ALLOWED.includes(assignment.status)) {
            expect(json).toContain(assignment.id);
          } else {
            expect(json).not.toContain(token);
            expect(json).not.toContain(assignment.id);
            if (assignment.explanation) expect(json).not.toContain(assignment.explanation);
          }
          // Staff-only fields never travel, whatever the state.
          expect(json).not.toContain(`STAFF_NOTE_${token}`);
          expect(json).not.toContain(`REPLACEMENT${token}`);
          expect(json).not.toContain("PLANID");
          expect(json).not.toContain("stu_child");
        }
        expect(view.length).toBe(assignments.filter((a) => ALLOWED.includes(a.status)).length);
        const { current, completed } = splitParentAssignments(view);
        expect(current.length + completed.length).toBe(view.length);
        expect(JSON.stringify({ current, completed })).not.toMatch(
          /superseded|draft|pending_review|scheduled|postponed|cancelled/,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("the allowlist is exactly published, in_progress and completed; everything else is staff-only", () => {
    expect(PARENT_VISIBLE_ASSIGNMENT_STATES).toEqual(["published", "in_progress", "completed"]);
    for (const state of ASSIGNMENT_STATUSES) expect(isParentVisibleState(state)).toBe(ALLOWED.includes(state));
    for (const unknown of ["Published", "archived", "", "__proto__", undefined, null, 3])
      expect(isParentVisibleState(unknown)).toBe(false);
  });

  it("keeps only parent-safe fields, with readable segments in order, and splits current from completed", () => {
    const base = {
      plan_id: "pln_1",
      student_id: "stu_1",
      source: "staff",
      superseded_at: null,
      replaced_by_assignment_id: null,
      created_at: "2031-01-01T00:00:00.000Z",
      updated_at: "2031-01-01T00:00:00.000Z",
      published_at: "2031-01-01T06:00:00.000Z",
      started_at: null,
      completed_at: null,
      explanation: "Revise with care",
    };
    const segments: Assignment["segments"] = [
      { order: 2, track_type: "recent_revision", range: { start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } } },
      { order: 1, track_type: "new_memorization", range: { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 7 } } },
    ];
    const assignments: Assignment[] = [
      {
        ...base,
        id: "asg_a",
        due_date: "2031-01-05",
        status: "superseded",
        superseded_at: "2031-01-02T00:00:00.000Z",
        replaced_by_assignment_id: "asg_b",
        segments,
      },
      { ...base, id: "asg_b", due_date: "2031-01-06", status: "published", segments },
      {
        ...base,
        id: "asg_c",
        due_date: "2031-01-04",
        status: "in_progress",
        started_at: "2031-01-03T00:00:00.000Z",
        segments: [],
      },
      {
        ...base,
        id: "asg_d",
        due_date: "2031-01-01",
        status: "completed",
        completed_at: "2031-01-01T10:00:00.000Z",
        segments: [],
      },
      {
        ...base,
        id: "asg_e",
        due_date: "2031-01-02",
        status: "completed",
        completed_at: "2031-01-02T10:00:00.000Z",
        segments: [],
      },
      { ...base, id: "asg_f", due_date: "2031-01-03", status: "draft", segments: [] },
    ];
    const view = toParentAssignments(assignments);
    expect(view.map((a) => a.id)).toEqual(["asg_b", "asg_c", "asg_d", "asg_e"]);
    expect(Object.keys(view[0]!).sort()).toEqual([
      "completedAt",
      "dueDate",
      "explanation",
      "id",
      "publishedAt",
      "segments",
      "startedAt",
      "status",
    ]);
    expect(view[0]!.segments).toEqual([
      {
        order: 1,
        trackType: "new_memorization",
        start: {
          surah: 1,
          ayah: 1,
          surahNameArabic: expect.any(String),
          surahNameTransliteration: surahInfo(1)!.name_transliteration,
        },
        end: expect.objectContaining({ surah: 1, ayah: 7 }),
      },
      {
        order: 2,
        trackType: "recent_revision",
        start: expect.objectContaining({ surah: 2, surahNameTransliteration: surahInfo(2)!.name_transliteration }),
        end: expect.objectContaining({ surah: 2, ayah: 5 }),
      },
    ]);
    const { current, completed } = splitParentAssignments(view);
    expect(current.map((a) => a.id)).toEqual(["asg_c", "asg_b"]);
    expect(completed.map((a) => a.id)).toEqual(["asg_e", "asg_d"]);
  });
});
