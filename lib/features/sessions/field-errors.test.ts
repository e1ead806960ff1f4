import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/core";
import { translateFieldErrors } from "./field-errors";

describe("translateFieldErrors", () => {
  it("puts session fields in the reader's words, and any other field in a catalogue's words, never the server's", () => {
    const fields = { sheikh_id: "the sheikh does not teach this halqa", "rows.0.student_id": "not enrolled" };
    const en = translateFieldErrors(fields, translator("en"));
    expect(en.sheikh_id).toMatch(/does not teach this halqa/);
    expect(en["rows.0.student_id"]).toBe(translator("en")("errors.invalidField"));
    expect(translateFieldErrors({ topic: "x", other: "errors.markInvalid" }, translator("en")).other).toBe(
      translator("en")("errors.markInvalid"),
    );
    const ar = translateFieldErrors(fields, translator("ar"));
    expect(ar.sheikh_id).toMatch(/لا يدرّس هذه الحلقة/);
  });
});
