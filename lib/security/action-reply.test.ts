import { describe, expect, it } from "vitest";
import { actionReplyProblem, MAX_REPLY_DEPTH, missingReference, nestedTooDeep } from "./action-reply";

const parts = (...names: string[]) => new Set(names);
const plain = (body: string) =>
  new Request("http://x/login", { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8" }, body });

describe("server action replies", () => {
  it("finds references to parts that were never sent", () => {
    for (const body of [
      '["$Q9"]',
      '"$W2"',
      '["$7"]',
      '{"a":["$@3"]}',
      '["$B1"]',
      '["$A2"]',
      '["$R4"]',
      '["$1:name"]',
    ]) {
      expect(missingReference(JSON.parse(body), parts("0")), body).not.toBeNull();
    }
  });

  it("accepts plain values and references that are answered", () => {
    for (const body of [
      '["$$money", "$undefined", "$D2026-01-01T00:00:00.000Z", "$n12", "$NaN", "$-0", "$K1", 1, null, "plain"]',
      '["$1", "$Q2"]',
    ]) {
      expect(missingReference(JSON.parse(body), parts("0", "1", "2")), body).toBeNull();
    }
  });

  it("reads a text body and a multipart body", async () => {
    expect(await actionReplyProblem(plain('["$Q9"]'))).toMatch(/not sent/);
    expect(await actionReplyProblem(plain('[{"email":"a@b.c"}]'))).toBeNull();
    const form = new FormData();
    form.set("0", '["$K1", "$2"]');
    form.set("1_email", "a@b.c");
    expect(await actionReplyProblem(new Request("http://x/login", { method: "POST", body: form }))).toMatch(/\$2/);
    form.set("2", '{"a":1}');
    expect(await actionReplyProblem(new Request("http://x/login", { method: "POST", body: form }))).toBeNull();
  });

  it("refuses arguments nested deeper than any form, text or multipart, before React decodes them", async () => {
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    expect(nestedTooDeep(JSON.parse(nested(MAX_REPLY_DEPTH)))).toBe(false);
    expect(nestedTooDeep(JSON.parse(nested(MAX_REPLY_DEPTH + 1)))).toBe(true);
    expect(nestedTooDeep(JSON.parse(`[{"rows":[{"cells":["a",{"b":[1]}]}]}]`))).toBe(false);
    for (const depth of [5_001, 30_000]) {
      expect(await actionReplyProblem(plain(nested(depth)))).toMatch(/nested deeper/);
      const form = new FormData();
      form.set("0", nested(depth));
      expect(await actionReplyProblem(new Request("http://x/login", { method: "POST", body: form }))).toMatch(
        /nested deeper/,
      );
    }
  });
});
