import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/core";
import { translateFieldErrors } from "./field-errors";

describe("translateFieldErrors", () => {
  it("puts session fields in the reader's words and keeps others as given", () => {
    const fields = { sheikh_id: "the sheikh does not teach this halqa", "rows.0.student_id": "not enrolled" };
    const en = translateFieldErrors(fields, translator("en"));
    expect(en.sheikh_id).toMatch(/does not teach this halqa/);
    expect(en["rows.0.student_id"]).toBe("not enrolled");
    const ar = translateFieldErrors(fields, translator("ar"));
    expect(ar.sheikh_id).toMatch(/لا يدرّس هذه الحلقة/);
  });
});
