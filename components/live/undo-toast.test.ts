import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newestInSlot, type UndoEntry } from "./undo-toast";

const entryAt = (id: number): UndoEntry => ({
  id,
  studentId: "stu_a",
  name: "A",
  previous: { status: "absent", late_minutes: null, note: null },
  next: "late",
});

describe("newestInSlot", () => {
  it("shows the note of an Undo just tapped over a status change's offer still in its 8 s (issue 60)", () => {
    // The teacher marks late, then "the rest present", then Undo: the answer is the note, however fast.
    expect(newestInSlot(entryAt(1_000), null, { text: "undone", at: 1_500 })).toBe("note");
  });

  it("shows a later status change over an earlier note, and held work over a status change of the same moment", () => {
    expect(newestInSlot(entryAt(2_000), null, { text: "undone", at: 1_500 })).toBe("entry");
    expect(newestInSlot(entryAt(2_000), 2_000, null)).toBe("held");
    expect(newestInSlot(null, null, null)).toBeNull();
  });

  it("always shows the newest of what is there", () => {
    const time = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null });
    fc.assert(
      fc.property(time, time, time, (entry, held, note) => {
        const shown = newestInSlot(
          entry === null ? null : entryAt(entry),
          held,
          note === null ? null : { text: "n", at: note },
        );
        const times = { entry, held, note };
        const present = Object.values(times).filter((t) => t !== null);
        if (present.length === 0) expect(shown).toBeNull();
        else expect(times[shown!]).toBe(Math.max(...present));
      }),
    );
  });
});
